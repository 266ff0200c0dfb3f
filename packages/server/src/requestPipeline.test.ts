import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, prepareContract } from './contract.ts';
import { MAX_ERROR_BODY_BYTES, MAX_FIELD_ERRORS } from './errors.ts';
import { fieldsWithUnstorableText, MAX_JSON_DEPTH, MAX_OBJECT_MEMBERS } from './http/bodies.ts';
import {
  bearer,
  createTestServer,
  deviceToken,
  login,
  pairHeadset,
  type TestServer,
} from './test/testServer.ts';

/**
 * Issue 10, items 1 and 4: what reaches an operation. Item 1 (media types and strict schemas) has one test per
 * finding of the issue; item 4 is a probe that sends each cause of the 500s the issue found to every operation of
 * the contract (iterating the contract, so new operations are probed without anybody listing them).
 */

let server: TestServer;
let lehrer: string;
let admin: string;
let ids: { kmz: number; adminMembership: number; ownContent: number };

const FORM = 'application/x-www-form-urlencoded';
const UNSTORABLE =
  'Dieses Feld enthält ein Zeichen, das nicht gespeichert werden kann (ein NUL-Zeichen oder ein einzelnes UTF-16-Surrogat). Bitte entfernen Sie es.';
const inject = (options: InjectOptions) => server.app.inject(options);

beforeAll(async () => {
  server = await createTestServer();
  lehrer = (await login(server.app, 'lehrer@schule.example')).access;
  admin = (await login(server.app, 'admin@kmz.example')).access;
  const rows = await server.database.db.execute<typeof ids>(sql`select
      (select id from organisations where name = 'Kreismedienzentrum Demo') as kmz,
      (select m.id from memberships m join users u on u.id = m.user_id where u.email = 'admin@kmz.example')
        as "adminMembership",
      (select c.id from contents c join organisations o on o.id = c.owner_id
        where o.name = 'Gymnasium Demo' order by c.id limit 1) as "ownContent"`);
  const row = rows.rows[0];
  if (!row) throw new Error('seed facts missing');
  ids = row;
});
afterAll(() => server?.close());

