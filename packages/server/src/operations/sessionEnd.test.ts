import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readAccessSettings } from '../config.ts';
import { readOutbox } from '../infra/mail.ts';
import { requestResetMail, Throttle } from '../services/accounts/index.ts';
import { mailLinkOrigin } from '../services/accounts/mailedLinks.ts';
import { bearer, createTestServer, login, renewedSecondsAgo, type TestServer } from '../test/testServer.ts';

/**
 * Issue 10, item 6: logout, a revoked refresh family and a password change end the access tokens of that family at
 * once (not after their 300 s), and the reset link's host is PUBLIC_URL, never the request's Host header.
 */

const outbox = mkdtempSync(join(tmpdir(), 'vr-portal-session-end-'));
let server: TestServer;

beforeAll(async () => {
  process.env.OUTBOX_DIR = outbox;
  process.env.PUBLIC_URL = 'https://vr-portal.schule.example';
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
  delete process.env.OUTBOX_DIR;
  delete process.env.PUBLIC_URL;
  rmSync(outbox, { recursive: true, force: true });
});

const me = (access: string) => server.app.inject({ url: '/api/v1/users/me/', headers: bearer(access) });
const post = (url: string, payload: object, access?: string) =>
  server.app.inject({ method: 'POST', url, payload, headers: access ? bearer(access) : {} });

describe('access tokens end with their session', () => {
  it('logout with the refresh token ends that session at once; other sessions go on', async () => {
    const laptop = await login(server.app, 'zfsl@zfsl.example');
    const phone = await login(server.app, 'zfsl@zfsl.example');
    expect((await me(laptop.access)).statusCode).toBe(200);
    const logout = await post('/api/v1/sessions/logout', { refresh: laptop.refresh }, laptop.access);
    expect(logout.statusCode).toBe(204);
    const after = await me(laptop.access);
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBe(
      'Ihre Sitzung ist abgelaufen oder ungültig. Bitte melden Sie sich erneut an.',
    );
    expect((await me(phone.access)).statusCode).toBe(200);
  });

  it('logout without a body ends every session of the caller at once', async () => {
    const a = await login(server.app, 'zfsl@zfsl.example');
    const b = await login(server.app, 'zfsl@zfsl.example');
    expect((await post('/api/v1/sessions/logout', {}, a.access)).statusCode).toBe(204);
    expect((await me(a.access)).statusCode).toBe(401);
    expect((await me(b.access)).statusCode).toBe(401);
  });

  it('a refresh keeps the session (old and new access token work); reusing the old refresh token after the leeway ends it', async () => {
    const first = await login(server.app, 'zfsl@zfsl.example');
    const rotated = await post('/api/v1/sessions/refresh/', { refresh: first.refresh });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json<{ access: string; refresh: string }>();
    expect((await me(first.access)).statusCode).toBe(200);
    expect((await me(second.access)).statusCode).toBe(200);
    // Reuse of a rotated refresh token after the 30 s leeway revokes the whole family: both access tokens end now.
    await renewedSecondsAgo(server, first.refresh, 31);
    expect((await post('/api/v1/sessions/refresh/', { refresh: first.refresh })).statusCode).toBe(401);
    expect((await me(first.access)).statusCode).toBe(401);
    expect((await me(second.access)).statusCode).toBe(401);
  });

  it("a password change ends the user's other sessions at once, not the caller's", async () => {
    const here = await login(server.app, 'admin@kmz.example');
    const elsewhere = await login(server.app, 'admin@kmz.example');
    const changed = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me/',
      headers: bearer(here.access),
      payload: { password: 'anderes2026', currentPassword: 'portal2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(here.access)).statusCode).toBe(200);
    expect((await me(elsewhere.access)).statusCode).toBe(401);
    // Optional operations refuse the ended token too, instead of treating the caller as anonymous.
    const list = await server.app.inject({ url: '/api/v2/cms/content/', headers: bearer(elsewhere.access) });
    expect(list.statusCode).toBe(401);
  });

  it('a deleted account and a session that expired end the access token too', async () => {
    const session = await login(server.app, 'lehrer@schule.example');
    await server.database.db.execute(sql`update refresh_tokens set expires_at = now() - interval '1 second'
      where user_id = (select id from users where email = 'lehrer@schule.example')`);
    expect((await me(session.access)).statusCode).toBe(401);
  });
});

describe('reset links', () => {
  it('use PUBLIC_URL, whatever Host the request names', async () => {
    const before = (await readOutbox(outbox, 'zfsl@zfsl.example')).length;
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset-password-mail/',
      headers: { host: 'attacker.example' },
      payload: { email: 'zfsl@zfsl.example' },
    });
    expect(response.statusCode).toBe(200);
    const mail = await vi.waitFor(
      async () => {
        const mails = await readOutbox(outbox, 'zfsl@zfsl.example');
        if (mails.length <= before || !mails[0]) throw new Error('no mail yet');
        return mails[0];
      },
      { timeout: 5000, interval: 50 },
    );
    expect(mail.text).toMatch(/^https:\/\/vr-portal\.schule\.example\/reset-password\/[A-Za-z0-9_-]{43}$/m);
    expect(mail.text).not.toContain('attacker.example');
  });

  it.each([
    [undefined, 'http://localhost:8080', 'http://localhost:8080'],
    [undefined, 'http://127.0.0.1:8181', 'http://127.0.0.1:8181'],
    [undefined, 'http://[::1]:8080', 'http://[::1]:8080'],
    [undefined, 'http://portal.localhost', 'http://portal.localhost'],
    [undefined, 'https://attacker.example', null],
    [undefined, 'http://localhost.attacker.example', null],
    ['https://vr.example', 'https://attacker.example', 'https://vr.example'],
  ])('PUBLIC_URL %j, request for %s: link to %j', (publicUrl, requestOrigin, expected) => {
    expect(mailLinkOrigin(publicUrl, requestOrigin)).toBe(expected);
  });

  it('without PUBLIC_URL are not sent for a request to another host, with a clear log line', async () => {
    const { db } = server.database;
    const logged: string[] = [];
    const sent: string[] = [];
    await requestResetMail(
      {
        db,
        throttle: new Throttle(db),
        settings: readAccessSettings({}),
        mailer: { send: async (mail) => void sent.push(mail.to) },
      },
      'zfsl@zfsl.example',
      {
        clientAddress: '203.0.113.50',
        requestOrigin: 'https://attacker.example',
        log: { error: (_details, message) => void logged.push(message) },
      },
    );
    expect(logged).toEqual([expect.stringMatching(/^reset mail not sent: PUBLIC_URL is not set/)]);
    const tokens = await db.execute<{ n: number }>(sql`select count(*)::int as n from password_reset_tokens t
      join users u on u.id = t.user_id where u.email = 'zfsl@zfsl.example' and t.created_at > now() - interval '1 minute'
      and t.used_at is null`);
    // Only the token of the PUBLIC_URL test above (still open); none for the refused request.
    expect(tokens.rows[0]?.n).toBe(1);
    expect(sent).toEqual([]);
  });
});
