import type { components } from '@portal/api/schema';
import {
  type DeviceCommand as CommandName,
  DEVICE_CODE_NAMES,
  DEVICE_FEATURES,
  isOlderThan,
  supportsFeature,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadContract } from '../contract.ts';
import { germanSortKey } from '../db/sql.ts';
import { bearer, createTestServer, login, pairHeadset, type TestServer } from '../test/testServer.ts';

type Device = components['schemas']['Device'];
type DeviceList = components['schemas']['PaginatedDeviceList'];
type DeviceCommand = components['schemas']['DeviceCommand'];
type CommandList = components['schemas']['PaginatedDeviceCommandList'];

let server: TestServer;
const tokens: Record<'lehrer' | 'admin' | 'zfsl' | 'staff', string> = {
  lehrer: '',
  admin: '',
  zfsl: '',
  staff: '',
};
let orgIds: { kmz: number; gymnasium: number; zfsl: number };
/** Headsets by organisation, then name: id, serial number, software version. */
const headsets = new Map<string, { id: number; serial: string; version: string }>();
const contents = new Map<string, string>();
const playlists = new Map<string, number>();

beforeAll(async () => {
  server = await createTestServer();
  tokens.lehrer = (await login(server.app, 'lehrer@schule.example')).access;
  tokens.admin = (await login(server.app, 'admin@kmz.example')).access;
  tokens.zfsl = (await login(server.app, 'zfsl@zfsl.example')).access;
  tokens.staff = (await login(server.app, 'staff@vr-portal.example')).access;
  const { pool } = server.database;
  const orgs = await pool.query<{ id: number; organisation_type: number }>(
    'select id, organisation_type from organisations',
  );
  const of = (type: number) => orgs.rows.find((o) => o.organisation_type === type)?.id ?? 0;
  orgIds = { kmz: of(4), gymnasium: of(2), zfsl: of(5) };
  const rows = await pool.query<{ id: number; serial_number: string; name: string; org: string; v: string }>(
    `select d.id, d.serial_number, d.name, d.software_version as v,
      case o.organisation_type when 4 then 'kmz' when 2 then 'gymnasium' else 'zfsl' end as org
     from devices d join organisations o on o.id = d.organisation_id`,
  );
  for (const row of rows.rows) {
    headsets.set(`${row.org}/${row.name}`, { id: row.id, serial: row.serial_number, version: row.v });
  }
  const items = await pool.query<{ uuid: string; title: string }>('select uuid, title from contents');
  for (const item of items.rows) contents.set(item.title, item.uuid);
  const lists = await pool.query<{ id: number; name: string }>('select id, name from configurations');
  for (const list of lists.rows) playlists.set(list.name, list.id);
});
afterAll(() => server?.close());

const headset = (key: string) => {
  const found = headsets.get(key);
  if (!found) throw new Error(`no headset ${key}`);
  return found;
};
const uuid = (title: string) => {
  const found = contents.get(title);
  if (!found) throw new Error(`no content ${title}`);
  return found;
};

