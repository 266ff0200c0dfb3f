import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../server.ts';
import { pgliteTemplate } from '../test-support.ts';

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
