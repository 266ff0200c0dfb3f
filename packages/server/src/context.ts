import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from './db/database.ts';
import type { AuthenticatedHeadset } from './services/headset.ts';
import type { HeadsetEvents } from './services/headsetEvents.ts';
import type { TokenService } from './services/tokens.ts';

/** What every handler module gets: the database and the services built on it. */
export interface AppContext {
  db: Database;
  tokens: TokenService;
  /** Wakes headsets' long polls when commands are queued (in-process on PGlite, LISTEN/NOTIFY on PostgreSQL). */
  headsetEvents: HeadsetEvents;
}

export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
export type HandlerMap = Record<string, Handler>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook from a valid bearer token; null for anonymous callers. */
    userId: number | null;
    /** The session (refresh-token family) the bearer token belongs to; null when anonymous or not named. */
    sessionFamily: string | null;
    /** Set by the auth hook from a valid X-Device-Token on the headset side; null elsewhere. */
    headset: AuthenticatedHeadset | null;
  }
}

/** For operations whose contract requires a bearer token; the auth hook has already refused anonymous calls. */
export function requireUserId(request: FastifyRequest): number {
  if (request.userId === null) throw new Error('bearer operation reached without a user');
  return request.userId;
}

/** For operations of the headset side; the auth hook has already refused calls without a valid device token. */
export function requireHeadset(request: FastifyRequest): AuthenticatedHeadset {
  if (request.headset === null) throw new Error('device-token operation reached without a headset');
  return request.headset;
}

/** Origin of the request as the caller sees it, for the absolute URLs DRF puts into `next`, `previous` and files. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
