import type { Middleware } from 'openapi-fetch';

/**
 * Returns the current access token, or nothing when signed out. May be async so the portal can plug in a
 * refresh-aware provider (renew shortly before expiry) without changing the client.
 */
export type TokenGetter = () => string | null | undefined | Promise<string | null | undefined>;

/** Sends `Authorization: Bearer <token>` whenever `getToken` yields a token; anonymous calls stay anonymous. */
export function authMiddleware(getToken: TokenGetter): Middleware {
  return {
    async onRequest({ request }) {
      const token = await getToken();
      if (token) {
        request.headers.set('Authorization', `Bearer ${token}`);
      }
      return request;
    },
  };
}
