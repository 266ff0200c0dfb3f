import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthMode } from './contract.ts';
import { HttpError, MESSAGES } from './errors.ts';
import type { TokenService } from './services/tokens.ts';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Authenticates every contract route before its body is read, following the route's auth mode from the
 * contract. Optional-auth operations accept anonymous callers, but an invalid or expired token is refused with
 * 401 so that the portal refreshes it instead of silently seeing less.
 */
export function registerAuth(app: FastifyInstance, tokens: TokenService): void {
  app.decorateRequest('userId', null);
  app.addHook('onRequest', async (request) => {
    const mode = (request.routeOptions.config as { auth?: AuthMode }).auth;
    if (mode !== 'bearer' && mode !== 'optional') return;
    const token = bearerToken(request);
    if (token === null) {
      if (mode === 'bearer') throw new HttpError(401, MESSAGES.notAuthenticated);
      return;
    }
    const userId = await tokens.verifyAccess(token);
    if (userId === null) throw new HttpError(401, MESSAGES.tokenInvalid);
    request.userId = userId;
  });
}
