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
  const session = createSessionStore(memoryStorage());
  const answers = [...(options.refreshAnswers ?? [])];
  const refreshCalls: string[] = [];
  const refresher = createTokenRefresher({
    session,
    now: () => NOW,
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
  return { session, refresher, refreshCalls };
}

const fresh = (label = '') => jwt({ iat: seconds(NOW), exp: seconds(NOW) + 300 }, label);
const expired = (label = '') => jwt({ iat: seconds(NOW) - 400, exp: seconds(NOW) - 100 }, label);

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

  it('is due within 30 s of expiry, or a quarter of a short lifetime', () => {
    expect(isDueForRefresh(jwt({ iat: seconds(NOW), exp: seconds(NOW) + 300 }), NOW)).toBe(false);
    expect(isDueForRefresh(jwt({ iat: seconds(NOW) - 280, exp: seconds(NOW) + 20 }), NOW)).toBe(true);
    expect(isDueForRefresh(expired(), NOW)).toBe(true);
    // A 2-second token is renewed in its last half second, not for its whole life.
    expect(isDueForRefresh(jwt({ iat: seconds(NOW), exp: seconds(NOW) + 2 }), NOW)).toBe(false);
    expect(isDueForRefresh(jwt({ iat: seconds(NOW) - 2, exp: seconds(NOW) }), NOW)).toBe(true);
    expect(isDueForRefresh('opaque', NOW)).toBe(false);
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
    const { session, refresher, refreshCalls } = setup({ refreshAnswers: [renewed] });
    session.setTokens({ access: expired(), refresh: 'r1' });
    const tokens = await Promise.all([refresher.getToken(), refresher.getToken(), refresher.getToken()]);
    expect(tokens).toEqual([renewed.access, renewed.access, renewed.access]);
    expect(refreshCalls).toEqual(['r1']);
    expect(session.getRefreshToken()).toBe('r2');
  });

  it('falls back to the stored token when the renewal is refused, and does not ask again', async () => {
    const { session, refresher, refreshCalls } = setup({ refreshAnswers: [null] });
    session.setTokens({ access: expired(), refresh: 'r1' });
    expect(await refresher.getToken()).toBe(expired());
    expect(await refresher.getToken()).toBe(expired());
    expect(refreshCalls).toEqual(['r1']);
  });

  it('has no token when signed out', async () => {
    const { refresher } = setup();
    expect(await refresher.getToken()).toBeNull();
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
