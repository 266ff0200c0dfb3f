import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOrigins } from '../config.ts';
import { PAGE_STYLE } from '../infra/oidcDevProvider.ts';
import { createTestServer, login, type TestServer } from '../test/testServer.ts';
import {
  CSP_REPORT_PATH,
  inlineScriptHashes,
  PERMISSIONS_POLICY,
  RESOURCE_POLICY,
  registerSecurityHeaders,
  STRICT_TRANSPORT_SECURITY,
} from './securityHeaders.ts';

const PREFETCH = '((w) => { w.__portalPrefetch = {}; })(window);';
const PRELOAD = '((routes) => { for (const route of routes) console.log(route); })([]);';
const INDEX = `<!doctype html><html lang="de"><head><title>Portal</title>
<script>${PREFETCH}</script>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<script>${PRELOAD}</script></head><body><div id="root"></div></body></html>`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The directives of a policy by name, e.g. `{'script-src': ["'self'", …]}`. */
function directives(policy: string | null): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) result[name] = values;
  }
  return result;
}

let dir: string;
let server: TestServer;
let origin: string;

async function listen(testServer: TestServer): Promise<string> {
  await testServer.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(testServer.app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-security-'));
  const portalDist = join(dir, 'dist');
  mkdirSync(join(portalDist, 'assets'), { recursive: true });
  writeFileSync(join(portalDist, 'index.html'), INDEX);
  writeFileSync(join(portalDist, 'assets', 'index-abc.js'), 'console.log(1);');
  server = await createTestServer({
    portalDist,
    config: { cspReportFile: join(dir, 'csp-reports.ndjson') },
  });
  origin = await listen(server);
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('security headers on every answer', () => {
  const answers = () => [
    { what: 'an API list', url: '/api/v2/cms/content/' },
    { what: 'an API error (401)', url: '/api/v1/users/me/' },
    { what: 'an unknown API path (404)', url: '/api/v9/nothing/' },
    { what: 'a script of the portal', url: '/assets/index-abc.js' },
    { what: 'a bundled PDF', url: '/media/datenschutzerklaerung.pdf' },
    { what: 'the portal page', url: '/library', accept: 'text/html' },
    { what: "the built provider's page (hijacked answer)", url: '/oidc-dev/interaction/unknown' },
  ];

  it.each(answers())('X-Content-Type-Options nosniff on $what', async ({ url, accept }) => {
    const answer = await fetch(`${origin}${url}`, { headers: accept ? { accept } : {} });
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each(answers())('X-Frame-Options DENY and frame-ancestors none on $what', async ({ url, accept }) => {
    const answer = await fetch(`${origin}${url}`, { headers: accept ? { accept } : {} });
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(directives(answer.headers.get('content-security-policy'))['frame-ancestors']).toEqual(["'none'"]);
  });

  it.each(answers())('Referrer-Policy same-origin on $what', async ({ url, accept }) => {
    const answer = await fetch(`${origin}${url}`, { headers: accept ? { accept } : {} });
    expect(answer.headers.get('referrer-policy')).toBe('same-origin');
  });

  it.each(answers())(
    'Permissions-Policy switches camera, microphone, geolocation off on $what',
    async ({ url, accept }) => {
      const answer = await fetch(`${origin}${url}`, { headers: accept ? { accept } : {} });
      const policy = answer.headers.get('permissions-policy') ?? '';
      expect(policy).toBe(PERMISSIONS_POLICY);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(policy.split(', ')).toContain(`${feature}=()`);
      }
    },
  );

  it('a Content-Security-Policy that loads and runs nothing on API answers and files', async () => {
    for (const url of [
      '/api/v2/cms/content/',
      '/api/v9/nothing/',
      '/assets/index-abc.js',
      '/media/datenschutzerklaerung.pdf',
    ]) {
      const answer = await fetch(`${origin}${url}`);
      expect(answer.headers.get('content-security-policy'), url).toBe(RESOURCE_POLICY);
    }
  });

  it("the portal's page allows its own files and exactly its inline scripts by hash, no inline script else", async () => {
    for (const url of ['/', '/library', '/dashboard/profile']) {
      const answer = await fetch(`${origin}${url}`, { headers: { accept: 'text/html' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      const policy = directives(answer.headers.get('content-security-policy'));
      expect(policy['script-src']).toEqual(["'self'", sha256(PREFETCH), sha256(PRELOAD), "'report-sample'"]);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'none'"]);
      expect(policy['form-action']).toEqual(["'self'"]);
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['report-uri']).toEqual([CSP_REPORT_PATH]);
      expect(JSON.stringify(policy)).not.toContain('unsafe-eval');
    }
  });

  it('lets the portal call the origins of CSP_CONNECT_SOURCES too (an error-reporting service)', async () => {
    const sources = readOrigins(
      { CSP_CONNECT_SOURCES: 'https://errors.example.org/api/42/, http://localhost:9000' },
      'CSP_CONNECT_SOURCES',
    );
    expect(sources).toEqual(['https://errors.example.org', 'http://localhost:9000']);
    expect(() => readOrigins({ X: 'javascript:alert(1)' }, 'X')).toThrow(/http\(s\) origins/);
    const reporting = await createTestServer({
      portalDist: join(dir, 'dist'),
      config: { cspConnectSources: sources },
    });
    try {
      const answer = await reporting.app.inject({ url: '/library', headers: { accept: 'text/html' } });
      const policy = directives(answer.headers['content-security-policy'] as string);
      expect(policy['connect-src']).toEqual([
        "'self'",
        'https://errors.example.org',
        'http://localhost:9000',
      ]);
      const api = await reporting.app.inject({ url: '/api/v2/cms/content/' });
      expect(api.headers['content-security-policy']).toBe(RESOURCE_POLICY);
    } finally {
      await reporting.close();
    }
  });

  it("the built provider's pages allow their one inline style by hash and no script", async () => {
    const answer = await fetch(`${origin}/oidc-dev/interaction/unknown`);
    expect(answer.status).toBe(400);
    const policy = directives(answer.headers.get('content-security-policy'));
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy['style-src']).toEqual([sha256(PAGE_STYLE)]);
    expect(policy['script-src']).toBeUndefined();
    expect(policy['form-action']).toEqual(["'self'"]);
  });

  it('no Strict-Transport-Security over plain HTTP, nor for a forged X-Forwarded-Proto from an untrusted peer', async () => {
    const variants: Record<string, string>[] = [{}, { 'x-forwarded-proto': 'https' }];
    for (const headers of variants) {
      const answer = await fetch(`${origin}/api/v2/cms/content/`, { headers });
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('Strict-Transport-Security when the answer goes out over TLS through a trusted proxy', async () => {
    process.env.TRUST_PROXY = '127.0.0.1';
    const behindProxy = await createTestServer().finally(() => {
      delete process.env.TRUST_PROXY;
    });
    try {
      const proxied = await listen(behindProxy);
      const https = await fetch(`${proxied}/api/v2/cms/content/`, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
      const plain = await fetch(`${proxied}/api/v2/cms/content/`, {
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await behindProxy.close();
    }
  });

  it('a signed-in API answer carries them too', async () => {
    const { access } = await login(server.app, 'lehrer@schule.example');
    const answer = await fetch(`${origin}/api/v1/users/me/`, {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toBe(RESOURCE_POLICY);
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('violation reports', () => {
  const report = {
    'csp-report': {
      'document-uri': 'http://127.0.0.1/library',
      'effective-directive': 'script-src-elem',
      'violated-directive': 'script-src-elem',
      'blocked-uri': 'inline',
      'line-number': 12,
      'script-sample': 'alert(1)',
      'original-policy': 'ignored',
    },
  };

  it('keeps a report as one JSON line and answers 204', async () => {
    const answer = await fetch(`${origin}${CSP_REPORT_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify(report),
    });
    expect(answer.status).toBe(204);
    const lines = readFileSync(join(dir, 'csp-reports.ndjson'), 'utf8').trim().split('\n');
    // The policy itself is not kept: every report would repeat it.
    const { 'original-policy': _policy, ...kept } = report['csp-report'];
    expect(JSON.parse(lines.at(-1) ?? '')).toEqual(kept);
  });

  it('refuses other media types (415), malformed JSON and bodies that are no report (400)', async () => {
    const post = (type: string, body: string) =>
      fetch(`${origin}${CSP_REPORT_PATH}`, { method: 'POST', headers: { 'content-type': type }, body });
    const wrongType = await post('text/plain', JSON.stringify(report));
    expect(wrongType.status).toBe(415);
    expect((await wrongType.json()).detail).toEqual(expect.any(String));
    expect((await post('application/csp-report', '{"csp-report": ')).status).toBe(400);
    expect((await post('application/csp-report', '{"hello": 1}')).status).toBe(400);
  });
});

describe('uploaded files', () => {
  it('are never delivered as JavaScript, so script-src self cannot run one', async () => {
    const app = Fastify();
    await registerSecurityHeaders(app, {
      portalDist: undefined,
      oidcIssuer: undefined,
      cspReportFile: undefined,
    });
    app.get('/media/files/*', async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send('alert(1)'),
    );
    app.get('/assets/app.js', async (_request, reply) => reply.type('text/javascript').send('start()'));
    const upload = await app.inject({ url: '/media/files/content/1/abc-evil.js' });
    expect(upload.headers['content-type']).toBe('application/octet-stream');
    expect(upload.headers['x-content-type-options']).toBe('nosniff');
    // The portal's own scripts stay scripts.
    expect((await app.inject({ url: '/assets/app.js' })).headers['content-type']).toBe('text/javascript');
    await app.close();
  });
});

describe('inlineScriptHashes', () => {
  it('hashes the content of every inline script and skips scripts with src', () => {
    expect(inlineScriptHashes(INDEX)).toEqual([sha256(PREFETCH), sha256(PRELOAD)]);
    expect(inlineScriptHashes('<script src="/a.js"></script><SCRIPT type="module">x()</SCRIPT>')).toEqual([
      sha256('x()'),
    ]);
  });
});
