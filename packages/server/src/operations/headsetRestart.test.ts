import type { components } from '@portal/api/schema';
import type { InjectOptions } from 'fastify';
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

/**
 * Issue 25, item 7: a headset that comes back with a new session (it restarted) without reporting the result of a
 * command delivered to it gets that command again when it is safe to repeat, and any other ends 'interrupted' at
 * once — never 'delivered' ('angekommen') until its expiry.
 */
let server: TestServer;
let admin: string;
let headset: { id: number; serial: string };
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = (await login(server.app, 'admin@kmz.example')).access;
  const { rows } = await server.database.pool.query<{ id: number; serial_number: string }>(
    `select d.id, d.serial_number from devices d join organisations o on o.id = d.organisation_id
     where o.organisation_type = 4 order by d.id limit 1`,
  );
  const row = rows[0];
  if (!row) throw new Error('no headset of the demo KMZ');
  headset = { id: row.id, serial: row.serial_number };
  token = await pairHeadset(server, headset.serial);
});
afterAll(() => server?.close());

const inject = (options: InjectOptions) => server.app.inject(options);
const poll = async (session?: string) => {
  const query = session === undefined ? '' : `&session=${session}`;
  const response = await inject({
    url: `/api/v1/headset/commands/?wait=0${query}`,
    headers: deviceToken(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<Schemas['HeadsetCommandBatch']>().commands;
};
const history = async () =>
  (
    await inject({ url: `/api/v2/mdm/devices/${headset.id}/command/?page_size=10`, headers: bearer(admin) })
  ).json<Schemas['PaginatedDeviceCommandList']>().results;
const device = async () =>
  (await inject({ url: `/api/v3/mdm/devices/${headset.id}/`, headers: bearer(admin) })).json<
    Schemas['Device']
  >();

async function queueMuteAndSync(): Promise<{ mute: number; sync: number }> {
  const mute = await inject({
    method: 'POST',
    url: `/api/v1/mdm/devices/${headset.serial}/command/`,
    headers: bearer(admin),
    payload: { command: 'CMD.MUTE', extras: { guidedModeState: false, manufacturerModeState: false } },
  });
  expect(mute.statusCode).toBe(201);
  const sync = await inject({
    method: 'POST',
    url: '/api/v3/mdm/devices/sync-queue/',
    headers: bearer(admin),
    payload: { devices: [headset.id] },
  });
  expect(sync.statusCode).toBe(202);
  const queued = sync.json<Schemas['QueuedCommands']>().commands[0];
  return { mute: mute.json<Schemas['DeviceCommand']>().id, sync: queued?.id ?? 0 };
}

describe('a headset back with a new session without its results', () => {
  it('gets its sync again and its mute ends interrupted at once; the same session changes nothing', async () => {
    await poll('boot-1');
    const { mute, sync } = await queueMuteAndSync();
    expect((await poll('boot-1')).map((c) => c.id)).toEqual([mute, sync]);
    // The same run polling again, or a poll that names no session: nothing is assumed about a restart.
    expect(await poll('boot-1')).toEqual([]);
    expect(await poll()).toEqual([]);
    const delivered = await history();
    expect(delivered.filter((c) => c.id === mute || c.id === sync).map((c) => c.status)).toEqual([
      'delivered',
      'delivered',
    ]);
    expect((await device()).syncQueued).toBe(true);

    // It restarted: the first poll of its new run hands out the sync again, the mute is over.
    const again = await poll('boot-2');
    expect(again.map((c) => [c.id, c.command, c.status])).toEqual([[sync, 'CMD.SYNC', 'delivered']]);
    const after = new Map((await history()).map((c) => [c.id, c]));
    expect(after.get(mute)).toMatchObject({
      status: 'interrupted',
      message: 'Die VR-Brille wurde neu gestartet, bevor sie ein Ergebnis gemeldet hat.',
    });
    expect(after.get(mute)?.finishedAt).not.toBeNull();
    expect(after.get(sync)).toMatchObject({ status: 'delivered', finishedAt: null, message: null });
    // The readiness panel's wait for the sync is the new delivery's, and ends with its result.
    expect((await device()).syncQueued).toBe(true);

    const late = await inject({
      method: 'POST',
      url: `/api/v1/headset/commands/${mute}/result/`,
      headers: deviceToken(token),
      payload: { status: 'done' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'commandFinished', params: { status: 'interrupted' } });
    const synced = await inject({
      method: 'POST',
      url: `/api/v1/headset/commands/${sync}/result/`,
      headers: deviceToken(token),
      payload: { status: 'done' },
    });
    expect(synced.statusCode).toBe(200);
    expect((await device()).syncQueued).toBe(false);
    // A further restart finds nothing open to settle.
    expect(await poll('boot-3')).toEqual([]);
    expect((await history()).filter((c) => c.id === mute || c.id === sync).map((c) => c.status)).toEqual([
      'done',
      'interrupted',
    ]);
  });

  it('lists interrupted commands by their status', async () => {
    const response = await inject({
      url: `/api/v2/mdm/devices/${headset.id}/command/?status=interrupted`,
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    const results = response.json<Schemas['PaginatedDeviceCommandList']>().results;
    expect(results.map((c) => [c.command, c.status])).toEqual([['CMD.MUTE', 'interrupted']]);
  });

  it('refuses a session that is not a plain token', async () => {
    const response = await inject({
      url: '/api/v1/headset/commands/?session=a%20b',
      headers: deviceToken(token),
    });
    expect(response.statusCode).toBe(400);
  });
});
