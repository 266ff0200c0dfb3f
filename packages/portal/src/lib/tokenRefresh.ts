import { clientNow, type SessionStore, type TokenPair } from './session.ts';

interface JwtTimes {
  /** Expiry, ms since the epoch. */
  expiresAt: number;
  /** Issue time, ms since the epoch, when the token names one. */
  issuedAt: number | null;
}

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads `exp` (and `iat`) from a JWT's payload. No signature check: the server checks the token, the
 * portal only wants to know when to renew it. Anything unreadable yields null (then only a 401 renews).
 */
export function readJwtTimes(token: string): JwtTimes | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(payload));
    if (typeof claims !== 'object' || claims === null) return null;
    const { exp, iat } = claims as { exp?: unknown; iat?: unknown };
    if (typeof exp !== 'number') return null;
    return { expiresAt: exp * 1000, issuedAt: typeof iat === 'number' ? iat * 1000 : null };
  } catch {
    return null;
  }
}

/** Renew this long before expiry at most; a quarter of the lifetime for short-lived tokens. */
export const REFRESH_LEEWAY_MS = 30_000;

/**
 * True when the token is expired or about to expire, so a call should carry a renewed one. Its age is counted on the
 * client's clock from when it arrived (`arrivedAt`), against its own lifetime (`exp` − `iat`, both on the server's
 * clock): a computer whose clock runs minutes ahead or behind the server's renews as often as any other. A token
 * without `iat` has no lifetime to count against: only a 401 renews it.
 */
export function isDueForRefresh(token: string, arrivedAt: number, now: number): boolean {
  const times = readJwtTimes(token);
  if (!times || times.issuedAt === null) return false;
  const lifetime = times.expiresAt - times.issuedAt;
  const leeway = Math.min(REFRESH_LEEWAY_MS, lifetime / 4);
  return now - arrivedAt >= lifetime - leeway;
}

/** Serialises a task across tabs (Web Locks) so two tabs never spend the same refresh token. */
export type CrossTabLock = <T>(task: () => Promise<T>) => Promise<T>;

export const webLock: CrossTabLock = async (task) => {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  // request() resolves with what the task's promise resolves to.
  return await locks.request('vr-portal.token-refresh', task);
};

export interface TokenRefresherOptions {
  session: SessionStore;
  /** POST sessions/refresh/: the new pair on 200, null on a refusal; rejects on a network failure. */
  requestRefresh(refresh: string): Promise<TokenPair | null>;
  /** The client's clock, as the session store's (default {@link clientNow}). */
  now?: () => number;
  lock?: CrossTabLock;
}

export interface TokenRefresher {
  /** The access token for the next call, renewed first when it is (about to be) expired. */
  getToken(): Promise<string | null>;
  /**
   * After a 401 for a call made with `rejected`: a renewed access token, or null when the session cannot be
   * renewed (then the 401 stands and the app clears the session). Concurrent callers share one refresh.
   */
  renewAfterRejection(rejected: string): Promise<string | null>;
  /** Wraps a fetch: a 401 for a call that carried a token is answered by one refresh and one retry. */
  wrapFetch(fetchFn: (request: Request) => Promise<Response>): (request: Request) => Promise<Response>;
}

/** Calls whose 401 means something else than an expired access token: never refreshed and retried. */
const SESSION_PATHS = ['/api/v1/sessions/', '/api/v1/sessions/refresh/', '/api/v1/sessions/logout'];

function isSessionCall(url: string): boolean {
  const { pathname } = new URL(url, 'http://portal.invalid');
  return SESSION_PATHS.includes(pathname);
}

function bearerOf(request: Request): string | null {
  const header = request.headers.get('Authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

/**
 * Refresh token rotation on the portal side (issue 4): renew before expiry, and once after a 401. One
 * refresh at a time in this tab (a shared promise) and across tabs (a Web Lock); inside the lock the
 * stored pair is read again, because another tab may have renewed it meanwhile: spending the same
 * refresh token twice would make the server end the whole session.
 */
export function createTokenRefresher(options: TokenRefresherOptions): TokenRefresher {
  const { session, requestRefresh } = options;
  const now = options.now ?? clientNow;
  const lock = options.lock ?? webLock;
  let inFlight: Promise<string | null> | null = null;
  // A refresh token the server refused once is not offered again (it would only be refused again).
  let refused: string | null = null;
  // A stored token whose arrival the store does not know (an older portal stored it) counts from when this tab first
  // saw it: at worst its first call meets a 401, which renews it.
  let firstSeen: { token: string; at: number } | null = null;

  /** Whether the stored access token `access` is due, counted from when it arrived. */
  const isDue = (access: string): boolean => {
    let arrivedAt = session.getAccessTokenArrival();
    if (arrivedAt === null) {
      if (firstSeen?.token !== access) firstSeen = { token: access, at: now() };
      arrivedAt = firstSeen.at;
    }
    return isDueForRefresh(access, arrivedAt, now());
  };

  const refresh = (stale: string): Promise<string | null> => {
    inFlight ??= lock(async () => {
      const access = session.getAccessToken();
      if (access === null) return null;
      // Another tab (or call) renewed it while we waited.
      if (access !== stale && !isDue(access)) return access;
      const refreshToken = session.getRefreshToken();
      if (refreshToken === null || refreshToken === refused) return null;
      let pair: TokenPair | null;
      try {
        pair = await requestRefresh(refreshToken);
      } catch {
        return null;
      }
      if (pair === null) {
        refused = refreshToken;
        return null;
      }
      session.setTokens(pair);
      return pair.access;
    }).finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  const renewAfterRejection = (rejected: string): Promise<string | null> => {
    const access = session.getAccessToken();
    if (access === null) return Promise.resolve(null);
    if (access !== rejected) return Promise.resolve(access);
    return refresh(rejected);
  };

  return {
    async getToken() {
      const access = session.getAccessToken();
      if (access === null || !isDue(access)) return access;
      // A failed renewal still sends the old token: its 401 then ends the session in the usual way.
      return (await refresh(access)) ?? session.getAccessToken();
    },
    renewAfterRejection,
    wrapFetch(fetchFn) {
      return async (request) => {
        const sent = bearerOf(request);
        const retry = sent !== null && !isSessionCall(request.url) ? request.clone() : null;
        const response = await fetchFn(request);
        if (response.status !== 401 || retry === null || sent === null) return response;
        const renewed = await renewAfterRejection(sent);
        if (renewed === null || renewed === sent) return response;
        retry.headers.set('Authorization', `Bearer ${renewed}`);
        return fetchFn(retry);
      };
    },
  };
}
