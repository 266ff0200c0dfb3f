import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NotAuthenticated } from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import { type Caller, type HeadsetCaller, loadCaller, requireAcceptedTerms } from '../services/access.ts';
import type { Services } from '../services/dependencies.ts';
import type { OperationId } from './operation.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook from a valid bearer token; null for anonymous callers. */
    caller: Caller | null;
    /** Set by the auth hook from a valid X-Device-Token on the headset side; null elsewhere. */
    headset: HeadsetCaller | null;
  }
}

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
const STALE_TOKEN_TOLERATED: ReadonlySet<string> = new Set<OperationId>(['logout']);

/**
 * The headset side: a missing, unknown or revoked device token is 401. Checking it is the headset's sign of life
 * (services/headsets/headset.ts).
 */
async function authenticateDevice(
  request: FastifyRequest,
  { headsetSide }: Pick<Services, 'headsetSide'>,
): Promise<void> {
  const token = request.headers['x-device-token'];
  if (typeof token !== 'string' || token === '') throw new NotAuthenticated(MESSAGES.headsets.tokenMissing);
  request.headset = await headsetSide.authenticate(token);
  if (request.headset === null) throw new NotAuthenticated(MESSAGES.headsets.tokenInvalid);
}

/**
 * Authenticates every contract route before its body is read, following the route's auth mode from the contract,
 * and loads the caller once for the whole request (services/access.ts); a caller who has not accepted the current
 * terms gets 403 `termsNotAccepted` for everything but the operations that lead to accepting them. Optional-auth
 * operations accept anonymous callers, but an invalid or expired token is refused with 401 so that the portal
 * refreshes it instead of silently seeing less. Operations of the headset side need the headset's device token.
 */
export function registerAuth(
  app: FastifyInstance,
  { db, tokens, headsetSide }: Pick<Services, 'db' | 'tokens' | 'headsetSide'>,
): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('headset', null);
  app.addHook('onRequest', async (request) => {
    const { auth: mode, operationId } = request.routeOptions.config;
    if (mode === 'device') return authenticateDevice(request, { headsetSide });
    if (mode !== 'bearer' && mode !== 'optional') return;
    const token = bearerToken(request);
    if (token === null) {
      if (mode === 'bearer') throw new NotAuthenticated(MESSAGES.auth.notAuthenticated);
      return;
    }
    const verified = await tokens.verifyAccessSession(token);
    // A valid token of a deleted account: that session is over too.
    const caller = verified && (await loadCaller(db, verified.userId, verified.familyId));
    if (!caller) {
      if (mode === 'optional' && operationId !== undefined && STALE_TOKEN_TOLERATED.has(operationId)) return;
      throw new NotAuthenticated(MESSAGES.auth.tokenInvalid);
    }
    // The server is the guard of spec §4: until the current terms are accepted only they and the own user are open.
    if (operationId !== undefined) requireAcceptedTerms(caller, operationId);
    request.caller = caller;
  });
}
