import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

// If PGlite ran on the HTTP thread, no request could be answered until the heavy query finished.
it('keeps answering requests that need no database while a heavy query runs', async () => {
  const bare = async () => {
    const started = performance.now();
    const response = await server.app.inject({ url: '/api/not-a-route/' });
    expect(response.statusCode).toBe(404);
    return performance.now() - started;
  };
  expect(server.database.engine).toBe('pglite');
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
