import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { CSP_REPORT_FILE } from '../cspReports.ts';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'server');
/** The line main.ts prints once it listens; with PORT=0 it names the port the system chose. */
const LISTENING = /läuft auf (http:\/\/\S+)/;

export interface IsolatedServer {
  /** Origin of the server, e.g. http://127.0.0.1:41234 — pass it to page.goto and request calls. */
  baseURL: string;
  /** Where this server keeps uploaded files (a fresh temporary folder). */
  uploadDir: string;
  stop(): Promise<void>;
}

/**
 * A reference server of its own on a fresh in-memory database with the demo data, for specs that change
 * what every other spec relies on (publishing new terms, deleting an account). It is the built server as production
 * runs it (`node dist/main.js`; the run's global setup, buildServer.ts, builds it). Extra variables (e.g. a
 * short ACCESS_TOKEN_TTL_SECONDS) go to its environment. The server picks a free port itself (PORT=0),
 * so parallel runs cannot race for one.
 */
export async function startIsolatedServer(env: Record<string, string> = {}): Promise<IsolatedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vr-portal-e2e-'));
  const uploadDir = join(dataDir, 'uploads');
  const child: ChildProcess = spawn(process.execPath, ['dist/main.js'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PGLITE_DATA_DIR: 'memory://',
      UPLOAD_DIR: uploadDir,
      OUTBOX_DIR: join(dataDir, 'outbox'),
      CSP_REPORT_FILE,
      LOG_LEVEL: 'warn',
      // These servers test accounts and terms; simulated headsets would only cost time (pass DEMO_FLEET=on to get them).
      DEMO_FLEET: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(dataDir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
    });

  const baseURL = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('isolated server did not start within 120 s')), 120_000);
    child.once('exit', (code) => reject(new Error(`isolated server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = LISTENING.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { baseURL, uploadDir, stop };
}

/**
 * A server of its own for the tests of the file or `test.describe` this is called in: started before the first of
 * them, stopped after the last. Hands back a getter, since the server exists only once they run.
 * @example const server = useIsolatedServer({ LOGIN_LOCK_SECONDS: '30' }); … page.goto(`${server().baseURL}/login`)
 */
export function useIsolatedServer(env: Record<string, string> = {}): () => IsolatedServer {
  let server: IsolatedServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startIsolatedServer(env);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('the isolated server has not started');
    return server;
  };
}
