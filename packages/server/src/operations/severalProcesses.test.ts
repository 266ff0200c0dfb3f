import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../app.ts';
import { readTestDatabaseUrl, S3_MIN_PART_SIZE } from '../config.ts';
import { issueEnrolmentCodeFor } from '../services/headsets/index.ts';
import { type ThrowawayDatabase, throwawayDatabase } from '../test/databaseSnapshot.ts';
import { MEDIA_TEST_VARIABLES, s3TestStore } from '../test/mediaTestStores.ts';
import { startTestHttpServer } from '../test/testServer.ts';

const adminUrl = readTestDatabaseUrl();

/** One call over real HTTP: the status and the JSON body (null when there is none). */
async function call<T = unknown>(
  server: RunningServer,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: Buffer } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.raw
      ? new Uint8Array(options.raw)
      : options.body === undefined
        ? undefined
        : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

type Pair = { access: string; refresh: string };

const signIn = async (server: RunningServer, username: string, password = 'portal2026') =>
  call<Pair & { code?: string; params?: { remainingAttempts?: number } }>(
    server,
    'POST',
    '/api/v1/sessions/',
    {
      body: { username, password },
    },
  );

/**
 * Several stateless server processes on one PostgreSQL behind a proxy (README: Several processes): whatever one
 * process takes in, another must serve. Real HTTP to two servers with their own pools and listeners on one database
 * and one S3-compatible store (the test store). Runs with TEST_DATABASE_URL (npm test's PostgreSQL pass; CI starts
 * Debian's PostgreSQL); PGlite serves one process by design.
 */
