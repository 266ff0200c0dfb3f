import type { Middleware } from 'openapi-fetch';

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * crypto.randomUUID only exists in secure contexts; a school that opens the portal by plain http on a LAN
 * address still needs request ids, and getRandomValues is available there.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A fresh `X-Request-ID` per call lets a support ticket be matched with the server log line. */
export const requestIdMiddleware: Middleware = {
  onRequest({ request }) {
    request.headers.set('X-Request-ID', newRequestId());
    return request;
  },
};
