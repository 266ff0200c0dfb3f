import type { FastifyInstance } from 'fastify';

/**
 * A close ends every keep-alive connection as soon as its last answer has gone out. Node's `server.close()` ends only
 * the connections idle at the moment it is called; one still sending an answer then (a client reads the headers and
 * is still reading the body) becomes idle a moment later and would be held open for the whole keep-alive timeout
 * (Fastify's default is 72 s), keeping the close, and a process's shutdown or a rolling restart, waiting for it.
 */
export function registerClosingConnections(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Node detaches the finished answer from its connection before this hook runs, so the connection counts as idle.
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections();
  });
}
