import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../infra/mail.ts';
import { bearer, createTestServer, login, type TestServer } from '../test/testServer.ts';

// Issue 20: a name or title that must not be blank must show at least one character. Every operation that writes
// one refuses a text of invisible characters with 400 on that field, in German, and keeps what was stored.
const outbox = mkdtempSync(join(tmpdir(), 'vr-portal-visible-names-'));
process.env.OUTBOX_DIR = outbox;
delete process.env.SMTP_URL;
delete process.env.PUBLIC_URL;

const INVISIBLE =
  'Dieses Feld enthält nur unsichtbare Zeichen. Bitte geben Sie mindestens einen Buchstaben, eine Ziffer oder ein anderes sichtbares Zeichen ein.';

/** Texts that look empty: none of them passed 'not blank' before, since none is white space to `trim()`. */
const INVISIBLE_TEXTS = [
  ['zero-width spaces', '\u200B\u200B\u200B'],
  ['bidi controls', '\u202E\u2066\u200F\u2069'],
  ['a combining mark alone', '\u0301'],
  ['word joiner, BOM and a Hangul filler', '\u2060\uFEFF\u3164'],
] as const;

let server: TestServer;
const tokens = { admin: '', lehrer: '', staff: '' };
const ids = {
  kmz: 0,
  gymnasium: 0,
  deviceType: 0,
  content: 0,
  configuration: 0,
  group: 0,
  operatingSystem: 0,
};
let invitationToken = '';
/** What the refused writes must leave as it was. */
let lehrerNames: unknown;
let configurationsBefore: unknown;

const inject = (options: InjectOptions) => server.app.inject(options);

