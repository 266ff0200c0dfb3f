import { describe, expect, it } from 'vitest';
import { createSessionStore, type TokenPair } from './session.ts';
import { memoryStorage } from './storage.ts';
import { createTokenRefresher, isDueForRefresh, readJwtTimes } from './tokenRefresh.ts';

const base64Url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT-shaped token; the portal never checks signatures. */
function jwt(claims: Record<string, unknown>, label = ''): string {
  return `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify(claims))}.sig${label}`;
}

const NOW = 1_800_000_000_000;
const seconds = (ms: number) => Math.floor(ms / 1000);

function setup(options: { refreshAnswers?: (TokenPair | null | Error)[] } = {}) {
  // The client's clock; tests move it to let tokens arrive earlier or age.
  const clock = { now: NOW };
  const storage = memoryStorage();
  const session = createSessionStore(storage, () => clock.now);
  const answers = [...(options.refreshAnswers ?? [])];
  const refreshCalls: string[] = [];
  const refresher = createTokenRefresher({
    session,
    now: () => clock.now,
    lock: (task) => task(),
    async requestRefresh(refresh) {
      refreshCalls.push(refresh);
      // Let concurrent callers pile up before the answer arrives.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const answer = answers.shift() ?? null;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  });
  /** Stores a pair as if it had arrived `secondsAgo` seconds before now. */
  const arrived = (pair: TokenPair, secondsAgo: number) => {
    clock.now = NOW - secondsAgo * 1000;
    session.setTokens(pair);
    clock.now = NOW;
  };
  return { session, storage, refresher, refreshCalls, clock, arrived };
}

/** A token of five minutes as the server issues it, its times on the server's clock (`issuedAt`, ms). */
const issued = (issuedAt: number, label = '', lifetimeSeconds = 300) =>
  jwt({ iat: seconds(issuedAt), exp: seconds(issuedAt) + lifetimeSeconds }, label);
const fresh = (label = '') => issued(NOW, label);
/** Five minutes old by now: arrived 400 s ago (see `arrived`), so it expired 100 s ago. */
const expired = (label = '') => issued(NOW - 400_000, label);

describe('readJwtTimes / isDueForRefresh', () => {
  it('reads exp and iat from the payload', () => {
    expect(readJwtTimes(jwt({ exp: 2000, iat: 1000 }))).toEqual({
      expiresAt: 2_000_000,
      issuedAt: 1_000_000,
    });
  });

  it('yields null for anything that is not a JWT with exp', () => {
    expect(readJwtTimes('not-a-valid-token')).toBeNull();
    expect(readJwtTimes('a.b.c')).toBeNull();
    expect(readJwtTimes(jwt({ sub: 1 }))).toBeNull();
  });

  it('is due within 30 s of the end of its lifetime counted from its arrival, or a quarter of a short one', () => {
    expect(isDueForRefresh(fresh(), NOW, NOW)).toBe(false);
    expect(isDueForRefresh(fresh(), NOW, NOW + 269_000)).toBe(false);
    expect(isDueForRefresh(fresh(), NOW, NOW + 270_000)).toBe(true);
    expect(isDueForRefresh(fresh(), NOW, NOW + 400_000)).toBe(true);
    // A 2-second token is renewed in its last half second, not for its whole life.
    const short = jwt({ iat: seconds(NOW), exp: seconds(NOW) + 2 });
    expect(isDueForRefresh(short, NOW, NOW + 1000)).toBe(false);
    expect(isDueForRefresh(short, NOW, NOW + 1500)).toBe(true);
    expect(isDueForRefresh('opaque', NOW, NOW + 400_000)).toBe(false);
  });

  it('does not read the client’s clock against exp: a clock minutes ahead or behind renews on time', () => {
    // The server's clock 10 minutes behind the client's: by the client's clock the token expired at once.
    const fromBehind = issued(NOW - 600_000);
    expect(isDueForRefresh(fromBehind, NOW, NOW + 60_000)).toBe(false);
    expect(isDueForRefresh(fromBehind, NOW, NOW + 270_000)).toBe(true);
    // The server's clock 10 minutes ahead: by the client's clock the token would live 15 minutes.
    const fromAhead = issued(NOW + 600_000);
    expect(isDueForRefresh(fromAhead, NOW, NOW + 270_000)).toBe(true);
  });

  it('leaves a token without iat to the 401, having no lifetime to count', () => {
    expect(isDueForRefresh(jwt({ exp: seconds(NOW) + 300 }), NOW, NOW + 3_600_000)).toBe(false);
  });
});

describe('getToken (renewal before expiry)', () => {
  it('hands out a fresh token as it is, without a refresh', async () => {
    const { session, refresher, refreshCalls } = setup();
    session.setTokens({ access: fresh(), refresh: 'r1' });
    expect(await refresher.getToken()).toBe(fresh());
    expect(refreshCalls).toEqual([]);
  });

  it('renews an expired token once for concurrent calls and stores the new pair', async () => {
    const renewed = { access: fresh('2'), refresh: 'r2' };
    const { session, refresher, refreshCalls, arrived } = setup({ refreshAnswers: [renewed] });
    arrived({ access: expired(), refresh: 'r1' }, 400);
    const tokens = await Promise.all([refresher.getToken(), refresher.getToken(), refresher.getToken()]);
    expect(tokens).toEqual([renewed.access, renewed.access, renewed.access]);
    expect(refreshCalls).toEqual(['r1']);
    expect(session.getRefreshToken()).toBe('r2');
  });

  it('falls back to the stored token when the renewal is refused, and does not ask again', async () => {
    const { refresher, refreshCalls, arrived } = setup({ refreshAnswers: [null] });
    arrived({ access: expired(), refresh: 'r1' }, 400);
    expect(await refresher.getToken()).toBe(expired());
    expect(await refresher.getToken()).toBe(expired());
    expect(refreshCalls).toEqual(['r1']);
  });

  it('has no token when signed out', async () => {
    const { refresher } = setup();
    expect(await refresher.getToken()).toBeNull();
  });

  it('renews once the token has lived its lifetime since it arrived, whatever exp says on the client’s clock', async () => {
    const renewed = { access: fresh('2'), refresh: 'r2' };
    const { session, refresher, refreshCalls, clock } = setup({ refreshAnswers: [renewed] });
    // The client's clock runs 10 minutes ahead of the server's: by it, the new token expired 5 minutes ago.
    const fromBehind = issued(NOW - 600_000);
    session.setTokens({ access: fromBehind, refresh: 'r1' });
    for (const after of [0, 60_000, 269_000]) {
      clock.now = NOW + after;
      expect(await refresher.getToken()).toBe(fromBehind);
    }
    expect(refreshCalls).toEqual([]);
    clock.now = NOW + 270_000;
    expect(await refresher.getToken()).toBe(renewed.access);
    expect(refreshCalls).toEqual(['r1']);
  });

  it('judges a pair stored by another tab (or before a reload) by its stored arrival', async () => {
    const first = setup();
    first.arrived({ access: fresh(), refresh: 'r1' }, 200);
    // Another tab: its own store and refresher over the same storage, 200 s after the pair arrived.
    const clock = { now: NOW };
    const other = createSessionStore(first.storage, () => clock.now);
    const refreshCalls: string[] = [];
    const refresher = createTokenRefresher({
      session: other,
      now: () => clock.now,
      lock: (task) => task(),
      async requestRefresh(refresh) {
        refreshCalls.push(refresh);
        return { access: fresh('2'), refresh: 'r2' };
      },
    });
    expect(other.getAccessTokenArrival()).toBe(NOW - 200_000);
    expect(await refresher.getToken()).toBe(fresh());
    clock.now = NOW + 70_000;
    expect(await refresher.getToken()).toBe(fresh('2'));
    expect(refreshCalls).toEqual(['r1']);
  });

  it('counts a token whose arrival is unknown from when this tab first saw it', async () => {
    const storage = memoryStorage();
    const clock = { now: NOW };
    const session = createSessionStore(storage, () => clock.now);
    const refreshCalls: string[] = [];
    const refresher = createTokenRefresher({
      session,
      now: () => clock.now,
      lock: (task) => task(),
      async requestRefresh(refresh) {
        refreshCalls.push(refresh);
        return { access: fresh('2'), refresh: 'r2' };
      },
    });
    // Stored by an older portal: the pair without its arrival.
    storage.setItem('vr-portal.accessToken', expired());
    storage.setItem('vr-portal.refreshToken', 'r1');
    expect(await refresher.getToken()).toBe(expired());
    clock.now = NOW + 270_000;
    expect(await refresher.getToken()).toBe(fresh('2'));
    expect(refreshCalls).toEqual(['r1']);
  });
});

describe('wrapFetch (refresh and retry after a 401)', () => {
  const api = 'http://portal.test';

  function serverAccepting(valid: () => string) {
    const seen: { path: string; auth: string | null; body: string }[] = [];
    const fetchFn = async (request: Request) => {
      const auth = request.headers.get('Authorization');
      seen.push({ path: new URL(request.url).pathname, auth, body: await request.text() });
      return new Response(JSON.stringify({ ok: auth === `Bearer ${valid()}` }), {
        status: auth === `Bearer ${valid()}` ? 200 : 401,
      });
    };
    return { seen, fetchFn };
  }

  it('refreshes once for concurrent 401s and retries each call with the new token and its body', async () => {
    const renewed = { access: 'access-2', refresh: 'r2' };
    const { session, refresher, refreshCalls } = setup({ refreshAnswers: [renewed] });
    session.setTokens({ access: 'access-1', refresh: 'r1' });
    const { seen, fetchFn } = serverAccepting(() => 'access-2');
    const wrapped = refresher.wrapFetch(fetchFn);
    const call = (body: string) =>
      wrapped(
        new Request(`${api}/api/v1/users/me/`, {
          method: 'PATCH',
          body,
          headers: { Authorization: 'Bearer access-1' },
        }),
      );
    const responses = await Promise.all([call('{"firstName":"A"}'), call('{"firstName":"B"}')]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    expect(refreshCalls).toEqual(['r1']);
    const retries = seen.filter((entry) => entry.auth === 'Bearer access-2').map((entry) => entry.body);
    expect(retries.sort()).toEqual(['{"firstName":"A"}', '{"firstName":"B"}']);
    expect(session.getAccessToken()).toBe('access-2');
  });

  it('hands the 401 back when the refresh is refused, so the app ends the session', async () => {
    const { session, refresher } = setup({ refreshAnswers: [null] });
    session.setTokens({ access: 'access-1', refresh: 'r1' });
    const { seen, fetchFn } = serverAccepting(() => 'never');
    const response = await refresher.wrapFetch(fetchFn)(
      new Request(`${api}/api/v1/users/me/`, { headers: { Authorization: 'Bearer access-1' } }),
    );
    expect(response.status).toBe(401);
    expect(seen).toHaveLength(1);
  });

  it('hands the 401 back when the refresh fails on the network', async () => {
    const { session, refresher } = setup({ refreshAnswers: [new TypeError('Failed to fetch')] });
    session.setTokens({ access: 'access-1', refresh: 'r1' });
    const { fetchFn } = serverAccepting(() => 'never');
    const response = await refresher.wrapFetch(fetchFn)(
      new Request(`${api}/api/v1/users/me/`, { headers: { Authorization: 'Bearer access-1' } }),
    );
    expect(response.status).toBe(401);
  });

  it('never refreshes for the login call or for anonymous calls', async () => {
    const { session, refresher, refreshCalls } = setup({ refreshAnswers: [{ access: 'x', refresh: 'y' }] });
    session.setTokens({ access: 'access-1', refresh: 'r1' });
    const { fetchFn } = serverAccepting(() => 'never');
    const wrapped = refresher.wrapFetch(fetchFn);
    const login = await wrapped(
      new Request(`${api}/api/v1/sessions/`, {
        method: 'POST',
        body: '{}',
        headers: { Authorization: 'Bearer access-1' },
      }),
    );
    const anonymous = await wrapped(new Request(`${api}/api/v1/users/me/`));
    expect([login.status, anonymous.status]).toEqual([401, 401]);
    expect(refreshCalls).toEqual([]);
  });

  it('retries with a token another call renewed meanwhile, without a second refresh', async () => {
    const { session, refresher, refreshCalls } = setup();
    session.setTokens({ access: 'access-2', refresh: 'r2' });
    const { fetchFn } = serverAccepting(() => 'access-2');
    const response = await refresher.wrapFetch(fetchFn)(
      new Request(`${api}/api/v1/users/me/`, { headers: { Authorization: 'Bearer access-1' } }),
    );
    expect(response.status).toBe(200);
    expect(refreshCalls).toEqual([]);
  });
});
