import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessSettings } from '../config.ts';
import { NotFound } from '../errors.ts';
import { readOutbox } from '../infra/mail.ts';
import { MESSAGES } from '../messages.ts';
import { isLoopbackAddress, isLoopbackUrl } from '../services/loopback.ts';

/** Headers a reverse proxy adds: a request carrying one did not come from this machine, whatever its socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * A direct connection from this machine: the socket and `request.ip` are loopback addresses and no proxy header is
 * present. A reverse proxy on the same machine connects from 127.0.0.1 for every client (and TRUST_PROXY=true would
 * take a forged X-Forwarded-For: 127.0.0.1 at its word), so forwarded requests never count as local.
 */
export function isDirectLocalRequest(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}

/**
 * A server that others reach (PUBLIC_URL names a non-local host) but has no SMTP_URL sends no mail at all: reset
 * links end up in the outbox directory. Said loudly at start, with what the outbox page does in this setup.
 */
export function warnAboutMailSetup(log: FastifyBaseLogger, settings: AccessSettings): void {
  if (settings.smtpUrl || !settings.publicUrl || isLoopbackUrl(settings.publicUrl)) return;
  const page = !settings.devOutbox
    ? 'GET /dev/outbox/ is off (NODE_ENV=production).'
    : settings.devOutboxPublic
      ? 'DEV_OUTBOX=public: GET /dev/outbox/ shows every password-reset link to ANYONE who reaches this server, ' +
        'who can then take over accounts. Use it on a trusted network only.'
      : 'GET /dev/outbox/ answers only direct requests from this machine.';
  log.warn(
    { publicUrl: settings.publicUrl, outboxDir: settings.outboxDir },
    `PUBLIC_URL names a host others reach, but SMTP_URL is not set: no mail is sent (password-reset mails are only ` +
      `written to ${settings.outboxDir}). Set SMTP_URL for real use. ${page}`,
  );
}

/**
 * GET /dev/outbox/ lists the mails of the local outbox as JSON, newest first (`?to=` filters by recipient).
 * Development only: not registered when SMTP is configured or NODE_ENV is 'production'. Not part of the contract.
 * It shows password-reset links, so it answers only direct requests from this machine (others get the ordinary
 * 404) unless DEV_OUTBOX=public opens it to everyone.
 */
export function registerDevOutbox(app: FastifyInstance, settings: AccessSettings): void {
  warnAboutMailSetup(app.log, settings);
  if (!settings.devOutbox) return;
  app.get<{ Querystring: { to?: string | string[] } }>('/dev/outbox/', async (request, reply) => {
    if (!settings.devOutboxPublic && !isDirectLocalRequest(request))
      throw new NotFound(MESSAGES.request.notFound);
    const { to } = request.query;
    const results = await readOutbox(settings.outboxDir, typeof to === 'string' ? to : undefined);
    return reply.header('Cache-Control', 'no-store').send({ count: results.length, results });
  });
}
