import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestServer,
  login,
  renewedSecondsAgo,
  type TestServer,
  tokenIdOf,
} from '../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

describe('login', () => {
  it('answers 201 with a token pair whose access token opens users/me, case-insensitively on the email', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/sessions/',
      payload: { username: 'Lehrer@Schule.example', password: 'portal2026' },
    });
    expect(response.statusCode).toBe(201);
    const tokens = response.json<{ access: string; refresh: string }>();
    expect(tokens.access).not.toBe(tokens.refresh);
    const me = await server.app.inject({ url: '/api/v1/users/me/', headers: bearer(tokens.access) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('lehrer@schule.example');
  });

  it('answers 401 with a German detail for a wrong password and for an unknown account', async () => {
    for (const payload of [
      { username: 'lehrer@schule.example', password: 'falsch2026' },
      { username: 'niemand@schule.example', password: 'portal2026' },
    ]) {
      const response = await server.app.inject({ method: 'POST', url: '/api/v1/sessions/', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toMatch(/E-Mail und Ihr Passwort/);
    }
  });
});

type Pair = { access: string; refresh: string };

const renew = (refresh: string) =>
  server.app.inject({ method: 'POST', url: '/api/v1/sessions/refresh/', payload: { refresh } });

describe('refresh rotation', () => {
  it('issues a new pair; the spent token, presented again after the 30 s leeway, ends the whole session', async () => {
    const first = await login(server.app, 'zfsl@zfsl.example');
    const rotated = await renew(first.refresh);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json<Pair>();
    expect(second.refresh).not.toBe(first.refresh);
    const me = await server.app.inject({ url: '/api/v1/users/me/', headers: bearer(second.access) });
    expect(me.json().email).toBe('zfsl@zfsl.example');

    await renewedSecondsAgo(server, first.refresh, 31);
    const reuse = await renew(first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().detail).toEqual(expect.any(String));
    // The reuse revoked the family: the token obtained by the legitimate rotation is dead too, and so is its access.
    expect((await renew(second.refresh)).statusCode).toBe(401);
    const after = await server.app.inject({ url: '/api/v1/users/me/', headers: bearer(second.access) });
    expect(after.statusCode).toBe(401);
  });

  it('two renewals with one token at the same time both get the same pair, and the session goes on', async () => {
    const first = await login(server.app, 'zfsl@zfsl.example');
    const [a, b] = await Promise.all([renew(first.refresh), renew(first.refresh)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const pair = a.json<Pair>();
    expect(b.json<Pair>()).toEqual(pair);
    expect(pair.refresh).not.toBe(first.refresh);
    // One successor was made, not two: the family holds the spent token and the one live token.
    const family = await server.database.pool.query<{ jti: string; live: boolean }>(
      `select jti, revoked_at is null as live from refresh_tokens
       where family_id = (select family_id from refresh_tokens where jti = $1) order by created_at`,
      [tokenIdOf(first.refresh)],
    );
    expect(family.rows).toEqual([
      { jti: tokenIdOf(first.refresh), live: false },
      { jti: tokenIdOf(pair.refresh), live: true },
    ]);
    const me = await server.app.inject({ url: '/api/v1/users/me/', headers: bearer(pair.access) });
    expect(me.statusCode).toBe(200);
    expect((await renew(pair.refresh)).statusCode).toBe(200);
  });

  it('within 30 s the spent token gets the same pair again; at 31 s it ends the session', async () => {
    const first = await login(server.app, 'zfsl@zfsl.example');
    const pair = (await renew(first.refresh)).json<Pair>();

    await renewedSecondsAgo(server, first.refresh, 29);
    const again = await renew(first.refresh);
    expect(again.statusCode).toBe(200);
    expect(again.json<Pair>()).toEqual(pair);

    await renewedSecondsAgo(server, first.refresh, 31);
    expect((await renew(first.refresh)).statusCode).toBe(401);
    expect((await renew(pair.refresh)).statusCode).toBe(401);
  });

  it('the leeway keeps no session alive that ended: after logout the spent token is refused', async () => {
    const first = await login(server.app, 'zfsl@zfsl.example');
    const pair = (await renew(first.refresh)).json<Pair>();
    const logout = await server.app.inject({
      method: 'POST',
      url: '/api/v1/sessions/logout',
      headers: bearer(pair.access),
      payload: { refresh: pair.refresh },
    });
    expect(logout.statusCode).toBe(204);
    expect((await renew(first.refresh)).statusCode).toBe(401);
  });

  it('stores the successor pair only sealed: the database holds no token it could hand out', async () => {
    const first = await login(server.app, 'zfsl@zfsl.example');
    const pair = (await renew(first.refresh)).json<Pair>();
    const stored = await server.database.pool.query<{ successor: string | null }>(
      'select successor from refresh_tokens where jti = $1',
      [tokenIdOf(first.refresh)],
    );
    const successor = stored.rows[0]?.successor ?? '';
    expect(successor).not.toBe('');
    for (const token of [pair.access, pair.refresh]) {
      for (const part of token.split('.')) expect(successor).not.toContain(part);
    }
  });

  it('refuses a forged refresh token and an access token used as refresh token', async () => {
    const tokens = await login(server.app, 'zfsl@zfsl.example');
    // One character of the signature changed, not its last ones: base64url's last character carries padding bits, so
    // a replaced tail could decode to the same signature (about once in a thousand runs).
    const at = tokens.refresh.length - 5;
    const changed = tokens.refresh[at] === 'A' ? 'B' : 'A';
    const forged = `${tokens.refresh.slice(0, at)}${changed}${tokens.refresh.slice(at + 1)}`;
    for (const refresh of ['not-a-token', tokens.access, forged]) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/sessions/refresh/',
        payload: { refresh },
      });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('logout', () => {
  it('revokes the refresh token sent in the body, but leaves other sessions alive', async () => {
    const phone = await login(server.app, 'admin@kmz.example');
    const laptop = await login(server.app, 'admin@kmz.example');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/sessions/logout',
      headers: bearer(phone.access),
      payload: { refresh: phone.refresh },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const dead = await server.app.inject({
      method: 'POST',
      url: '/api/v1/sessions/refresh/',
      payload: { refresh: phone.refresh },
    });
    expect(dead.statusCode).toBe(401);
    const alive = await server.app.inject({
      method: 'POST',
      url: '/api/v1/sessions/refresh/',
      payload: { refresh: laptop.refresh },
    });
    expect(alive.statusCode).toBe(200);
  });

  it('without a body revokes all sessions of the caller; anonymous logout is accepted', async () => {
    const a = await login(server.app, 'neu@schule.example');
    const b = await login(server.app, 'neu@schule.example');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/sessions/logout',
      headers: bearer(a.access),
    });
    expect(response.statusCode).toBe(204);
    for (const refresh of [a.refresh, b.refresh]) {
      const r = await server.app.inject({
        method: 'POST',
        url: '/api/v1/sessions/refresh/',
        payload: { refresh },
      });
      expect(r.statusCode).toBe(401);
    }
    const anonymous = await server.app.inject({ method: 'POST', url: '/api/v1/sessions/logout' });
    expect(anonymous.statusCode).toBe(204);
  });

  it('accepts a logout with an expired or broken access token and still revokes the refresh token sent', async () => {
    const tokens = await login(server.app, 'zfsl@zfsl.example');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/sessions/logout',
      headers: bearer('expired.or.broken'),
      payload: { refresh: tokens.refresh },
    });
    expect(response.statusCode).toBe(204);
    const refresh = await server.app.inject({
      method: 'POST',
      url: '/api/v1/sessions/refresh/',
      payload: { refresh: tokens.refresh },
    });
    expect(refresh.statusCode).toBe(401);
  });
});
