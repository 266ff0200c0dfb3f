import type { Middleware } from 'openapi-fetch';

/** What the app gets to decide how to react to a 401 (e.g. ignore it for the login call itself). */
export interface UnauthorizedEvent {
  request: Request;
  response: Response;
  /** The contract path, e.g. `/api/v1/users/me/`. */
  schemaPath: string;
}

export type UnauthorizedHandler = (event: UnauthorizedEvent) => void;

/**
 * Reports every 401 to the app and nothing else: the transport never redirects or shows toasts, the app
 * clears its session and navigates. The response is passed on untouched so the caller still gets the
 * error body.
 */
export function unauthorizedMiddleware(onUnauthorized: UnauthorizedHandler): Middleware {
  return {
    onResponse({ request, response, schemaPath }) {
      if (response.status === 401) {
        onUnauthorized({ request, response, schemaPath });
      }
      return undefined;
    },
  };
}
