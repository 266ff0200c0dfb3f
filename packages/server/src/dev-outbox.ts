import type { FastifyInstance } from 'fastify';
import type { AccessSettings } from './access-config.ts';
import { readOutbox } from './services/mail.ts';

/**
 * GET /dev/outbox/ lists the mails of the local outbox as JSON, newest first (`?to=` filters by recipient).
 * Development only: not registered when SMTP is configured or NODE_ENV is 'production'. Not part of the contract.
 */
export function registerDevOutbox(app: FastifyInstance, settings: AccessSettings): void {
  if (!settings.devOutbox) return;
  app.get('/dev/outbox/', async (request, reply) => {
    const { to } = request.query as { to?: unknown };
    const results = await readOutbox(settings.outboxDir, typeof to === 'string' ? to : undefined);
    return reply.header('Cache-Control', 'no-store').send({ count: results.length, results });
  });
}