const get = (url: string, token: string) => server.app.inject({ url, headers: bearer(token) });
const post = (url: string, token: string, payload: unknown) =>
  server.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const list = async (token: string, query = '') => {
  const response = await get(`/api/v3/mdm/devices/${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DeviceList>();
};
const names = (page: DeviceList) => page.results.map((d) => d.name);
const extras = (more: Record<string, unknown> = {}) => ({
  guidedModeState: false,
  manufacturerModeState: false,
  ...more,
});
const command = (serial: string, name: string, more: Record<string, unknown> = {}, token = tokens.lehrer) =>
  post(`/api/v1/mdm/devices/${serial}/command/`, token, { command: name, extras: extras(more) });
/**
 * Brings headsets online as real ones would: paired with a code, then one poll (playback commands need the headset
 * online). Polled without waiting, so nothing queued later is handed out.
 */
async function goOnline(...serials: string[]): Promise<void> {
  for (const serial of serials) {
    const token = await pairHeadset(server, serial);
    const poll = await server.app.inject({
      url: '/api/v1/headset/commands/?wait=0',
      headers: { 'x-device-token': token },
    });
    expect(poll.statusCode, poll.body).toBe(200);
  }
}

describe('listDevices', () => {
  it('lists only the headsets of the caller’s organisations', async () => {
    const gymnasium = await list(tokens.lehrer);
    expect(gymnasium.count).toBe(30);
    expect(gymnasium.results.every((d) => d.organisationId === orgIds.gymnasium)).toBe(true);
    const kmz = await list(tokens.admin);
    expect(kmz.count).toBe(6);
    expect(kmz.results.every((d) => d.organisationId === orgIds.kmz)).toBe(true);
    const zfsl = await list(tokens.zfsl);
    expect(zfsl.count).toBe(4);
    expect((await list(tokens.staff)).count).toBe(0);
  });

  it('sorts by name by default (German order) and by the other orderings, ties by id', async () => {
    const byName = names(await list(tokens.lehrer));
    expect(byName.slice(0, 4)).toEqual(['Achernar', 'Acrux', 'Adhara', 'Aldebaran']);
    expect(byName.at(-1)).toBe('VR-Brille 30');
    const reversed = names(await list(tokens.lehrer, '?ordering=-name'));
    expect(reversed).toEqual([...byName].reverse());
    const battery = (await list(tokens.lehrer, '?ordering=-batteryLevel')).results.map((d) => d.batteryLevel);
    expect(battery).toEqual([...battery].sort((a, b) => (b ?? 0) - (a ?? 0)));
    const serials = (await list(tokens.lehrer, '?ordering=serialNumber')).results.map((d) => d.serialNumber);
    expect(serials[0]).toBe('PA7GY0001');
  });

  it('filters by search (name or serial), device type, organisation, playlist and online state', async () => {
    expect(names(await list(tokens.lehrer, '?search=sir'))).toEqual(['Sirius']);
    expect(names(await list(tokens.lehrer, '?search=pa7gy0002'))).toEqual(['Canopus']);
    expect((await list(tokens.lehrer, '?search=VR-Brille')).count).toBe(10);
    expect((await list(tokens.lehrer, '?search=100%25')).count).toBe(0);

    const types = (await get('/api/v2/mdm/device-type/', tokens.lehrer)).json<
      { id: number; name: string }[]
    >();
    const pico4 = types.find((t) => t.name === 'Pico 4')?.id;
    const ofType = await list(tokens.lehrer, `?device_type=${pico4}`);
    expect(ofType.count).toBe(6);
    expect(ofType.results.every((d) => d.deviceType.name === 'Pico 4')).toBe(true);

    expect((await list(tokens.lehrer, `?organisation=${orgIds.gymnasium}`)).count).toBe(30);
    const foreign = await get(`/api/v3/mdm/devices/?organisation=${orgIds.kmz}`, tokens.lehrer);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe('Diese Organisation wurde nicht gefunden.');

    // The class set holds the Gymnasium's active playlist.
    const active = playlists.get('Projektwoche Naturwissenschaften');
    expect((await list(tokens.lehrer, `?configuration=${active}`)).count).toBe(30);
    // Another organisation's playlist finds nothing of it either.
    const kmzList = playlists.get('Naturwissenschaften Klasse 7');
    expect((await list(tokens.lehrer, `?configuration=${kmzList}`)).count).toBe(0);

    // Nothing has polled yet: every demo headset is offline.
    expect((await list(tokens.lehrer, '?is_online=true')).count).toBe(0);
    expect((await list(tokens.lehrer, '?is_online=false')).count).toBe(30);
  });

  it('pages with next and previous links, and refuses a page beyond the last', async () => {
    const first = await list(tokens.lehrer, '?page_size=12');
    expect(first.results).toHaveLength(12);
    expect(first.previous).toBeNull();
    expect(first.next).toMatch(/page=2/);
    const third = await list(tokens.lehrer, '?page_size=12&page=3');
    expect(third.results).toHaveLength(6);
    expect(third.next).toBeNull();
    const all = [
      ...names(first),
      ...names(await list(tokens.lehrer, '?page_size=12&page=2')),
      ...names(third),
    ];
    expect(new Set(all).size).toBe(30);
    expect((await get('/api/v3/mdm/devices/?page_size=12&page=4', tokens.lehrer)).statusCode).toBe(404);
    expect((await get('/api/v3/mdm/devices/?ordering=color', tokens.lehrer)).statusCode).toBe(400);
    expect((await server.app.inject({ url: '/api/v3/mdm/devices/' })).statusCode).toBe(401);
  });

  // A member of one organisation is read through the name index (access.ts devicesVisibleTo); a member of several
  // takes the other path, which must answer the same: both organisations' headsets, in one German order, no others.
  it('lists the headsets of every organisation of a member of two, in one order, and no others', async () => {
    const { pool } = server.database;
    const zfslUser = await pool.query<{ id: number }>(
      "select id from users where email = 'zfsl@zfsl.example'",
    );
    const userId = zfslUser.rows[0]?.id;
    await pool.query(
      'insert into memberships (user_id, organisation_id, is_administrator) values ($1, $2, false)',
      [userId, orgIds.kmz],
    );
    onTestFinished(async () => {
      await pool.query('delete from memberships where user_id = $1 and organisation_id = $2', [
        userId,
        orgIds.kmz,
      ]);
    });

    const both = await list(tokens.zfsl, '?page_size=100');
    expect(both.count).toBe(10);
    expect(new Set(both.results.map((d) => d.organisationId))).toEqual(new Set([orgIds.kmz, orgIds.zfsl]));
    const inOrder = await server.database.db.execute<{ name: string }>(sql`
      select d.name from devices d where d.organisation_id in (${orgIds.kmz}, ${orgIds.zfsl})
      order by ${germanSortKey(sql`d.name`)}, d.id`);
    expect(names(both)).toEqual(inOrder.rows.map((row) => row.name));
    const paged = [
      ...names(await list(tokens.zfsl, '?page_size=4')),
      ...names(await list(tokens.zfsl, '?page_size=4&page=2')),
      ...names(await list(tokens.zfsl, '?page_size=4&page=3')),
    ];
    expect(paged).toEqual(names(both));
    expect((await get(`/api/v3/mdm/devices/${headset('kmz/Sirius').id}/`, tokens.zfsl)).statusCode).toBe(200);
    expect(
      (await get(`/api/v3/mdm/devices/${headset('gymnasium/Sirius').id}/`, tokens.zfsl)).statusCode,
    ).toBe(404);
  });
});

describe('getDevice', () => {
  it('shows a headset of the caller with what the portal needs', async () => {
    const sirius = headset('gymnasium/Sirius');
    const response = await get(`/api/v3/mdm/devices/${sirius.id}/`, tokens.lehrer);
    expect(response.statusCode).toBe(200);
    const device = response.json<Device>();
    expect(device).toMatchObject({
      id: sirius.id,
      serialNumber: 'PA7GY0001',
      name: 'Sirius',
      deviceType: { name: 'Pico Neo 3 Pro' },
      softwareVersion: '4.9.4',
      isOnline: false,
      playbackState: 'stopped',
      activeConfigurationId: playlists.get('Projektwoche Naturwissenschaften'),
      syncStatus: 'synced',
      missingContent: [],
      guidedMode: true,
      isEnrolled: false,
      storageTotal: 256 * 1024 ** 3,
    });
    expect(device.lastSeen).not.toBeNull();
    expect(device.storageUsed).toBeGreaterThan(14 * 1024 ** 3);
  });

  it('answers 404 for another organisation’s headset and for unknown ids', async () => {
    const kmz = headset('kmz/Sirius');
    const foreign = await get(`/api/v3/mdm/devices/${kmz.id}/`, tokens.lehrer);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Diese VR-Brille wurde nicht gefunden.' });
    expect((await get('/api/v3/mdm/devices/999999/', tokens.lehrer)).statusCode).toBe(404);
    expect((await get(`/api/v3/mdm/devices/${kmz.id}/`, tokens.staff)).statusCode).toBe(404);
  });

  it('names the items of the active playlist the headset still lacks', async () => {
    const device = (
      await get(`/api/v3/mdm/devices/${headset('kmz/Sirius').id}/`, tokens.admin)
    ).json<Device>();
    expect(device.syncStatus).toBe('pending');
    expect(device.missingContent).toHaveLength(1);
  });
});

describe('listDeviceTypes', () => {
  it('lists the models of spec §3 with their capacities', async () => {
    const response = await get('/api/v2/mdm/device-type/', tokens.lehrer);
    expect(response.statusCode).toBe(200);
    const types = response.json<{ name: string; storageCapacityGb: number }[]>();
    expect(types.map((t) => [t.name, t.storageCapacityGb])).toEqual([
      ['Pico G2 4K', 64],
      ['Pico Neo 3 Pro', 256],
      ['Pico G3', 128],
      ['Pico 4', 256],
    ]);
  });
});

describe('sendDeviceCommand', () => {
  it('queues a command with its expiry and answers it as the portal sees it', async () => {
    const sirius = headset('gymnasium/Sirius');
    await goOnline(sirius.serial);
    const response = await command(sirius.serial, 'CMD.START.VIDEO', {
      contentUuid: uuid('Chemielabor Sicherheitseinweisung'),
    });
    expect(response.statusCode, response.body).toBe(201);
    const queued = response.json<DeviceCommand>();
    expect(queued).toMatchObject({
      deviceId: sirius.id,
      serialNumber: sirius.serial,
      command: 'CMD.START.VIDEO',
      status: 'queued',
      message: null,
      deliveredAt: null,
      finishedAt: null,
    });
    expect(Date.parse(queued.expiresAt) - Date.parse(queued.createdAt)).toBe(5 * 60 * 1000);
    const { rows } = await server.database.pool.query(
      'select status, command, created_by is not null as by_user from device_commands where id = $1',
      [queued.id],
    );
    expect(rows).toEqual([{ status: 'queued', command: 'CMD.START.VIDEO', by_user: true }]);

    const update = (await command(sirius.serial, 'CMD.UPDATE')).json<DeviceCommand>();
    expect(Date.parse(update.expiresAt) - Date.parse(update.createdAt)).toBe(24 * 60 * 60 * 1000);
  });

  it('answers 404 for another organisation’s headset and unknown serials, and queues nothing', async () => {
    const kmz = headset('kmz/Canopus');
    const foreign = await command(kmz.serial, 'CMD.REBOOT');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe('Diese VR-Brille wurde nicht gefunden.');
    expect((await command('NOPE0001', 'CMD.REBOOT')).statusCode).toBe(404);
    expect((await command(kmz.serial, 'CMD.REBOOT', {}, tokens.staff)).statusCode).toBe(404);
    const { rows } = await server.database.pool.query(
      'select count(*)::int as n from device_commands where device_id = $1',
      [kmz.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('refuses unknown commands, unknown extras and missing extras with field errors', async () => {
    const serial = headset('gymnasium/Canopus').serial;
    const unknown = await command(serial, 'CMD.SELF.DESTRUCT');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toHaveProperty('command');
    const stray = await command(serial, 'CMD.REBOOT', { volume: 3 });
    expect(stray.statusCode).toBe(400);
    expect(stray.json()).toEqual({ 'extras.volume': ['Dieses Feld ist nicht erlaubt.'] });
    const missing = await post(`/api/v1/mdm/devices/${serial}/command/`, tokens.lehrer, {
      command: 'CMD.REBOOT',
    });
    expect(missing.json()).toEqual({ extras: ['Dieses Feld ist erforderlich.'] });
    const badUuid = await command(serial, 'CMD.START.VIDEO', { contentUuid: 'not-a-uuid' });
    expect(badUuid.json()).toEqual({ 'extras.contentUuid': ['Bitte geben Sie eine gültige UUID ein.'] });
  });

  it('refuses extras that do not fit the command', async () => {
    const serial = headset('gymnasium/Canopus').serial;
    await goOnline(serial);
    const reboot = await command(serial, 'CMD.REBOOT', { contentUuid: uuid('Korallenriff') });
    expect(reboot.statusCode).toBe(400);
    expect(reboot.json()).toEqual({
      'extras.contentUuid': ['Der Befehl „Neu starten“ startet keinen Inhalt.'],
    });
    const video = await command(serial, 'CMD.START.VIDEO');
    expect(video.json()).toEqual({
      'extras.contentUuid': ['Bitte wählen Sie den Inhalt, der starten soll.'],
    });
    const app = await command(serial, 'CMD.START.APP');
    expect(app.json()).toEqual({
      'extras.contentUuid': ['Bitte wählen Sie eine App (Inhalt oder Paketname).'],
    });
    const packageForVideo = await command(serial, 'CMD.START.VIDEO', {
      contentUuid: uuid('Korallenriff'),
      packageName: 'de.kmz.zelle',
    });
    expect(packageForVideo.json()).toEqual({
      'extras.packageName': ['Einen Paketnamen nimmt nur „App starten“.'],
    });
    const byPackage = await command(serial, 'CMD.START.APP', { packageName: 'de.kmz.zelle' });
    expect(byPackage.statusCode).toBe(201);
  });

  it('refuses content that is missing, not the caller’s to use, of the wrong type or without its file', async () => {
    const serial = headset('gymnasium/Canopus').serial;
    const unknownMessage = {
      'extras.contentUuid': ['Diesen Inhalt gibt es nicht oder Sie dürfen ihn nicht verwenden.'],
    };
    const missing = await command(serial, 'CMD.START.VIDEO', {
      contentUuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(unknownMessage);
    // The ZfsL's private video exists, but the Gymnasium may not see it: the same answer.
    const hidden = await command(serial, 'CMD.START.VIDEO', { contentUuid: uuid('Lehrprobe Biologie') });
    expect(hidden.json()).toEqual(unknownMessage);

    const wrongType = await command(serial, 'CMD.START.VIDEO', { contentUuid: uuid('Die Zelle von innen') });
    expect(wrongType.json()).toEqual({
      'extras.contentUuid': ['„Video starten“ startet keinen Inhalt dieser Art: der Inhalt ist eine App.'],
    });
    const webAppAsApp = await command(serial, 'CMD.START.APP', { contentUuid: uuid('Erste Hilfe') });
    expect(webAppAsApp.statusCode).toBe(400);
    const otherPackage = await command(serial, 'CMD.START.APP', {
      contentUuid: uuid('Die Zelle von innen'),
      packageName: 'de.kmz.rom',
    });
    expect(otherPackage.json()).toEqual({
      'extras.packageName': ['Der Paketname gehört nicht zu der gewählten App.'],
    });

    const { rows } = await server.database.pool.query<{ uuid: string }>(
      `insert into contents (title, content_type, owner_id, format) values ('Ohne Datei', 'video', $1, '360')
       returning uuid`,
      [orgIds.gymnasium],
    );
    const noFile = await command(serial, 'CMD.START.VIDEO', { contentUuid: rows[0]?.uuid });
    expect(noFile.json()).toEqual({
      'extras.contentUuid': ['Dieses Video hat noch keine Datei. Bitte laden Sie sie zuerst hoch.'],
    });
  });

  it('refuses content the caller sees through another organisation than the headset’s', async () => {
    const { pool } = server.database;
    const { rows } = await pool.query<{ id: number }>(
      "select id from users where email = 'lehrer@schule.example'",
    );
    await pool.query('insert into memberships (user_id, organisation_id) values ($1, $2)', [
      rows[0]?.id,
      orgIds.zfsl,
    ]);
    try {
      await goOnline(headset('gymnasium/Canopus').serial, headset('zfsl/Sirius').serial);
      const response = await command(headset('gymnasium/Canopus').serial, 'CMD.START.VIDEO', {
        contentUuid: uuid('Lehrprobe Biologie'),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        'extras.contentUuid': [
          'Diesen Inhalt darf die Organisation der VR-Brille nicht verwenden. Bitte teilen Sie ihn zuerst mit ihr.',
        ],
      });
      // The ZfsL's own headset may play it.
      const own = await command(headset('zfsl/Sirius').serial, 'CMD.START.VIDEO', {
        contentUuid: uuid('Lehrprobe Biologie'),
      });
      expect(own.statusCode).toBe(201);
    } finally {
      await pool.query('delete from memberships where user_id = $1 and organisation_id = $2', [
        rows[0]?.id,
        orgIds.zfsl,
      ]);
    }
  });

  it('refuses a command the headset’s software is too old for with 409, code and version', async () => {
    const deneb = headset('gymnasium/Deneb');
    expect(deneb.version).toBe('4.2.3');
    const mute = await command(deneb.serial, 'CMD.MUTE');
    expect(mute.statusCode).toBe(409);
    expect(mute.json()).toEqual({
      detail:
        '„Stummschalten“ braucht auf der VR-Brille mindestens die Software-Version 4.9.4 (installiert: 4.2.3). ' +
        'Bitte aktualisieren Sie die VR-Brille zuerst.',
      code: 'softwareTooOld',
      params: { command: 'CMD.MUTE', requiredVersion: '4.9.4', softwareVersion: '4.2.3' },
    });
    const altair = headset('gymnasium/Altair');
    const guided = await command(altair.serial, 'CMD.SET.GUIDED.MODE', { guidedModeState: true });
    expect(guided.statusCode).toBe(409);
    expect(guided.json().params).toEqual({
      command: 'CMD.SET.GUIDED.MODE',
      requiredVersion: '4.0.1',
      softwareVersion: '3.9.2',
    });
    const pause = await command(deneb.serial, 'CMD.TOGGLE.PAUSE');
    expect(pause.json().params.requiredVersion).toBe('4.5.0');
    // What every version may do still goes through, e.g. the update that lifts the gate (charged and switched on,
    // as an update needs).
    await server.database.pool.query('update devices set battery_level = 80 where id = $1', [altair.id]);
    await goOnline(altair.serial);
    expect((await command(altair.serial, 'CMD.UPDATE')).statusCode).toBe(201);
    expect((await command(headset('gymnasium/Sirius').serial, 'CMD.MUTE')).statusCode).toBe(201);
  });

  it('answers 429 when 100 commands already wait for the headset', async () => {
    const rigel = headset('gymnasium/Rigel');
    await server.database.pool.query(
      `insert into device_commands (device_id, command, extras, expires_at)
       select $1, 'CMD.REBOOT', '{}'::jsonb, now() + interval '5 minutes' from generate_series(1, 100)`,
      [rigel.id],
    );
    const response = await command(rigel.serial, 'CMD.REBOOT');
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ code: 'tooManyOpenCommands', params: { limit: 100 } });
  });
});

describe('queueDeviceCommand', () => {
  type Outcomes = components['schemas']['DeviceCommandOutcomes'];
  const queue = (
    devices: number[],
    name: string,
    more: Record<string, unknown> = {},
    token = tokens.lehrer,
  ) => post('/api/v3/mdm/devices/command-queue/', token, { devices, command: name, extras: extras(more) });
  const countCommands = async () =>
    (await server.database.pool.query<{ n: number }>('select count(*)::int as n from device_commands'))
      .rows[0]?.n;

  it('queues the command for each headset that may take it now and refuses the others, in the order asked', async () => {
    const [becrux, aldebaran, deneb, regulus] = ['Becrux', 'Aldebaran', 'Deneb', 'Regulus'].map((n) =>
      headset(`gymnasium/${n}`),
    );
    if (!becrux || !aldebaran || !deneb || !regulus) throw new Error('demo headsets missing');
    await goOnline(becrux.serial, aldebaran.serial, deneb.serial);
    // Regulus stays offline; Deneb's software (4.2.3) is too old for pausing (4.5.0).
    const response = await queue([aldebaran.id, regulus.id, deneb.id, becrux.id], 'CMD.TOGGLE.PAUSE');
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json<Outcomes>();
    expect(results.map((r) => r.deviceId)).toEqual([aldebaran.id, regulus.id, deneb.id, becrux.id]);
    const [forAldebaran, forRegulus, forDeneb, forBecrux] = results;
    expect(forAldebaran).toMatchObject({
      refusal: null,
      command: { deviceId: aldebaran.id, serialNumber: aldebaran.serial },
    });
    expect(forBecrux).toMatchObject({
      refusal: null,
      command: { command: 'CMD.TOGGLE.PAUSE', status: 'queued' },
    });
    expect(forRegulus).toEqual({
      deviceId: regulus.id,
      command: null,
      refusal: {
        detail: expect.stringContaining('Regulus'),
        code: 'deviceOffline',
        params: { device: 'Regulus' },
      },
    });
    expect(forDeneb?.command).toBeNull();
    expect(forDeneb?.refusal).toMatchObject({
      code: 'softwareTooOld',
      params: { command: 'CMD.TOGGLE.PAUSE', requiredVersion: '4.5.0', softwareVersion: deneb.version },
    });
    // The same refusal as the per-headset call answers.
    const single = await command(regulus.serial, 'CMD.TOGGLE.PAUSE');
    expect(single.statusCode).toBe(409);
    expect(single.json()).toEqual(forRegulus?.refusal);
    const { rows } = await server.database.pool.query<{ device_id: number; status: string }>(
      'select device_id, status from device_commands where id = any($1::int[]) order by device_id',
      [[forAldebaran?.command?.id, forBecrux?.command?.id]],
    );
    expect(rows).toEqual(
      [aldebaran.id, becrux.id].sort((a, b) => a - b).map((id) => ({ device_id: id, status: 'queued' })),
    );
  });

  it('wakes the held polls of the headsets at once', async () => {
    const acrux = headset('gymnasium/Acrux');
    const token = await pairHeadset(server, acrux.serial);
    const held = server.app.inject({
      url: '/api/v1/headset/commands/?wait=20',
      headers: { 'x-device-token': token },
    });
    await expect.poll(() => server.headsetEvents.waitingPolls()).toBeGreaterThan(0);
    const queued = await queue([acrux.id], 'CMD.START.VIDEO', {
      contentUuid: uuid('Chemielabor Sicherheitseinweisung'),
    });
    const [outcome] = queued.json<Outcomes>().results;
    const batch = (await held).json<{ commands: { id: number }[] }>();
    expect(batch.commands.map((c) => c.id)).toEqual([outcome?.command?.id]);
  });

  it('refuses the whole request, queueing nothing, for foreign ids, misfit extras or content not to be used', async () => {
    const before = await countCommands();
    const own = headset('gymnasium/Spica').id;
    const foreign = headset('kmz/Sirius').id;
    const mixed = await queue([own, foreign], 'CMD.REBOOT');
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toEqual({
      devices: [`Diese VR-Brillen gibt es nicht oder sie gehören nicht zu Ihren Organisationen: ${foreign}.`],
    });
    // Another organisation's administrator may not command the Gymnasium's headsets either.
    expect((await queue([own], 'CMD.REBOOT', {}, tokens.admin)).statusCode).toBe(400);
    const misfit = await queue([own], 'CMD.REBOOT', {
      contentUuid: uuid('Chemielabor Sicherheitseinweisung'),
    });
    expect(misfit.statusCode).toBe(400);
    expect(Object.keys(misfit.json())).toEqual(['extras.contentUuid']);
    const hidden = await queue([own], 'CMD.START.VIDEO', { contentUuid: uuid('Lehrprobe Biologie') });
    expect(hidden.json()).toEqual({
      'extras.contentUuid': ['Diesen Inhalt gibt es nicht oder Sie dürfen ihn nicht verwenden.'],
    });
    expect((await queue([], 'CMD.REBOOT')).statusCode).toBe(400);
    expect((await queue([own, own], 'CMD.REBOOT')).statusCode).toBe(400);
    expect(await countCommands()).toBe(before);
  });

  it('queues each headset’s own modes where the extras name none, and the mode a switch names', async () => {
    const garux = headset('gymnasium/Garux');
    const antares = headset('gymnasium/Antares');
    const { pool } = server.database;
    const restore = await pool.query<{ id: number; guided_mode: boolean; manufacturer_mode: boolean }>(
      'select id, guided_mode, manufacturer_mode from devices where id = any($1::int[])',
      [[garux.id, antares.id]],
    );
    onTestFinished(async () => {
      for (const row of restore.rows) {
        await pool.query('update devices set guided_mode = $2, manufacturer_mode = $3 where id = $1', [
          row.id,
          row.guided_mode,
          row.manufacturer_mode,
        ]);
      }
    });
    // As the headsets reported them: Garux with both modes on, Antares with both off.
    await pool.query(
      'update devices set guided_mode = (id = $1), manufacturer_mode = (id = $1) where id = any($2)',
      [garux.id, [garux.id, antares.id]],
    );
    const devices = [garux.id, antares.id];
    const queuedExtras = async (body: object) => {
      const response = await post('/api/v3/mdm/devices/command-queue/', tokens.lehrer, { devices, ...body });
      expect(response.statusCode, response.body).toBe(200);
      const { results } = response.json<Outcomes>();
      const stored = await pool.query<{ extras: unknown }>(
        'select extras from device_commands where id = any($1::int[]) order by device_id = $2 desc',
        [results.map((r) => r.command?.id), garux.id],
      );
      // What the portal is answered is what the headsets will be handed.
      expect(stored.rows.map((row) => row.extras)).toEqual(results.map((r) => r.command?.extras));
      return results.map((r) => r.command?.extras);
    };
    const both = (guidedModeState: boolean, manufacturerModeState: boolean) => ({
      guidedModeState,
      manufacturerModeState,
    });
    expect(await queuedExtras({ command: 'CMD.REBOOT', extras: {} })).toEqual([
      both(true, true),
      both(false, false),
    ]);
    expect(
      await queuedExtras({ command: 'CMD.SET.GUIDED.MODE', extras: { guidedModeState: false } }),
    ).toEqual([both(false, true), both(false, false)]);
    // The sync queues leave the modes to the headsets as well.
    const sync = await post('/api/v3/mdm/devices/sync-queue/', tokens.lehrer, { devices });
    expect(sync.json<{ commands: DeviceCommand[] }>().commands.map((c) => c.extras)).toEqual([
      both(true, true),
      both(false, false),
    ]);

    // A switch that names no mode would switch nothing: refused as a whole.
    const before = await countCommands();
    const vague = await post('/api/v3/mdm/devices/command-queue/', tokens.lehrer, {
      devices,
      command: 'CMD.SET.MANUFACTURER.MODE',
      extras: { guidedModeState: true },
    });
    expect(vague.statusCode).toBe(400);
    expect(vague.json()).toEqual({
      'extras.manufacturerModeState': [
        'Bitte geben Sie an, ob „Herstellermodus“ ein- oder ausgeschaltet werden soll.',
      ],
    });
    expect(await countCommands()).toBe(before);
  });
});

describe('the extras of every command, for one headset and for a selection (issue 20)', () => {
  type Extras = Record<string, unknown>;
  /** Refused extras and the one field the 400 names. */
  type Refusal = [extras: Extras, field: string];
  const APP = 'Die Zelle von innen';
  const VIDEO = 'Chemielabor Sicherheitseinweisung';
  const WEB_APP = 'Erste Hilfe';
  /** Commands a headset must never get as a package name: shell and intent injections, and no Android package. */
  const HOSTILE_PACKAGES = [
    'com.x; reboot',
    '$(reboot)',
    '`reboot`',
    'com.x && rm -rf /',
    '-n com.evil/.Main --es url javascript:alert(1)',
    'com.evil/.Main',
    'com.x\nreboot',
    ' de.kmz.zelle',
    'de.kmz.zelle ',
    'de..kmz',
    '.de.kmz',
    'de.kmz.',
    '1de.kmz',
    'de.1kmz',
    'vrlab',
    'de.kmz-zelle',
    'dé.kmz.zelle',
    `de.${'a'.repeat(253)}`,
  ];
  const notForCommand = (command: string): Refusal[] => [
    [{ packageName: 'de.kmz.zelle' }, 'extras.packageName'],
    [{ contentUuid: uuid(VIDEO) }, 'extras.contentUuid'],
    // Checked like the content it stands for, whatever the command.
    ...HOSTILE_PACKAGES.slice(0, 3).map((name): Refusal => [{ packageName: name }, 'extras.packageName']),
    [{ guidedModeState: 'true' }, 'extras.guidedModeState'],
    [{ manufacturerModeState: 1 }, 'extras.manufacturerModeState'],
    ...(command === 'CMD.REBOOT' ? [[{ volume: 3 }, 'extras.volume'] as Refusal] : []),
    ...(command === 'CMD.ATTENTION' ? [] : [[{ message: 'Hallo' }, 'extras.message'] as Refusal]),
  ];
  const startsContent = (title: string): Refusal[] => [
    [{}, 'extras.contentUuid'],
    [{ contentUuid: 'not-a-uuid' }, 'extras.contentUuid'],
    // Accepted by the uuid format, but no uuid the database knows how to read: bounded to 36 characters.
    [{ contentUuid: `urn:uuid:${uuid(title)}` }, 'extras.contentUuid'],
    [{ contentUuid: uuid(title).replace(/-/g, '') }, 'extras.contentUuid'],
    [{ contentUuid: uuid(title), packageName: 'de.kmz.zelle' }, 'extras.packageName'],
    [{ contentUuid: uuid(title), guidedModeState: null }, 'extras.guidedModeState'],
  ];
  /** Per command of the contract: extras that are accepted, and extras refused on the named field. */
  const cases = (): Record<CommandName, { valid: Extras[]; bad: Refusal[] }> => {
    const plain = (command: CommandName) => ({ valid: [{}], bad: notForCommand(command) });
    return {
      'CMD.REBOOT': plain('CMD.REBOOT'),
      'CMD.SHUTDOWN': plain('CMD.SHUTDOWN'),
      'CMD.SYNC': plain('CMD.SYNC'),
      'CMD.SYNC.SOFTWARE': plain('CMD.SYNC.SOFTWARE'),
      'CMD.UPDATE': plain('CMD.UPDATE'),
      'CMD.MUTE': plain('CMD.MUTE'),
      'CMD.TOGGLE.PAUSE': plain('CMD.TOGGLE.PAUSE'),
      'CMD.STOP.RUNNING': plain('CMD.STOP.RUNNING'),
      'CMD.SET.GUIDED.MODE': {
        valid: [{ guidedModeState: true }, { guidedModeState: false }],
        bad: notForCommand('CMD.SET.GUIDED.MODE'),
      },
      'CMD.SET.MANUFACTURER.MODE': {
        valid: [{ manufacturerModeState: true }, { manufacturerModeState: false }],
        bad: notForCommand('CMD.SET.MANUFACTURER.MODE'),
      },
      'CMD.START.APP': {
        valid: [
          { packageName: 'de.kmz.zelle' },
          { packageName: 'com.Example_1.vr_lab2' },
          { packageName: `de.${'a'.repeat(252)}` },
          { contentUuid: uuid(APP) },
          { contentUuid: uuid(APP), packageName: 'de.kmz.zelle' },
        ],
        bad: [
          [{}, 'extras.contentUuid'],
          ...HOSTILE_PACKAGES.map((name): Refusal => [{ packageName: name }, 'extras.packageName']),
          [{ packageName: '' }, 'extras.packageName'],
          [{ packageName: 42 }, 'extras.packageName'],
          [{ contentUuid: `urn:uuid:${uuid(APP)}` }, 'extras.contentUuid'],
          [{ contentUuid: uuid(APP), packageName: 'com.x; reboot' }, 'extras.packageName'],
        ],
      },
      'CMD.START.VIDEO': { valid: [{ contentUuid: uuid(VIDEO) }], bad: startsContent(VIDEO) },
      'CMD.START.WEBAPP': { valid: [{ contentUuid: uuid(WEB_APP) }], bad: startsContent(WEB_APP) },
      'CMD.ATTENTION': {
        valid: [{ message: 'Kurz nach vorn schauen, bitte!' }, { message: 'ä'.repeat(120) }],
        bad: [
          ...notForCommand('CMD.ATTENTION'),
          // At most 120 characters, and something to read.
          [{ message: 'ä'.repeat(121) }, 'extras.message'],
          [{ message: '' }, 'extras.message'],
          [{ message: '\u200b \u2060' }, 'extras.message'],
          [{ message: 7 }, 'extras.message'],
        ],
      },
      'CMD.ATTENTION.END': plain('CMD.ATTENTION.END'),
    };
  };
  const commandEnum = () => {
    const { components } = loadContract() as { components: { schemas: Record<string, { enum?: string[] }> } };
    return components.schemas.CommandName?.enum ?? [];
  };
  let target: { id: number; serial: string; version: string };
  beforeAll(async () => {
    // A headset no other test of this file commands, with software for every gate.
    const found = [...headsets.entries()].find(
      ([key, h]) =>
        key.startsWith('gymnasium/VR-Brille') && DEVICE_FEATURES.every((f) => supportsFeature(h.version, f)),
    );
    if (!found) throw new Error('no headset with every feature');
    target = found[1];
    await goOnline(target.serial);
    // CMD.UPDATE also checks the battery (≥ 50 %); the demo headsets' levels differ from one database to the next.
    await server.database.pool.query('update devices set battery_level = 100 where id = $1', [target.id]);
  });
  const storedCommands = async () =>
    (
      await server.database.pool.query<{ n: number }>(
        'select count(*)::int as n from device_commands where device_id = $1',
        [target.id],
      )
    ).rows[0]?.n;
  const send = (name: string, more: Extras) => command(target.serial, name, more);
  const queue = (name: string, more: Extras) =>
    post('/api/v3/mdm/devices/command-queue/', tokens.lehrer, {
      devices: [target.id],
      command: name,
      extras: extras(more),
    });

  it('covers every command of the contract', () => {
    expect(Object.keys(cases()).sort()).toEqual([...commandEnum()].sort());
  });

  it.each(commandEnum())(
    '%s: sendDeviceCommand queues valid extras as sent, refuses bad ones on the field',
    async (name) => {
      const table = cases()[name as CommandName];
      for (const more of table.valid) {
        const response = await send(name, more);
        expect(response.statusCode, `${JSON.stringify(more)}: ${response.body}`).toBe(201);
        expect(response.json<DeviceCommand>()).toMatchObject({ command: name, extras: extras(more) });
      }
      const before = await storedCommands();
      for (const [more, field] of table.bad) {
        const response = await send(name, more);
        expect(response.statusCode, `${JSON.stringify(more)}: ${response.body}`).toBe(400);
        expect(Object.keys(response.json()), JSON.stringify(more)).toEqual([field]);
      }
      expect(await storedCommands()).toBe(before);
    },
  );

  it.each(commandEnum())(
    '%s: queueDeviceCommand queues valid extras as sent, refuses bad ones on the field',
    async (name) => {
      const table = cases()[name as CommandName];
      for (const more of table.valid) {
        const response = await queue(name, more);
        expect(response.statusCode, `${JSON.stringify(more)}: ${response.body}`).toBe(200);
        const [outcome] = response.json<components['schemas']['DeviceCommandOutcomes']>().results;
        expect(outcome?.refusal, JSON.stringify(more)).toBeNull();
        expect(outcome?.command).toMatchObject({ command: name, extras: extras(more) });
      }
      const before = await storedCommands();
      for (const [more, field] of table.bad) {
        const response = await queue(name, more);
        expect(response.statusCode, `${JSON.stringify(more)}: ${response.body}`).toBe(400);
        expect(Object.keys(response.json()), JSON.stringify(more)).toEqual([field]);
      }
      expect(await storedCommands()).toBe(before);
    },
  );

  it('names the package-name rule in German, as the content form does', async () => {
    const response = await send('CMD.START.APP', { packageName: 'com.x; reboot' });
    expect(response.json()).toEqual({
      'extras.packageName': ['Der Paketname muss wie de.example.vrlab aufgebaut sein.'],
    });
  });
});

describe('queueDeviceSync and queueDeviceSoftwareSync', () => {
  it('queue one command per headset and confirm in German', async () => {
    const ids = ['Capella', 'Prokyon', 'Arktur'].map((n) => headset(`gymnasium/${n}`).id);
    const response = await post('/api/v3/mdm/devices/sync-queue/', tokens.lehrer, { devices: ids });
    expect(response.statusCode).toBe(202);
    const body = response.json<{ detail: string; commands: DeviceCommand[] }>();
    expect(body.detail).toBe('3 VR-Brillen werden synchronisiert.');
    expect(body.commands.map((c) => [c.deviceId, c.command, c.status])).toEqual(
      ids.map((id) => [id, 'CMD.SYNC', 'queued']),
    );
    const one = await post('/api/v3/mdm/devices/sync-queue/', tokens.lehrer, { devices: [ids[0]] });
    expect(one.json().detail).toBe('1 VR-Brille wird synchronisiert.');
    const software = await post('/api/v3/mdm/devices/sync-software-queue/', tokens.lehrer, {
      devices: [headset('gymnasium/Sirius').id, headset('gymnasium/Canopus').id],
    });
    expect(software.statusCode).toBe(202);
    expect(software.json().detail).toBe('Die Software von 2 VR-Brillen wird synchronisiert.');
  });

  it('queue nothing when a headset is not the caller’s (400 naming it) or too old (409 naming it)', async () => {
    const { pool } = server.database;
    const count = async () =>
      (await pool.query<{ n: number }>('select count(*)::int as n from device_commands')).rows[0]?.n;
    const before = await count();
    const own = headset('gymnasium/Spica').id;
    const foreign = headset('kmz/Sirius').id;
    const mixed = await post('/api/v3/mdm/devices/sync-queue/', tokens.lehrer, { devices: [own, foreign] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toEqual({
      devices: [`Diese VR-Brillen gibt es nicht oder sie gehören nicht zu Ihren Organisationen: ${foreign}.`],
    });
    const old = await post('/api/v3/mdm/devices/sync-software-queue/', tokens.lehrer, {
      devices: [own, headset('gymnasium/Deneb').id, headset('gymnasium/Altair').id],
    });
    expect(old.statusCode).toBe(409);
    expect(old.json()).toMatchObject({
      code: 'softwareTooOld',
      params: { command: 'CMD.SYNC.SOFTWARE', requiredVersion: '4.7.0', devices: 'Deneb, Altair' },
    });
    expect(await count()).toBe(before);
    const empty = await post('/api/v3/mdm/devices/sync-queue/', tokens.lehrer, { devices: [] });
    expect(empty.statusCode).toBe(400);
  });

  it('mark the headsets’ playlists as waiting for the sync', async () => {
    const sirius = headset('gymnasium/Sirius');
    await post('/api/v3/mdm/devices/sync-queue/', tokens.lehrer, { devices: [sirius.id] });
    const device = (await get(`/api/v3/mdm/devices/${sirius.id}/`, tokens.lehrer)).json<Device>();
    expect(device.syncStatus).toBe('pending');
  });
});

describe('listDeviceCommandsLegacy', () => {
  it('is the history, newest first, paged, filtered by status', async () => {
    const vega = headset('gymnasium/Vega');
    // Its history starts with the demo morning's lesson (five commands, all done).
    const before = (await get(`/api/v2/mdm/devices/${vega.id}/command/`, tokens.lehrer)).json<CommandList>();
    const doneBefore = (
      await get(`/api/v2/mdm/devices/${vega.id}/command/?status=done`, tokens.lehrer)
    ).json<CommandList>().count;
    await goOnline(vega.serial);
    for (const name of ['CMD.REBOOT', 'CMD.STOP.RUNNING', 'CMD.UPDATE']) {
      expect((await command(vega.serial, name)).statusCode).toBe(201);
    }
    const history = (await get(`/api/v2/mdm/devices/${vega.id}/command/`, tokens.lehrer)).json<CommandList>();
    expect(history.count).toBe(before.count + 3);
    expect(history.results.slice(0, 3).map((c) => c.command)).toEqual([
      'CMD.UPDATE',
      'CMD.STOP.RUNNING',
      'CMD.REBOOT',
    ]);
    const paged = (
      await get(`/api/v2/mdm/devices/${vega.id}/command/?page_size=2&page=2`, tokens.lehrer)
    ).json<CommandList>();
    expect(paged.results[0]?.command).toBe('CMD.REBOOT');
    expect(paged.previous).toMatch(/page_size=2/);
    const queued = (
      await get(`/api/v2/mdm/devices/${vega.id}/command/?status=queued`, tokens.lehrer)
    ).json<CommandList>();
    expect(queued.count).toBe(3);
    // None of the three is done yet: the done ones are those it had before.
    expect(
      (await get(`/api/v2/mdm/devices/${vega.id}/command/?status=done`, tokens.lehrer)).json().count,
    ).toBe(doneBefore);
  });

  it('shows an expired command as expired with its reason at once, and the sweep writes it so', async () => {
    const castor = headset('gymnasium/Castor');
    const sent = (await command(castor.serial, 'CMD.REBOOT')).json<DeviceCommand>();
    const { pool } = server.database;
    await pool.query("update device_commands set expires_at = now() - interval '1 second' where id = $1", [
      sent.id,
    ]);
    const history = (
      await get(`/api/v2/mdm/devices/${castor.id}/command/`, tokens.lehrer)
    ).json<CommandList>();
    expect(history.results[0]).toMatchObject({
      id: sent.id,
      status: 'expired',
      message: 'Die VR-Brille hat den Befehl nicht abgeholt, bevor er ablief.',
    });
    expect(history.results[0]?.finishedAt).not.toBeNull();
    const expired = await get(`/api/v2/mdm/devices/${castor.id}/command/?status=expired`, tokens.lehrer);
    expect(expired.json().count).toBe(1);
    const open = await get(`/api/v2/mdm/devices/${castor.id}/command/?status=queued`, tokens.lehrer);
    expect(open.json().count).toBe(0);

    const { sweepExpiredCommands } = await import('../services/headsets/index.ts');
    expect(await sweepExpiredCommands(server.database.db)).toBeGreaterThanOrEqual(1);
    const { rows } = await pool.query('select status, message from device_commands where id = $1', [sent.id]);
    expect(rows[0]).toEqual({
      status: 'expired',
      message: 'Die VR-Brille hat den Befehl nicht abgeholt, bevor er ablief.',
    });
  });

  it('answers 404 for another organisation’s headset', async () => {
    const response = await get(`/api/v2/mdm/devices/${headset('zfsl/Sirius').id}/command/`, tokens.lehrer);
    expect(response.statusCode).toBe(404);
  });
});

describe('demo fleet', () => {
  it('mixes models and software versions so that every gate shows', async () => {
    const versions = [...headsets.entries()]
      .filter(([key]) => key.startsWith('gymnasium/'))
      .map(([, h]) => h.version);
    expect(versions.filter((v) => isOlderThan(v, '4.5.0')).length).toBeGreaterThanOrEqual(3);
    expect(versions.filter((v) => isOlderThan(v, '4.0.1'))).toEqual(['3.9.2']);
    const models = new Set((await list(tokens.lehrer)).results.map((d) => d.deviceType.name));
    expect(models.size).toBeGreaterThanOrEqual(3);
    expect(DEVICE_CODE_NAMES.every((name) => headsets.has(`gymnasium/${name}`))).toBe(true);
  });

  it('pairs with a code and then counts as online and paired', async () => {
    const pollux = headset('gymnasium/Pollux');
    await pairHeadset(server, pollux.serial);
    const device = (await get(`/api/v3/mdm/devices/${pollux.id}/`, tokens.lehrer)).json<Device>();
    expect(device).toMatchObject({ isEnrolled: true, isOnline: true });
    // Earlier tests brought others online (playback commands need that); Pollux is among them now.
    expect(names(await list(tokens.lehrer, '?is_online=true'))).toContain('Pollux');
    expect(names(await list(tokens.lehrer, '?is_online=false'))).not.toContain('Pollux');
  });
});

describe('playlists and what their headsets hold', () => {
  it('name the items a headset of theirs still lacks', async () => {
    const kmzList = playlists.get('Naturwissenschaften Klasse 7');
    const response = await get(`/api/v3/mdm/device-configurations/${kmzList}/`, tokens.admin);
    const playlist = response.json<components['schemas']['ConfigurationDetail']>();
    expect(playlist.isSynced).toBe(false);
    expect(playlist.missingContent).toEqual([playlist.contentIds.at(-1)]);
    const gymnasium = await get(
      `/api/v3/mdm/device-configurations/${playlists.get('Projektwoche Naturwissenschaften')}/`,
      tokens.lehrer,
    );
    expect(gymnasium.json().missingContent).toEqual([]);
  });
});
