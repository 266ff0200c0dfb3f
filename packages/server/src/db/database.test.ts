import { DEVICE_CODE_NAMES } from '@portal/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../server.ts';
import { pgliteTemplate } from '../test-support.ts';
import { contents, devices, organisations, users } from './schema.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    pgliteTemplate: await pgliteTemplate(),
    databaseUrl: undefined,
    logLevel: 'silent',
    portalDist: '/nonexistent-portal-dist',
  });
});
afterAll(() => server?.close());

it('listens on a free port with demo data, over real HTTP', async () => {
  expect(server.seeded).toBe(true);
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const response = await fetch(`${server.url}/api/v2/cms/content/?page_size=1`);
  expect(response.status).toBe(200);
  expect((await response.json()).count).toBeGreaterThanOrEqual(20);
});

it('seeded the demo data the README promises', async () => {
  const { db } = server.database;
  const headsets = await db
    .select({ name: devices.name, organisationId: devices.organisationId })
    .from(devices);
  expect(headsets.length).toBeGreaterThanOrEqual(20);
  expect(new Set(headsets.map((h) => h.name))).toEqual(new Set(DEVICE_CODE_NAMES));
  const orgs = await db.select().from(organisations);
  expect(orgs.map((o) => [o.name, o.organisationType, o.msbSchoolNumber])).toEqual([
    ['Kreismedienzentrum Demo', 4, null],
    ['Gymnasium Demo', 2, '123456'],
    ['ZfsL Demo', 5, null],
  ]);
  expect(new Set(headsets.map((h) => h.organisationId))).toEqual(new Set(orgs.map((o) => o.id)));
  const emails = (await db.select({ email: users.email }).from(users)).map((u) => u.email).sort();
  expect(emails).toEqual([
    'admin@kmz.example',
    'lehrer@schule.example',
    'neu@schule.example',
    'staff@vr-portal.example',
    'zfsl@zfsl.example',
  ]);

  const items = await db.select().from(contents);
  expect(items.length).toBeGreaterThanOrEqual(30);
  expect(new Set(items.map((c) => c.contentType))).toEqual(new Set(['app', 'video', 'webApp']));
  for (const format of ['180', '3D180_LR', '3D180_TB', '360']) {
    expect(items.some((c) => c.format === format)).toBe(true);
  }
  expect(new Set(items.map((c) => `${c.minAge}-${c.maxAge}`)).size).toBeGreaterThan(5);
  expect(items.some((c) => c.minAge === null && c.maxAge === null)).toBe(true);
  const kmz = orgs[0]!;
  expect(items.filter((c) => c.ownerId === kmz.id).every((c) => c.isPublic)).toBe(true);
});

// If PGlite ran on the HTTP thread, no request could be answered until the heavy query finished.
it('keeps answering requests that need no database while a heavy query runs', async () => {
  expect(server.database.engine).toBe('pglite');
  const bare = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/not-a-route/`);
    expect(response.status).toBe(404);
    await response.body?.cancel();
    return performance.now() - started;
  };
  await bare();

  const heavyStarted = performance.now();
  let heavyFinishedAt = 0;
  const heavy = server.database.pool.query('select sum(i) from generate_series(1, 3000000) i').then(() => {
    heavyFinishedAt = performance.now();
  });

  const latencies: number[] = [];
  for (let i = 0; i < 20; i++) latencies.push(await bare());
  const bareFinishedAt = performance.now();
  await heavy;

  const heavyDuration = heavyFinishedAt - heavyStarted;
  expect(heavyFinishedAt).toBeGreaterThan(bareFinishedAt);
  expect(Math.max(...latencies)).toBeLessThan(heavyDuration / 5);
});
