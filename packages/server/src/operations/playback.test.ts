import type { components } from '@portal/api/schema';
import { receiptOf } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestServer,
  deviceToken,
  login,
  pairHeadset,
  type TestServer,
} from '../test/testServer.ts';

type Schemas = components['schemas'];
type DeviceCommand = Schemas['DeviceCommand'];
type ReceiptList = Schemas['CommandReceiptList'];
type ReadinessReport = Schemas['ReadinessReport'];

/**
 * Playback on a class set (issue 14): playback commands only for online headsets, receipts from what the headsets
 * report, and the readiness check before the lesson.
 */
let server: TestServer;
const tokens = { lehrer: '', admin: '' };
const ids = new Map<string, number>();
const uuids = new Map<string, string>();

beforeAll(async () => {
  server = await createTestServer();
  tokens.lehrer = (await login(server.app, 'lehrer@schule.example')).access;
  tokens.admin = (await login(server.app, 'admin@kmz.example')).access;
  const { pool } = server.database;
  for (const row of (
    await pool.query<{ id: number; serial_number: string }>('select id, serial_number from devices')
  ).rows) {
    ids.set(row.serial_number, row.id);
  }
  for (const row of (await pool.query<{ uuid: string; title: string }>('select uuid, title from contents'))
    .rows) {
    uuids.set(row.title, row.uuid);
  }
});
afterAll(() => server?.close());

const idOf = (serial: string) => ids.get(serial) ?? 0;
const uuidOf = (title: string) => uuids.get(title) ?? '';
const VIDEO = 'Unterwegs im Sonnensystem';
const post = (url: string, payload: unknown, token = tokens.lehrer) =>
  server.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const send = (serial: string, command: string, contentUuid?: string, token = tokens.lehrer) =>
  post(
    `/api/v1/mdm/devices/${serial}/command/`,
    {
      command,
      extras: {
        guidedModeState: false,
        manufacturerModeState: false,
        ...(contentUuid ? { contentUuid } : {}),
      },
    },
    token,
  );
