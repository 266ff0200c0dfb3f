import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulkContent } from '../db/seedBulk.ts';
import { bearer, createTestServer, login, type TestServer } from '../test/testServer.ts';

let server: TestServer;
let lehrer: string;

beforeAll(async () => {
  server = await createTestServer();
  await seedBulkContent(server.database.db, 2000);
  lehrer = (await login(server.app, 'lehrer@schule.example')).access;
}, 120_000);
afterAll(() => server?.close());

/** The text of a statement as node-postgres receives it (a string or a query config). */
function statementText(statement: unknown): string {
  if (typeof statement === 'string') return statement;
  const text =
    typeof statement === 'object' && statement !== null ? Reflect.get(statement, 'text') : undefined;
  return typeof text === 'string' ? text : '';
}

/**
 * Runs `request` and counts the SQL statements it sends to the pool: those that read the Mediathek, and all of them
 * (a signed-in request also loads its caller once, in the auth hook).
 */
async function countQueries<T>(
  request: () => Promise<T>,
): Promise<{ result: T; queries: number; total: number; ms: number }> {
  const pool = server.database.pool;
  const original = pool.query.bind(pool);
  let queries = 0;
  let total = 0;
  pool.query = ((...args: Parameters<typeof original>) => {
    total += 1;
    if (/\bfrom contents\b/.test(statementText(args[0]))) queries += 1;
    return original(...args);
  }) as typeof pool.query;
  const started = performance.now();
  try {
    const result = await request();
    return { result, queries, total, ms: performance.now() - started };
  } finally {
    pool.query = original;
  }
}

describe('listContent with 2,000 more items', () => {
  it('answers each page, filter and search with one query', async () => {
    const cases = [
      { url: '/api/v2/cms/content/', token: undefined },
      { url: '/api/v2/cms/content/', token: lehrer },
      { url: '/api/v2/cms/content/?ordering=title&page=40', token: lehrer },
      { url: '/api/v2/cms/content/?search=vulk&format=180&age=9&language=en', token: lehrer },
      { url: '/api/v2/cms/content/?scope=own', token: lehrer },
    ];
    for (const { url, token } of cases) {
      // Warm once (plan cache, JIT), then measure.
      await server.app.inject({ url, headers: token ? bearer(token) : {} });
      const { result, queries, total, ms } = await countQueries(() =>
        server.app.inject({ url, headers: token ? bearer(token) : {} }),
      );
      expect(result.statusCode, url).toBe(200);
      expect(queries, url).toBe(1);
      // Besides the page: loading the signed-in caller (one statement, issue 11 item 3), nothing else.
      expect(total, url).toBe(token ? 2 : 1);
      // Generous bound for a loaded test machine; typical figures are far lower (see the server README).
      expect(ms, url).toBeLessThan(1000);
    }
    const first = await server.app.inject({ url: '/api/v2/cms/content/' });
    expect(first.json<{ count: number }>().count).toBeGreaterThan(1800);
  });
});
