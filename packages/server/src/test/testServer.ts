import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createServer, type RunningServer, startServer } from '../app.ts';
import { readTestDatabaseUrl, type ServerConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { issueEnrolmentCodeFor } from '../services/enrolment.ts';
import type { HeadsetEvents } from '../services/headsetEvents.ts';

export interface TestServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  headsetEvents: HeadsetEvents;
  close(): Promise<void>;
}

/**
 * An initdb'd, empty PGlite cluster dumped once per PGlite version and reused by every test database: initdb is
 * most of PGlite's start time. Migrations and seed still run for each test database as they do in production.
 */
export async function pgliteTemplate(): Promise<string> {
  // The exact pin in our package.json names the PGlite build (pglite does not export its package.json).
  const packageJson = new URL('../../package.json', import.meta.url);
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

async function withAdminClient<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface ThrowawayDatabase {
  /** Connection string of the new, empty database. */
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the PostgreSQL server `adminUrl` names (tests, benchmarks); `drop()` removes it. */
export async function throwawayDatabase(
  adminUrl: string,
  prefix = 'vr_portal_test',
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

/**
 * A fresh app with the demo data on a fresh database, not listening: an in-memory PGlite in its worker thread, or,
 * when TEST_DATABASE_URL names a PostgreSQL server, a new database created there (and dropped on close) so the
 * same tests prove both engines.
 */
export async function createTestServer(
  options: { portalDist?: string; config?: Partial<ServerConfig> } = {},
): Promise<TestServer> {
  const adminUrl = readTestDatabaseUrl();
  const throwaway = adminUrl ? await throwawayDatabase(adminUrl) : undefined;
  const databaseUrl = throwaway?.url;
  const { app, database, headsetEvents } = await createServer({
    dataDir: 'memory://',
    pgliteTemplate: databaseUrl ? undefined : await pgliteTemplate(),
    databaseUrl,
    jwtSecret: undefined,
    logLevel: 'silent',
    portalDist: options.portalDist ?? '/nonexistent-portal-dist',
    ...options.config,
  });
  await app.ready();
  return {
    app,
    database,
    headsetEvents,
    async close() {
      await app.close();
      await throwaway?.drop();
    },
  };
}

/** Like {@link createTestServer} (on PGlite), but listening on a free port of 127.0.0.1: for real HTTP clients. */
export async function startTestHttpServer(): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    pgliteTemplate: await pgliteTemplate(),
    databaseUrl: undefined,
    logLevel: 'silent',
    portalDist: '/nonexistent-portal-dist',
    demoFleet: false,
  });
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

/**
 * Pairs a headset as a real one would (enrolHeadset over HTTP) with a code issued the way the demo fleet gets
 * its codes; returns its device token.
 */
export async function pairHeadset(server: TestServer, serialNumber: string): Promise<string> {
  const { rows } = await server.database.pool.query<{ id: number }>(
    'select id from devices where serial_number = $1',
    [serialNumber],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no headset ${serialNumber}`);
  const enrolmentCode = await issueEnrolmentCodeFor(server.database.db, id);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/headset/enrol/',
    payload: { enrolmentCode, serialNumber },
  });
  if (response.statusCode !== 201) throw new Error(`pairing failed: ${response.statusCode} ${response.body}`);
  return response.json<{ deviceToken: string }>().deviceToken;
}

export const deviceToken = (token: string) => ({ 'x-device-token': token });
