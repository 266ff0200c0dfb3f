import type { components } from '@portal/api/schema';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestServer,
  deviceToken,
  login,
  pairHeadset,
  type TestServer,
} from '../test/testServer.ts';

type Schemas = components['schemas'];
type Device = Schemas['Device'];
type Batch = Schemas['HeadsetCommandBatch'];
type DeviceCommand = Schemas['DeviceCommand'];
type Enrolment = Schemas['DeviceEnrolment'];

let server: TestServer;
let lehrer: string;
let admin: string;
let zfsl: string;
const ids = new Map<string, { id: number; serial: string }>();
let deviceTypeId: number;
let kmzId: number;

beforeAll(async () => {
  server = await createTestServer();
  lehrer = (await login(server.app, 'lehrer@schule.example')).access;
  admin = (await login(server.app, 'admin@kmz.example')).access;
  zfsl = (await login(server.app, 'zfsl@zfsl.example')).access;
  const { pool } = server.database;
  const rows = await pool.query<{ id: number; serial_number: string; name: string; type: number }>(
    `select d.id, d.serial_number, d.name, o.organisation_type as type
     from devices d join organisations o on o.id = d.organisation_id`,
  );
  for (const row of rows.rows) {
    const org = row.type === 4 ? 'kmz' : row.type === 2 ? 'gymnasium' : 'zfsl';
    ids.set(`${org}/${row.name}`, { id: row.id, serial: row.serial_number });
  }
  deviceTypeId = (await pool.query<{ id: number }>("select id from device_types where name = 'Pico 4'"))
    .rows[0]?.id as number;
  kmzId = (await pool.query<{ id: number }>('select id from organisations where organisation_type = 4'))
    .rows[0]?.id as number;
});
afterAll(() => server?.close());

const headset = (key: string) => {
  const found = ids.get(key);
  if (!found) throw new Error(`no headset ${key}`);
  return found;
};
const inject = (options: InjectOptions) => server.app.inject(options);
const poll = (token: string, wait = 0) =>
  inject({ url: `/api/v1/headset/commands/?wait=${wait}`, headers: deviceToken(token) });
const send = (serial: string, command: string, extras: Record<string, unknown> = {}) =>
  inject({
    method: 'POST',
    url: `/api/v1/mdm/devices/${serial}/command/`,
    headers: bearer(lehrer),
    payload: { command, extras: { guidedModeState: false, manufacturerModeState: false, ...extras } },
  });
const result = (token: string, commandId: number, payload: object) =>
  inject({
    method: 'POST',
    url: `/api/v1/headset/commands/${commandId}/result/`,
    headers: deviceToken(token),
    payload,
  });
const device = async (id: number, token = lehrer) =>
  (await inject({ url: `/api/v3/mdm/devices/${id}/`, headers: bearer(token) })).json<Device>();
const STATE: Schemas['HeadsetState'] = {
  softwareVersion: '4.9.4',
  batteryLevel: 80,
  storageTotal: 256 * 1024 ** 3,
  storageUsed: 20 * 1024 ** 3,
  currentApp: null,
  playbackState: 'stopped',
  syncStatus: 'synced',
};
const report = (token: string, state: object) =>
  inject({ method: 'PUT', url: '/api/v1/headset/state/', headers: deviceToken(token), payload: state });

