import type { Middleware } from 'openapi-fetch';

/**
 * Data in the portal must never come from an intermediate or browser cache (a signed-out user's list, a
 * headset state from minutes ago), so every call asks for a fresh answer. Pragma and Expires cover
 * HTTP/1.0 proxies that ignore Cache-Control.
 */
export const noCacheMiddleware: Middleware = {
  onRequest({ request }) {
    request.headers.set('Cache-Control', 'no-cache, no-store, must-revalidate');
    request.headers.set('Pragma', 'no-cache');
    request.headers.set('Expires', '0');
    return request;
  },
};