async function created(options: InjectOptions): Promise<number> {
  const response = await inject(options);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

beforeAll(async () => {
  server = await createTestServer();
  const { pool } = server.database;
  const id = async (query: string) => Number((await pool.query<{ id: number }>(query)).rows[0]?.id);
  ids.kmz = await id("select id from organisations where name = 'Kreismedienzentrum Demo'");
  ids.gymnasium = await id("select id from organisations where name = 'Gymnasium Demo'");
  ids.deviceType = await id("select id from device_types where name = 'Pico 4'");
  tokens.admin = (await login(server.app, 'admin@kmz.example')).access;
  tokens.lehrer = (await login(server.app, 'lehrer@schule.example')).access;
  tokens.staff = (await login(server.app, 'staff@vr-portal.example')).access;
  lehrerNames = (
    await pool.query("select first_name, last_name from users where email = 'lehrer@schule.example'")
  ).rows[0];

  const lehrer = bearer(tokens.lehrer);
  ids.content = await created({
    method: 'POST',
    url: '/api/v1/cms/content/',
    headers: lehrer,
    payload: { title: 'Wattenmeer', contentType: 'video' },
  });
  ids.configuration = await created({
    method: 'POST',
    url: '/api/v2/mdm/device-configurations/',
    headers: lehrer,
    payload: { name: 'Biologie', ownerId: ids.gymnasium, contentIds: [], activeState: false, sdmDevices: [] },
  });
  ids.group = await created({
    method: 'POST',
    url: '/api/v3/mdm/device-groups/',
    headers: lehrer,
    payload: { name: 'Koffer A', devices: [] },
  });
  ids.operatingSystem = await created({
    method: 'POST',
    url: '/api/v1/support/operating-systems/',
    headers: bearer(tokens.staff),
    payload: { name: 'Pico OS', version: '5.12.0', deviceTypeIds: [1] },
  });
  configurationsBefore = (
    await pool.query("select count(*)::int as n from configurations where name <> 'Biologie'")
  ).rows[0];
  const invited = await inject({
    method: 'POST',
    url: `/api/v1/organisations/${ids.kmz}/invitations/`,
    headers: { ...bearer(tokens.admin), host: '127.0.0.1:8080' },
    payload: { email: 'unsichtbar@schule.example' },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const [mail] = await readOutbox(outbox, 'unsichtbar@schule.example');
  invitationToken = /\/invitation\/([A-Za-z0-9_-]{43})$/m.exec(mail?.text ?? '')?.[1] ?? '';
  expect(invitationToken).not.toBe('');
});

afterAll(async () => {
  await server?.close();
  rmSync(outbox, { recursive: true, force: true });
});

interface NameWrite {
  operation: string;
  field: string;
  request(text: string): InjectOptions;
}

/** Each operation that writes a name or title, with a request that is valid but for that field. */
const WRITES: NameWrite[] = [
  {
    operation: 'createContent',
    field: 'title',
    request: (title) => ({
      method: 'POST',
      url: '/api/v1/cms/content/',
      headers: bearer(tokens.lehrer),
      payload: { title, contentType: 'video' },
    }),
  },
  {
    operation: 'updateContent',
    field: 'title',
    request: (title) => ({
      method: 'PATCH',
      url: `/api/v1/cms/content/${ids.content}/`,
      headers: bearer(tokens.lehrer),
      payload: { title },
    }),
  },
  {
    operation: 'createConfiguration',
    field: 'name',
    request: (name) => ({
      method: 'POST',
      url: '/api/v2/mdm/device-configurations/',
      headers: bearer(tokens.lehrer),
      payload: { name, ownerId: ids.gymnasium, contentIds: [], activeState: false, sdmDevices: [] },
    }),
  },
  {
    operation: 'updateConfiguration',
    field: 'name',
    request: (name) => ({
      method: 'PUT',
      url: `/api/v2/mdm/device-configurations/${ids.configuration}/`,
      headers: bearer(tokens.lehrer),
      payload: { name, ownerId: ids.gymnasium, contentIds: [], activeState: false, sdmDevices: [] },
    }),
  },
  {
    operation: 'partialUpdateConfiguration',
    field: 'name',
    request: (name) => ({
      method: 'PATCH',
      url: `/api/v2/mdm/device-configurations/${ids.configuration}/`,
      headers: bearer(tokens.lehrer),
      payload: { name },
    }),
  },
  {
    operation: 'duplicateConfiguration',
    field: 'copyName',
    request: (copyName) => ({
      method: 'POST',
      url: `/api/v1/mdm/device-configurations/${ids.configuration}/duplicate/`,
      headers: bearer(tokens.lehrer),
      payload: { copyName },
    }),
  },
  {
    operation: 'createDeviceGroup',
    field: 'name',
    request: (name) => ({
      method: 'POST',
      url: '/api/v3/mdm/device-groups/',
      headers: bearer(tokens.lehrer),
      payload: { name, devices: [] },
    }),
  },
  {
    operation: 'updateDeviceGroup',
    field: 'name',
    request: (name) => ({
      method: 'PUT',
      url: `/api/v3/mdm/device-groups/${ids.group}/`,
      headers: bearer(tokens.lehrer),
      payload: { name, devices: [] },
    }),
  },
  {
    operation: 'enrolDevice',
    field: 'name',
    request: (name) => ({
      method: 'POST',
      url: '/api/v3/mdm/devices/',
      headers: bearer(tokens.admin),
      payload: { serialNumber: 'KMZ-UNSICHTBAR-1', deviceTypeId: ids.deviceType, name },
    }),
  },
  {
    operation: 'updateOrganisation',
    field: 'name',
    request: (name) => ({
      method: 'PATCH',
      url: `/api/v1/organisations/${ids.kmz}/`,
      headers: bearer(tokens.admin),
      payload: { name },
    }),
  },
  ...(['firstName', 'lastName'] as const).flatMap((field): NameWrite[] => [
    {
      operation: 'updateCurrentUser',
      field,
      request: (text) => ({
        method: 'PATCH',
        url: '/api/v1/users/me/',
        headers: bearer(tokens.lehrer),
        payload: { [field]: text },
      }),
    },
    {
      operation: 'acceptInvitation',
      field,
      request: (text) => ({
        method: 'POST',
        url: '/api/v1/invitations/accept/',
        payload: {
          token: invitationToken,
          password: 'Sommer2026',
          firstName: 'Nele',
          lastName: 'Neu',
          [field]: text,
        },
      }),
    },
  ]),
  // An image's version is three numbers with dots (the contract's pattern), so only its name can be left blank.
  {
    operation: 'createOperatingSystem',
    field: 'name',
    request: (text) => ({
      method: 'POST',
      url: '/api/v1/support/operating-systems/',
      headers: bearer(tokens.staff),
      payload: { name: text, version: '6.0.0', deviceTypeIds: [1] },
    }),
  },
  {
    operation: 'updateOperatingSystem',
    field: 'name',
    request: (text) => ({
      method: 'PATCH',
      url: `/api/v1/support/operating-systems/${ids.operatingSystem}/`,
      headers: bearer(tokens.staff),
      payload: { name: text },
    }),
  },
];

describe.each(WRITES)('$operation refuses a $field that shows nothing', ({ field, request }) => {
  it.each(INVISIBLE_TEXTS)('%s: 400 on the field, in German', async (_, text) => {
    const response = await inject(request(text));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ [field]: [INVISIBLE] });
  });

  it('blanks are still refused on the field (as blank, or as required where the field may be left out)', async () => {
    const response = await inject(request(' \u00A0 '));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      [field]: [expect.stringMatching(/^Dieses Feld (darf nicht leer sein|ist erforderlich)\.$/)],
    });
  });
});

