import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The reference server from source (src/main.ts, a child process) on 127.0.0.1:`port` and a fresh in-memory PGlite,
 * for the benchmarks, without the demo fleet; `env` adds or overrides variables (DATABASE_URL, SEED_CONTENT_COUNT, …). Resolves once the
 * Mediathek list answers; kills the server and rejects when that takes longer than `timeoutSeconds`.
 */
export async function startBenchServer(
  port: number,
  options: { env?: Record<string, string>; timeoutSeconds?: number } = {},
): Promise<ChildProcess> {
  const timeoutSeconds = options.timeoutSeconds ?? 120;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(root, 'packages/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      // The benchmarks measure the portal side alone; bench:fleet runs its own simulated headsets.
      DEMO_FLEET: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + timeoutSeconds * 1000;
  while (Date.now() < deadline && server.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v2/cms/content/`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill();
  throw new Error(`The server did not start within ${timeoutSeconds} s.`);
}
