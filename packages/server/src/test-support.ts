import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db/database.ts';
import { createServer } from './server.ts';

export interface TestServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * An initdb'd, empty PGlite cluster dumped once per PGlite version and reused by every test database: initdb is
 * most of PGlite's start time. Migrations and seed still run for each test database as they do in production.
 */
export async function pgliteTemplate(): Promise<string> {
  // The exact pin in our package.json names the PGlite build (pglite does not export its package.json).
  const packageJson = new URL('../package.json', import.meta.url);
  const { dependencies } = JSON.parse(readFileSync(packageJson, 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const version = dependencies['@electric-sql/pglite'];
  const path = join(tmpdir(), `vr-portal-pglite-${version}.tar`);
  if (existsSync(path)) return path;
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create('memory://');
  const dump = await db.dumpDataDir('none');
  await db.close();
  // Written under a unique name and renamed, so parallel test files never read a half-written template.
  const partial = `${path}.${process.pid}.${Date.now()}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
  return path;
}

/** A fresh app on a fresh in-memory PGlite (in its worker thread) with the demo data; not listening. */
export async function createTestServer(options: { portalDist?: string } = {}): Promise<TestServer> {
  const { app, database } = await createServer({
    dataDir: 'memory://',
    pgliteTemplate: await pgliteTemplate(),
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
