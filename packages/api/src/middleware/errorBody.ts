import type { Middleware } from 'openapi-fetch';

/**
 * openapi-fetch reports a failed call through its `error` field, but an error response with an empty body
 * (a proxy's bare 502, a 401 without JSON) leaves `error` undefined, and callers testing `if (error)`, as
 * openapi-react-query does, would take it for success. Such bodies are replaced by a DRF-style
 * `{ detail }` so that every non-2xx answer carries a truthy error.
 */
export const errorBodyMiddleware: Middleware = {
  async onResponse({ request, response }) {
    if (response.ok || request.method === 'HEAD') {
      return undefined;
    }
    const text = await response.clone().text();
    if (text.trim() !== '') {
      return undefined;
    }
    const detail = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    const headers = new Headers(response.headers);
    headers.set('Content-Type', 'application/json');
    headers.delete('Content-Length');
    return new Response(JSON.stringify({ detail }), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  },
};
