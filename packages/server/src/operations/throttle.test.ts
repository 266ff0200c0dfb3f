import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../infra/passwords.ts';
import { Throttle } from '../services/accounts/index.ts';
import { createResetToken } from '../services/accounts/passwordReset.ts';
import { TEST_PASSWORD_HASH_COST } from '../test/databaseSnapshot.ts';
import { createTestServer, type TestServer } from '../test/testServer.ts';

// Limits for this file (each test file runs in its own process): 5 failures per account over all addresses, 6 per
// address over all accounts. The limit per account and address is spec §9's 3 and not configurable.
process.env.LOGIN_MAX_FAILURES_PER_ACCOUNT = '5';
process.env.LOGIN_MAX_FAILURES_PER_ADDRESS = '6';
delete process.env.LOGIN_LOCK_SECONDS;
delete process.env.LOGIN_THROTTLE_WINDOW_SECONDS;

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

function attempt(username: string, password: string, ip: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/sessions/',
    payload: { username, password },
    remoteAddress: ip,
  });
}

async function counter(key: string) {
  const result = await server.database.db.execute<{ failures: number; locked: boolean }>(
    sql`select failures, coalesce(locked_until > now(), false) as locked from throttle_counters where key = ${key}`,
  );
  return result.rows[0] ?? null;
}

/** Teachers of one school (`lehrerN@nat.example`, password 'portal2026'), added straight to the database. */
async function addTeachers(count: number): Promise<string[]> {
  // At the test snapshot's cheap cost: the parallel attempts below once depended on a slow hash to hide a race (a
  // refused attempt that gave its number back after another's failure had locked the key was not given back, and the
  // count read 4, not 3); `gives back an attempt counted before another's failure locked the key` guards the fix.
  const passwordHash = await hashPassword('portal2026', TEST_PASSWORD_HASH_COST);
  const emails = Array.from({ length: count }, (_, i) => `lehrer${i + 1}@nat.example`);
  for (const email of emails) {
    await server.database.db.execute(
      sql`insert into users (email, password_hash, accepted_tos_version) values (${email}, ${passwordHash}, 1)`,
    );
  }
  return emails;
}

