import type { components } from '@portal/api/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, login, type TestServer } from '../test/testServer.ts';

type DeviceGroup = components['schemas']['DeviceGroup'];
type GroupList = components['schemas']['PaginatedDeviceGroupList'];
type DeviceList = components['schemas']['PaginatedDeviceList'];

/** Gruppierungen: every member of an organisation keeps its groups; other organisations see none of them (404). */
let server: TestServer;
const tokens = { lehrer: '', admin: '', zfsl: '', staff: '' };
/** Headset ids by organisation, in name order. */
let headsets: { gymnasium: number[]; kmz: number[] };
let orgIds: { gymnasium: number; kmz: number };

beforeAll(async () => {
  server = await createTestServer();
  for (const [key, email] of [
    ['lehrer', 'lehrer@schule.example'],
    ['admin', 'admin@kmz.example'],
    ['zfsl', 'zfsl@zfsl.example'],
    ['staff', 'staff@vr-portal.example'],
  ] as const) {
    tokens[key] = (await login(server.app, email)).access;
  }
  const { pool } = server.database;
  const orgs = await pool.query<{ id: number; organisation_type: number }>(
    'select id, organisation_type from organisations',
  );
  const of = (type: number) => orgs.rows.find((o) => o.organisation_type === type)?.id ?? 0;
  orgIds = { gymnasium: of(2), kmz: of(4) };
  const ids = async (organisationId: number) =>
    (
      await pool.query<{ id: number }>('select id from devices where organisation_id = $1 order by name', [
        organisationId,
      ])
    ).rows.map((row) => row.id);
  headsets = { gymnasium: await ids(orgIds.gymnasium), kmz: await ids(orgIds.kmz) };
});
afterAll(() => server?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  server.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const groupsUrl = '/api/v3/mdm/device-groups/';
const groupUrl = (id: number) => `/api/v3/mdm/device-groups/${id}/`;

async function create(token: string, body: Record<string, unknown>): Promise<DeviceGroup> {
  const response = await call('POST', groupsUrl, token, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DeviceGroup>();
}

describe('groups of headsets', () => {
  it('are created, read, renamed with other headsets and deleted by a member; the headsets stay', async () => {
    const ten = headsets.gymnasium.slice(0, 10);
    const made = await create(tokens.lehrer, { name: '  Klasse 7b ', devices: ten });
    expect(made).toMatchObject({ name: 'Klasse 7b', organisationId: orgIds.gymnasium });
    expect([...made.devices].sort((a, b) => a - b)).toEqual([...ten].sort((a, b) => a - b));

    const read = await call('GET', groupUrl(made.id), tokens.lehrer);
    expect(read.json<DeviceGroup>()).toEqual(made);
    const listed = (await call('GET', groupsUrl, tokens.lehrer)).json<GroupList>();
    expect(listed.results.map((g) => g.name)).toContain('Klasse 7b');

    const renamed = await call('PUT', groupUrl(made.id), tokens.lehrer, {
      name: 'Klasse 7c',
      devices: headsets.gymnasium.slice(5, 8),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<DeviceGroup>()).toMatchObject({ name: 'Klasse 7c' });
    expect(renamed.json<DeviceGroup>().devices).toHaveLength(3);

    expect((await call('DELETE', groupUrl(made.id), tokens.lehrer)).statusCode).toBe(204);
    expect((await call('GET', groupUrl(made.id), tokens.lehrer)).statusCode).toBe(404);
    const { rows } = await server.database.pool.query(
      'select count(*)::int as n from devices where id = any($1)',
      [ten],
    );
    expect(rows[0]).toEqual({ n: 10 });
  });

  it('let a headset be in several groups, and the headset list and its counts filter by group', async () => {
    const [a, b, c] = headsets.gymnasium;
    const first = await create(tokens.lehrer, { name: 'Koffer 1', devices: [a, b] });
    const second = await create(tokens.lehrer, { name: 'Koffer 2', devices: [b, c] });
    const inFirst = (
      await call('GET', `/api/v3/mdm/devices/?group=${first.id}`, tokens.lehrer)
    ).json<DeviceList>();
    expect(inFirst.results.map((d) => d.id).sort()).toEqual([a, b].sort());
    const inSecond = (
      await call('GET', `/api/v3/mdm/devices/?group=${second.id}`, tokens.lehrer)
    ).json<DeviceList>();
    expect(inSecond.results.map((d) => d.id).sort()).toEqual([b, c].sort());
    const summary = await call('GET', `/api/v3/mdm/devices/summary/?group=${second.id}`, tokens.lehrer);
    expect(summary.json()).toMatchObject({ total: 2, offline: 2, online: 0 });
  });

  it('are sorted by name in German order and searched by name', async () => {
    await create(tokens.lehrer, { name: 'Ärztekurs', devices: [] });
    await create(tokens.lehrer, { name: 'Zeichnen', devices: [] });
    const names = (await call('GET', groupsUrl, tokens.lehrer)).json<GroupList>().results.map((g) => g.name);
    expect(names.indexOf('Ärztekurs')).toBeLessThan(names.indexOf('Koffer 1'));
    expect(names.at(-1)).toBe('Zeichnen');
    const found = (await call('GET', `${groupsUrl}?search=koffer`, tokens.lehrer)).json<GroupList>();
    expect(found.results.map((g) => g.name)).toEqual(['Koffer 1', 'Koffer 2']);
  });
});

describe('refusals', () => {
  it('refuses a blank or taken name (whatever its case), foreign headsets and a foreign organisation, with German field errors', async () => {
    await create(tokens.lehrer, { name: 'Physik-AG', devices: [] });
    const blank = await call('POST', groupsUrl, tokens.lehrer, { name: '   ', devices: [] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ name: ['Dieses Feld darf nicht leer sein.'] });
    const taken = await call('POST', groupsUrl, tokens.lehrer, { name: 'physik-ag', devices: [] });
    expect(taken.json()).toEqual({
      name: [
        'Eine Gruppierung „physik-ag“ gibt es in dieser Organisation schon. Bitte wählen Sie einen anderen Namen.',
      ],
    });
    const kmzHeadset = headsets.kmz[0] as number;
    const foreign = await call('POST', groupsUrl, tokens.lehrer, {
      name: 'Fremd',
      devices: [headsets.gymnasium[0], kmzHeadset, 999999],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      devices: [
        `Diese VR-Brillen gibt es nicht oder sie gehören nicht zur Organisation der Gruppierung: ${kmzHeadset}, 999999.`,
      ],
    });
    const otherOrganisation = await call('POST', groupsUrl, tokens.lehrer, {
      name: 'Woanders',
      devices: [],
      organisationId: orgIds.kmz,
    });
    expect(otherOrganisation.json()).toEqual({
      organisationId: ['Sie gehören dieser Organisation nicht an.'],
    });
    const { rows } = await server.database.pool.query(
      "select count(*)::int as n from device_groups where name in ('Fremd', 'Woanders')",
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('refuses what the schema forbids, and anonymous callers', async () => {
    const cases: [unknown, string][] = [
      [{ devices: [] }, 'name'],
      [{ name: 'A', devices: [1, 1] }, 'devices'],
      [{ name: 'A', devices: ['1'] }, 'devices.0'],
      [{ name: 'x'.repeat(101), devices: [] }, 'name'],
      [{ name: 'A', devices: [], colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', groupsUrl, tokens.lehrer, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toHaveProperty([field]);
    }
    expect((await call('GET', groupsUrl)).statusCode).toBe(401);
    expect((await call('POST', groupsUrl, undefined, { name: 'A', devices: [] })).statusCode).toBe(401);
    const text = await server.app.inject({
      method: 'POST',
      url: groupsUrl,
      headers: { ...bearer(tokens.lehrer), 'content-type': 'text/plain' },
      payload: 'Klasse 7b',
    });
    expect(text.statusCode).toBe(415);
  });

  it('lets a user without organisation create none (403) and list none', async () => {
    const response = await call('POST', groupsUrl, tokens.staff, { name: 'Team', devices: [] });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(
      'Sie gehören keiner Organisation an und können daher keine Gruppierungen anlegen.',
    );
    expect((await call('GET', groupsUrl, tokens.staff)).json<GroupList>().count).toBe(0);
  });

  it('keeps a group in its organisation and its name free of a second group of the same name', async () => {
    const group = await create(tokens.lehrer, { name: 'Biologie', devices: [] });
    await create(tokens.lehrer, { name: 'Chemie', devices: [] });
    const moved = await call('PUT', groupUrl(group.id), tokens.lehrer, {
      name: 'Biologie',
      devices: [],
      organisationId: orgIds.kmz,
    });
    expect(moved.json()).toEqual({
      organisationId: ['Eine Gruppierung bleibt in der Organisation, in der sie angelegt wurde.'],
    });
    const clash = await call('PUT', groupUrl(group.id), tokens.lehrer, { name: 'CHEMIE', devices: [] });
    expect(clash.statusCode).toBe(400);
    // Its own name (in another case) is fine.
    const same = await call('PUT', groupUrl(group.id), tokens.lehrer, { name: 'BIOLOGIE', devices: [] });
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe('other organisations', () => {
  it('see, change, delete and filter by none of the groups (404), and the same name is free for them', async () => {
    const group = await create(tokens.lehrer, { name: 'Klasse 9a', devices: headsets.gymnasium.slice(0, 2) });
    for (const token of [tokens.admin, tokens.zfsl, tokens.staff]) {
      expect((await call('GET', groupUrl(group.id), token)).statusCode).toBe(404);
      expect(
        (await call('PUT', groupUrl(group.id), token, { name: 'Übernommen', devices: [] })).statusCode,
      ).toBe(404);
      expect((await call('DELETE', groupUrl(group.id), token)).statusCode).toBe(404);
      expect((await call('GET', `/api/v3/mdm/devices/?group=${group.id}`, token)).statusCode).toBe(404);
      expect((await call('GET', `/api/v3/mdm/devices/summary/?group=${group.id}`, token)).statusCode).toBe(
        404,
      );
      const names = (await call('GET', groupsUrl, token)).json<GroupList>().results.map((g) => g.name);
      expect(names).not.toContain('Klasse 9a');
    }
    expect((await call('GET', groupUrl(999999), tokens.lehrer)).json()).toEqual({
      detail: 'Diese Gruppierung wurde nicht gefunden.',
    });
    expect((await call('GET', `${groupsUrl}?organisation=${orgIds.kmz}`, tokens.lehrer)).statusCode).toBe(
      404,
    );
    const theirs = await create(tokens.admin, { name: 'Klasse 9a', devices: headsets.kmz.slice(0, 1) });
    expect(theirs.organisationId).toBe(orgIds.kmz);
    const { rows } = await server.database.pool.query('select name from device_groups where id = $1', [
      group.id,
    ]);
    expect(rows[0]).toEqual({ name: 'Klasse 9a' });
  });
});
