import type { components } from '@portal/api/schema';
import { BYTES_PER_GB, formatBytes, playlistFit, STORAGE_CAPACITY_GB } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_FACTS } from '../db/seed.ts';
import {
  bearer,
  createTestServer,
  deviceToken,
  login,
  pairHeadset,
  type TestServer,
} from '../test/testServer.ts';

type Schemas = components['schemas'];
type Configuration = Schemas['Configuration'];
type Device = Schemas['Device'];

/**
 * Activation on headsets, the storage check, the syncs the server queues and the sync state it computes from what
 * the headsets report (issue 15, items 2–4 and 6). The headset side is spoken here by hand, call by call, so every
 * state is set on purpose; configurationSync.test.ts has the simulator do it.
 */
let server: TestServer;
let lehrer: string;
let zfsl: string;
let admin: string;
let staff: string;
type Headset = { id: number; name: string; serial: string; model: string };
let headsets: Record<'gymnasium' | 'zfsl' | 'kmz', Headset[]>;
let contents: Map<string, { id: number; uuid: string }>;

beforeAll(async () => {
  server = await createTestServer();
  lehrer = (await login(server.app, 'lehrer@schule.example')).access;
  zfsl = (await login(server.app, 'zfsl@zfsl.example')).access;
  admin = (await login(server.app, 'admin@kmz.example')).access;
  staff = (await login(server.app, 'staff@vr-portal.example')).access;
  const { pool } = server.database;
  const rows = await pool.query<Headset & { type: number }>(`
    select d.id, d.name, d.serial_number as serial, t.name as model, o.organisation_type as type
    from devices d join organisations o on o.id = d.organisation_id join device_types t on t.id = d.device_type_id
    order by d.id`);
  const of = (type: number) => rows.rows.filter((r) => r.type === type);
  headsets = { gymnasium: of(2), zfsl: of(5), kmz: of(4) };
  const items = await pool.query<{ id: number; uuid: string; title: string }>(
    'select id, uuid, title from contents',
  );
  contents = new Map(items.rows.map((c) => [c.title, { id: c.id, uuid: c.uuid }]));
});
afterAll(() => server?.close());

const content = (title: string) => {
  const found = contents.get(title);
  if (!found) throw new Error(`no content ${title}`);
  return found;
};
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload } : {}),
  });
const LIST = '/api/v2/mdm/device-configurations/';
const activate = (id: number, token: string, body: object) =>
  call('PUT', `/api/v2/mdm/device-configurations/${id}/activate/`, token, body);