describe('sign-in throttling', () => {
  it('counts down 2, 1, then locks with the time left; the right password is refused while locked', async () => {
    const ip = '203.0.113.1';
    const first = await attempt('lehrer@schule.example', 'falsch1xyz', ip);
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual({
      detail:
        'Anmeldung fehlgeschlagen. Bitte prüfen Sie die eingegebene E-Mail und Ihr Passwort. Noch 2 Versuche.',
      code: 'invalidCredentials',
      params: { remainingAttempts: 2 },
    });
    const second = await attempt('Lehrer@Schule.example', 'falsch2xyz', ip);
    expect(second.statusCode).toBe(401);
    expect(second.json()).toMatchObject({ code: 'invalidCredentials', params: { remainingAttempts: 1 } });
    expect(second.json().detail).toMatch(/Noch 1 Versuch\.$/);

    const third = await attempt('lehrer@schule.example', 'falsch3xyz', ip);
    expect(third.statusCode).toBe(401);
    expect(third.json()).toEqual({
      detail:
        'Login gesperrt - Aus Sicherheitsgründen wurde der Login temporär gesperrt. Bitte versuchen Sie es in 15 Minuten erneut.',
      code: 'loginLocked',
      params: { minutes: 15, seconds: 900 },
    });

    const locked = await attempt('lehrer@schule.example', 'portal2026', ip);
    expect(locked.statusCode).toBe(429);
    const body = locked.json();
    expect(body).toMatchObject({ code: 'loginLocked', params: { minutes: 15 } });
    expect(body.detail).toBe(third.json().detail);
    expect(body.params.seconds).toBeGreaterThan(880);
    expect(body.params.seconds).toBeLessThanOrEqual(900);
    expect(Number(locked.headers['retry-after'])).toBe(body.params.seconds);

    // The lock is this account at this address: the account signs in elsewhere, the address signs in others.
    expect((await attempt('lehrer@schule.example', 'portal2026', '203.0.113.2')).statusCode).toBe(201);
    expect((await attempt('zfsl@zfsl.example', 'portal2026', ip)).statusCode).toBe(201);
  });

  it('a refused attempt uses up nothing, and the lock ends after its period', async () => {
    const ip = '203.0.113.3';
    for (const password of ['falsch1xyz', 'falsch2xyz', 'falsch3xyz'])
      await attempt('neu@schule.example', password, ip);
    for (let i = 0; i < 5; i++) {
      expect((await attempt('neu@schule.example', 'falsch4xyz', ip)).statusCode).toBe(429);
    }
    expect(await counter(`login:pair:neu@schule.example|${ip}`)).toEqual({ failures: 3, locked: true });
    expect(await counter(`login:address:${ip}`)).toEqual({ failures: 3, locked: false });

    // As if the 15 minutes had passed: the lock and the window of every counter of this attempt lie in the past.
    await server.database.db.execute(sql`
      update throttle_counters set locked_until = locked_until - interval '901 seconds',
        window_started_at = window_started_at - interval '901 seconds'
      where key in (${`login:pair:neu@schule.example|${ip}`}, 'login:account:neu@schule.example', ${`login:address:${ip}`})`);
    const again = await attempt('neu@schule.example', 'falsch5xyz', ip);
    expect(again.json()).toMatchObject({ code: 'invalidCredentials', params: { remainingAttempts: 2 } });
    expect((await attempt('neu@schule.example', 'portal2026', ip)).statusCode).toBe(201);
  });

  it('a successful sign-in starts the count again', async () => {
    const ip = '198.51.100.1';
    await attempt('admin@kmz.example', 'falsch1xyz', ip);
    await attempt('admin@kmz.example', 'falsch2xyz', ip);
    expect((await attempt('admin@kmz.example', 'portal2026', ip)).statusCode).toBe(201);
    const after = await attempt('admin@kmz.example', 'falsch3xyz', ip);
    expect(after.json().params).toEqual({ remainingAttempts: 2 });
    expect((await attempt('admin@kmz.example', 'portal2026', ip)).statusCode).toBe(201);
  });

  it('a NAT address with one account under attack still lets 20 other accounts sign in', async () => {
    const nat = '192.0.2.10';
    const teachers = await addTeachers(21);
    const [attacked, ...others] = teachers as [string, ...string[]];
    const attack = (async () => {
      for (let i = 0; i < 40; i++) await attempt(attacked, `rate${i}abc`, nat);
    })();
    // The colleagues sign in while the attack runs (on PostgreSQL their counters share the address's row).
    const signIns = await Promise.all(others.map((email) => attempt(email, 'portal2026', nat)));
    await attack;
    expect(signIns.map((response) => response.statusCode)).toEqual(others.map(() => 201));
    expect((await attempt(attacked, 'portal2026', nat)).json().code).toBe('loginLocked');
    for (const email of others) {
      const response = await attempt(email, 'portal2026', nat);
      expect(response.statusCode, email).toBe(201);
    }
    // Only the three real failures count against the address.
    expect(await counter(`login:address:${nat}`)).toEqual({ failures: 3, locked: false });
  });

  it('one address spraying many accounts is throttled, except for accounts that signed in from it before', async () => {
    const ip = '192.0.2.20';
    expect((await attempt('lehrer1@nat.example', 'portal2026', ip)).statusCode).toBe(201);
    for (let i = 0; i < 6; i++) {
      const response = await attempt(`gibtsnicht${i}@schule.example`, 'falsch1xyz', ip);
      expect(response.statusCode).toBe(401);
    }
    // Unknown and existing accounts alike: the answer does not tell whether an account exists.
    const unknown = await attempt('gibtsnicht99@schule.example', 'falsch1xyz', ip);
    const existing = await attempt('lehrer2@nat.example', 'portal2026', ip);
    for (const refused of [unknown, existing]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        detail:
          'Von Ihrer Netzwerkadresse gab es zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.',
        code: 'loginThrottled',
        params: { minutes: 15 },
      });
    }
    // The teacher who signed in here before goes on signing in, and gets her own three attempts.
    expect((await attempt('lehrer1@nat.example', 'portal2026', ip)).statusCode).toBe(201);
    const typo = await attempt('lehrer1@nat.example', 'vertippt1', ip);
    expect(typo.json()).toMatchObject({ code: 'invalidCredentials', params: { remainingAttempts: 2 } });
    // Elsewhere the sprayed-at account is not affected.
    expect((await attempt('lehrer2@nat.example', 'portal2026', '192.0.2.21')).statusCode).toBe(201);
  });

  it('locks an account everywhere after its failures from many addresses', async () => {
    const remaining: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const response = await attempt('lehrer3@nat.example', 'falsch1xyz', `198.18.1.${i}`);
      expect(response.statusCode).toBe(401);
      remaining.push(response.json().params.remainingAttempts ?? 0);
    }
    // Each address has two left, but the account as a whole runs out: the smaller count is what the portal shows.
    expect(remaining).toEqual([2, 2, 2, 1, 0]);
    const elsewhere = await attempt('lehrer3@nat.example', 'portal2026', '198.18.1.99');
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.json().code).toBe('loginLocked');
  });

  it('parallel attempts cannot slip past the limit together', async () => {
    const samePlace = await Promise.all(
      Array.from({ length: 8 }, (_, i) => attempt('lehrer4@nat.example', `falsch${i}xyz`, '198.18.2.1')),
    );
    expect(samePlace.filter((r) => r.statusCode === 401)).toHaveLength(3);
    expect(samePlace.filter((r) => r.statusCode === 429)).toHaveLength(5);
    expect(samePlace.filter((r) => r.json().code === 'loginLocked')).toHaveLength(6);
    expect(await counter('login:pair:lehrer4@nat.example|198.18.2.1')).toEqual({ failures: 3, locked: true });

    const manyPlaces = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        attempt('lehrer5@nat.example', `falsch${i}xyz`, `198.18.3.${i + 1}`),
      ),
    );
    expect(manyPlaces.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(manyPlaces.filter((r) => r.statusCode === 429)).toHaveLength(3);
    expect(await counter('login:account:lehrer5@nat.example')).toEqual({ failures: 5, locked: true });
  });

  it("gives back an attempt counted before another's failure locked the key, and only in its own window", async () => {
    const throttle = new Throttle(server.database.db);
    const rule = { key: 'test:race', limit: 3, windowSeconds: 900, lockSeconds: 1 };
    const [one, two, three, four] = await Promise.all([1, 2, 3, 4].map(() => throttle.reserve([rule])));
    expect([one, two, three, four].map((r) => r?.[0]?.attempt).sort()).toEqual([1, 2, 3, 4]);
    const byAttempt = (n: number) => [one, two, three, four].find((r) => r?.[0]?.attempt === n) ?? [];
    // The third fails and locks; only then does the fourth, refused without a check, give its number back.
    await throttle.lockReached(byAttempt(3));
    await throttle.release(byAttempt(4));
    expect(await counter('test:race')).toEqual({ failures: 3, locked: true });

    // After the lock a new window starts; an attempt of the old window given back late leaves the new count alone.
    await server.database.db.execute(
      sql`update throttle_counters set locked_until = now() - interval '1 second' where key = 'test:race'`,
    );
    const fresh = await throttle.reserve([rule]);
    expect(fresh[0]?.attempt).toBe(1);
    await throttle.release(byAttempt(2));
    expect(await counter('test:race')).toEqual({ failures: 1, locked: false });
  });

  it('a new password from a reset link lifts every lock of the account', async () => {
    for (let i = 0; i < 3; i++) await attempt('lehrer6@nat.example', `falsch${i}xyz`, '198.18.4.1');
    for (let i = 0; i < 3; i++) await attempt('lehrer6@nat.example', `falsch${i}xyz`, '198.18.4.2');
    expect((await attempt('lehrer6@nat.example', 'portal2026', '198.18.4.1')).statusCode).toBe(429);

    const user = await server.database.db.execute<{ id: number }>(
      sql`select id from users where email = 'lehrer6@nat.example'`,
    );
    const token = await createResetToken(server.database.db, Number(user.rows[0]?.id), 3600);
    const reset = await server.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset-password/',
      payload: { urlHash: token, password: 'Neu2026passwort' },
    });
    expect(reset.statusCode).toBe(200);
    for (const ip of ['198.18.4.1', '198.18.4.2']) {
      expect((await attempt('lehrer6@nat.example', 'Neu2026passwort', ip)).statusCode).toBe(201);
    }
  });
});
