import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverPackage = join(root, 'packages/server');

let built: Promise<unknown> | undefined;

/**
 * The server as production runs it: its sources bundled to JavaScript (packages/server/build.mjs, about a second),
 * once per benchmark run, so that what is measured is never an older build. Through tsx, the TypeScript loader of
 * development, a server under a fleet spent part of its time on the loader and on source-mapped stack traces.
 */
function buildServer(): Promise<unknown> {
  built ??= promisify(execFile)(process.execPath, ['build.mjs'], { cwd: serverPackage });
  return built;
}

/**
 * The reference server, built and run with plain `node dist/main.js` (a child process), on 127.0.0.1:`port` and a
 * fresh in-memory PGlite, for the benchmarks, without the demo fleet; `env` adds or overrides variables (DATABASE_URL,
 * SEED_CONTENT_COUNT, …). Resolves once the Mediathek list answers; kills the server and rejects when that takes
 * longer than `timeoutSeconds`.
 */
export async function startBenchServer(
  port: number,
  options: { env?: Record<string, string>; timeoutSeconds?: number } = {},
): Promise<ChildProcess> {
  const timeoutSeconds = options.timeoutSeconds ?? 120;
  await buildServer();
  const server = spawn(process.execPath, ['dist/main.js'], {
    cwd: serverPackage,
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