describe('what was refused left the stored names alone', () => {
  it('content, playlist, group, organisation, person and operating system keep their names', async () => {
    const { pool } = server.database;
    const row = async (query: string, ...values: unknown[]) => (await pool.query(query, values)).rows[0];
    expect(await row('select title from contents where id = $1', ids.content)).toEqual({
      title: 'Wattenmeer',
    });
    expect(await row('select name from configurations where id = $1', ids.configuration)).toEqual({
      name: 'Biologie',
    });
    expect(await row('select name from device_groups where id = $1', ids.group)).toEqual({
      name: 'Koffer A',
    });
    expect(await row('select name from organisations where id = $1', ids.kmz)).toEqual({
      name: 'Kreismedienzentrum Demo',
    });
    expect(
      await row('select name, version from operating_systems where id = $1', ids.operatingSystem),
    ).toEqual({
      name: 'Pico OS',
      version: '5.12.0',
    });
    expect(
      await row("select first_name, last_name from users where email = 'lehrer@schule.example'"),
    ).toEqual(lehrerNames);
    expect(await row("select count(*)::int as n from configurations where name <> 'Biologie'")).toEqual(
      configurationsBefore,
    );
    expect(
      await row("select count(*)::int as n from devices where serial_number = 'KMZ-UNSICHTBAR-1'"),
    ).toEqual({
      n: 0,
    });
    expect(
      await row("select count(*)::int as n from users where email = 'unsichtbar@schule.example'"),
    ).toEqual({
      n: 0,
    });
  });
});

describe('a name with a bidi control among visible characters', () => {
  it('is a name: stored as given, to be isolated where it is shown', async () => {
    const name = '\u202EKoffer B';
    const response = await inject({
      method: 'POST',
      url: '/api/v3/mdm/device-groups/',
      headers: bearer(tokens.lehrer),
      payload: { name, devices: [] },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ name });
  });

  it('is isolated where the server sets it into a sentence, so the override ends at the closing quote', async () => {
    const again = await inject({
      method: 'POST',
      url: '/api/v3/mdm/device-groups/',
      headers: bearer(tokens.lehrer),
      payload: { name: '\u202EKoffer B', devices: [] },
    });
    expect(again.statusCode, again.body).toBe(400);
    expect(again.json()).toEqual({
      name: [
        'Eine Gruppierung „\u2068\u202EKoffer B\u2069“ gibt es in dieser Organisation schon. Bitte wählen Sie einen anderen Namen.',
      ],
    });
  });
});
