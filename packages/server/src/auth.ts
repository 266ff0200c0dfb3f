import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import type { AuthMode } from './contract.ts';
import { HttpError, MESSAGES } from './errors.ts';
import { authenticateHeadset, HEADSET_MESSAGES } from './services/headset.ts';

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
 * 401 so that the portal refreshes it instead of silently seeing less. Headset operations need a valid device
 * token (missing, unknown or revoked: 401); checking it is the headset's sign of life.
 */
export function registerAuth(app: FastifyInstance, { tokens, db }: Pick<AppContext, 'tokens' | 'db'>): void {
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionFamily', null);
  app.decorateRequest('headset', null);
  app.addHook('onRequest', async (request) => {
    const { auth: mode, operationId } = request.routeOptions.config as {
      auth?: AuthMode;
      operationId?: string;
    };
    if (mode === 'device') {
      const token = request.headers['x-device-token'];
      if (typeof token !== 'string' || token === '') throw new HttpError(401, HEADSET_MESSAGES.tokenMissing);
      request.headset = await authenticateHeadset(db, token);
      if (request.headset === null) throw new HttpError(401, HEADSET_MESSAGES.tokenInvalid);
      return;
    }
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
