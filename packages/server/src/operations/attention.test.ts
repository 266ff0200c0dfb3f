import type { components } from '@portal/api/schema';
import { DEFAULT_ATTENTION_MESSAGE } from '@portal/domain';
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
type Outcomes = Schemas['DeviceCommandOutcomes'];
type Device = Schemas['Device'];

/**
 * 'Alle Blicke nach vorn' (issue 26): CMD.ATTENTION and CMD.ATTENTION.END through the one bulk request, the version
 * gate with the server's fallback of pause + mute, its undoing, the 120-character message, the Protokoll, and who
 * may send it.
 */
let server: TestServer;
const tokens = { lehrer: '', admin: '', zfsl: '' };
const ids = new Map<string, number>();
const deviceTokens = new Map<string, string>();

/** Demo class set (seedDevices.ts): the 9th runs 5.1.2 (Pico 4), Sirius 4.9.4, the 7th 4.7.0, the 4th 4.0.1. */
const CURRENT = 'PA7GY0009';
const FALLBACK = 'PA7GY0001';
const NO_MUTE = 'PA7GY0007';
const NO_PAUSE = 'PA7GY0004';

beforeAll(async () => {
  server = await createTestServer();
  tokens.lehrer = (await login(server.app, 'lehrer@schule.example')).access;
  tokens.admin = (await login(server.app, 'admin@kmz.example')).access;
  tokens.zfsl = (await login(server.app, 'zfsl@zfsl.example')).access;
  const { rows } = await server.database.pool.query<{ id: number; serial_number: string }>(
    'select id, serial_number from devices',
  );
  for (const row of rows) ids.set(row.serial_number, row.id);
  for (const serial of [CURRENT, FALLBACK, NO_MUTE, NO_PAUSE]) {
    const token = await pairHeadset(server, serial);
    deviceTokens.set(serial, token);
  }
});
afterAll(() => server?.close());

const idOf = (serial: string) => ids.get(serial) ?? 0;
const tokenOf = (serial: string) => deviceTokens.get(serial) ?? '';

/** The headset reports playing and unmuted, as it would with a video running (also a sign of life: online). */
async function report(serial: string, state: Partial<Schemas['HeadsetState']>): Promise<void> {
  const versions: Record<string, string> = {
    [CURRENT]: '5.1.2',
    [FALLBACK]: '4.9.4',
    [NO_MUTE]: '4.7.0',
    [NO_PAUSE]: '4.0.1',
  };
  const response = await server.app.inject({
    method: 'PUT',
    url: '/api/v1/headset/state/',
    headers: deviceToken(tokenOf(serial)),
    payload: {
      softwareVersion: versions[serial],
      batteryLevel: 80,
      storageTotal: 1000,
      storageUsed: 10,
      currentApp: 'Unterwegs im Sonnensystem',
      playbackState: 'playing',
      syncStatus: 'synced',
      muted: false,
      ...state,
    },
  });
  expect(response.statusCode, response.body).toBe(204);
}

const queue = (
  devices: number[],
  command: string,
  extras: Record<string, unknown> = {},
  token = tokens.lehrer,
) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v3/mdm/devices/command-queue/',
    headers: bearer(token),
    payload: { devices, command, extras },
  });

async function outcomesOf(response: Awaited<ReturnType<typeof queue>>) {
  expect(response.statusCode, response.body).toBe(200);
  const results = response.json<Outcomes>().results;
  return new Map(results.map((r) => [r.deviceId, r]));
}

/** Every command queued for a headset after `afterId`, oldest first. */
async function queuedFor(serial: string, afterId = 0) {
  const { rows } = await server.database.pool.query<{
    id: number;
    command: string;
    extras: { message?: string };
  }>(
    "select id, command, extras from device_commands where device_id = $1 and id > $2 and status = 'queued' order by id",
    [idOf(serial), afterId],
  );
  return rows;
}

