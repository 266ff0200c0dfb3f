import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../app.ts';
import { readTestDatabaseUrl } from '../config.ts';
import { issueEnrolmentCodeFor } from '../services/headsets/index.ts';
import { type ThrowawayDatabase, throwawayDatabase } from '../test/databaseSnapshot.ts';
import { startTestHttpServer } from '../test/testServer.ts';

const adminUrl = readTestDatabaseUrl();

/**
 * Several stateless server processes on one PostgreSQL: a command queued through one must reach the long poll that
 * another one holds (LISTEN/NOTIFY). Real HTTP to two servers with their own pools and listeners on one database.
 * Runs with TEST_DATABASE_URL (npm test's PostgreSQL pass; CI starts Debian's PostgreSQL).
 */
describe.skipIf(!adminUrl)('two server processes on one PostgreSQL', () => {
  let database: ThrowawayDatabase;
  let portalSide: RunningServer;
  let headsetSide: RunningServer;

  beforeAll(async () => {
    database = await throwawayDatabase(adminUrl ?? '');
    const config = { databaseUrl: database.url };
    portalSide = await startTestHttpServer({ config });
    headsetSide = await startTestHttpServer({ config });
  });
  afterAll(async () => {
    await headsetSide?.close();
    await portalSide?.close();
    await database?.drop();
  });

  it('delivers a command queued through one process to the poll held by the other at once', async () => {
    expect(portalSide.seeded).toBe(true);
    expect(headsetSide.seeded).toBe(false);
    const { rows } = await portalSide.database.pool.query<{ id: number }>(
      "select id from devices where serial_number = 'PA7GY0001'",
    );
    const deviceId = rows[0]?.id as number;
    const enrolmentCode = await issueEnrolmentCodeFor(portalSide.database.db, deviceId);
    const paired = await fetch(`${headsetSide.url}/api/v1/headset/enrol/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ enrolmentCode, serialNumber: 'PA7GY0001' }),
    });
    expect(paired.status).toBe(201);
    const { deviceToken } = (await paired.json()) as { deviceToken: string };

    const started = Date.now();
    const held = fetch(`${headsetSide.url}/api/v1/headset/commands/?wait=25`, {
      headers: { 'x-device-token': deviceToken },
    });
    await vi.waitFor(() => expect(headsetSide.headsetEvents.waitingPolls(deviceId)).toBe(1), {
      timeout: 10_000,
    });
    expect(portalSide.headsetEvents.waitingPolls(deviceId)).toBe(0);

    const login = await fetch(`${portalSide.url}/api/v1/sessions/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'lehrer@schule.example', password: 'portal2026' }),
    });
    const { access } = (await login.json()) as { access: string };
    const sent = await fetch(`${portalSide.url}/api/v1/mdm/devices/PA7GY0001/command/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
      body: JSON.stringify({
        command: 'CMD.SET.GUIDED.MODE',
        extras: { guidedModeState: false, manufacturerModeState: false },
      }),
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: number };

    const batch = (await (await held).json()) as { commands: { id: number; status: string }[] };
    expect(batch.commands).toEqual([expect.objectContaining({ id, status: 'delivered' })]);
    // Woken by the notification, not by the end of the 25-second wait.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