const detail = async (id: number, token: string) => {
  const response = await call('GET', `/api/v3/mdm/device-configurations/${id}/`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Configuration>();
};
async function create(
  token: string,
  name: string,
  ownerId: number,
  titles: string[],
): Promise<Configuration> {
  const response = await call('POST', LIST, token, {
    name,
    ownerId,
    contentIds: titles.map((t) => content(t).id),
    activeState: false,
    sdmDevices: [],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Configuration>();
}
const organisationOf = async (token: string) =>
  (await call('GET', '/api/v1/users/me/', token)).json<{ organisations: { id: number }[] }>().organisations[0]
    ?.id as number;
/** The sync commands queued (or delivered) for a headset and not finished. */
async function openSyncs(deviceId: number): Promise<number> {
  const { rows } = await server.database.pool.query<{ n: number }>(
    `select count(*)::int as n from device_commands
     where device_id = $1 and command = 'CMD.SYNC' and status in ('queued', 'delivered')`,
    [deviceId],
  );
  return rows[0]?.n ?? 0;
}
const device = async (id: number, token: string) =>
  (await call('GET', `/api/v3/mdm/devices/${id}/`, token)).json<Device>();

describe('activateConfiguration', () => {
  it('puts the playlist on exactly the listed headsets, queues a sync for each newcomer and wakes it', async () => {
    const school = await organisationOf(lehrer);
    const made = await create(lehrer, 'Biologie 7a', school, ['Kölner Dom', 'Nordseeküste']);
    const [first, second, third] = headsets.gymnasium.slice(10, 13) as [Headset, Headset, Headset];
    const bell = server.headsetEvents.subscribe(first.id);
    try {
      const response = await activate(made.id, lehrer, { sdmDevices: [first.id, second.id] });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Configuration>()).toMatchObject({
        activeState: true,
        sdmDevices: [first.id, second.id],
        isSynced: false,
      });
      // The long poll of the headset is woken, not left to its next round.
      expect(await bell.next(10_000)).toBe(true);
    } finally {
      bell.close();
    }
    expect(await openSyncs(first.id)).toBe(1);
    expect(await openSyncs(second.id)).toBe(1);
    expect((await device(first.id, lehrer)).syncStatus).toBe('pending');

    // Again with a third: only the newcomer gets a sync; a headset left out keeps no playlist.
    const again = await activate(made.id, lehrer, { sdmDevices: [second.id, third.id] });
    expect(again.json<Configuration>().sdmDevices).toEqual([second.id, third.id]);
    expect(await openSyncs(second.id)).toBe(1);
    expect(await openSyncs(third.id)).toBe(1);
    expect((await device(first.id, lehrer)).activeConfigurationId).toBeNull();

    // A headset has one playlist: activating another one takes it away, and the first turns inactive by itself.
    const other = await create(lehrer, 'Physik 8c', school, ['Kölner Dom']);
    await activate(other.id, lehrer, { sdmDevices: [second.id, third.id] });
    const left = await detail(made.id, lehrer);
    expect(left).toMatchObject({ activeState: false, sdmDevices: [], isSynced: true });
    const inactive = await call('GET', `${LIST}?active=false&page_size=100`, lehrer);
    expect(inactive.json<{ results: Configuration[] }>().results.map((c) => c.id)).toContain(made.id);

    // The sync still waiting for the second headset reads the new playlist when it is picked up: none more.
    expect(await openSyncs(second.id)).toBe(1);

    // An empty list deactivates; no sync goes out for that.
    const off = await activate(other.id, lehrer, { sdmDevices: [] });
    expect(off.json<Configuration>()).toMatchObject({ activeState: false, sdmDevices: [] });
    expect((await device(second.id, lehrer)).activeConfigurationId).toBeNull();
    expect(await openSyncs(second.id)).toBe(1);
  });

  it('refuses a headset of another organisation with 400 naming it, and changes nothing', async () => {
    const made = await create(lehrer, 'Fremde Brille', await organisationOf(lehrer), ['Kölner Dom']);
    const own = headsets.gymnasium[14] as Headset;
    const foreign = headsets.kmz[1] as Headset;
    const response = await activate(made.id, lehrer, { sdmDevices: [own.id, foreign.id, 999999] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      sdmDevices: [
        `Diese VR-Brillen gibt es nicht oder sie gehören nicht der Organisation der Wiedergabeliste: ${foreign.id}, 999999.`,
      ],
    });
    expect((await detail(made.id, lehrer)).sdmDevices).toEqual([]);
    expect(await openSyncs(own.id)).toBe(0);
    expect((await device(foreign.id, admin)).activeConfigurationId).not.toBe(made.id);
  });

  it('lets only the owner activate: 403 for a shared playlist, 404 for an invisible one or without organisation', async () => {
    const shared = await call('GET', `${LIST}?owner=${await organisationOf(zfsl)}`, lehrer);
    const sharedId = shared
      .json<{ results: Configuration[] }>()
      .results.find((c) => c.name === SEED_FACTS.zfslPlaylistSharedWithGymnasium)?.id as number;
    const forbidden = await activate(sharedId, lehrer, { sdmDevices: [headsets.gymnasium[0]?.id] });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({
      detail: 'Nur die Organisation, der diese Wiedergabeliste gehört, darf sie ändern.',
    });
    expect((await activate(sharedId, admin, { sdmDevices: [] })).statusCode).toBe(404);
    expect((await activate(sharedId, staff, { sdmDevices: [] })).statusCode).toBe(404);
    expect((await detail(sharedId, zfsl)).sdmDevices).toEqual([]);
  });

  it('refuses malformed bodies with 400 JSON', async () => {
    const made = await create(lehrer, 'Formfehler', await organisationOf(lehrer), []);
    const id = headsets.gymnasium[0]?.id as number;
    const duplicates = await activate(made.id, lehrer, { sdmDevices: [id, id] });
    expect(duplicates.statusCode).toBe(400);
    expect(duplicates.json()).toHaveProperty('sdmDevices');
    expect((await activate(made.id, lehrer, { sdmDevices: [String(id)] })).statusCode).toBe(400);
    expect((await activate(made.id, lehrer, {})).json()).toEqual({
      sdmDevices: ['Dieses Feld ist erforderlich.'],
    });
    const extra = await activate(made.id, lehrer, { sdmDevices: [], activeState: true });
    expect(extra.json()).toEqual({ activeState: ['Dieses Feld ist nicht erlaubt.'] });
    expect((await activate(made.id, lehrer, { sdmDevices: [], acceptStorageWarning: 'ja' })).statusCode).toBe(
      400,
    );
  });
});

describe('the storage check', () => {
  const byModel = (model: string) => headsets.zfsl.find((h) => h.model === model) as Headset;

  it('refuses a playlist larger than a headset’s model capacity less 14.78 GB, naming it; accepted on request', async () => {
    const made = await create(zfsl, 'Großer Schultag', await organisationOf(zfsl), [
      SEED_FACTS.zfslLargeTitle,
      'Unterrichtsbeobachtung Mathematik',
      SEED_FACTS.zfslPrivateTitle,
    ]);
    const required = made.totalSize;
    const small = byModel('Pico G2 4K');
    const large = byModel('Pico G3');
    const usable = playlistFit(0, STORAGE_CAPACITY_GB.maxPicoG24K * BYTES_PER_GB).usableBytes;
    expect(required).toBeGreaterThan(usable);

    const refused = await activate(made.id, zfsl, { sdmDevices: [large.id, small.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail:
        `Die Wiedergabeliste „Großer Schultag“ (${formatBytes(required)}) passt nicht auf ${small.name}: ` +
        `dort sind nur ${formatBytes(usable)} für Inhalte frei. ` +
        'Bitte entfernen Sie Inhalte oder wählen Sie andere VR-Brillen.',
      code: 'storageExceeded',
      params: { devices: small.name, requiredBytes: required, usableBytes: usable },
    });
    expect((await detail(made.id, zfsl)).sdmDevices).toEqual([]);
    expect(await openSyncs(large.id)).toBe(0);

    // Where it fits, no question is asked; after the warning the user may activate it all the same.
    const fits = await activate(made.id, zfsl, { sdmDevices: [large.id] });
    expect(fits.statusCode, fits.body).toBe(200);
    const accepted = await activate(made.id, zfsl, {
      sdmDevices: [large.id, small.id],
      acceptStorageWarning: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<Configuration>().sdmDevices).toEqual([small.id, large.id].sort((a, b) => a - b));
    await activate(made.id, zfsl, { sdmDevices: [] });
  });

  it('counts file sizes, web apps as nothing, in totalSize', async () => {
    const made = await create(zfsl, 'Größe', await organisationOf(zfsl), [
      'Unterrichtsbeobachtung Mathematik',
      'Elterngespräch simulieren',
    ]);
    expect(made.totalSize).toBe(3000 * 1024 ** 2);
  });
});

describe('item changes reach the headsets', () => {
  it('an addition, a move or a removal queues one sync per headset, not one per change', async () => {
    const school = await organisationOf(lehrer);
    const made = await create(lehrer, 'Sync bei Änderung', school, ['Kölner Dom']);
    const target = headsets.gymnasium[20] as Headset;
    await activate(made.id, lehrer, { sdmDevices: [target.id] });
    const token = await pairHeadset(server, target.serial);
    // The headset picks the activation's sync up.
    const polled = await server.app.inject({ url: '/api/v1/headset/commands/', headers: deviceToken(token) });
    expect(polled.json<{ commands: { command: string }[] }>().commands.map((c) => c.command)).toEqual([
      'CMD.SYNC',
    ]);

    const add = (title: string) =>
      call('POST', `/api/v2/mdm/device-configurations/${made.id}/content/`, lehrer, {
        contentId: content(title).id,
        contentOrigin: 'cms',
      });
    expect((await add('Nordseeküste')).statusCode).toBe(200);
    expect((await add('Der Regenwald')).statusCode).toBe(200);
    const move = await call('POST', `/api/v2/mdm/device-configurations/${made.id}/move-content/`, lehrer, {
      contentId: content('Der Regenwald').id,
      contentOrigin: 'cms',
      positionNumber: 1,
    });
    expect(move.statusCode).toBe(200);
    // One delivered (running) sync plus one waiting for all three changes.
    const { rows } = await server.database.pool.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from device_commands where device_id = $1 and command = 'CMD.SYNC'
       group by status order by status`,
      [target.id],
    );
    expect(rows).toEqual([
      { status: 'delivered', n: 1 },
      { status: 'queued', n: 1 },
    ]);
    expect((await device(target.id, lehrer)).syncStatus).toBe('pending');
  });
});

describe('sync state from what the headsets report', () => {
  it('isSynced and missingContent follow each headset’s installedContent, per playlist and per headset', async () => {
    const titles = ['Kölner Dom', 'Nordseeküste', 'Der Regenwald'];
    const made = await create(lehrer, 'Sync-Zustand', await organisationOf(lehrer), titles);
    const [one, two] = headsets.gymnasium.slice(22, 24) as [Headset, Headset];
    await activate(made.id, lehrer, { sdmDevices: [one.id, two.id] });
    const tokens = [await pairHeadset(server, one.serial), await pairHeadset(server, two.serial)];
    const report = (token: string, installed: string[], syncStatus: string) =>
      server.app.inject({
        method: 'PUT',
        url: '/api/v1/headset/state/',
        headers: deviceToken(token),
        payload: {
          softwareVersion: '4.9.4',
          batteryLevel: 90,
          storageTotal: 256 * BYTES_PER_GB,
          storageUsed: 20 * BYTES_PER_GB,
          currentApp: null,
          playbackState: 'stopped',
          syncStatus,
          installedContent: installed,
        },
      });
    const uuids = titles.map((t) => content(t).uuid);
    const ids = titles.map((t) => content(t).id);

    expect((await report(tokens[0] as string, uuids, 'synced')).statusCode).toBe(204);
    expect((await report(tokens[1] as string, uuids.slice(0, 1), 'failed')).statusCode).toBe(204);
    const partly = await detail(made.id, lehrer);
    expect(partly).toMatchObject({ isSynced: false, missingContent: ids.slice(1) });
    expect((await device(one.id, lehrer)).missingContent).toEqual([]);
    expect((await device(two.id, lehrer)).missingContent).toEqual(ids.slice(1));

    // A headset that says 'synced' but lacks an item stays pending; once it holds everything, all is synced.
    await report(tokens[1] as string, uuids.slice(0, 2), 'synced');
    expect((await device(two.id, lehrer)).syncStatus).toBe('pending');
    expect((await detail(made.id, lehrer)).missingContent).toEqual(ids.slice(2));
    await report(tokens[1] as string, uuids, 'synced');
    expect(await detail(made.id, lehrer)).toMatchObject({ isSynced: true, missingContent: [] });
  });
});