async function deviceOf(serial: string, token = tokens.lehrer): Promise<Device> {
  const response = await server.app.inject({
    url: `/api/v3/mdm/devices/?search=${serial}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const [device] = response.json<{ results: Device[] }>().results;
  if (!device) throw new Error(`no ${serial}`);
  return device;
}

async function lastCommandId(): Promise<number> {
  const { rows } = await server.database.pool.query<{ id: number | null }>(
    'select max(id) as id from device_commands',
  );
  return rows[0]?.id ?? 0;
}

describe('CMD.ATTENTION to a class set', () => {
  it('runs on current software, falls back to pause + mute below 5.0.0, refuses what has neither', async () => {
    for (const serial of [CURRENT, FALLBACK, NO_MUTE, NO_PAUSE]) await report(serial, {});
    const before = await lastCommandId();
    const outcomes = await outcomesOf(
      await queue([CURRENT, FALLBACK, NO_MUTE, NO_PAUSE].map(idOf), 'CMD.ATTENTION'),
    );

    // Current software: the command itself, with the default message.
    expect(outcomes.get(idOf(CURRENT))?.command).toMatchObject({
      command: 'CMD.ATTENTION',
      extras: { message: DEFAULT_ATTENTION_MESSAGE },
    });
    expect((await queuedFor(CURRENT, before)).map((c) => c.command)).toEqual(['CMD.ATTENTION']);

    // 4.9.4: the server pauses and mutes instead; the answer is the last of the two.
    expect((await queuedFor(FALLBACK, before)).map((c) => c.command)).toEqual([
      'CMD.TOGGLE.PAUSE',
      'CMD.MUTE',
    ]);
    expect(outcomes.get(idOf(FALLBACK))).toMatchObject({ command: { command: 'CMD.MUTE' }, refusal: null });
    expect((await deviceOf(FALLBACK)).attentionFallback).toBe(true);
    expect((await deviceOf(CURRENT)).attentionFallback).toBe(false);

    // Without the mute gate (4.7.0) or the pause gate (4.0.1): refused, naming the version it lacks.
    expect(outcomes.get(idOf(NO_MUTE))).toMatchObject({
      command: null,
      refusal: { code: 'softwareTooOld', params: { command: 'CMD.ATTENTION', requiredVersion: '4.9.4' } },
    });
    expect(outcomes.get(idOf(NO_PAUSE))?.refusal).toMatchObject({
      code: 'softwareTooOld',
      params: { requiredVersion: '4.5.0' },
    });
    expect(await queuedFor(NO_MUTE, before)).toEqual([]);

    // The Protokoll names the command, its message, each headset's command or refusal.
    const { rows } = await server.database.pool.query<{ details: object; commands: (number | null)[] }>(
      `select e.details, array_agg(d.command_id order by d.device_id) as commands
       from audit_entries e join audit_entry_devices d on d.entry_id = e.id
       where e.details->>'command' = 'CMD.ATTENTION' group by e.id`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details).toEqual({ command: 'CMD.ATTENTION', note: DEFAULT_ATTENTION_MESSAGE });
    expect(rows[0]?.commands.filter((id) => id !== null)).toHaveLength(2);
  });

  it('stores what the headset reports on its screen, and nothing once it omits the field', async () => {
    await report(CURRENT, { playbackState: 'paused', muted: true, attention: 'Kurz nach vorn!' });
    expect((await deviceOf(CURRENT)).attention).toBe('Kurz nach vorn!');
    await report(CURRENT, { playbackState: 'paused', muted: true });
    expect((await deviceOf(CURRENT)).attention).toBeNull();
  });

  it('CMD.ATTENTION.END undoes the fallback as far as it still holds, then has nothing left to undo', async () => {
    await report(FALLBACK, { playbackState: 'paused', muted: true });
    const before = await lastCommandId();
    const outcomes = await outcomesOf(await queue([CURRENT, FALLBACK].map(idOf), 'CMD.ATTENTION.END'));
    expect(outcomes.get(idOf(CURRENT))?.command?.command).toBe('CMD.ATTENTION.END');
    expect((await queuedFor(FALLBACK, before)).map((c) => c.command)).toEqual([
      'CMD.TOGGLE.PAUSE',
      'CMD.MUTE',
    ]);
    expect((await deviceOf(FALLBACK)).attentionFallback).toBe(false);

    const again = await outcomesOf(await queue([FALLBACK].map(idOf), 'CMD.ATTENTION.END'));
    expect(again.get(idOf(FALLBACK))).toMatchObject({ command: null, refusal: { code: 'nothingToDo' } });
  });

  it('pauses nothing that is paused already: a muted, stopped headset needs nothing (409 for one headset)', async () => {
    await report(FALLBACK, { playbackState: 'stopped', currentApp: null, muted: true });
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/v1/mdm/devices/${FALLBACK}/command/`,
      headers: bearer(tokens.lehrer),
      payload: { command: 'CMD.ATTENTION', extras: { guidedModeState: true, manufacturerModeState: false } },
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({
      detail:
        '„Sirius“ spielt nichts ab und ist schon stumm: Es gab nichts zu pausieren oder stummzuschalten.',
      code: 'nothingToDo',
      params: { device: 'Sirius' },
    });
  });

  it('takes a message of at most 120 characters (400 on the field beyond), queuing nothing', async () => {
    await report(CURRENT, {});
    const before = await lastCommandId();
    const tooLong = await queue([idOf(CURRENT)], 'CMD.ATTENTION', { message: 'a'.repeat(121) });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json())).toEqual(['extras.message']);
    expect(await queuedFor(CURRENT, before)).toEqual([]);
    const own = await outcomesOf(await queue([idOf(CURRENT)], 'CMD.ATTENTION', { message: 'b'.repeat(120) }));
    expect(own.get(idOf(CURRENT))?.command?.extras.message).toBe('b'.repeat(120));
  });

  it('needs the headset online, as playback does', async () => {
    // Vega (PA7GY0020) never called.
    const outcomes = await outcomesOf(await queue([idOf('PA7GY0020')], 'CMD.ATTENTION'));
    expect(outcomes.get(idOf('PA7GY0020'))?.refusal?.code).toBe('deviceOffline');
  });
});

describe('who may send attention', () => {
  it('members of the headsets’ organisation only: another organisation’s administrator or member is refused', async () => {
    await report(CURRENT, {});
    for (const token of [tokens.admin, tokens.zfsl]) {
      const response = await queue([idOf(CURRENT)], 'CMD.ATTENTION', {}, token);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['devices']);
      const one = await server.app.inject({
        method: 'POST',
        url: `/api/v1/mdm/devices/${CURRENT}/command/`,
        headers: bearer(token),
        payload: {
          command: 'CMD.ATTENTION',
          extras: { guidedModeState: false, manufacturerModeState: false },
        },
      });
      expect(one.statusCode).toBe(404);
    }
    const anonymous = await server.app.inject({
      method: 'POST',
      url: '/api/v3/mdm/devices/command-queue/',
      payload: { devices: [idOf(CURRENT)], command: 'CMD.ATTENTION', extras: {} },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
