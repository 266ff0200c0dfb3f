import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db/database.ts';
import { createServer } from './server.ts';

export interface TestServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** A fresh app on a fresh in-memory PGlite (in its worker thread) with the demo data; not listening. */
export async function createTestServer(options: { portalDist?: string } = {}): Promise<TestServer> {
  const { app, database } = await createServer({
    dataDir: 'memory://',
    databaseUrl: undefined,
    jwtSecret: undefined,
    logLevel: 'silent',
    portalDist: options.portalDist ?? '/nonexistent-portal-dist',
  });
  await app.ready();
  return { app, database, close: () => app.close() };
}

export async function login(app: FastifyInstance, username: string, password = 'portal2026') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/sessions/',
    payload: { username, password },
  });
  if (response.statusCode !== 201)
    throw new Error(`login of ${username} failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access: string; refresh: string }>();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
