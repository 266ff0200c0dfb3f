import type { FastifyInstance } from 'fastify';
import { expect, inject } from 'vitest';
import { type CreatedServer, createServer, type RunningServer, runServer } from '../app.ts';
import { readTestDatabaseUrl, type ServerConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { HeadsetEvents } from '../services/headsets/index.ts';
import { issueEnrolmentCodeFor } from '../services/headsets/index.ts';
import {
  type ContractViolation,
  describeViolations,
  installContractConformance,
} from './contractConformance.ts';
import { pgliteTemplate, throwawayDatabase } from './databaseSnapshot.ts';

export interface TestServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  headsetEvents: HeadsetEvents;
  sweepAbandonedUploads: CreatedServer['sweepAbandonedUploads'];
  /** Answers the contract does not allow, so far (see {@link checkContractConformance}); close() fails on any. */
  contractViolations: ContractViolation[];
  close(): Promise<void>;
}

/**
 * Every test server checks each answer of a contract operation against openapi/portal.yaml (status, content type,
 * body by the response's schema: test/contractConformance.ts) and collects what the contract does not allow, with the
 * name of the test that was running. Closing the server then fails, naming each one, so a test file whose server
 * answered outside the contract fails even where its own assertions did not look. Tests that want to know at once
 * (the authorization matrix, the fuzzer) read `contractViolations` themselves.
 */
function checkContractConformance(app: FastifyInstance): {
  violations: ContractViolation[];
  /** From here on the server shuts down: what it answers requests still in flight (a held poll, a request whose
   * test timed out) meets a closing database and reaches no client, so it is no answer of the contract's. */
  closing(): void;
  assertNone(): void;
} {
  const violations: ContractViolation[] = [];
  let closing = false;
  installContractConformance(app, (violation) => {
    if (!closing) violations.push({ ...violation, test: expect.getState().currentTestName });
  });
  return {
    violations,
    closing() {
      closing = true;
    },
    assertNone() {
      if (violations.length === 0) return;
      throw new Error(
        `The server answered outside openapi/portal.yaml ${violations.length} time(s):\n${describeViolations(violations)}`,
      );
    },
  };
}

/**
 * The PGlite data a test server starts from: a copy of the run's migrated and seeded database (databaseSnapshot.ts)
 * when the global set-up made it, else an empty cluster that the server migrates and seeds as on a first start.
 */
export async function seededPgliteData(): Promise<string> {
  return inject('pgliteSnapshot') ?? (await pgliteTemplate());
}

/**
 * A fresh app with the demo data on a fresh database, not listening: an in-memory PGlite in its worker thread, or,
 * when TEST_DATABASE_URL names a PostgreSQL server, a new database created there (and dropped on close) so the
 * same tests prove both engines. Either starts as a copy of the run's migrated and seeded database when the global
 * set-up made one (databaseSnapshot.ts).
 */
export async function createTestServer(
  options: { portalDist?: string; config?: Partial<ServerConfig> } = {},
): Promise<TestServer> {
  const adminUrl = readTestDatabaseUrl();
  const throwaway = adminUrl
    ? await throwawayDatabase(adminUrl, { template: inject('postgresTemplate') })
    : undefined;
  const databaseUrl = throwaway?.url;
  const { app, database, headsetEvents, sweepAbandonedUploads } = await createServer({
    dataDir: 'memory://',
    pgliteTemplate: databaseUrl ? undefined : await seededPgliteData(),
    databaseUrl,
    jwtSecret: undefined,
    logLevel: 'silent',
    portalDist: options.portalDist ?? '/nonexistent-portal-dist',
    ...options.config,
  });
  const conformance = checkContractConformance(app);
  await app.ready();
  return {
    app,
    database,
    headsetEvents,
    sweepAbandonedUploads,
    contractViolations: conformance.violations,
    async close() {
      conformance.closing();
      await app.close();
      await throwaway?.drop();
      conformance.assertNone();
    },
  };
}

/**
 * Like {@link createTestServer} (on PGlite unless `config` names a database), but listening on a free port of
 * 127.0.0.1: for real HTTP clients. `firstStart` starts from an empty database instead, which the server migrates and
 * seeds as on its first start. Its answers are checked against the contract as the test server's are; `close()`
 * fails on any the contract does not allow.
 */
export async function startTestHttpServer(
  options: { firstStart?: boolean; config?: Partial<ServerConfig> } = {},
): Promise<RunningServer & { contractViolations: ContractViolation[] }> {
  const created: CreatedServer = await createServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    pgliteTemplate: options.firstStart ? await pgliteTemplate() : await seededPgliteData(),
    databaseUrl: undefined,
    // TEST_LOG_LEVEL=error shows what a 500 in a test was (the answers are checked, the cause is only logged).
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    portalDist: '/nonexistent-portal-dist',
    demoFleet: false,
    ...options.config,
  });
  const conformance = checkContractConformance(created.app);
  const running = await runServer(created);
  return {
    ...running,
    contractViolations: conformance.violations,
    async close() {
      conformance.closing();
      await running.close();
      conformance.assertNone();
    },
  };
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

/** The id (`jti`) of a token the server issued. */
export const tokenIdOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')).jti;

/**
 * Moves the rotation of a spent refresh token `seconds` into the past, as if it had been renewed that long ago: for
 * the reuse leeway (REFRESH_REUSE_LEEWAY_SECONDS) without waiting for it.
 */
export async function renewedSecondsAgo(server: TestServer, refresh: string, seconds: number): Promise<void> {
  const moved = await server.database.pool.query(
    'update refresh_tokens set revoked_at = now() - make_interval(secs => $2) where jti = $1 and revoked_at is not null',
    [tokenIdOf(refresh), seconds],
  );
  if (moved.rowCount !== 1) throw new Error('the refresh token has not been renewed');
}

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
