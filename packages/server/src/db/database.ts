import { mkdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { type AdmissionSettings, DEFAULT_ADMISSION } from '../config.ts';
import { AdmittedPool } from '../infra/admission.ts';
import * as schema from './schema.ts';

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  pool: AdmittedPool;
  /** 'pglite' when the embedded engine runs in a worker thread, 'postgres' for DATABASE_URL. */
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not started. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or 'memory://' for a throw-away database. */
  dataDir?: string | undefined;
  /** A tarball from PGlite's dumpDataDir() to start from instead of running initdb. */
  pgliteTemplate?: string | undefined;
  /** Queue bound and timeouts in front of the connections (README "Bursts"). */
  admission?: AdmissionSettings | undefined;
}

interface WorkerReady {
  type: 'ready';
  port: number;
}
interface WorkerFailed {
  type: 'error';
  message: string;
}
type WorkerMessage = WorkerReady | WorkerFailed | { type: 'stopped' };

function waitForMessage(worker: Worker): Promise<WorkerMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: WorkerMessage) => {
      cleanup();
      resolve(message);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`PGlite worker exited early (code ${code})`));
    };
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}

async function startPgliteWorker(
  dataDir: string,
  template: string | undefined,
): Promise<{ port: number; stop(): Promise<void> }> {
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
    // One more than the pool uses, so a reconnect is not refused while the old socket is still closing.
    workerData: { dataDir, maxConnections: 2, loadDataDir: template },
  });
  const first = await waitForMessage(worker);
  if (first.type !== 'ready') {
    await worker.terminate();
    throw new Error(`PGlite could not start: ${first.type === 'error' ? first.message : first.type}`);
  }
  return {
    port: first.port,
    async stop() {
      const stopped = waitForMessage(worker).catch(() => undefined);
      worker.postMessage({ type: 'stop' });
      const timeout = new Promise((resolve) => setTimeout(resolve, 5000).unref());
      await Promise.race([stopped, timeout]);
      await worker.terminate();
    },
  };
}

/**
 * Every connection to PGlite opens the same session: pglite-socket hands all its sockets to one PGlite backend, so
 * what a closed connection left there (above all its named prepared statements) is still there for the next one.
 * node-postgres expects a new connection to be a new session: it keeps the names it prepared per connection, and a
 * fresh client prepares them again. And the pool closes a connection after any failed query: after one failed
 * headset statement the next connection's `Parse` of the same name answered 'prepared statement … already exists',
 * then failed and was closed in turn, for every headset statement until the server restarted. So each new
 * connection first clears the session (`DISCARD ALL`, as PostgreSQL's own pools do when they hand a session on).
 * An open transaction of a closed connection is rolled back by pglite-socket itself before the next one is served.
 */
async function startFreshSession(client: pg.ClientBase): Promise<void> {
  await client.query('DISCARD ALL');
}

// An idle client that loses its connection emits 'error' on the pool; unhandled, that would end the process.
function logPoolErrors(pool: pg.Pool): void {
  pool.on('error', (error) => console.error('database connection error:', error.message));
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const admission = options.admission ?? DEFAULT_ADMISSION;
  if (options.databaseUrl) {
    const pool = new AdmittedPool(
      {
        connectionString: options.databaseUrl,
        max: 10,
        // A runaway statement is cancelled by PostgreSQL itself (PGlite has no timers to do so).
        statement_timeout: admission.statementTimeoutMs,
      },
      admission,
    );
    logPoolErrors(pool);
    return {
      db: drizzle(pool, { schema }),
      pool,
      engine: 'postgres',
      close: () => pool.end(),
    };
  }

  const worker = await startPgliteWorker(options.dataDir ?? 'memory://', options.pgliteTemplate);
  // PGlite executes one statement at a time, and pglite-socket interleaves the protocol messages of
  // concurrent connections (which breaks node-postgres' unnamed prepared statements): one connection, queued
  // at the admission gate, is both safe and as fast as the engine allows.
  const pool = new AdmittedPool(
    {
      host: '127.0.0.1',
      port: worker.port,
      user: 'postgres',
      database: 'postgres',
      max: 1,
      idleTimeoutMillis: 0,
      onConnect: startFreshSession,
    },
    admission,
  );
  logPoolErrors(pool);
  return {
    db: drizzle(pool, { schema }),
    pool,
    engine: 'pglite',
    async close() {
      await pool.end();
      await worker.stop();
    },
  };
}
