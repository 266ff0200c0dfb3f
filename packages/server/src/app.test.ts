import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN_SOURCE,
  EMAIL_PATTERN_STRICT_TLD_SOURCE,
  FILE_NAME_PATTERN_SOURCE,
  PACKAGE_NAME_MAX_LENGTH,
  PACKAGE_NAME_PATTERN_SOURCE,
  PORTAL_LANGUAGES,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, prepareContract } from './contract.ts';
import { tosVersions } from './db/schema.ts';
import { notImplementedReply } from './http/operation.ts';
import { OPERATIONS } from './operations/index.ts';
import { bearer, createTestServer, login, type TestServer } from './test/testServer.ts';

let server: TestServer;
let dist: string;
let lehrer: { access: string; refresh: string };

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'locales', 'de'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'locales', 'de', 'common.json'), '{"hello":"Hallo"}');
  server = await createTestServer({ portalDist: dist });
  lehrer = await login(server.app, 'lehrer@schule.example');
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('users/me', () => {
  it('answers 401 with a German detail without a token and with a bad token', async () => {
    const anonymous = await server.app.inject({ url: '/api/v1/users/me/' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBe('Sie sind nicht eingeloggt. Bitte melden Sie sich an.');
    const forged = await server.app.inject({ url: '/api/v1/users/me/', headers: bearer('abc.def.ghi') });
    expect(forged.statusCode).toBe(401);
  });

  it('returns the user with organisations and their memberships', async () => {
    const response = await server.app.inject({ url: '/api/v1/users/me/', headers: bearer(lehrer.access) });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({
      email: 'lehrer@schule.example',
      hasAcceptedTos: true,
      isKMZUser: false,
      isSocialUser: false,
      arixSchoolid: null,
      language: null,
    });
    expect(user.organisations).toHaveLength(1);
    const [gymnasium] = user.organisations;
    expect(gymnasium).toMatchObject({
      name: 'Gymnasium Demo',
      organisationType: 2,
      msbSchoolNumber: '123456',
    });
    const emails = gymnasium.memberships.map((m: { user: { email: string } }) => m.user.email).sort();
    expect(emails).toEqual(['lehrer@schule.example', 'neu@schule.example', 'schulleitung@schule.example']);
    // The Schulleitung administers the Gymnasium (it reads the Protokoll); the teacher is a member only.
    const administrators = gymnasium.memberships
      .filter((m: { isAdministrator: boolean }) => m.isAdministrator)
      .map((m: { user: { email: string } }) => m.user.email);
    expect(administrators).toEqual(['schulleitung@schule.example']);
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('marks the KMZ administrator as KMZ user and administrator of the first organisation', async () => {
    const admin = await login(server.app, 'admin@kmz.example');
    const user = (
      await server.app.inject({ url: '/api/v1/users/me/', headers: bearer(admin.access) })
    ).json();
    expect(user.isKMZUser).toBe(true);
    const own = user.organisations[0].memberships.find(
      (m: { user: { email: string } }) => m.user.email === user.email,
    );
    expect(own.isAdministrator).toBe(true);
  });
});

describe('terms of use', () => {
  it('neu has not accepted; accepting answers 201 with the user now accepted, and it stays so', async () => {
    const neu = await login(server.app, 'neu@schule.example');
    const before = await server.app.inject({ url: '/api/v1/users/me/', headers: bearer(neu.access) });
    expect(before.json().hasAcceptedTos).toBe(false);
    const accept = await server.app.inject({
      method: 'POST',
      url: '/api/v1/users/tos/',
      headers: bearer(neu.access),
      payload: {},
    });
    expect(accept.statusCode).toBe(201);
    expect(accept.json()).toMatchObject({ email: 'neu@schule.example', hasAcceptedTos: true });
    const after = await server.app.inject({ url: '/api/v1/users/me/', headers: bearer(neu.access) });
    expect(after.json().hasAcceptedTos).toBe(true);
  });

  it('a new terms version sets users back to not accepted until they accept it', async () => {
    const zfsl = await login(server.app, 'zfsl@zfsl.example');
    const me = () => server.app.inject({ url: '/api/v1/users/me/', headers: bearer(zfsl.access) });
    expect((await me()).json().hasAcceptedTos).toBe(true);
    await server.database.db
      .insert(tosVersions)
      .values({ version: 2, file: '/media/nutzungsbedingungen-v1.pdf' });
    expect((await me()).json().hasAcceptedTos).toBe(false);
    const tos = await server.app.inject({ url: '/api/v1/organisations/current-tos/' });
    expect(tos.json().version).toBe(2);
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/users/tos/',
      headers: bearer(zfsl.access),
      payload: {},
    });
    expect((await me()).json().hasAcceptedTos).toBe(true);
    await server.database.db.delete(tosVersions).where(eq(tosVersions.version, 2));
  });

  it('serves the current terms and privacy policy as downloadable PDFs', async () => {
    const tos = await server.app.inject({ url: '/api/v1/organisations/current-tos/' });
    expect(tos.statusCode).toBe(200);
    expect(tos.json().version).toBe(1);
    const pp = await server.app.inject({ url: '/api/v1/organisations/current-pp/' });
    expect(pp.statusCode).toBe(200);
    for (const url of [tos.json().tosFile, pp.json().privacyPolicyFile]) {
      const path = new URL(url).pathname;
      expect(path).toMatch(/^\/media\/.+\.pdf$/);
      const file = await server.app.inject({ url: path });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});

describe('routes from the contract', () => {
  it('every operation of openapi/portal.yaml has a route', () => {
    const { operations } = prepareContract(loadContract());
    expect(operations.length).toBeGreaterThan(9);
    const missing = operations.filter(
      (o) => !server.app.hasRoute({ method: o.method as 'GET', url: o.path.replace(/{(\w+)}/g, ':$1') }),
    );
    expect(missing.map((o) => o.operationId)).toEqual([]);
  });
});

describe('the contract and @portal/domain', () => {
  interface Schema {
    pattern?: string;
    maxLength?: number;
    format?: string;
    $ref?: string;
    description?: string;
    properties?: Record<string, Schema>;
  }
  const contract = loadContract();
  const schemas = (contract.components as { schemas: Record<string, Schema> }).schemas;

  it('offer the same portal languages', () => {
    expect((schemas.PortalLanguage as { enum?: unknown[] } | undefined)?.enum).toEqual([
      ...PORTAL_LANGUAGES,
      null,
    ]);
  });

  it('use the same validation patterns (spec §5)', () => {
    expect(schemas.Email?.pattern).toBe(EMAIL_PATTERN_SOURCE);
    expect(schemas.Email?.maxLength).toBe(EMAIL_MAX_LENGTH);
    expect(schemas.Email?.description).toContain(`\`${EMAIL_PATTERN_STRICT_TLD_SOURCE}\``);
    expect(schemas.FileName?.pattern).toBe(FILE_NAME_PATTERN_SOURCE);
  });

  it('hold every package name, of content and of CMD.START.APP, to the one Android rule (issue 20)', () => {
    // The commands' extras (one headset, a selection) share one schema of it by reference.
    const commandPackageName = schemas.CommandPackageName;
    for (const name of ['CommandExtras', 'QueuedCommandExtras']) {
      expect(schemas[name]?.properties?.packageName).toEqual({
        $ref: '#/components/schemas/CommandPackageName',
      });
    }
    const fields = [
      ...['ContentCreate', 'ContentUpdate'].map((name) => schemas[name]?.properties?.packageName),
      commandPackageName,
    ];
    for (const field of fields) {
      expect(field).toMatchObject({
        pattern: PACKAGE_NAME_PATTERN_SOURCE,
        maxLength: PACKAGE_NAME_MAX_LENGTH,
      });
    }
  });

  it('name an address in every answer by the rule requests are checked by, so whatever is accepted can be answered', () => {
    const addressFields: string[] = [];
    const visit = (schema: unknown, path: string): void => {
      if (!schema || typeof schema !== 'object') return;
      for (const [key, value] of Object.entries(schema)) {
        const here = `${path}.${key}`;
        const field = value as Schema;
        if (/^(email|username)$/.test(key) && field && typeof field === 'object' && !Array.isArray(field)) {
          addressFields.push(here);
          expect(field.$ref, here).toBe('#/components/schemas/Email');
          expect(field.format, here).toBeUndefined();
        }
        visit(value, here);
      }
    };
    visit(contract.components, 'components');
    visit(contract.paths, 'paths');
    expect(addressFields).toEqual(
      expect.arrayContaining([
        'components.schemas.User.properties.email',
        'components.schemas.Invitation.properties.email',
        'components.schemas.InviteMemberRequest.properties.email',
      ]),
    );
  });

  it('refuse an address with an empty domain label', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/sessions/',
      payload: { username: 'lehrer@schule..example', password: 'portal2026' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: ['Bitte geben Sie eine gültige E-Mail-Adresse ein.'] });
  });

  it('every operation with an integer id in its path documents the 400 of a malformed id', () => {
    type Operation = { operationId: string; responses: Record<string, unknown> };
    const missing: string[] = [];
    const checked: string[] = [];
    for (const [path, item] of Object.entries(contract.paths ?? {})) {
      const parameters = (item.parameters as { $ref?: string }[] | undefined) ?? [];
      for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
        const operation = item[method] as (Operation & { parameters?: { $ref?: string }[] }) | undefined;
        if (!operation) continue;
        const refs = [...parameters, ...(operation.parameters ?? [])].map((p) => p.$ref);
        const integerId = path.includes('{id}') && refs.includes('#/components/parameters/Id');
        if (!integerId) continue;
        checked.push(operation.operationId);
        if (!('400' in operation.responses)) missing.push(operation.operationId);
      }
    }
    expect(checked).toEqual(expect.arrayContaining(['getContent', 'deleteOperatingSystem', 'getDevice']));
    expect(missing).toEqual([]);
  });

  it('answers a malformed id with 400', async () => {
    const response = await server.app.inject({ url: '/api/v2/cms/content/abc/' });
    expect(response.statusCode).toBe(400);
  });
});

describe('operations of the contract', () => {
  it('every one has its handler, so none answers 501', () => {
    const { operations } = prepareContract(loadContract());
    const missing = operations
      .map((operation) => operation.operationId)
      .filter((id) => !Object.hasOwn(OPERATIONS, id));
    expect(missing).toEqual([]);
  });

  it('one the server lacks would answer 501 naming it', () => {
    expect(notImplementedReply('futureOperation')).toEqual({
      status: 501,
      body: { detail: 'Diese Funktion ist noch nicht verfügbar.', operationId: 'futureOperation' },
    });
  });
});

describe('bad input', () => {
  const post = (payload: string, contentType = 'application/json') =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/sessions/',
      headers: { 'content-type': contentType },
      payload,
    });

  it('malformed JSON answers 400 with a detail', async () => {
    const response = await post('{"username": "lehrer@schule.example",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Die Anfrage enthält kein gültiges JSON.' });
  });

  it('wrong types, missing and unknown fields answer 400 with German field errors', async () => {
    const response = await post(JSON.stringify({ username: 42, isStaff: true }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      username: ['Bitte geben Sie einen Text ein.'],
      password: ['Dieses Feld ist erforderlich.'],
      isStaff: ['Dieses Feld ist nicht erlaubt.'],
    });
  });

  it('an email out of the pattern answers 400 on the field', async () => {
    const response = await post(JSON.stringify({ username: 'lehrer@schule', password: 'portal2026' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: ['Bitte geben Sie eine gültige E-Mail-Adresse ein.'] });
  });

  it('a body that is not an object, an empty required body and a foreign content type answer 400/415', async () => {
    const array = await post('[]');
    expect(array.statusCode).toBe(400);
    expect(array.json()).toEqual({ detail: 'Die Anfrage muss ein JSON-Objekt enthalten.' });
    const empty = await post('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toEqual(expect.any(String));
    const text = await post('username=a', 'text/csv');
    expect(text.statusCode).toBe(415);
    expect(text.json().detail).toEqual(expect.any(String));
  });

  it('query parameters are checked too', async () => {
    const response = await server.app.inject({
      url: '/api/v2/cms/content/?page=0&page_size=abc&ordering=random',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['ordering', 'page', 'page_size']);
    expect(body.page).toEqual(['Der Wert muss mindestens 1 sein.']);
  });

  it('unknown API routes answer 404 JSON even when HTML is accepted', async () => {
    const response = await server.app.inject({ url: '/api/v1/nothing/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Nicht gefunden.' });
  });
});

describe('portal delivery', () => {
  it('serves index.html without caching, also as SPA fallback for deep links', async () => {
    for (const url of ['/', '/library', '/dashboard/devices/3']) {
      const response = await server.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets pre-compressed and immutable', async () => {
    const response = await server.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(200);
  });

  it('serves translations with a short cache and never falls back to HTML for them', async () => {
    const found = await server.app.inject({ url: '/locales/de/common.json' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ hello: 'Hallo' });
    expect(found.headers['cache-control']).toContain('max-age=300');
    const missing = await server.app.inject({
      url: '/locales/xx/common.json',
      headers: { accept: 'text/html' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