const receipts = async (commands: number[], token = tokens.lehrer) => {
  const response = await post('/api/v3/mdm/devices/command-receipts/', { commands }, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReceiptList>().results;
};

/** A headset that paired and polls once, as a real one; its token for the headset side. */
async function online(serial: string): Promise<string> {
  const token = await pairHeadset(server, serial);
  await poll(token);
  return token;
}
const poll = (token: string) =>
  server.app.inject({ url: '/api/v1/headset/commands/?wait=0', headers: deviceToken(token) });
const reportState = (token: string, state: Partial<Schemas['HeadsetState']>) =>
  server.app.inject({
    method: 'PUT',
    url: '/api/v1/headset/state/',
    headers: deviceToken(token),
    payload: {
      softwareVersion: '4.9.4',
      batteryLevel: 80,
      storageTotal: 1000,
      storageUsed: 10,
      currentApp: null,
      playbackState: 'stopped',
      syncStatus: 'synced',
      ...state,
    },
  });
const reportResult = (token: string, commandId: number, result: Schemas['HeadsetCommandResult']) =>
  server.app.inject({
    method: 'POST',
    url: `/api/v1/headset/commands/${commandId}/result/`,
    headers: deviceToken(token),
    payload: result,
  });

describe('playback commands and the online rule', () => {
  it('are refused for an offline headset with 409 deviceOffline and queue nothing; other commands still wait', async () => {
    const serial = 'PA7GY0020';
    for (const [command, content] of [
      ['CMD.START.VIDEO', uuidOf(VIDEO)],
      ['CMD.TOGGLE.PAUSE', undefined],
      ['CMD.STOP.RUNNING', undefined],
    ] as const) {
      const response = await send(serial, command, content);
      expect(response.statusCode, command).toBe(409);
      expect(response.json()).toEqual({
        detail:
          '„Vega“ ist ausgeschaltet oder nicht verbunden. Bitte schalten Sie die VR-Brille ein und versuchen Sie es erneut.',
        code: 'deviceOffline',
        params: { device: 'Vega' },
      });
    }
    // Nothing waits for it (its history holds the demo morning's lesson, all of it finished).
    const { rows } = await server.database.pool.query(
      "select count(*)::int as n from device_commands where device_id = $1 and status in ('queued', 'delivered')",
      [idOf(serial)],
    );
    expect(rows[0]).toEqual({ n: 0 });
    expect((await send(serial, 'CMD.REBOOT')).statusCode).toBe(201);
  });

  it('checks the software version before the online state (an old headset hears why, even when off)', async () => {
    // Altair (PA7GY0013) runs 3.9.2: pausing needs 4.5.0.
    const response = await send('PA7GY0013', 'CMD.TOGGLE.PAUSE');
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('softwareTooOld');
  });
});

describe('listCommandReceipts', () => {
  it('follows a start from sent over arrived to playing, from what the headset reports', async () => {
    const serial = 'PA7GY0001';
    const headset = await online(serial);
    const sent = await send(serial, 'CMD.START.VIDEO', uuidOf(VIDEO));
    expect(sent.statusCode, sent.body).toBe(201);
    const command = sent.json<DeviceCommand>();
    const receiptNow = async () => {
      const [receipt] = await receipts([command.id]);
      if (!receipt) throw new Error('no receipt');
      return { receipt, state: receiptOf(receipt.command, receipt.device, uuidOf(VIDEO)).state };
    };

    expect((await receiptNow()).state).toBe('sent');
    const delivered = await poll(headset);
    expect(delivered.json().commands.map((c: { id: number }) => c.id)).toEqual([command.id]);
    expect((await receiptNow()).state).toBe('arrived');
    expect((await reportResult(headset, command.id, { status: 'done' })).statusCode).toBe(200);
    // Done, but the headset has not said what runs since: still arrived.
    expect((await receiptNow()).state).toBe('arrived');
    await reportState(headset, {
      playbackState: 'playing',
      currentApp: VIDEO,
      currentContentUuid: uuidOf(VIDEO),
    });
    const { receipt, state } = await receiptNow();
    expect(state).toBe('playing');
    expect(receipt.device).toMatchObject({
      id: idOf(serial),
      name: 'Sirius',
      isOnline: true,
      playbackState: 'playing',
      currentContentUuid: uuidOf(VIDEO),
    });
    expect(Date.parse(receipt.device.stateReportedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(receipt.command.finishedAt ?? ''),
    );
  });

  it('carries the headset’s failure code and message, in the order asked for', async () => {
    const serial = 'PA7GY0002';
    const headset = await online(serial);
    const first = (await send(serial, 'CMD.START.VIDEO', uuidOf(VIDEO))).json<DeviceCommand>();
    const second = (await send(serial, 'CMD.STOP.RUNNING')).json<DeviceCommand>();
    await poll(headset);
    await reportResult(headset, first.id, {
      status: 'failed',
      message: 'Inhalt ist nicht auf der VR-Brille',
      code: 'contentMissing',
    });
    // A code with `done` means nothing and is not kept.
    await reportResult(headset, second.id, { status: 'done', code: 'batteryEmpty' });
    const [a, b] = await receipts([second.id, first.id]);
    expect(a?.command).toMatchObject({ id: second.id, status: 'done', code: null });
    expect(b?.command).toMatchObject({
      id: first.id,
      status: 'failed',
      code: 'contentMissing',
      message: 'Inhalt ist nicht auf der VR-Brille',
    });
    expect(receiptOf(b!.command, b!.device, uuidOf(VIDEO))).toEqual({
      state: 'failed',
      reason: { code: 'contentMissing', message: 'Inhalt ist nicht auf der VR-Brille' },
    });
    const bad = await reportResult(headset, first.id, { status: 'failed', code: 'exploded' } as never);
    expect(bad.statusCode).toBe(400);
  });

  it('leaves out commands of other organisations and unknown ids; refuses malformed lists', async () => {
    const headset = await online('PA7GY0003');
    const command = (await send('PA7GY0003', 'CMD.STOP.RUNNING')).json<DeviceCommand>();
    await poll(headset);
    expect(await receipts([command.id, 999999], tokens.admin)).toEqual([]);
    expect((await receipts([command.id, 999999])).map((r) => r.command.id)).toEqual([command.id]);
    for (const body of [{ commands: [] }, { commands: ['1'] }, { commands: [1, 1] }, {}]) {
      const response = await post('/api/v3/mdm/devices/command-receipts/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const anonymous = await server.app.inject({
      method: 'POST',
      url: '/api/v3/mdm/devices/command-receipts/',
      payload: { commands: [command.id] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('checkDeviceReadiness', () => {
  const check = async (devices: number[], contentUuid: string, token = tokens.lehrer) =>
    post('/api/v3/mdm/devices/readiness/', { devices, contentUuid }, token);

  it('names every problem with its fix (offline, empty battery, missing content) apart from limits (low battery)', async () => {
    const { pool } = server.database;
    const ready = 'PA7GY0012';
    const lowBattery = 'PA7GY0005';
    const lacking = 'PA7GY0006';
    const empty = 'PA7GY0007';
    for (const serial of [ready, lowBattery, lacking, empty]) await online(serial);
    await pool.query('update devices set battery_level = 12 where serial_number = $1', [lowBattery]);
    await pool.query('update devices set battery_level = 2 where serial_number = $1', [empty]);
    await pool.query(
      'update devices set installed_content = array_remove(installed_content, $1::uuid) where serial_number = $2',
      [uuidOf(VIDEO), lacking],
    );
    // Paired once, last seen minutes ago (the seed's time): offline. Never paired: unpaired.
    const offline = 'PA7GY0015';
    await pairHeadset(server, offline);
    await pool.query("update devices set last_seen = now() - interval '5 minutes' where serial_number = $1", [
      offline,
    ]);
    const unpaired = 'PA7GY0016';
    const response = await check(
      [ready, lowBattery, lacking, empty, offline, unpaired].map(idOf),
      uuidOf(VIDEO),
    );
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<ReadinessReport>();
    // Twelve percent starts the video: ready, with the limit named.
    expect(report.readyCount).toBe(2);
    expect(report.results.map((r) => [r.serialNumber, r.ready, r.problems, r.warnings])).toEqual([
      [ready, true, [], []],
      [lowBattery, true, [], [{ code: 'batteryLow', fix: null, params: { batteryLevel: 12 } }]],
      [lacking, false, [{ code: 'contentMissing', fix: 'sync', params: {} }], []],
      [empty, false, [{ code: 'batteryEmpty', fix: null, params: { batteryLevel: 2 } }], []],
      [offline, false, [{ code: 'offline', fix: null, params: {} }], []],
      [unpaired, false, [{ code: 'unpaired', fix: null, params: {} }], []],
    ]);
    expect(report.results.every((r) => r.syncTransfer === null)).toBe(true);
  });

  it('offers to add content to the active playlist, or to activate a playlist holding it; a queued sync is on its way', async () => {
    const { pool } = server.database;
    const onPlaylist = 'PA7GY0009';
    const withoutPlaylist = 'PA7GY0010';
    for (const serial of [onPlaylist, withoutPlaylist]) await online(serial);
    await pool.query('update devices set active_configuration_id = null where serial_number = $1', [
      withoutPlaylist,
    ]);
    const playlist = async (name: string) =>
      (await pool.query<{ id: number }>('select id from configurations where name = $1', [name])).rows[0]?.id;
    // 'Der Regenwald' is in the Gymnasium's 'Erdkunde 8b', not in 'Projektwoche Naturwissenschaften'.
    const results = (
      await check([idOf(onPlaylist), idOf(withoutPlaylist)], uuidOf('Der Regenwald'))
    ).json<ReadinessReport>().results;
    expect(results.map((r) => r.problems)).toEqual([
      [
        {
          code: 'contentMissing',
          fix: 'addToPlaylist',
          params: {
            playlistId: await playlist('Projektwoche Naturwissenschaften'),
            playlistName: 'Projektwoche Naturwissenschaften',
          },
        },
      ],
      [
        {
          code: 'contentMissing',
          fix: 'activatePlaylist',
          params: { playlistId: await playlist('Erdkunde 8b'), playlistName: 'Erdkunde 8b' },
        },
      ],
    ]);
    // Content in no playlist of the organisation: nothing the portal can do from here.
    const nowhere = (await check([idOf(withoutPlaylist)], uuidOf('Korallenriff'))).json<ReadinessReport>();
    expect(nowhere.results[0]?.problems).toEqual([{ code: 'contentMissing', fix: null, params: {} }]);

    // Added to the playlist (which queues the sync): the content is on its way, no second sync is offered.
    const added = await post(
      `/api/v2/mdm/device-configurations/${await playlist('Projektwoche Naturwissenschaften')}/content/`,
      {
        contentId: Number(
          (await pool.query<{ id: number }>("select id from contents where title = 'Der Regenwald'")).rows[0]
            ?.id,
        ),
        contentOrigin: 'cms',
      },
    );
    expect(added.statusCode, added.body).toBe(200);
    const waiting = (await check([idOf(onPlaylist)], uuidOf('Der Regenwald'))).json<ReadinessReport>();
    expect(waiting.results[0]?.problems).toEqual([{ code: 'syncing', fix: null, params: { progress: 0 } }]);
  });

  it('calls a headset restarting for its update ‘updating’, not offline, until it is back', async () => {
    const { pool } = server.database;
    const serial = 'PA7GY0011';
    const token = await online(serial);
    const update = await send(serial, 'CMD.UPDATE');
    expect(update.statusCode, update.body).toBe(201);
    const problems = async () =>
      (await check([idOf(serial)], uuidOf(VIDEO))).json<ReadinessReport>().results[0]?.problems;
    // Waiting for an online headset: it restarts as soon as it picks it up.
    expect(await problems()).toEqual([{ code: 'updating', fix: null, params: {} }]);
    await poll(token);
    const commandId = update.json<DeviceCommand>().id;
    expect((await reportResult(token, commandId, { status: 'done' })).statusCode).toBe(200);
    // Reported done, gone down for the restart: updating, not 'Ausgeschaltet'.
    expect(await problems()).toEqual([{ code: 'updating', fix: null, params: {} }]);
    // Back: its next call ends it.
    await poll(token);
    expect(await problems()).toEqual([]);
    // Switched off later: offline, not updating (it was back after the update).
    await pool.query("update device_commands set finished_at = now() - interval '10 minutes' where id = $1", [
      commandId,
    ]);
    await pool.query("update devices set last_seen = now() - interval '5 minutes' where serial_number = $1", [
      serial,
    ]);
    expect(await problems()).toEqual([{ code: 'offline', fix: null, params: {} }]);
    // Never back from an update 20 minutes ago: something went wrong, the teacher hears 'offline'.
    await pool.query("update device_commands set finished_at = now() - interval '20 minutes' where id = $1", [
      commandId,
    ]);
    await pool.query(
      "update devices set announced_offline = true, last_seen = now() - interval '21 minutes' where serial_number = $1",
      [serial],
    );
    expect(await problems()).toEqual([{ code: 'offline', fix: null, params: {} }]);
  });

  it('gates web apps by the headset’s software, with the update as fix, and warns where pausing is missing', async () => {
    const { pool } = server.database;
    const old = 'PA7GY0008'; // 4.2.3
    await online(old);
    const webApp = (
      await pool.query<{ uuid: string }>("select uuid from contents where content_type = 'webApp' limit 1")
    ).rows[0]?.uuid as string;
    await pool.query(
      'update devices set installed_content = installed_content || $1::uuid where serial_number = $2',
      [webApp, old],
    );
    const result = (await check([idOf(old)], webApp)).json<ReadinessReport>().results[0];
    expect(result?.problems).toEqual([
      { code: 'softwareTooOld', fix: 'update', params: { requiredVersion: '4.5.0' } },
    ]);
    const video = (await check([idOf(old)], uuidOf(VIDEO))).json<ReadinessReport>().results[0];
    expect(video).toMatchObject({
      ready: true,
      warnings: [{ code: 'pauseUnsupported', fix: 'update', params: { requiredVersion: '4.5.0' } }],
    });
  });

  it('refuses headsets of other organisations, content the caller cannot see and malformed requests', async () => {
    const foreign = await check([idOf('PA7GY0004'), idOf('PA7KM0001')], uuidOf(VIDEO));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      devices: [
        `Diese VR-Brillen gibt es nicht oder sie gehören nicht zu Ihren Organisationen: ${idOf('PA7KM0001')}.`,
      ],
    });
    const hidden = await check([idOf('PA7GY0004')], uuidOf('Lehrprobe Biologie'));
    expect(hidden.json()).toEqual({
      contentUuid: ['Diesen Inhalt gibt es nicht oder Sie dürfen ihn nicht verwenden.'],
    });
    expect((await check([idOf('PA7GY0004')], uuidOf(VIDEO), tokens.admin)).statusCode).toBe(400);
    for (const body of [
      { devices: [], contentUuid: uuidOf(VIDEO) },
      { devices: [1] },
      { devices: [1], contentUuid: 'kein-uuid' },
    ]) {
      expect((await post('/api/v3/mdm/devices/readiness/', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
