import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../packages/server/', import.meta.url));

/**
 * Global setup: builds the server as production runs it (packages/server/build.mjs, about a second), so every spec
 * meets `node dist/main.js` built from the sources as they are now, not a TypeScript loader.
 */
export default function buildServer(): void {
  const { status } = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });
  if (status !== 0) throw new Error(`the server build failed (exit code ${status})`);
}
