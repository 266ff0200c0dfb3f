import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'server');

export interface IsolatedServer {
  /** Origin of the server, e.g. http://127.0.0.1:41234 — pass it to page.goto and request calls. */
  baseURL: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A reference server of its own on a fresh in-memory database with the demo data, for specs that change
 * what every other spec relies on (publishing new terms, deleting an account). Extra variables (e.g. a
 * short ACCESS_TOKEN_TTL_SECONDS) go to its environment.
 */
export async function startIsolatedServer(env: Record<string, string> = {}): Promise<IsolatedServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`isolated server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/v2/cms/content/`)).ok) {
        return {
          baseURL,
          stop: () =>
            new Promise((resolve) => {
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('isolated server did not start within 60 s');
}