describe('enrolment', () => {
  const enrol = (token: string, payload: object) =>
    inject({ method: 'POST', url: '/api/v3/mdm/devices/', headers: bearer(token), payload });
  const exchange = (payload: object) => inject({ method: 'POST', url: '/api/v1/headset/enrol/', payload });

  it('an administrator adds a headset and gets a one-time code the headset exchanges for its token', async () => {
    const added = await enrol(admin, { serialNumber: 'KMZ-NEU-0001', deviceTypeId });
    expect(added.statusCode, added.body).toBe(201);
    const enrolment = added.json<Enrolment>();
    expect(enrolment.enrolmentCode).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    // The next free code name of the KMZ (its lending case holds Sirius … Arktur).
    expect(enrolment.device).toMatchObject({
      name: 'Achernar',
      organisationId: kmzId,
      isEnrolled: false,
      isOnline: false,
      softwareVersion: null,
      batteryLevel: null,
      lastSeen: null,
    });
    const days = (Date.parse(enrolment.enrolmentCodeExpiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const { rows } = await server.database.pool.query(
      'select enrolment_code_hash, token_hash from devices where id = $1',
      [enrolment.device.id],
    );
    expect(rows[0].enrolment_code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].enrolment_code_hash).not.toContain(enrolment.enrolmentCode.replace('-', ''));

    const wrongSerial = await exchange({
      enrolmentCode: enrolment.enrolmentCode,
      serialNumber: 'KMZ-NEU-0002',
    });
    expect(wrongSerial.statusCode).toBe(400);
    expect(wrongSerial.json()).toHaveProperty('enrolmentCode');
    // Case and hyphen do not matter when typed on the headset.
    const code = enrolment.enrolmentCode.replace('-', '').toLowerCase();
    const paired = await exchange({ enrolmentCode: code, serialNumber: 'KMZ-NEU-0001' });
    expect(paired.statusCode, paired.body).toBe(201);
    const { deviceToken: token, device: summary } = paired.json<Schemas['HeadsetEnrolment']>();
    expect(summary).toEqual({ id: enrolment.device.id, serialNumber: 'KMZ-NEU-0001', name: 'Achernar' });
    const stored = await server.database.pool.query(
      'select token_hash, enrolment_code_hash from devices where id = $1',
      [summary.id],
    );
    expect(stored.rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0].token_hash).not.toBe(token);
    expect(stored.rows[0].enrolment_code_hash).toBeNull();

    const again = await exchange({ enrolmentCode: enrolment.enrolmentCode, serialNumber: 'KMZ-NEU-0001' });
    expect(again.statusCode).toBe(400);
    expect((await poll(token)).statusCode).toBe(200);
    expect(await device(summary.id, admin)).toMatchObject({ isEnrolled: true, isOnline: true });
  });

  it('takes a name, refuses taken serials, unknown models, members and foreign organisations', async () => {
    const named = await enrol(admin, {
      serialNumber: 'KMZ-NEU-0003',
      deviceTypeId,
      name: 'Koffer 2 – Brille 1',
    });
    expect(named.json<Enrolment>().device.name).toBe('Koffer 2 – Brille 1');
    const taken = await enrol(admin, { serialNumber: headset('gymnasium/Sirius').serial, deviceTypeId });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      serialNumber: ['Eine VR-Brille mit dieser Seriennummer ist bereits registriert.'],
    });
    const model = await enrol(admin, { serialNumber: 'KMZ-NEU-0004', deviceTypeId: 9999 });
    expect(model.json()).toEqual({ deviceTypeId: ['Dieses Modell gibt es nicht.'] });
    const badSerial = await enrol(admin, { serialNumber: 'mit Leerzeichen', deviceTypeId });
    expect(badSerial.statusCode).toBe(400);
    const member = await enrol(lehrer, { serialNumber: 'GY-NEU-0001', deviceTypeId });
    expect(member.statusCode).toBe(403);
    expect(member.json().detail).toBe(
      'Nur Administratoren können VR-Brillen hinzufügen, koppeln oder entfernen.',
    );
    const gymnasium = (
      await server.database.pool.query<{ id: number }>(
        'select id from organisations where organisation_type = 2',
      )
    ).rows[0]?.id;
    const foreign = await enrol(admin, {
      serialNumber: 'GY-NEU-0002',
      deviceTypeId,
      organisationId: gymnasium,
    });
    expect(foreign.statusCode).toBe(403);
    const { rows } = await server.database.pool.query(
      "select count(*)::int as n from devices where serial_number like 'GY-NEU-%'",
    );
    expect(rows[0].n).toBe(0);
  });

  it('a new code or unpairing ends the old token; removing ends the headset', async () => {
    const added = (await enrol(admin, { serialNumber: 'KMZ-NEU-0005', deviceTypeId })).json<Enrolment>();
    const first = (await exchange({ enrolmentCode: added.enrolmentCode, serialNumber: 'KMZ-NEU-0005' })).json<
      Schemas['HeadsetEnrolment']
    >().deviceToken;
    expect((await poll(first)).statusCode).toBe(200);

    const renewed = await inject({
      method: 'POST',
      url: `/api/v3/mdm/devices/${added.device.id}/enrolment-code/`,
      headers: bearer(admin),
    });
    expect(renewed.statusCode).toBe(201);
    const stale = await poll(first);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().detail).toBe(
      'Der Geräteschlüssel dieser VR-Brille ist ungültig oder wurde widerrufen. Bitte koppeln Sie sie im Portal neu.',
    );
    const second = (
      await exchange({ enrolmentCode: renewed.json<Enrolment>().enrolmentCode, serialNumber: 'KMZ-NEU-0005' })
    ).json<Schemas['HeadsetEnrolment']>().deviceToken;
    expect((await poll(second)).statusCode).toBe(200);

    const revoke = (token: string, id = added.device.id) =>
      inject({ method: 'DELETE', url: `/api/v3/mdm/devices/${id}/token/`, headers: bearer(token) });
    expect((await revoke(lehrer)).statusCode).toBe(404);
    expect((await revoke(admin)).statusCode).toBe(204);
    expect((await poll(second)).statusCode).toBe(401);
    expect(await device(added.device.id, admin)).toMatchObject({ isEnrolled: false, isOnline: false });

    const remove = (token: string) =>
      inject({ method: 'DELETE', url: `/api/v3/mdm/devices/${added.device.id}/`, headers: bearer(token) });
    expect((await remove(zfsl)).statusCode).toBe(404);
    expect((await remove(admin)).statusCode).toBe(204);
    expect(
      (await inject({ url: `/api/v3/mdm/devices/${added.device.id}/`, headers: bearer(admin) })).statusCode,
    ).toBe(404);
  });

  it('refuses members of the headset’s organisation who are not administrators with 403', async () => {
    const { pool } = server.database;
    const zfslUser = (
      await pool.query<{ id: number }>("select id from users where email = 'zfsl@zfsl.example'")
    ).rows[0]?.id;
    await pool.query('insert into memberships (user_id, organisation_id) values ($1, $2)', [zfslUser, kmzId]);
    try {
      const id = headset('kmz/Rigel').id;
      for (const [method, url] of [
        ['POST', `/api/v3/mdm/devices/${id}/enrolment-code/`],
        ['DELETE', `/api/v3/mdm/devices/${id}/token/`],
        ['DELETE', `/api/v3/mdm/devices/${id}/`],
      ] as const) {
        const response = await inject({ method, url, headers: bearer(zfsl) });
        expect(response.statusCode, url).toBe(403);
      }
    } finally {
      await pool.query('delete from memberships where user_id = $1 and organisation_id = $2', [
        zfslUser,
        kmzId,
      ]);
    }
  });

  it('answers 401 to a missing or forged token and 429 after many invalid codes from one address', async () => {
    const missing = await inject({ url: '/api/v1/headset/commands/' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().detail).toBe(
      'Diese VR-Brille ist nicht angemeldet: der Header X-Device-Token fehlt.',
    );
    expect((await poll('vrd_forged-token-that-was-never-issued')).statusCode).toBe(401);
    const state = await report('vrd_forged', STATE);
    expect(state.statusCode).toBe(401);
    // A user's access token is no device token.
    expect((await poll(lehrer)).statusCode).toBe(401);

    const attempt = () =>
      inject({
        method: 'POST',
        url: '/api/v1/headset/enrol/',
        remoteAddress: '203.0.113.9',
        payload: { enrolmentCode: 'AAAA-BBBB', serialNumber: 'PA7GY0001' },
      });
    for (let i = 0; i < 20; i += 1) expect((await attempt()).statusCode).toBe(400);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'enrolThrottled' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('commands on the headset side', () => {
  let canopus: string;
  let capella: string;
  beforeAll(async () => {
    canopus = await pairHeadset(server, headset('gymnasium/Canopus').serial);
    capella = await pairHeadset(server, headset('gymnasium/Capella').serial);
  });

  it('hands out queued commands oldest first, once, and marks them delivered', async () => {
    const serial = headset('gymnasium/Canopus').serial;
    const first = (await send(serial, 'CMD.STOP.RUNNING')).json<DeviceCommand>();
    const second = (
      await send(serial, 'CMD.SET.GUIDED.MODE', { guidedModeState: true })
    ).json<DeviceCommand>();
    const batch = (await poll(canopus)).json<Batch>();
    expect(batch.commands.map((c) => [c.id, c.command, c.status])).toEqual([
      [first.id, 'CMD.STOP.RUNNING', 'delivered'],
      [second.id, 'CMD.SET.GUIDED.MODE', 'delivered'],
    ]);
    expect(batch.commands[1]?.extras).toEqual({ guidedModeState: true, manufacturerModeState: false });
    expect(batch.pollAfterSeconds).toBe(5);
    expect((await poll(canopus)).json<Batch>().commands).toEqual([]);
    // Capella's poll sees none of Canopus' commands.
    expect((await poll(capella)).json<Batch>().commands).toEqual([]);
    const history = await inject({
      url: `/api/v2/mdm/devices/${headset('gymnasium/Canopus').id}/command/?status=delivered`,
      headers: bearer(lehrer),
    });
    expect(history.json().count).toBe(2);
  });

  it('wakes a held long poll at once when a command is queued for that headset', async () => {
    const started = Date.now();
    const held = poll(capella, 25);
    // Queue through the portal once the poll found nothing and waits.
    const capellaId = headset('gymnasium/Capella').id;
    await vi.waitFor(() => expect(server.headsetEvents.waitingPolls(capellaId)).toBe(1), { timeout: 10_000 });
    const sent = (await send(headset('gymnasium/Capella').serial, 'CMD.REBOOT')).json<DeviceCommand>();
    const batch = (await held).json<Batch>();
    expect(batch.commands.map((c) => c.id)).toEqual([sent.id]);
    expect(batch.pollAfterSeconds).toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('answers an empty list when the wait ends without a command', async () => {
    const response = await poll(capella, 1);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ commands: [], pollAfterSeconds: 0 });
  });

  it('never hands out an expired command', async () => {
    const sent = (await send(headset('gymnasium/Capella').serial, 'CMD.STOP.RUNNING')).json<DeviceCommand>();
    await server.database.pool.query(
      "update device_commands set expires_at = now() - interval '1 second' where id = $1",
      [sent.id],
    );
    expect((await poll(capella)).json<Batch>().commands).toEqual([]);
    const answer = await result(capella, sent.id, { status: 'done' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'commandFinished', params: { status: 'expired' } });
  });

  it('takes each result once, only from its own headset, and shows it in the history', async () => {
    const serial = headset('gymnasium/Canopus').serial;
    const sent = (await send(serial, 'CMD.STOP.RUNNING')).json<DeviceCommand>();
    await poll(canopus);
    expect((await result(capella, sent.id, { status: 'done' })).statusCode).toBe(404);
    const bad = await result(canopus, sent.id, { status: 'delivered' });
    expect(bad.statusCode).toBe(400);
    const failed = await result(canopus, sent.id, {
      status: 'failed',
      message: 'Inhalt ist nicht auf der VR-Brille',
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ id: sent.id, status: 'failed' });
    const again = await result(canopus, sent.id, { status: 'done' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'commandFinished', params: { status: 'failed' } });
    const history = await inject({
      url: `/api/v2/mdm/devices/${headset('gymnasium/Canopus').id}/command/?status=failed`,
      headers: bearer(lehrer),
    });
    expect(history.json().results[0]).toMatchObject({
      id: sent.id,
      status: 'failed',
      message: 'Inhalt ist nicht auf der VR-Brille',
    });
    expect(history.json().results[0].finishedAt).not.toBeNull();
    expect((await result(canopus, 999_999, { status: 'done' })).statusCode).toBe(404);
  });

  it('shows a headset offline from its reported reboot until its next sign of life', async () => {
    const id = headset('gymnasium/Capella').id;
    const sent = (await send(headset('gymnasium/Capella').serial, 'CMD.REBOOT')).json<DeviceCommand>();
    await poll(capella);
    expect((await device(id)).isOnline).toBe(true);
    expect((await result(capella, sent.id, { status: 'done' })).statusCode).toBe(200);
    expect((await device(id)).isOnline).toBe(false);
    await poll(capella);
    expect((await device(id)).isOnline).toBe(true);
  });
});

describe('a class set calling at the same moment', () => {
  // The headset side gathers the statements of headsets that call together (infra/batches.ts); each call must still
  // answer exactly as it would alone.
  const names = [
    'Prokyon',
    'Arktur',
    'Achernar',
    'Garux',
    'Becrux',
    'Pollux',
    'Aldebaran',
    'Regulus',
    'Antares',
  ];
  const members = () => names.map((name) => headset(`gymnasium/${name}`));
  let tokens: string[] = [];
  beforeAll(async () => {
    tokens = await Promise.all(members().map((m) => pairHeadset(server, m.serial)));
  });

  it('authenticates, delivers, finishes and records each headset’s own calls, and refuses only the wrong ones', async () => {
    const queued = await Promise.all(
      members().map(async (m) => (await send(m.serial, 'CMD.SET.GUIDED.MODE')).json<DeviceCommand>()),
    );
    // Every poll at once, and one forged token among them: that one alone is refused.
    const polls = await Promise.all([...tokens.map((t) => poll(t)), poll('forged-token')]);
    expect(polls.map((p) => p.statusCode)).toEqual([...tokens.map(() => 200), 401]);
    const handedOut = polls.slice(0, -1).map((p) => p.json<Batch>().commands.map((c) => c.id));
    expect(handedOut).toEqual(queued.map((c) => [c.id]));

    // Every result at once; the first headset also reports the second one's command, which is not its own.
    const [firstToken = '', ...otherTokens] = tokens;
    const [firstCommand, secondCommand] = queued;
    const results = await Promise.all([
      ...tokens.map((t, i) =>
        result(t, queued[i]?.id ?? 0, { status: i % 2 ? 'failed' : 'done', message: `#${i}` }),
      ),
      result(firstToken, secondCommand?.id ?? 0, { status: 'done' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([...tokens.map(() => 200), 404]);
    expect(results[0]?.json()).toMatchObject({ id: firstCommand?.id, status: 'done' });
    expect(results[1]?.json()).toMatchObject({ id: secondCommand?.id, status: 'failed' });
    // One result sent twice at the same moment: it is taken once, the other is too late (409), as one after the other.
    const arktur = members()[1];
    const again = (await send(arktur?.serial ?? '', 'CMD.MUTE')).json<DeviceCommand>();
    await poll(otherTokens[0] ?? '');
    const twice = await Promise.all(
      [0, 1].map(() => result(otherTokens[0] ?? '', again.id, { status: 'done' })),
    );
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const { rows } = await server.database.pool.query<{ id: number; status: string; message: string }>(
      'select id, status, message from device_commands where id = any($1::int[]) order by id',
      [queued.map((c) => c.id)],
    );
    expect(rows).toEqual(
      queued
        .map((c, i) => ({ id: c.id, status: i % 2 ? 'failed' : 'done', message: `#${i}` }))
        .sort((a, b) => a.id - b.id),
    );

    // Every state at once, each its own battery level; the first headset reports twice, and its later report stands.
    const reports = await Promise.all([
      ...tokens.map((t, i) => report(t, { ...STATE, batteryLevel: 50 + i })),
      report(firstToken, { ...STATE, batteryLevel: 7 }),
    ]);
    expect(reports.every((r) => r.statusCode === 204)).toBe(true);
    const levels = await Promise.all(members().map(async (m) => (await device(m.id)).batteryLevel));
    expect(levels).toEqual([7, ...otherTokens.map((_, i) => 51 + i)]);
  });
});

describe('state reports', () => {
  let token: string;
  const sirius = () => headset('gymnasium/Sirius');
  beforeAll(async () => {
    token = await pairHeadset(server, sirius().serial);
  });

  it('replace what the portal shows', async () => {
    const contentUuid = (
      await server.database.pool.query<{ uuid: string }>(
        "select uuid from contents where title = 'Korallenriff'",
      )
    ).rows[0]?.uuid;
    const response = await report(token, {
      ...STATE,
      softwareVersion: '5.0.0',
      batteryLevel: 42,
      currentApp: 'Korallenriff',
      currentContentUuid: contentUuid,
      playbackState: 'playing',
      currentTime: 30,
      guidedMode: false,
      manufacturerMode: true,
      muted: true,
    });
    expect(response.statusCode).toBe(204);
    expect(await device(sirius().id)).toMatchObject({
      softwareVersion: '5.0.0',
      batteryLevel: 42,
      storageUsed: 20 * 1024 ** 3,
      currentApp: 'Korallenriff',
      currentContentUuid: contentUuid,
      playbackState: 'playing',
      guidedMode: false,
      manufacturerMode: true,
      muted: true,
      isOnline: true,
    });
  });

  it('keeps `pending` while the headset lacks an item of its active playlist, and names the items', async () => {
    const { rows } = await server.database.pool.query<{ id: number; uuid: string }>(
      `select c.id, c.uuid from configuration_items i join contents c on c.id = i.content_id
       join devices d on d.active_configuration_id = i.configuration_id
       where d.id = $1 order by i.position_number`,
      [sirius().id],
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const [first, ...rest] = rows;
    await report(token, { ...STATE, installedContent: rest.map((r) => r.uuid) });
    expect(await device(sirius().id)).toMatchObject({ syncStatus: 'pending', missingContent: [first?.id] });
    await report(token, { ...STATE, syncStatus: 'syncing', syncProgress: 40 });
    expect(await device(sirius().id)).toMatchObject({ syncStatus: 'syncing', syncProgress: 40 });
    await report(token, { ...STATE, installedContent: rows.map((r) => r.uuid) });
    expect(await device(sirius().id)).toMatchObject({
      syncStatus: 'synced',
      missingContent: [],
      syncProgress: null,
    });
    // Without installedContent the last list stays.
    await report(token, STATE);
    expect((await device(sirius().id)).missingContent).toEqual([]);
  });

  it('a running sync’s bytes give its time left; a waiting sync shows until the headset finished it', async () => {
    const GB = 1024 ** 3;
    const { pool } = server.database;
    const queued = await send(sirius().serial, 'CMD.SYNC');
    expect(queued.statusCode, queued.body).toBe(201);
    // Queued, then delivered: the portal offers no second sync meanwhile.
    expect(await device(sirius().id)).toMatchObject({ syncQueued: true, syncTransfer: null });
    const [delivered] = (await poll(token)).json<Batch>().commands;
    expect((await device(sirius().id)).syncQueued).toBe(true);

    const syncing = { ...STATE, syncStatus: 'syncing', syncProgress: 25 };
    await report(token, { ...syncing, syncBytesDone: GB, syncBytesTotal: 4 * GB });
    // The sync began 10 s before this report (set by hand: the test does not wait): 1 GB in 10 s, 3 GB to go.
    await pool.query(
      "update devices set sync_started_at = state_reported_at - interval '10 seconds' where id = $1",
      [sirius().id],
    );
    const transfer = (await device(sirius().id)).syncTransfer;
    expect(transfer).toMatchObject({ bytesDone: GB, bytesTotal: 4 * GB });
    expect(transfer?.secondsLeft).toBeGreaterThanOrEqual(25);
    expect(transfer?.secondsLeft).toBeLessThanOrEqual(30);

    const startedAt = async () =>
      (
        await pool.query<{ at: Date | null }>('select sync_started_at as at from devices where id = $1', [
          sirius().id,
        ])
      ).rows[0]?.at ?? null;
    const began = await startedAt();
    // More bytes of the same sync: it keeps its start. A new sync (another total): it starts anew.
    await report(token, { ...syncing, syncBytesDone: 2 * GB, syncBytesTotal: 4 * GB });
    expect(await startedAt()).toEqual(began);
    await report(token, { ...syncing, syncBytesDone: 0, syncBytesTotal: 2 * GB });
    expect((await startedAt())?.getTime()).toBeGreaterThan(began?.getTime() ?? 0);

    // Done: no transfer, nothing waiting.
    expect((await result(token, delivered?.id ?? 0, { status: 'done' })).statusCode).toBe(200);
    await report(token, STATE);
    expect(await device(sirius().id)).toMatchObject({ syncQueued: false, syncTransfer: null });
    expect(await startedAt()).toBeNull();
  });

  it('refuses a report that does not follow the contract', async () => {
    const response = await report(token, { ...STATE, batteryLevel: 140, softwareVersion: 'neu', extra: 1 });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['batteryLevel', 'extra', 'softwareVersion']);
  });

  it('the headset reads its active playlist with what it needs to download', async () => {
    const response = await inject({ url: '/api/v1/headset/configuration/', headers: deviceToken(token) });
    expect(response.statusCode).toBe(200);
    const configuration = response.json<Schemas['HeadsetConfiguration']>();
    expect(configuration.name).toBe('Projektwoche Naturwissenschaften');
    expect(configuration.items.map((i) => [i.title, i.contentType, i.positionNumber])).toEqual([
      ['Chemielabor Sicherheitseinweisung', 'video', 1],
      ['Physik-Experimente Optik', 'app', 2],
      ['Unterwegs im Sonnensystem', 'video', 3],
    ]);
    expect(configuration.items[1]).toMatchObject({ packageName: 'de.gymnasium.optik' });
    expect(configuration.items[0]?.fileSize).toBeGreaterThan(0);
    // A headset without a playlist gets none (the Gymnasium's class set all run one; the KMZ's second does not).
    const other = await pairHeadset(server, headset('kmz/Canopus').serial);
    const none = await inject({ url: '/api/v1/headset/configuration/', headers: deviceToken(other) });
    expect(none.json()).toEqual({ id: null, name: null, items: [] });
  });
});
