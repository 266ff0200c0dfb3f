import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/testServer.ts';

// Small limits for this file only (each test file runs in its own process); the defaults are 10 and 50.
process.env.LOGIN_MAX_FAILURES_PER_ACCOUNT = '3';
process.env.LOGIN_MAX_FAILURES_PER_ADDRESS = '6';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

function attempt(username: string, password: string, ip = '203.0.113.1') {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/sessions/',
    payload: { username, password },
    remoteAddress: ip,
  });
}

describe('login throttling', () => {
  it('answers 429 with a German detail and Retry-After after too many failures for one account, even with the right password', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await attempt('lehrer@schule.example', `falsch${i}xyz`)).statusCode).toBe(401);
    }
    // Another address, same account: the account counter blocks.
    const blocked = await attempt('Lehrer@Schule.example', 'portal2026', '203.0.113.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      detail: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.',
      // For clients that word the message in their own language.
      code: 'loginThrottled',
      params: { minutes: 15 },
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Other accounts are not affected.
    expect((await attempt('zfsl@zfsl.example', 'portal2026', '203.0.113.99')).statusCode).toBe(201);
  });

  it('a successful login resets the account counter', async () => {
    for (let i = 0; i < 2; i++) await attempt('neu@schule.example', 'falsch1xyz', '198.51.100.1');
    expect((await attempt('neu@schule.example', 'portal2026', '198.51.100.1')).statusCode).toBe(201);
    for (let i = 0; i < 2; i++) {
      expect((await attempt('neu@schule.example', 'falsch2xyz', '198.51.100.2')).statusCode).toBe(401);
    }
    expect((await attempt('neu@schule.example', 'portal2026', '198.51.100.3')).statusCode).toBe(201);
  });

  it('throttles one client address over many accounts, unknown accounts included', async () => {
    const ip = '192.0.2.7';
    for (let i = 0; i < 6; i++) {
      expect((await attempt(`niemand${i}@schule.example`, 'falsch1xyz', ip)).statusCode).toBe(401);
    }
    const blocked = await attempt('admin@kmz.example', 'portal2026', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Zu viele fehlgeschlagene Anmeldeversuche\./);
    // Another address still signs in.
    expect((await attempt('admin@kmz.example', 'portal2026', '192.0.2.8')).statusCode).toBe(201);
  });

  it('parallel attempts cannot slip past the limit together', async () => {
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => attempt('admin@kmz.example', `falsch${i}xyz`, `198.18.0.${i + 1}`)),
    );
    const statuses = burst.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('successful sign-ins do not use up the address', async () => {
    for (let i = 0; i < 8; i++) {
      expect((await attempt('zfsl@zfsl.example', 'portal2026', '198.19.0.1')).statusCode).toBe(201);
    }
  });

  it('keeps the counts in the database (shared by several server processes)', async () => {
    const result = await server.database.db.execute(
      "select key, failures from throttle_counters where key = 'login:account:lehrer@schule.example'",
    );
    // Three failures and the refused fourth attempt (attempts are counted before they are checked).
    expect(result.rows).toEqual([{ key: 'login:account:lehrer@schule.example', failures: 4 }]);
  });
});
