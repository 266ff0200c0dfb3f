import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, MESSAGES } from '../errors.ts';
import type { TokenService } from '../services/tokens.ts';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Operations where a stale token must not get in the way: the contract lets a client whose access token has expired
 * still sign out, so a bad token there counts as anonymous.
 */
const STALE_TOKEN_TOLERATED = new Set(['logout']);

/**
 * Authenticates every contract route before its body is read, following the route's auth mode from the
 * contract. Optional-auth operations accept anonymous callers, but an invalid or expired token is refused with
 * 401 so that the portal refreshes it instead of silently seeing less.
 */
export function registerAuth(app: FastifyInstance, tokens: TokenService): void {
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionFamily', null);
  app.addHook('onRequest', async (request) => {
    const { auth: mode, operationId } = request.routeOptions.config;
    if (mode !== 'bearer' && mode !== 'optional') return;
    const token = bearerToken(request);
    if (token === null) {
      if (mode === 'bearer') throw new HttpError(401, MESSAGES.notAuthenticated);
      return;
    }
    const verified = await tokens.verifyAccessSession(token);
    if (verified === null) {
      if (mode === 'optional' && operationId && STALE_TOKEN_TOLERATED.has(operationId)) return;
      throw new HttpError(401, MESSAGES.tokenInvalid);
    }
    request.userId = verified.userId;
    request.sessionFamily = verified.familyId;
  });
}
