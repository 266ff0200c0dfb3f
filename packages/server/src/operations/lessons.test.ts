import type { components } from '@portal/api/schema';
import { receiptOf } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepEndedLessons } from '../services/headsets/index.ts';
import {
  bearer,
  createTestServer,
  deviceToken,
  login,
  pairHeadset,
  type TestServer,
} from '../test/testServer.ts';

type Schemas = components['schemas'];
type Lesson = Schemas['RunningLesson'];
type Outcomes = Schemas['DeviceCommandOutcomes'];

/**
 * Unterricht (issue 22): the server records the lesson when playback commands go out, and every member of the
 * organisation reads it (listRunningLessons), pauses it and stops it, from any device.
 */
let server: TestServer;
const tokens = { lehrer: '', kollegin: '', admin: '', staff: '', neu: '' };
const ids = new Map<string, number>();
const uuids = new Map<string, string>();
const headsetTokens = new Map<string, string>();
const VIDEO = 'Unterwegs im Sonnensystem';
const OTHER = 'Korallenriff';

beforeAll(async () => {
  server = await createTestServer();
  const { pool } = server.database;
  // A second teacher of the Gymnasium, its administrator, on another device of her own.
  await pool.query(`insert into users (email, password_hash, first_name, last_name, accepted_tos_version)
    select 'kollegin@schule.example', password_hash, 'Karla', 'Kollegin', accepted_tos_version
    from users where email = 'lehrer@schule.example'`);
  await pool.query(`insert into memberships (user_id, organisation_id, is_administrator)
    select u.id, m.organisation_id, true from users u, memberships m join users l on l.id = m.user_id
    where u.email = 'kollegin@schule.example' and l.email = 'lehrer@schule.example'`);
  tokens.lehrer = (await login(server.app, 'lehrer@schule.example')).access;
  tokens.kollegin = (await login(server.app, 'kollegin@schule.example')).access;
  tokens.admin = (await login(server.app, 'admin@kmz.example')).access;
  tokens.staff = (await login(server.app, 'staff@vr-portal.example')).access;
  tokens.neu = (await login(server.app, 'neu@schule.example')).access;
  for (const row of (await pool.query('select id, serial_number from devices')).rows) {
    ids.set(row.serial_number, row.id);
  }
  for (const row of (await pool.query('select uuid, title from contents')).rows)
    uuids.set(row.title, row.uuid);
  // Ten headsets of the class set on line (Sirius … Acrux), polling as real ones.
  for (const serial of CLASS) {
    const token = await pairHeadset(server, serial);
    headsetTokens.set(serial, token);
    await poll(serial);
  }
});
afterAll(() => server?.close());

const CLASS = Array.from({ length: 10 }, (_, i) => `PA7GY00${String(i + 1).padStart(2, '0')}`);
const [SIRIUS, CANOPUS, CAPELLA, RIGEL, PROKYON, ARKTUR, ACHERNAR, DENEB, GARUX, ACRUX] = CLASS as [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];
/** Vega: paired never, so offline. */
const VEGA = 'PA7GY0020';
const idOf = (serial: string) => ids.get(serial) ?? 0;
const uuidOf = (title: string) => uuids.get(title) ?? '';

const poll = (serial: string) =>
  server.app.inject({
    url: '/api/v1/headset/commands/?wait=0',
    headers: deviceToken(headsetTokens.get(serial) ?? ''),
  });
