import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the server finds its files at run time: the contract, the migrations, the bundled assets and the default
 * data folders. This module lies one folder below the package root, as the built server does (`dist/main.js`, which
 * inlines it; build.mjs), so one step up finds the package from both `tsx src/main.ts` and
 * `node dist/main.js`. Nothing else derives a path from `import.meta.url` (the PGlite worker beside its module
 * aside: the build copies it next to the bundle).
 */
export const SERVER_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const REPO_ROOT = join(SERVER_ROOT, '..', '..');

export const CONTRACT_PATH = join(REPO_ROOT, 'openapi', 'portal.yaml');
/** Committed drizzle-kit migrations (packages/server/drizzle). */
export const MIGRATIONS_DIR = join(SERVER_ROOT, 'drizzle');
/** Files served under /media/: demo previews, bundled documents. */
export const ASSETS_DIR = join(SERVER_ROOT, 'assets');
/** Default home of the embedded database, uploads and the mail outbox. */
export const DATA_DIR = join(REPO_ROOT, '.data');
export const DEFAULT_PORTAL_DIST = join(REPO_ROOT, 'packages', 'portal', 'dist');
