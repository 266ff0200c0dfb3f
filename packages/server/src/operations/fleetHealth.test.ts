import type { components } from '@portal/api/schema';
import { isBatteryLow, isOutOfSync, isSoftwareOutdated } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, login, pairHeadset, type TestServer } from '../test/testServer.ts';

type DeviceList = components['schemas']['PaginatedDeviceList'];
type DeviceSummary = components['schemas']['DeviceSummary'];

/**
 * The dashboard's counts and the headset list's filters they link to: the same rules (@portal/domain fleet.ts), so a
 * count always equals the filtered list.
 */
let server: TestServer;
const tokens = { lehrer: '', admin: '', staff: '' };
let orgIds: { gymnasium: number; kmz: number };

beforeAll(async () => {
  server = await createTestServer();
  tokens.lehrer = (await login(server.app, 'lehrer@schule.example')).access;
  tokens.admin = (await login(server.app, 'admin@kmz.example')).access;
  tokens.staff = (await login(server.app, 'staff@vr-portal.example')).access;
  const orgs = await server.database.pool.query<{ id: number; organisation_type: number }>(
    'select id, organisation_type from organisations',
  );
  const of = (type: number) => orgs.rows.find((o) => o.organisation_type === type)?.id ?? 0;
  orgIds = { gymnasium: of(2), kmz: of(4) };
  // A class set in every state the dashboard counts: two online (paired, one poll), low batteries, a sync pending and
  // one failed, versions old, new and unknown. The demo publishes Pico OS 5.3.0 for the Neo 3 Pro (PA7GY0001–0006,
  // 0011–0016, …); the Pico 4 (PA7GY0009, 0010, …) has no published image.
  const { pool } = server.database;
  for (const serial of ['PA7GY0001', 'PA7GY0002']) {
    const token = await pairHeadset(server, serial);
    await server.app.inject({
      url: '/api/v1/headset/commands/?wait=0',
      headers: { 'x-device-token': token },
    });
  }
  await pool.query("update devices set battery_level = 19 where serial_number in ('PA7GY0003', 'PA7GY0004')");
  await pool.query("update devices set battery_level = 20 where serial_number = 'PA7GY0005'");
  await pool.query("update devices set battery_level = null where serial_number = 'PA7GY0006'");
  await pool.query("update devices set sync_status = 'pending' where serial_number = 'PA7GY0007'");
  await pool.query("update devices set sync_status = 'failed' where serial_number = 'PA7GY0008'");
  await pool.query("update devices set sync_status = 'syncing' where serial_number = 'PA7GY0009'");
  await pool.query(
    "update devices set software_version = null where serial_number in ('PA7GY0010', 'PA7GY0013')",
  );
  await pool.query("update devices set software_version = '5.10.0' where serial_number = 'PA7GY0011'");
  await pool.query("update devices set software_version = '5.2.9' where serial_number = 'PA7GY0012'");
  await pool.query("update devices set software_version = '5.3.0' where serial_number = 'PA7GY0014'");
  await pool.query("update devices set playback_state = 'playing' where serial_number = 'PA7GY0001'");
});
afterAll(() => server?.close());

const get = (url: string, token = tokens.lehrer) => server.app.inject({ url, headers: bearer(token) });
const list = async (query: string, token = tokens.lehrer) => {
  const response = await get(`/api/v3/mdm/devices/?page_size=1000&${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DeviceList>();
};
const summary = async (query = '', token = tokens.lehrer) => {
  const response = await get(`/api/v3/mdm/devices/summary/${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DeviceSummary>();
};

describe('the headset list’s health filters', () => {
  it('follow the domain rules for every headset, and their negations take the rest', async () => {
    const all = (await list('')).results;
    expect(all).toHaveLength(30);
    const ids = (page: DeviceList) => page.results.map((d) => d.id).sort((a, b) => a - b);
    const expected = (keep: (d: (typeof all)[number]) => boolean) =>
      all
        .filter(keep)
        .map((d) => d.id)
        .sort((a, b) => a - b);
    const rules = [
      ['low_battery', (d: (typeof all)[number]) => isBatteryLow(d.batteryLevel)],
      ['is_synced', (d: (typeof all)[number]) => !isOutOfSync(d.syncStatus)],
      [
        'outdated_software',
        (d: (typeof all)[number]) => isSoftwareOutdated(d.softwareVersion, d.newestOperatingSystem?.version),
      ],
      ['is_online', (d: (typeof all)[number]) => d.isOnline],
    ] as const;
    for (const [filter, rule] of rules) {
      expect(ids(await list(`${filter}=true`)), filter).toEqual(expected(rule));
      expect(ids(await list(`${filter}=false`)), filter).toEqual(expected((d) => !rule(d)));
    }
    expect((await list('low_battery=true')).results.map((d) => d.batteryLevel)).toEqual([19, 19]);
    const outdated = (await list('outdated_software=true')).results.map((d) => d.serialNumber);
    // Older than the Neo 3 Pro's 5.3.0 (5.2.9, never reported, …); on it or newer (5.3.0, 5.10.0) it is current.
    expect(outdated).toEqual(expect.arrayContaining(['PA7GY0001', 'PA7GY0012', 'PA7GY0013']));
    expect(outdated).not.toContain('PA7GY0011');
    expect(outdated).not.toContain('PA7GY0014');
    // Models without a published image are never outdated, not even at 3.9.2-era versions or unknown ones.
    expect(outdated).not.toContain('PA7GY0009');
    expect(outdated).not.toContain('PA7GY0010');
    const neo = all.find((d) => d.serialNumber === 'PA7GY0001');
    expect(neo?.newestOperatingSystem).toEqual({ id: expect.any(Number), version: '5.3.0' });
    expect(all.find((d) => d.serialNumber === 'PA7GY0010')?.newestOperatingSystem).toBeNull();
  });

  it('combine with each other and with search', async () => {
    const page = await list('low_battery=true&is_synced=true&search=PA7GY0003');
    expect(page.results.map((d) => d.serialNumber)).toEqual(['PA7GY0003']);
    expect((await list('low_battery=true&is_online=true')).count).toBe(0);
  });

  it('refuse values that are no booleans', async () => {
    const response = await get('/api/v3/mdm/devices/?low_battery=maybe');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('low_battery');
  });
});

describe('getDeviceSummary', () => {
  it('counts each state exactly as the filtered list does', async () => {
    const counts = await summary();
    expect(counts).toEqual({
      total: 30,
      online: (await list('is_online=true')).count,
      offline: (await list('is_online=false')).count,
      lowBattery: (await list('low_battery=true')).count,
      outOfSync: (await list('is_synced=false')).count,
      outdatedSoftware: (await list('outdated_software=true')).count,
      playing: 1,
    });
    expect(counts).toMatchObject({ online: 2, offline: 28, lowBattery: 2, outOfSync: 3 });
  });

  it('counts only the caller’s organisations: one of them, 404 for another, zeros without any', async () => {
    expect((await summary('', tokens.admin)).total).toBe(6);
    expect((await summary(`?organisation=${orgIds.gymnasium}`)).total).toBe(30);
    const foreign = await get(`/api/v3/mdm/devices/summary/?organisation=${orgIds.kmz}`);
    expect(foreign.statusCode).toBe(404);
    expect(await summary('', tokens.staff)).toEqual({
      total: 0,
      online: 0,
      offline: 0,
      lowBattery: 0,
      outOfSync: 0,
      outdatedSoftware: 0,
      playing: 0,
    });
    expect((await server.app.inject({ url: '/api/v3/mdm/devices/summary/' })).statusCode).toBe(401);
  });
});