const contentCount = async (where: ReturnType<typeof sql>) => {
  const result = await server.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from contents where ${where}`,
  );
  return result.rows[0]?.n;
};

describe('media types (issue 10, item 1)', () => {
  it('a form-encoded create by a member without content-admin rights is refused with 415 and stores nothing', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/v1/cms/content/',
      headers: { ...bearer(lehrer), 'content-type': FORM },
      payload: 'title=Formular-Test&contentType=exe&isPublic=true',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      detail:
        'Dieses Format der Anfrage wird nicht unterstützt. Bitte senden Sie den Inhalt als application/json.',
    });
    expect(await contentCount(sql`title = 'Formular-Test'`)).toBe(0);
    // As JSON the schema checks types and enums strictly, and the server the content-admin rule.
    const json = await inject({
      method: 'POST',
      url: '/api/v1/cms/content/',
      headers: bearer(lehrer),
      payload: { title: 'Formular-Test', contentType: 'exe', isPublic: 'true' },
    });
    expect(json.statusCode).toBe(400);
    expect(Object.keys(json.json()).sort()).toEqual(['contentType', 'isPublic']);
    const publicByMember = await inject({
      method: 'POST',
      url: '/api/v1/cms/content/',
      headers: bearer(lehrer),
      payload: { title: 'Formular-Test', contentType: 'video', isPublic: true },
    });
    expect(publicByMember.statusCode).toBe(400);
    expect(publicByMember.json()).toEqual({
      isPublic: ['Nur Inhalts-Administratoren dürfen Inhalte für alle sichtbar machen.'],
    });
    expect(await contentCount(sql`title = 'Formular-Test'`)).toBe(0);
  });

  it("the last administrator stays administrator: 'false' as a string is no boolean, as form or as JSON", async () => {
    const url = `/api/v1/organisations/${ids.kmz}/memberships/${ids.adminMembership}/`;
    const form = await inject({
      method: 'PATCH',
      url,
      headers: { ...bearer(admin), 'content-type': FORM },
      payload: 'isAdministrator=false',
    });
    expect(form.statusCode).toBe(415);
    const json = await inject({
      method: 'PATCH',
      url,
      headers: bearer(admin),
      payload: { isAdministrator: 'false' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ isAdministrator: ['Bitte geben Sie true oder false an.'] });
    const flag = await server.database.db.execute<{ is_administrator: boolean }>(
      sql`select is_administrator from memberships where id = ${ids.adminMembership}`,
    );
    expect(flag.rows[0]?.is_administrator).toBe(true);
  });

  it('a 500 KB title is refused (415 as a form, 400 on the field as JSON) and nothing is stored', async () => {
    const title = 'T'.repeat(500 * 1024);
    const form = await inject({
      method: 'POST',
      url: '/api/v1/cms/content/',
      headers: { ...bearer(lehrer), 'content-type': FORM },
      payload: new URLSearchParams({ title, contentType: 'video' }).toString(),
    });
    expect(form.statusCode).toBe(415);
    const json = await inject({
      method: 'POST',
      url: '/api/v1/cms/content/',
      headers: bearer(lehrer),
      payload: { title, contentType: 'video' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ title: ['Dieses Feld darf höchstens 200 Zeichen lang sein.'] });
    expect(await contentCount(sql`length(title) > 200`)).toBe(0);
  });

  it("an upload whose file name climbs out with '../' is refused at start, as a form and as JSON", async () => {
    const url = `/api/v1/cms/content/${ids.ownContent}/pre-signed-url-content-multipart/`;
    const form = await inject({
      method: 'POST',
      url,
      headers: { ...bearer(lehrer), 'content-type': FORM },
      payload: 'file_name=../../etc/passwd',
    });
    expect(form.statusCode).toBe(415);
    for (const name of ['../../etc/passwd', '..', '.']) {
      const json = await inject({
        method: 'POST',
        url,
        headers: bearer(lehrer),
        payload: { file_name: name },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual({
        file_name: [
          'Der Dateiname darf nur Buchstaben, Ziffern, Bindestrich, Unterstrich und Punkt enthalten.',
        ],
      });
    }
    const uploads = await server.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from multipart_uploads where file_name like '%..%' or file_name = '.'`,
    );
    expect(uploads.rows[0]?.n).toBe(0);
  });

  it('a preview whose file_name is only dots is refused (the file-name rule of @portal/domain)', async () => {
    const boundary = 'probe-boundary';
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file_name"\r\n\r\n..\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await inject({
      method: 'POST',
      url: '/api/v1/cms/preview-files/',
      headers: { ...bearer(lehrer), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['file_name']);
  });

  it('every other media type of a JSON operation answers 415 with a German detail, before authentication', async () => {
    const cases: InjectOptions[] = [
      { headers: { 'content-type': 'text/plain' }, payload: '{"username":"a@b.de","password":"x"}' },
      { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' },
      { headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from('{}') },
      { headers: { 'content-type': FORM }, payload: 'username=a@b.de&password=x' },
    ];
    for (const options of cases) {
      const response = await inject({ method: 'POST', url: '/api/v1/sessions/', ...options });
      expect(response.statusCode).toBe(415);
      expect(response.json().detail).toMatch(/^Dieses Format der Anfrage wird nicht unterstützt/);
    }
    // Anonymous callers of a signed-in operation learn the same, and nothing about their missing token.
    const anonymous = await inject({
      method: 'PATCH',
      url: '/api/v1/users/me/',
      headers: { 'content-type': 'text/plain' },
      payload: 'firstName=X',
    });
    expect(anonymous.statusCode).toBe(415);
  });

  it('a body without Content-Type, and a body to an operation that takes none, answer 415', async () => {
    const untyped = await inject({
      method: 'POST',
      url: '/api/v1/sessions/',
      headers: { 'content-type': undefined },
      payload: Buffer.from('{"username":"lehrer@schule.example","password":"portal2026"}'),
    });
    expect(untyped.statusCode).toBe(415);
    const toBodiless = await inject({
      method: 'DELETE',
      url: '/api/v1/users/me/',
      headers: bearer(lehrer),
      payload: { confirm: true },
    });
    expect(toBodiless.statusCode).toBe(415);
    expect(toBodiless.json()).toEqual({
      detail: 'Diese Anfrage nimmt keinen Inhalt an. Bitte senden Sie sie ohne Inhalt.',
    });
    const me = await inject({ url: '/api/v1/users/me/', headers: bearer(lehrer) });
    expect(me.statusCode).toBe(200);
  });

  it('an operation whose body is required answers 400 without one, with or without Content-Type', async () => {
    for (const headers of [bearer(lehrer), { ...bearer(lehrer), 'content-type': 'application/json' }]) {
      const response = await inject({ method: 'POST', url: '/api/v1/cms/content/', headers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: 'Diese Anfrage braucht einen Inhalt. Bitte senden Sie ihn als application/json.',
      });
    }
    // Also where nothing else of the request is wrong first (a serial number is any text).
    const command = await inject({
      method: 'POST',
      url: '/api/v1/mdm/devices/PA7GY0001/command/',
      headers: bearer(lehrer),
    });
    expect(command.statusCode).toBe(400);
    // Nothing was queued (the demo morning's commands are all finished).
    const queued = await server.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from device_commands where status in ('queued', 'delivered')`,
    );
    expect(queued.rows[0]?.n).toBe(0);
  });

  it('the form operation takes only its form, and a form field sent twice is no text', async () => {
    const json = await inject({
      method: 'POST',
      url: '/api/social/browser/v1/auth/provider/redirect',
      payload: {
        provider: 'antares',
        process: 'login',
        callback_url: '/oidc-antares',
        csrfmiddlewaretoken: 'x',
      },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().detail).toContain('application/x-www-form-urlencoded');
    const twice = await inject({
      method: 'POST',
      url: '/api/social/browser/v1/auth/provider/redirect',
      headers: { 'content-type': FORM },
      payload:
        'provider=antares&provider=antares&process=login&callback_url=%2Foidc-antares&csrfmiddlewaretoken=x',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ provider: ['Bitte geben Sie einen Text ein.'] });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The probe of item 4.

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
}
interface Parameter {
  $ref?: string;
  name: string;
  in: string;
  schema?: Schema;
}
interface OperationObject {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

const contract = loadContract();
const { operations } = prepareContract(contract);

function resolved<T extends { $ref?: string }>(node: T): T {
  let current: T = node;
  while (current.$ref !== undefined) {
    const target = current.$ref
      .replace('#/', '')
      .split('/')
      .reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], contract);
    current = target as T;
  }
  return current;
}

const typesOf = (schema: Schema) => [schema.type ?? []].flat();

/** Every property of a JSON body schema (top level, combinators followed), with its resolved schema. */
function propertiesOf(schema: Schema | undefined): [string, Schema][] {
  if (!schema) return [];
  const node = resolved(schema);
  const nested = [...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])].flatMap(propertiesOf);
  return [
    ...Object.entries(node.properties ?? {}).map(([k, v]): [string, Schema] => [k, resolved(v)]),
    ...nested,
  ];
}

function parametersOf(path: string, method: string): Parameter[] {
  const item = contract.paths?.[path] ?? {};
  const operation = item[method.toLowerCase()] as OperationObject;
  const shared = (item.parameters as Parameter[] | undefined) ?? [];
  return [...shared, ...(operation.parameters ?? [])].map(resolved);
}

function jsonSchemaOf(path: string, method: string): Schema | undefined {
  const operation = contract.paths?.[path]?.[method.toLowerCase()] as OperationObject;
  return operation.requestBody?.content?.['application/json']?.schema;
}

/** The path with every parameter filled: integers with `integer`, strings with a harmless valid-looking text. */
function urlOf(path: string, parameters: Parameter[], integer: string, text = 'probe1'): string {
  return path.replace(/{(\w+)}/g, (_match, name: string) => {
    const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
    const isInteger = parameter?.schema && typesOf(resolved(parameter.schema)).includes('integer');
    return encodeURIComponent(isInteger ? integer : text);
  });
}

const HUGE = ['2147483648', '1e300', 'Infinity'];
/** What no answer may say: internal messages of JavaScript, the database or Fastify. */
const INTERNAL =
  /is not a function|Cannot read|TypeError|out of range|invalid input|syntax|FST_|statusCode|stack/i;

function causesFor(operation: (typeof operations)[number]): { cause: string; options: InjectOptions }[] {
  const method = operation.method as InjectOptions['method'];
  const parameters = parametersOf(operation.path, operation.method);
  const url = urlOf(operation.path, parameters, '1');
  const headers = bearer(lehrer);
  const causes: { cause: string; options: InjectOptions }[] = [
    {
      cause: 'text/plain',
      options: { method, url, headers: { ...headers, 'content-type': 'text/plain' }, payload: 'x' },
    },
    {
      cause: 'no content type',
      options: {
        method,
        url,
        headers: { ...headers, 'content-type': undefined },
        payload: Buffer.from('{"a":1}'),
      },
    },
    {
      cause: 'multipart',
      options: {
        method,
        url,
        headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      },
    },
    {
      cause: 'octet-stream',
      options: {
        method,
        url,
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        payload: Buffer.from('{}'),
      },
    },
    {
      cause: 'form list values',
      options: { method, url, headers: { ...headers, 'content-type': FORM }, payload: 'a=1&a=2&ids=1&ids=2' },
    },
    {
      cause: 'prototype names in the body',
      options: {
        method,
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"constructor":{"x":1},"toString":"x","__proto__":{"isStaff":true},"hasOwnProperty":1}',
      },
    },
  ];
  for (const huge of HUGE) {
    if (operation.path.includes('{')) {
      causes.push({
        cause: `path ${huge}`,
        options: { method, url: urlOf(operation.path, parameters, huge), headers },
      });
    }
    for (const parameter of parameters.filter((p) => p.in === 'query')) {
      const types = parameter.schema ? typesOf(resolved(parameter.schema)) : [];
      if (!types.includes('integer') && !types.includes('number')) continue;
      causes.push({
        cause: `query ${parameter.name}=${huge}`,
        options: { method, url: `${url}?${parameter.name}=${huge}`, headers },
      });
    }
    const numeric = propertiesOf(jsonSchemaOf(operation.path, operation.method)).filter(([, schema]) =>
      typesOf(schema).some((type) => type === 'integer' || type === 'number' || type === 'array'),
    );
    if (numeric.length > 0 && huge !== 'Infinity') {
      const body = Object.fromEntries(
        numeric.map(([name, schema]) => [
          name,
          typesOf(schema).includes('array') ? [Number(huge)] : Number(huge),
        ]),
      );
      causes.push({ cause: `body numbers ${huge}`, options: { method, url, headers, payload: body } });
    }
  }
  const strings = propertiesOf(jsonSchemaOf(operation.path, operation.method)).filter(([, schema]) =>
    typesOf(schema).includes('string'),
  );
  if (strings.length > 0) {
    causes.push({
      cause: 'NUL in body strings',
      options: {
        method,
        url,
        headers,
        payload: Object.fromEntries(strings.map(([name]) => [name, 'a\u0000b'])),
      },
    });
  }
  const textParameters = parameters.filter(
    (p) => p.in === 'query' && p.schema && typesOf(resolved(p.schema)).includes('string'),
  );
  if (textParameters.length > 0) {
    const query = textParameters.map((p) => `${p.name}=a%00b`).join('&');
    causes.push({ cause: 'NUL in the query', options: { method, url: `${url}?${query}`, headers } });
  }
  if (parameters.some((p) => p.in === 'path' && p.schema && typesOf(resolved(p.schema)).includes('string'))) {
    causes.push({
      cause: 'NUL in the path',
      options: { method, url: urlOf(operation.path, parameters, '1', 'a\u0000b'), headers },
    });
  }
  if (operation.method === 'GET') {
    // Only reads get unknown query names: a write with an ignored query would run (logout, account deletion).
    causes.push({
      cause: 'prototype names in the query',
      options: { method, url: `${url}?constructor=1&toString=2&__proto__=3&valueOf=4`, headers },
    });
  }
  return causes;
}

describe('the probe of issue 10, item 4: each cause sent to every operation of the contract', () => {
  it('covers every operation', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  it.each(operations.map((operation) => [operation.operationId, operation] as const))(
    '%s answers no 5xx and no internal message',
    async (_id, operation) => {
      const failures: string[] = [];
      for (const { cause, options } of causesFor(operation)) {
        const response: LightMyRequestResponse = await inject(options);
        const notBuilt = response.statusCode === 501 && response.json().operationId === operation.operationId;
        if ((response.statusCode >= 500 && !notBuilt) || INTERNAL.test(response.body)) {
          failures.push(`${cause}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
        if (response.statusCode >= 400 && response.statusCode !== 501) {
          const body = response.json();
          expect(typeof body === 'object' && body !== null).toBe(true);
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('refuses an id beyond 32 bits, 1e300 and Infinity with 400 on the id', async () => {
    for (const huge of HUGE) {
      const response = await inject({ url: `/api/v2/cms/content/${huge}/` });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['id']);
    }
    const page = await inject({ url: '/api/v2/cms/content/?page=2147483648&page_size=1e300' });
    expect(page.statusCode).toBe(400);
    expect(Object.keys(page.json()).sort()).toEqual(['page', 'page_size']);
  });

  it('refuses NUL characters with 400 on the field, and stores nothing', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/v1/cms/content/',
      headers: bearer(lehrer),
      payload: { title: 'Nul\u0000Titel', contentType: 'video', description: 'ok' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ title: [UNSTORABLE] });
    expect(await contentCount(sql`title like 'Nul%'`)).toBe(0);
  });

  it('names prototype fields like any other unknown field', async () => {
    const response = await inject({
      method: 'PATCH',
      url: '/api/v1/users/me/',
      headers: { ...bearer(lehrer), 'content-type': 'application/json' },
      payload: '{"constructor":1,"toString":"x","__proto__":{"isStaff":true}}',
    });
    expect(response.statusCode).toBe(400);
    // Built from entries: `__proto__` in an object literal would set the prototype instead of naming a field.
    const notAllowed = ['Dieses Feld ist nicht erlaubt.'];
    expect(response.json()).toEqual(
      Object.fromEntries(['constructor', 'toString', '__proto__'].map((name) => [name, notAllowed])),
    );
    const me = await inject({ url: '/api/v1/users/me/', headers: bearer(lehrer) });
    expect(me.json().isStaff).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Issue 20 ("Hardening, second probe"), the request pipeline's items 1, 2, 4 and 8. The headsets' side of item 1 (a
// lone surrogate in a state report, the batches recovering) is services/headsets/headsetSide.test.ts.

const JSON_TYPE = { 'content-type': 'application/json' };

/** An object text with `count` members `"k0":0,…` (unknown to every operation). */
const unknownKeys = (count: number) =>
  `{${Array.from({ length: count }, (_, i) => `"k${String(i).padStart(5, '0')}":0`).join(',')}}`;

/** JSON arrays nested `depth` deep around `inner`. */
const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

/** One request over a raw socket, for what only real HTTP shows (the HTTP parser's refusals); the answer as text. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** Status line, headers (lower-case names) and body of a raw HTTP answer. */
function parseAnswer(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('issue 20, item 1: text the database cannot keep gets one rule for every media type and field', () => {
  it('a lone surrogate or NUL is refused with 400 on the field, as JSON, form, multipart, query and path', async () => {
    const cases: { options: InjectOptions; field: string }[] = [
      // JSON: the escape of a lone surrogate, as a client's JSON.stringify writes it, and a NUL.
      {
        field: 'title',
        options: {
          method: 'POST',
          url: '/api/v1/cms/content/',
          headers: { ...bearer(lehrer), ...JSON_TYPE },
          payload: '{"title":"Titel \\ud800","contentType":"video"}',
        },
      },
      {
        field: 'lastName',
        options: {
          method: 'PATCH',
          url: '/api/v1/users/me/',
          headers: { ...bearer(lehrer), ...JSON_TYPE },
          payload: '{"lastName":"\\udfff Muster"}',
        },
      },
      {
        field: 'provider',
        options: {
          method: 'POST',
          url: '/api/social/browser/v1/auth/provider/redirect',
          headers: { 'content-type': FORM },
          payload: 'provider=anta%00res&process=login&callback_url=%2Foidc-antares&csrfmiddlewaretoken=x',
        },
      },
      {
        field: 'file_name',
        options: {
          method: 'POST',
          url: '/api/v1/cms/preview-files/',
          headers: { ...bearer(lehrer), 'content-type': 'multipart/form-data; boundary=b' },
          payload:
            '--b\r\nContent-Disposition: form-data; name="file_name"\r\n\r\nbild\u0000.png\r\n' +
            '--b\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n' +
            '\x89PNG\r\n\x1a\n\r\n--b--\r\n',
        },
      },
      { field: 'search', options: { url: '/api/v2/cms/content/?search=a%00b' } },
      {
        field: 'serial',
        options: { method: 'POST', url: '/api/v1/mdm/devices/PA7%00X/command/', headers: bearer(lehrer) },
      },
    ];
    for (const { options, field } of cases) {
      const response = await inject(options);
      expect(response.statusCode, `${options.url} ${response.body}`).toBe(400);
      expect(response.json(), String(options.url)).toEqual({ [field]: [UNSTORABLE] });
    }
    expect(await contentCount(sql`title like 'Titel%'`)).toBe(0);
  });

  it('finds such text at any depth without recursion, and names at most 20 fields', () => {
    let deep: unknown = 'a\u0000b';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(fieldsWithUnstorableText({ list: deep })).toEqual(['list']);
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, '\ud800']));
    const found = fieldsWithUnstorableText(many);
    expect(found).toHaveLength(MAX_FIELD_ERRORS);
    expect(found.slice(0, 3)).toEqual(['f0', 'f1', 'f2']);
  });
});

describe('issue 20, item 2: error answers are bounded', () => {
  const signIn = (payload: string) =>
    inject({ method: 'POST', url: '/api/v1/sessions/', headers: JSON_TYPE, payload });

  it('90,000 unknown keys (just under 1 MiB, anonymous) answer a short 400, like any object over the bound', async () => {
    const body = unknownKeys(90_000);
    expect(body.length).toBeLessThan(1024 * 1024);
    const tooMany = {
      detail: `Die Anfrage enthält ein Objekt mit zu vielen Feldern: höchstens ${MAX_OBJECT_MEMBERS} sind erlaubt. Bitte senden Sie nur die Felder, die diese Anfrage kennt.`,
    };
    for (const count of [90_000, MAX_OBJECT_MEMBERS + 1]) {
      const response = await signIn(unknownKeys(count));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(tooMany);
    }
    // Nested objects too, and not objects at their bound.
    const inner = await signIn(
      `{"username":"a@b.de","password":"x","extra":${unknownKeys(MAX_OBJECT_MEMBERS + 1)}}`,
    );
    expect(inner.json()).toEqual(tooMany);
    const atBound = await signIn(unknownKeys(MAX_OBJECT_MEMBERS));
    expect(atBound.statusCode).toBe(400);
    // Every field at once as DRF does, but at most 20 of them.
    const fields = Object.keys(atBound.json());
    expect(fields).toHaveLength(MAX_FIELD_ERRORS);
    expect(fields.slice(0, 2)).toEqual(['username', 'password']);
  });

  it('200,000 wrong ids answer with the first mistake, and foreign ids are named up to ten', async () => {
    const zeros = `{"name":"Klasse 7b","devices":[${Array(200_000).fill(0).join(',')}]}`;
    const many = await inject({
      method: 'POST',
      url: '/api/v3/mdm/device-groups/',
      headers: { ...bearer(lehrer), ...JSON_TYPE },
      payload: zeros,
    });
    expect(many.statusCode).toBe(400);
    expect(many.body.length).toBeLessThan(1024);
    expect(Object.keys(many.json())).toEqual(['devices']);

    const foreign = Array.from({ length: 1000 }, (_, i) => 1_000_000 + i);
    const named = await inject({
      method: 'POST',
      url: '/api/v3/mdm/device-groups/',
      headers: bearer(lehrer),
      payload: { name: 'Klasse 7c', devices: foreign },
    });
    expect(named.statusCode).toBe(400);
    expect(named.json()).toEqual({
      devices: [
        `Diese VR-Brillen gibt es nicht oder sie gehören nicht zur Organisation der Gruppierung: ${foreign.slice(0, 10).join(', ')} und 990 weitere.`,
      ],
    });
  });

  it('no error answer is larger than the fixed cap, whatever the field names and texts', async () => {
    // Unknown field names of 10,000 characters each, at the member bound.
    const long = `{${Array.from({ length: 90 }, (_, i) => `"${String(i).padStart(10_000, 'x')}":0`).join(',')}}`;
    const response = await signIn(long);
    expect(response.statusCode).toBe(400);
    expect(Buffer.byteLength(response.body)).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
    const names = Object.keys(response.json());
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(100);
  });
});

describe('issue 20, item 4: nesting deeper than 64 is refused with 400 before any walk', () => {
  it('2,500 levels answer 400 on every kind of JSON operation: anonymous, signed in and the headset side', async () => {
    const token = await pairHeadset(server, 'PA7KM0001');
    const tooDeep = {
      detail: `Die Anfrage ist zu tief verschachtelt: höchstens ${MAX_JSON_DEPTH} Ebenen sind erlaubt.`,
    };
    const calls: InjectOptions[] = [
      { method: 'POST', url: '/api/v1/sessions/' },
      { method: 'PATCH', url: '/api/v1/users/me/', headers: bearer(lehrer) },
      { method: 'PUT', url: '/api/v1/headset/state/', headers: deviceToken(token) },
    ];
    for (const call of calls) {
      for (const payload of [nested(2500), `{"a":${nested(2500)}}`, nested(MAX_JSON_DEPTH + 1)]) {
        const response = await inject({ ...call, headers: { ...call.headers, ...JSON_TYPE }, payload });
        expect(response.statusCode, `${call.url} ${response.body}`).toBe(400);
        expect(response.json()).toEqual(tooDeep);
      }
      // At the bound the schema speaks (the body is no object), and brackets inside texts do not count.
      const atBound = await inject({
        ...call,
        headers: { ...call.headers, ...JSON_TYPE },
        payload: nested(MAX_JSON_DEPTH),
      });
      expect(atBound.statusCode).toBe(400);
      expect(atBound.json()).not.toEqual(tooDeep);
    }
    const bracketsInText = await inject({
      method: 'PATCH',
      url: '/api/v1/users/me/',
      headers: { ...bearer(lehrer), ...JSON_TYPE },
      payload: JSON.stringify({ firstName: `${'[{'.repeat(40)}"\\` }),
    });
    expect(bracketsInText.statusCode).not.toBe(500);
    expect(bracketsInText.json()).not.toEqual(tooDeep);
  });
});

describe('issue 20, item 8: strict paths, queries, charsets, methods and framework errors', () => {
  it('integer ids are read as canonical decimal integers only: anything else is 400 on the parameter', async () => {
    expect((await inject({ url: '/api/v2/cms/content/7/' })).statusCode).toBe(200);
    for (const id of ['07', '0x7', '7e0', '%2B7', '%20%207', '7.0', '-0', '0b111']) {
      const response = await inject({ url: `/api/v2/cms/content/${id}/` });
      expect(response.statusCode, id).toBe(400);
      expect(response.json(), id).toEqual({ id: ['Bitte geben Sie eine ganze Zahl ein.'] });
    }
    const query = await inject({ url: '/api/v2/cms/content/?page=01&page_size=%2B5' });
    expect(query.statusCode).toBe(400);
    expect(Object.keys(query.json()).sort()).toEqual(['page', 'page_size']);
    expect((await inject({ url: '/api/v2/cms/content/?page=1&page_size=5' })).statusCode).toBe(200);
  });

  it('unknown query parameters are refused with 400 on their name, and a write with one does not run', async () => {
    const read = await inject({ url: '/api/v2/cms/content/?serach=Vulkan&ordering=title' });
    expect(read.statusCode).toBe(400);
    expect(read.json()).toEqual({ serach: ['Diesen Parameter kennt diese Anfrage nicht.'] });
    const ownWrite = await inject({
      method: 'PATCH',
      url: '/api/v1/users/me/?isStaff=true',
      headers: bearer(lehrer),
      payload: { firstName: 'Abfrage' },
    });
    expect(ownWrite.statusCode).toBe(400);
    expect(ownWrite.json()).toEqual({ isStaff: ['Diesen Parameter kennt diese Anfrage nicht.'] });
    const me = await inject({ url: '/api/v1/users/me/', headers: bearer(lehrer) });
    expect(me.json().firstName).not.toBe('Abfrage');
    const nameless = await inject({ url: '/api/v2/cms/content/?=x' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toEqual({ detail: 'Die Anfrage ist ungültig.' });
    // An empty pair, as a client that joins parameters may leave one, is no parameter.
    expect((await inject({ url: '/api/v2/cms/content/?page_size=5&' })).statusCode).toBe(200);
  });

  it('a JSON or form body declared in another charset than UTF-8 answers 415', async () => {
    const login = JSON.stringify({ username: 'lehrer@schule.example', password: 'portal2026' });
    for (const type of ['application/json; charset=iso-8859-1', 'application/json;charset=UTF-16']) {
      const response = await inject({
        method: 'POST',
        url: '/api/v1/sessions/',
        headers: { 'content-type': type },
        payload: login,
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toEqual({ detail: 'Bitte senden Sie den Inhalt in UTF-8 (charset=utf-8).' });
    }
    for (const type of ['application/json; charset=UTF-8', 'application/json; charset="utf-8"']) {
      const response = await inject({
        method: 'POST',
        url: '/api/v1/sessions/',
        headers: { 'content-type': type },
        payload: login,
      });
      expect(response.statusCode, type).toBe(201);
    }
    const form = await inject({
      method: 'POST',
      url: '/api/social/browser/v1/auth/provider/redirect',
      headers: { 'content-type': `${FORM}; charset=windows-1252` },
      payload: 'provider=antares',
    });
    expect(form.statusCode).toBe(415);
  });

  it('a known path asked with another method answers 405 with Allow', async () => {
    const put = await inject({ method: 'PUT', url: '/api/v1/users/me/', headers: bearer(lehrer) });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, PATCH, DELETE');
    expect(put.json()).toEqual({
      detail: 'Diese Methode ist für diese Adresse nicht erlaubt. Erlaubt sind: GET, HEAD, PATCH, DELETE.',
    });
    const withId = await inject({ method: 'PUT', url: '/api/v2/cms/content/7/' });
    expect(withId.statusCode).toBe(405);
    expect(withId.headers.allow).toBe('GET, HEAD');
    expect((await inject({ method: 'PUT', url: '/api/v1/nirgends/' })).statusCode).toBe(404);
  });

  it("the framework's own refusals answer the contract's {detail} without repeating the request", async () => {
    const marker = 'ECHO-MARKER';
    const cases: { options: InjectOptions; status: number; detail: string }[] = [
      { options: { url: `/api/v1/${marker}/` }, status: 404, detail: 'Nicht gefunden.' },
      {
        options: { url: `/api/v2/cms/content/${marker}${'9'.repeat(200)}/` },
        status: 414,
        detail: 'Die Adresse der Anfrage ist zu lang.',
      },
      {
        options: { url: `/api/v2/cms/content/${marker}%E0%A4%A/` },
        status: 400,
        detail: 'Die Adresse der Anfrage ist ungültig.',
      },
      {
        options: {
          method: 'POST',
          url: '/api/v1/sessions/',
          headers: JSON_TYPE,
          payload: `{"username":"${marker}${'x'.repeat(1024 * 1024)}"}`,
        },
        status: 413,
        detail: 'Die Anfrage ist zu groß.',
      },
      {
        options: { method: 'POST', url: '/api/v1/sessions/', headers: JSON_TYPE, payload: `{"${marker}":` },
        status: 400,
        detail: 'Die Anfrage enthält kein gültiges JSON.',
      },
    ];
    for (const { options, status, detail } of cases) {
      const response = await inject(options);
      expect(response.statusCode, String(options.url)).toBe(status);
      expect(response.json()).toEqual({ detail });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it("the HTTP parser's refusals (431, an unknown method, a malformed request) answer {detail} too", async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const marker = 'ECHO-MARKER';
    const cases: { request: string; status: number; detail: string; allow?: string }[] = [
      {
        request: `GET /api/v2/cms/content/ HTTP/1.1\r\nHost: x\r\nX-${marker}: ${'a'.repeat(20_000)}\r\n\r\n`,
        status: 431,
        detail: 'Die Kopfzeilen der Anfrage sind zu groß.',
      },
      {
        request: `GET /api/v2/cms/content/?search=${marker}${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
        status: 431,
        detail: 'Die Kopfzeilen der Anfrage sind zu groß.',
      },
      {
        request: 'FOO /api/v1/users/me/ HTTP/1.1\r\nHost: x\r\n\r\n',
        status: 405,
        detail: 'Diese Methode ist für diese Adresse nicht erlaubt. Erlaubt sind: GET, HEAD, PATCH, DELETE.',
        allow: 'GET, HEAD, PATCH, DELETE',
      },
      { request: `FOO /${marker}/ HTTP/1.1\r\nHost: x\r\n\r\n`, status: 404, detail: 'Nicht gefunden.' },
      {
        request: `POST /api/v1/sessions/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${marker}\r\n`,
        status: 400,
        detail: 'Die Anfrage ist ungültig.',
      },
    ];
    for (const { request, status, detail, allow } of cases) {
      const answer = parseAnswer(await rawRequest(port, request));
      expect(answer.status, request.slice(0, 40)).toBe(status);
      expect(JSON.parse(answer.body)).toEqual({ detail });
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers.allow).toBe(allow);
    }
  });

  it('the contract states the bounds the server enforces, once', () => {
    const description = String((contract.info as { description?: string } | undefined)?.description);
    expect(description).toContain(`${MAX_JSON_DEPTH} levels`);
    expect(description).toContain(`${MAX_OBJECT_MEMBERS} members`);
    expect(description).toContain(`${MAX_FIELD_ERRORS} fields`);
    expect(description).toContain(`${MAX_ERROR_BODY_BYTES / 1024} KiB`);
    expect(description).toMatch(/lone UTF-16 surrogate/);
    expect(description).toMatch(/canonical decimal/);
    // The member bound refuses no body the contract describes: every request object names fewer fields.
    const largest = Math.max(
      ...operations.map((operation) => propertiesOf(jsonSchemaOf(operation.path, operation.method)).length),
    );
    expect(largest).toBeGreaterThan(5);
    expect(largest).toBeLessThan(MAX_OBJECT_MEMBERS);
  });
});