const report = (serial: string, state: Partial<Schemas['HeadsetState']>) =>
  server.app.inject({
    method: 'PUT',
    url: '/api/v1/headset/state/',
    headers: deviceToken(headsetTokens.get(serial) ?? ''),
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
/** The headset carries out its delivered commands and reports what runs then, as the simulator does. */
async function carryOut(serial: string, state: Partial<Schemas['HeadsetState']>) {
  const delivered = (await poll(serial)).json<{ commands: { id: number }[] }>().commands;
  for (const command of delivered) {
    await server.app.inject({
      method: 'POST',
      url: `/api/v1/headset/commands/${command.id}/result/`,
      headers: deviceToken(headsetTokens.get(serial) ?? ''),
      payload: { status: 'done' },
    });
  }
  await report(serial, state);
}
const playing = (title: string) => ({
  playbackState: 'playing' as const,
  currentApp: title,
  currentContentUuid: uuidOf(title),
});

async function queue(
  serials: readonly string[],
  command: string,
  more: { contentUuid?: string; lesson?: number } = {},
  token = tokens.lehrer,
) {
  const { contentUuid, lesson } = more;
  return server.app.inject({
    method: 'POST',
    url: '/api/v3/mdm/devices/command-queue/',
    headers: bearer(token),
    payload: {
      devices: serials.map(idOf),
      command,
      extras: contentUuid ? { contentUuid } : {},
      ...(lesson === undefined ? {} : { lesson }),
    },
  });
}
const start = (serials: readonly string[], title = VIDEO, token = tokens.lehrer) =>
  queue(serials, 'CMD.START.VIDEO', { contentUuid: uuidOf(title) }, token);
const sendOne = (serial: string, command: string) =>
  server.app.inject({
    method: 'POST',
    url: `/api/v1/mdm/devices/${serial}/command/`,
    headers: bearer(tokens.lehrer),
    payload: { command, extras: { guidedModeState: false, manufacturerModeState: false } },
  });

async function lessons(token = tokens.lehrer): Promise<Lesson[]> {
  const response = await server.app.inject({ url: '/api/v3/mdm/lessons/', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: Lesson[] }>().results;
}
const names = (lesson: Lesson | undefined) => lesson?.headsets.map((h) => h.device.name);
const stored = async (lessonId: number) =>
  (
    await server.database.pool.query(
      'select ended_at is not null as ended, end_reason from lessons where id = $1',
      [lessonId],
    )
  ).rows[0];
/** Ends whatever runs, so that each test starts without lessons. */
async function stopAll() {
  await queue([...CLASS, VEGA], 'CMD.STOP.RUNNING');
  for (const serial of CLASS) await carryOut(serial, { playbackState: 'stopped' });
  expect(await lessons()).toEqual([]);
}

describe('a start opens the lesson every member of the organisation sees', () => {
  it('with content, headsets by name, who started it and when; a refused headset is in it with its reason', async () => {
    const before = Date.now();
    const response = await start([CAPELLA, SIRIUS, CANOPUS, VEGA]);
    expect(response.statusCode, response.body).toBe(200);
    const [lesson, ...more] = await lessons(tokens.kollegin);
    expect(more).toEqual([]);
    expect(lesson).toMatchObject({
      content: { uuid: uuidOf(VIDEO), title: VIDEO, contentType: 'video', duration: 720 },
      startedBy: { name: 'Lars Lehrer' },
      isPaused: false,
    });
    expect(Date.parse(lesson?.startedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(lesson?.elapsedSeconds).toBeLessThan(5);
    expect(names(lesson)).toEqual(['Canopus', 'Capella', 'Sirius', 'Vega']);
    const vega = lesson?.headsets.find((h) => h.device.name === 'Vega');
    expect(vega).toMatchObject({ serialNumber: VEGA, command: null, refusal: { code: 'deviceOffline' } });
    const sirius = lesson?.headsets.find((h) => h.device.name === 'Sirius');
    expect(sirius?.command).toMatchObject({ command: 'CMD.START.VIDEO', status: 'queued' });

    // The receipts come from what the headsets report, as listCommandReceipts gives them.
    await carryOut(SIRIUS, playing(VIDEO));
    const [now] = await lessons();
    const reported = now?.headsets.find((h) => h.device.name === 'Sirius');
    expect(reported && receiptOf(reported.command!, reported.device, uuidOf(VIDEO)).state).toBe('playing');
    // Lessons of another organisation never show.
    expect(await lessons(tokens.admin)).toEqual([]);
    await stopAll();
  });

  it('runs several lessons at once on different headsets; a new start on a headset takes it over', async () => {
    await start([SIRIUS, CANOPUS]);
    await start([CANOPUS, CAPELLA], OTHER, tokens.kollegin);
    const [newer, older] = await lessons();
    expect([newer?.content.title, names(newer), newer?.startedBy?.name]).toEqual([
      OTHER,
      ['Canopus', 'Capella'],
      'Karla Kollegin',
    ]);
    expect([older?.content.title, names(older)]).toEqual([VIDEO, ['Sirius']]);
    // Sirius, its last headset, taken over too: the first lesson ends.
    await start([SIRIUS, RIGEL], OTHER);
    expect((await lessons()).map(names)).toEqual([
      ['Rigel', 'Sirius'],
      ['Canopus', 'Capella'],
    ]);
    expect(await stored(older?.id ?? 0)).toEqual({ ended: true, end_reason: 'replaced' });
    await stopAll();
  });
});

describe('pausing and stopping from any device', () => {
  it('pauses and resumes the lesson for everybody; its time counts without the pauses', async () => {
    await start([SIRIUS, CANOPUS]);
    const [lesson] = await lessons();
    const id = lesson?.id ?? 0;
    const paused = await queue([SIRIUS, CANOPUS], 'CMD.TOGGLE.PAUSE', { lesson: id }, tokens.kollegin);
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await lessons())[0]).toMatchObject({ id, isPaused: true });
    const toggles = (await lessons())[0]?.headsets.map((h) => h.command?.command);
    expect(toggles).toEqual(['CMD.TOGGLE.PAUSE', 'CMD.TOGGLE.PAUSE']);
    // Started 100 s ago, paused 10 s before and for the last 40 s: 50 s have counted.
    await server.database.pool.query(
      `update lessons set started_at = now() - interval '100 seconds', paused_seconds = 10,
        paused_at = now() - interval '40 seconds' where id = $1`,
      [id],
    );
    expect((await lessons())[0]?.elapsedSeconds).toBe(50);
    await queue([SIRIUS, CANOPUS], 'CMD.TOGGLE.PAUSE', { lesson: id });
    const resumed = (await lessons())[0];
    expect(resumed?.isPaused).toBe(false);
    expect(resumed?.elapsedSeconds).toBeGreaterThanOrEqual(50);
    expect(resumed?.elapsedSeconds).toBeLessThan(53);

    // One headset's own pause (its page) changes its receipt, not the lesson's time.
    expect((await sendOne(SIRIUS, 'CMD.TOGGLE.PAUSE')).statusCode).toBe(201);
    expect((await lessons())[0]?.isPaused).toBe(false);
    await stopAll();
  });

  it('a stop on one headset (its page or the fleet page) takes it out; a stop on all ends the lesson', async () => {
    await start([SIRIUS, CANOPUS, CAPELLA, VEGA]);
    const [lesson] = await lessons();
    expect((await sendOne(CAPELLA, 'CMD.STOP.RUNNING')).statusCode).toBe(201);
    expect(names((await lessons())[0])).toEqual(['Canopus', 'Sirius', 'Vega']);
    // Vega is off: its stop is refused, and it leaves all the same (it plays nothing).
    const stopped = await queue([SIRIUS, CANOPUS, VEGA], 'CMD.STOP.RUNNING', { lesson: lesson?.id });
    const outcomes = stopped.json<Outcomes>().results;
    expect(outcomes.map((o) => [o.command?.command ?? null, o.refusal?.code ?? null])).toEqual([
      ['CMD.STOP.RUNNING', null],
      ['CMD.STOP.RUNNING', null],
      [null, 'deviceOffline'],
    ]);
    expect(await lessons(tokens.kollegin)).toEqual([]);
    expect(await stored(lesson?.id ?? 0)).toEqual({ ended: true, end_reason: 'stopped' });
  });

  it('‘Erneut versuchen’ starts again within the lesson; what does not fit the lesson is refused', async () => {
    await start([SIRIUS, VEGA]);
    const [lesson] = await lessons();
    const id = lesson?.id ?? 0;
    const retried = await queue([SIRIUS], 'CMD.START.VIDEO', { contentUuid: uuidOf(VIDEO), lesson: id });
    expect(retried.statusCode, retried.body).toBe(200);
    const [again, ...none] = await lessons();
    expect(none).toEqual([]);
    expect(again?.id).toBe(id);
    const sirius = again?.headsets.find((h) => h.device.name === 'Sirius');
    expect(sirius?.command?.id).toBe(retried.json<Outcomes>().results[0]?.command?.id);

    const otherContent = await queue([SIRIUS], 'CMD.START.VIDEO', { contentUuid: uuidOf(OTHER), lesson: id });
    expect([otherContent.statusCode, Object.keys(otherContent.json())]).toEqual([
      400,
      ['extras.contentUuid'],
    ]);
    const reboot = await queue([SIRIUS], 'CMD.REBOOT', { lesson: id });
    expect([reboot.statusCode, Object.keys(reboot.json())]).toEqual([400, ['lesson']]);
    const openBefore = await server.database.pool.query('select count(*)::int as n from device_commands');
    // Another organisation's administrator cannot reach it: the same answer as for an ended lesson, nothing queued.
    const foreign = await queue(['PA7KM0001'], 'CMD.TOGGLE.PAUSE', { lesson: id }, tokens.admin);
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toMatchObject({ code: 'lessonEnded', params: { lesson: id } });
    await stopAll();
    const ended = await queue([SIRIUS], 'CMD.TOGGLE.PAUSE', { lesson: id });
    expect([ended.statusCode, ended.json().code]).toEqual([409, 'lessonEnded']);
    const openAfter = await server.database.pool.query('select count(*)::int as n from device_commands');
    // Only stopAll's stops were queued in between.
    expect(openAfter.rows[0].n - openBefore.rows[0].n).toBe(CLASS.length);
  });
});

describe('a lesson ends by itself', () => {
  it('60 minutes after its start, and when none of its headsets plays it any more', async () => {
    const { pool } = server.database;
    await start([SIRIUS]);
    await start([CANOPUS, CAPELLA]);
    const [idle, old] = await lessons();
    await carryOut(CANOPUS, playing(VIDEO));
    await carryOut(CAPELLA, playing(VIDEO));
    await carryOut(SIRIUS, playing(VIDEO));
    await pool.query(`update lessons set started_at = now() - interval '61 minutes' where id = $1`, [
      old?.id,
    ]);
    // Commanded three minutes ago: Capella plays it, so it runs; once both report something else, it is idle.
    await pool.query(`update lessons set last_command_at = now() - interval '3 minutes' where id = $1`, [
      idle?.id,
    ]);
    expect((await lessons()).map((l) => l.id)).toEqual([idle?.id]);
    await report(CANOPUS, { playbackState: 'stopped' });
    expect((await lessons()).map((l) => l.id)).toEqual([idle?.id]);
    await report(CAPELLA, playing(OTHER));
    expect(await lessons()).toEqual([]);

    expect(await sweepEndedLessons(server.database.db)).toBe(2);
    expect(await stored(old?.id ?? 0)).toEqual({ ended: true, end_reason: 'expired' });
    expect(await stored(idle?.id ?? 0)).toEqual({ ended: true, end_reason: 'idle' });
    const held = await pool.query('select count(*)::int as n from lesson_devices where left_at is null');
    expect(held.rows[0].n).toBe(0);
    // A new start on those headsets opens a new lesson.
    await start([SIRIUS]);
    expect((await lessons()).length).toBe(1);
    await stopAll();
  });
});

describe('listRunningLessons: who may read', () => {
  it.each([
    { who: 'a member of the organisation', headers: () => bearer(tokens.lehrer), status: 200, count: 1 },
    { who: 'its administrator', headers: () => bearer(tokens.kollegin), status: 200, count: 1 },
    {
      who: 'an administrator of another organisation',
      headers: () => bearer(tokens.admin),
      status: 200,
      count: 0,
    },
    { who: 'staff without organisation', headers: () => bearer(tokens.staff), status: 200, count: 0 },
    {
      who: 'a member before accepting the terms',
      headers: () => bearer(tokens.neu),
      status: 403,
      count: null,
    },
    { who: 'anonymous', headers: () => ({}), status: 401, count: null },
    {
      who: 'a headset with its token',
      headers: () => deviceToken(headsetTokens.get(SIRIUS) ?? ''),
      status: 401,
      count: null,
    },
    {
      who: 'a headset token as bearer',
      headers: () => bearer(headsetTokens.get(SIRIUS) ?? ''),
      status: 401,
      count: null,
    },
  ])('$who: $status', async ({ headers, status, count }) => {
    await start([ACRUX]);
    try {
      const response = await server.app.inject({ url: '/api/v3/mdm/lessons/', headers: headers() });
      expect(response.statusCode, response.body).toBe(status);
      if (count !== null) expect(response.json().results).toHaveLength(count);
      else expect(response.json()).toHaveProperty('detail');
    } finally {
      await stopAll();
    }
  });
});

void [PROKYON, ARKTUR, ACHERNAR, DENEB, GARUX];
