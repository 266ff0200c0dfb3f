import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { authMiddleware, type TokenGetter } from './middleware/auth.ts';
import { errorBodyMiddleware } from './middleware/errorBody.ts';
import { noCacheMiddleware } from './middleware/noCache.ts';
import { requestIdMiddleware } from './middleware/requestId.ts';
import { type UnauthorizedHandler, unauthorizedMiddleware } from './middleware/unauthorized.ts';
import type { paths } from './schema';

export type PortalClient = Client<paths>;

export interface PortalClientOptions {
  /**
   * Origin (and optional prefix) the contract paths are appended to; `''` for the same origin.
   * @example createPortalClient({ baseUrl: '', getToken: () => session.accessToken, onUnauthorized: clearSession })
   */
  baseUrl: string;
  /** The current access token, or nothing when signed out; may be async (token refresh). */
  getToken: TokenGetter;
  /** Called on every 401 answer; the app clears its session. The call itself still resolves with `error`. */
  onUnauthorized: UnauthorizedHandler;
  /** Replaces the global fetch, e.g. in tests or for a server-side caller. */
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * The typed client of the VR-Portal contract. Every call sends cookies (the social login session lives in
 * one), a bearer token when signed in, no-cache headers and a fresh request id; only 2xx answers land in
 * `data`, everything else hands the parsed error body back in `error`.
 */
export function createPortalClient(options: PortalClientOptions): PortalClient {
  // The option is read per request so a test or the app may swap globalThis.fetch after creation.
  const fetchFn = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    credentials: 'include',
    fetch: fetchFn,
  });
  const middleware: Middleware[] = [
    requestIdMiddleware,
    noCacheMiddleware,
    authMiddleware(options.getToken),
    unauthorizedMiddleware(options.onUnauthorized),
    errorBodyMiddleware,
  ];
  client.use(...middleware);
  return client;
}
