import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InvalidRequest } from '../errors.ts';
import { DEV_PROVIDER_PATH, PAGE_STYLE } from '../infra/oidcDevProvider.ts';
import { MEDIA_FILES_PREFIX } from '../infra/storage.ts';
import { MESSAGES } from '../messages.ts';

/** Where browsers send Content-Security-Policy violation reports (report-uri); not part of the contract. */
export const CSP_REPORT_PATH = '/csp-report';

export interface SecurityHeaderOptions {
  /** The built portal: the inline scripts of its index.html are allowed by their hashes. */
  portalDist: string | undefined;
  /** Issuer of an external OpenID Connect provider: the social sign-in form is redirected there (form-action). */
  oidcIssuer: string | undefined;
  /** CSP_REPORT_FILE: violation reports are appended here as JSON lines (the e2e suite fails on them). */
  cspReportFile: string | undefined;
  /**
   * CSP_CONNECT_SOURCES: origins the portal's pages may call besides their own (an API on another origin, the
   * error-reporting service of the portal's VITE_ERROR_REPORTING_DSN).
   */
  connectSources?: readonly string[];
}

/**
 * For everything that is not a page of ours (API answers, files, translations, scripts): a document made of it
 * may load nothing, run nothing and be framed by nobody.
 */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Browser features the portal never uses, switched off for it and anything it could embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** One year; sent only on answers that came over TLS (directly or, with TRUST_PROXY, through the proxy). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The hash sources of every inline script (a `<script>` without `src`) of a page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(sha256Source(match[1] ?? ''));
  }
  return hashes;
}

/** The policy of the built provider's pages: their one inline style, forms to this origin, nothing else. */
const DEV_PROVIDER_POLICY = [
  "default-src 'none'",
  `style-src ${sha256Source(PAGE_STYLE)}`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  `report-uri ${CSP_REPORT_PATH}`,
].join('; ');

/**
 * The portal's policy. Scripts: our own files and, by hash, the inline scripts index.html carries (the first-screen
 * prefetch and the route preload of vite.config.ts) — nothing else inline, no eval. Styles: our CSS files plus
 * inline `<style>` elements, which Radix's scroll lock (react-remove-scroll-bar) writes to keep a modal's scrollbar
 * gap (spec §9); their content changes with the gap, so no hash can allow them. Images also from https: (a
 * profile picture may be any address). Forms go to this origin, and to an external sign-in provider the social
 * login form is redirected to.
 */
function portalPolicy(scriptHashes: string[], targets: PolicyTargets): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes, "'report-sample'"].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https:",
    "font-src 'self'",
    ["connect-src 'self'", ...targets.connect].join(' '),
    "media-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
    ["form-action 'self'", ...targets.form].join(' '),
    "frame-ancestors 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
  ].join('; ');
}

/** Origins beyond the portal's own: where forms may go (external sign-in) and what pages may call. */
interface PolicyTargets {
  form: readonly string[];
  connect: readonly string[];
}

/** The portal policy for the index.html on disk, read again when the file changes (a new build). */
function portalPolicySource(portalDist: string, targets: PolicyTargets): () => string {
  const index = join(portalDist, 'index.html');
  let seen = { mtimeMs: Number.NaN, policy: portalPolicy([], targets) };
  return () => {
    try {
      const { mtimeMs } = statSync(index);
      if (mtimeMs !== seen.mtimeMs) {
        seen = {
          mtimeMs,
          policy: portalPolicy(inlineScriptHashes(readFileSync(index, 'utf8')), targets),
        };
      }
    } catch {
      // No build (yet): the portal serves no page that would need the hashes.
    }
    return seen.policy;
  };
}

/** The JavaScript MIME types of the WHATWG MIME Sniffing standard (text/javascript, application/x-ecmascript, …). */
const JAVASCRIPT_TYPE = /^\s*(text|application)\/(x-)?(java|ecma|j|live)script/i;

function isDevProviderPath(url: string): boolean {
  return (
    url === DEV_PROVIDER_PATH ||
    url.startsWith(`${DEV_PROVIDER_PATH}/`) ||
    url.startsWith(`${DEV_PROVIDER_PATH}?`)
  );
}