describe.skipIf(!adminUrl)('two server processes on one PostgreSQL', () => {
  const store = s3TestStore();
  let database: ThrowawayDatabase;
  let processA: RunningServer;
  let processB: RunningServer;

  beforeAll(async () => {
    Object.assign(process.env, await store.start(), { UPLOAD_PART_SIZE: String(S3_MIN_PART_SIZE) });
    database = await throwawayDatabase(adminUrl ?? '');
    const config = { databaseUrl: database.url };
    processA = await startTestHttpServer({ config });
    processB = await startTestHttpServer({ config });
  });
  afterAll(async () => {
    await processB?.close();
    await processA?.close();
    await database?.drop();
    await store.stop();
    for (const name of MEDIA_TEST_VARIABLES) delete process.env[name];
  });

  /** Pairs a demo headset through `server` as a real one would; its id and device token. */
  async function pair(server: RunningServer, serialNumber: string): Promise<{ id: number; token: string }> {
    const { rows } = await server.database.pool.query<{ id: number }>(
      'select id from devices where serial_number = $1',
      [serialNumber],
    );
    const id = rows[0]?.id as number;
    const enrolmentCode = await issueEnrolmentCodeFor(server.database.db, id);
    const paired = await call<{ deviceToken: string }>(server, 'POST', '/api/v1/headset/enrol/', {
      body: { enrolmentCode, serialNumber },
    });
    expect(paired.status).toBe(201);
    return { id, token: paired.body.deviceToken };
  }

  it('delivers a command queued through one process to the poll held by the other at once', async () => {
    expect(processA.seeded).toBe(true);
    expect(processB.seeded).toBe(false);
    const headset = await pair(processB, 'PA7GY0001');

    const started = Date.now();
    const held = call<{ commands: { id: number; status: string }[] }>(
      processB,
      'GET',
      '/api/v1/headset/commands/?wait=25',
      { headers: { 'x-device-token': headset.token } },
    );
    await vi.waitFor(() => expect(processB.headsetEvents.waitingPolls(headset.id)).toBe(1), {
      timeout: 10_000,
    });
    expect(processA.headsetEvents.waitingPolls(headset.id)).toBe(0);

    const { access } = (await signIn(processA, 'lehrer@schule.example')).body;
    const sent = await call<{ id: number }>(processA, 'POST', '/api/v1/mdm/devices/PA7GY0001/command/', {
      token: access,
      body: {
        command: 'CMD.SET.GUIDED.MODE',
        extras: { guidedModeState: false, manufacturerModeState: false },
      },
    });
    expect(sent.status).toBe(201);

    const batch = (await held).body;
    expect(batch.commands).toEqual([expect.objectContaining({ id: sent.body.id, status: 'delivered' })]);
    // Woken by the notification, not by the end of the 25-second wait.
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('keeps a session made on one process on the other: access, renewal (and its leeway), logout', async () => {
    const first = (await signIn(processA, 'lehrer@schule.example')).body;
    expect((await call(processB, 'GET', '/api/v1/users/me/', { token: first.access })).status).toBe(200);

    const renewed = await call<Pair>(processB, 'POST', '/api/v1/sessions/refresh/', {
      body: { refresh: first.refresh },
    });
    expect(renewed.status).toBe(200);
    // A renewal cut off on its way back and sent again through the other process gets the same pair.
    const again = await call<Pair>(processA, 'POST', '/api/v1/sessions/refresh/', {
      body: { refresh: first.refresh },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(renewed.body);
    expect((await call(processA, 'GET', '/api/v1/users/me/', { token: renewed.body.access })).status).toBe(
      200,
    );

    const loggedOut = await call(processA, 'POST', '/api/v1/sessions/logout', {
      token: renewed.body.access,
      body: { refresh: renewed.body.refresh },
    });
    expect(loggedOut.status).toBeLessThan(300);
    expect((await call(processB, 'GET', '/api/v1/users/me/', { token: renewed.body.access })).status).toBe(
      401,
    );
  });

  it('counts failed sign-ins of one account on both processes together', async () => {
    const wrong = 'kein-passwort';
    const one = await signIn(processA, 'neu@schule.example', wrong);
    expect(one.status).toBe(401);
    expect(one.body.params?.remainingAttempts).toBe(2);
    const two = await signIn(processB, 'neu@schule.example', wrong);
    expect(two.body.params?.remainingAttempts).toBe(1);
    const three = await signIn(processA, 'neu@schule.example', wrong);
    expect(three.status).toBe(401);
    expect(three.body.code).toBe('loginLocked');
    // Locked everywhere, also for the right password.
    const locked = await signIn(processB, 'neu@schule.example');
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('loginLocked');
  });

  it('completes an upload whose parts went to different processes, and serves the file from either', async () => {
    const { access } = (await signIn(processA, 'lehrer@schule.example')).body;
    const created = await call<{ id: number }>(processA, 'POST', '/api/v1/cms/content/', {
      token: access,
      body: { title: 'Upload über zwei Prozesse', contentType: 'video' },
    });
    expect(created.status).toBe(201);
    const { id } = created.body;
    const data = randomBytes(S3_MIN_PART_SIZE + 1000);
    const name = 'rundgang.mp4';
    const start = await call<{ upload_id: string }>(
      processA,
      'POST',
      `/api/v1/cms/content/${id}/pre-signed-url-content-multipart/`,
      { token: access, body: { file_name: name, file_size: data.length } },
    );
    expect(start.status, JSON.stringify(start.body)).toBe(201);
    const uploadId = start.body.upload_id;

    const etags: string[] = [];
    for (const [index, server] of [processA, processB].entries()) {
      const part = index + 1;
      const url = await call<{ url: string }>(server, 'POST', `/api/v1/cms/content/${id}/upload-part-url/`, {
        token: access,
        body: { file_name: name, upload_id: uploadId, part_number: part },
      });
      expect(url.status).toBe(200);
      const bytes = data.subarray(index * S3_MIN_PART_SIZE, part * S3_MIN_PART_SIZE);
      const digest = createHash('sha256').update(bytes).digest('base64');
      const put = await call(server, 'PUT', url.body.url, {
        raw: bytes,
        headers: { 'content-type': 'application/octet-stream', 'content-digest': `sha-256=:${digest}:` },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      etags.push(String(put.headers.get('etag')));
    }
    const completed = await call<{ file: string }>(
      processB,
      'POST',
      `/api/v1/cms/content/${id}/complete-multipart-upload/`,
      {
        token: access,
        body: {
          file_name: name,
          upload_id: uploadId,
          parts: etags.map((etag, i) => ({ part_number: i + 1, etag })),
        },
      },
    );
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    for (const server of [processA, processB]) {
      const served = await fetch(`${server.url}${completed.body.file}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);
    }
  });

  it('lists a lesson started through one process on the other', async () => {
    const headset = await pair(processB, 'PA7GY0002');
    // On line, holding the video: it polled and reported through the other process.
    const { rows } = await processA.database.pool.query<{ uuid: string }>(
      "select uuid from contents where title = 'Unterwegs im Sonnensystem'",
    );
    const video = rows[0]?.uuid as string;
    const polled = await call(processB, 'GET', '/api/v1/headset/commands/?wait=0', {
      headers: { 'x-device-token': headset.token },
    });
    expect(polled.status).toBe(200);
    const { access } = (await signIn(processA, 'lehrer@schule.example')).body;
    const started = await call(processA, 'POST', '/api/v3/mdm/devices/command-queue/', {
      token: access,
      body: { devices: [headset.id], command: 'CMD.START.VIDEO', extras: { contentUuid: video } },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);

    const { access: other } = (await signIn(processB, 'lehrer@schule.example')).body;
    const listed = await call<{
      results: { content: { uuid: string }; headsets: { serialNumber: string }[] }[];
    }>(processB, 'GET', '/api/v3/mdm/lessons/', { token: other });
    expect(listed.status).toBe(200);
    expect(listed.body.results).toEqual([
      expect.objectContaining({
        content: expect.objectContaining({ uuid: video }),
        headsets: [expect.objectContaining({ serialNumber: 'PA7GY0002' })],
      }),
    ]);
  });
});

/**
 * A deployment starts its processes together: on an empty database they must not migrate and seed it at once (two
 * migrations of one table fail, two seeds would load the demo data twice).
 */
describe.skipIf(!adminUrl)('several processes starting at once on an empty PostgreSQL', () => {
  it('migrate and seed it once, one after the other, and all of them serve', async () => {
    const database = await throwawayDatabase(adminUrl ?? '');
    const config = { databaseUrl: database.url };
    const started = await Promise.allSettled([0, 1, 2].map(() => startTestHttpServer({ config })));
    try {
      expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      expect(servers.filter((server) => server.seeded)).toHaveLength(1);
      const { rows } = await (servers[0] as RunningServer).database.pool.query<{ n: number }>(
        "select count(*)::int as n from users where email = 'lehrer@schule.example'",
      );
      expect(rows[0]?.n).toBe(1);
      for (const server of servers) expect((await signIn(server, 'lehrer@schule.example')).status).toBe(201);
    } finally {
      for (const result of started) if (result.status === 'fulfilled') await result.value.close();
      await database.drop();
    }
  });
});
