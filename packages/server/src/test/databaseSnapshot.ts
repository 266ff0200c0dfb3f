import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Database, openDatabase } from '../db/database.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { pgliteExtensions } from '../db/pgliteExtensions.mjs';
import * as schema from '../db/schema.ts';
import { seedIfEmpty } from '../db/seed.ts';
import type { PasswordHashCost } from '../infra/passwords.ts';

/**
 * Databases the test servers start from. Migrating and seeding a fresh database took most of a test file's set-up, so
 * the global set-up (globalSetup.ts) migrates and seeds one database per test run, with the production code, and each
 * test server gets its own copy of it: a PGlite data directory loaded from a dump, or on PostgreSQL a database created
 * with the seeded one as its template. Every test file still has a database of its own.
 */

declare module 'vitest' {
  interface ProvidedContext {
    /** A PGlite dumpDataDir() tarball of a migrated database with the demo data (see buildPgliteSnapshot). */
    pgliteSnapshot: string | undefined;
    /** On TEST_DATABASE_URL's server: a migrated database with the demo data, to copy for each test server. */
    postgresTemplate: string | undefined;
  }
}

/**
 * The demo users' password hash in the snapshots: scrypt at 1/32 of the production memory, so that the hundreds of
 * sign-ins of the tests do not each spend tens of milliseconds of CPU. Passwords the server hashes while a test runs
 * (reset, profile, invitation) and the production seed keep the production cost (infra/passwords.test.ts).
 */
export const TEST_PASSWORD_HASH_COST: PasswordHashCost = { N: 2 ** 10, r: 8, p: 1 };

/** What createServer does on an empty database, with the test's password-hash cost. */
async function migrateAndSeed(db: Database): Promise<void> {
  await migrateDatabase(db);
  await seedIfEmpty(db, { passwordHashCost: TEST_PASSWORD_HASH_COST });
}

/**
 * An initdb'd, empty PGlite cluster dumped once per PGlite version and reused: initdb is most of PGlite's start time.
 * Tests that prove the first start (migrations, seed) start from it; buildPgliteSnapshot starts from it too.
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

export interface Snapshot {
  /** The tarball's path (PGlite) or the template database's name (PostgreSQL). */
  name: string;
  remove(): Promise<void>;
}

/**
 * A migrated PGlite with the demo data, dumped to a new tarball for this test run. PGlite runs in this thread behind
 * its socket server so that migrations and seed go through node-postgres exactly as in the server.
 */
export async function buildPgliteSnapshot(): Promise<Snapshot> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const pglite = await PGlite.create('memory://', {
    extensions: pgliteExtensions,
    loadDataDir: new Blob([readFileSync(await pgliteTemplate())]),
  });
  try {
    const socket = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0 });
    await socket.start();
    try {
      const port = Number(socket.getServerConn().split(':').pop());
      const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', max: 1 });
      try {
        await migrateAndSeed(drizzle(pool, { schema }));
      } finally {
        await pool.end();
      }
    } finally {
      await socket.stop();
    }
    const dump = await pglite.dumpDataDir('none');
    const path = join(tmpdir(), `vr-portal-snapshot-${randomUUID()}.tar`);
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    return { name: path, remove: async () => rmSync(path, { force: true }) };
  } finally {
    await pglite.close();
  }
}

/** A migrated database with the demo data on the PostgreSQL server `adminUrl` names, to copy per test server. */
export async function buildPostgresTemplate(adminUrl: string): Promise<Snapshot> {
  const template = await throwawayDatabase(adminUrl, { prefix: 'vr_portal_template' });
  try {
    const database = await openDatabase({ databaseUrl: template.url });
    try {
      await migrateAndSeed(database.db);
    } finally {
      await database.close();
    }
  } catch (error) {
    await template.drop();
    throw error;
  }
  return { name: template.name, remove: () => template.drop() };
}

/** A client of the database `databaseUrl` names for `run`, closed afterwards. */
export async function withClient<T>(databaseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface ThrowawayDatabase {
  name: string;
  /** Connection string of the new database. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A new database on the PostgreSQL server `adminUrl` names (tests, benchmarks): empty, or a copy of `template`;
 * `drop()` removes it.
 */
export async function throwawayDatabase(
  adminUrl: string,
  options: { prefix?: string; template?: string | undefined } = {},
): Promise<ThrowawayDatabase> {
  const name = `${options.prefix ?? 'vr_portal_test'}_${randomUUID().replaceAll('-', '')}`;
  const template = options.template ? ` template ${pg.escapeIdentifier(options.template)}` : '';
  await withClient(adminUrl, (client) => client.query(`create database ${name}${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      await withClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