/** The parts of a violation report worth a log line (Chrome's report-uri body: `{"csp-report": {…}}`). */
function violationOf(body: unknown): Record<string, string | number> | undefined {
  const report = (body as { 'csp-report'?: unknown } | undefined)?.['csp-report'];
  if (typeof report !== 'object' || report === null) return undefined;
  const fields = [
    'document-uri',
    'effective-directive',
    'violated-directive',
    'blocked-uri',
    'source-file',
    'line-number',
    'script-sample',
  ];
  const summary: Record<string, string | number> = {};
  for (const field of fields) {
    const value = (report as Record<string, unknown>)[field];
    if (typeof value === 'string') summary[field] = value.slice(0, 300);
    else if (typeof value === 'number' && Number.isFinite(value)) summary[field] = value;
  }
  return summary;
}

/**
 * The security headers of an answer that is no page: what every answer starts with, and all that an answer written
 * before any route runs (a request the HTTP parser refused, http/frameworkErrors.ts) carries.
 */
export const RESOURCE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Content-Security-Policy': RESOURCE_POLICY,
};

/**
 * Sets the security headers on the raw response of a request, before any handler runs: the resource headers, the
 * built provider's policy for its pages, HSTS for a request that came over TLS.
 */
export function setSecurityHeaders(request: FastifyRequest, response: ServerResponse): void {
  for (const [name, value] of Object.entries(RESOURCE_HEADERS)) response.setHeader(name, value);
  if (request.protocol === 'https')
    response.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  if (isDevProviderPath(request.url)) response.setHeader('Content-Security-Policy', DEV_PROVIDER_POLICY);
}

/**
 * Security headers on every answer (hijacked ones included: set on the raw response before any handler runs):
 * nosniff, X-Frame-Options DENY (frame-ancestors for browsers without CSP 2), Referrer-Policy same-origin (full
 * referrer only to ourselves, so a reset link's token never leaves the origin), Permissions-Policy, HSTS under TLS,
 * and a Content-Security-Policy: the portal's for its pages, the built provider's for its pages, and
 * {@link RESOURCE_POLICY} for everything else. A route that sets its own policy (uploaded files: sandbox) keeps it.
 * Violations are reported to {@link CSP_REPORT_PATH}, logged and, with CSP_REPORT_FILE, kept.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  const targets: PolicyTargets = {
    form: options.oidcIssuer ? [new URL(options.oidcIssuer).origin] : [],
    connect: options.connectSources ?? [],
  };
  const portal = options.portalDist ? portalPolicySource(options.portalDist, targets) : undefined;

  app.addHook('onRequest', (request: FastifyRequest, reply, done) => {
    setSecurityHeaders(request, reply.raw);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    // The portal's pages are index.html, from the static files or as the SPA fallback: any HTML answer that still
    // carries the resource policy.
    if (
      portal &&
      type.startsWith('text/html') &&
      reply.getHeader('content-security-policy') === RESOURCE_POLICY
    ) {
      reply.header('Content-Security-Policy', portal());
    }
    // script-src 'self' would run an uploaded .js from our origin if markup were ever injected; with nosniff, a
    // file that is not typed as JavaScript never runs as a script.
    if (request.url.startsWith(MEDIA_FILES_PREFIX) && JAVASCRIPT_TYPE.test(type)) {
      reply.header('Content-Type', 'application/octet-stream');
    }
    done(null, payload);
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ['application/csp-report', 'application/json'],
      { parseAs: 'string' },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch {
          done(new InvalidRequest(MESSAGES.request.malformedJson), undefined);
        }
      },
    );
    scope.post(CSP_REPORT_PATH, { bodyLimit: 16 * 1024 }, async (request, reply) => {
      const violation = violationOf(request.body);
      if (!violation) throw new InvalidRequest(MESSAGES.request.badRequest);
      request.log.warn({ cspViolation: violation }, 'Content-Security-Policy violation');
      if (options.cspReportFile) await appendFile(options.cspReportFile, `${JSON.stringify(violation)}\n`);
      return reply.code(204).send();
    });
  });
}
