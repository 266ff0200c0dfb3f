// The server as production runs it (`node dist/main.js`, issue 25): src/main.ts and the publish-terms command
// bundled into plain ES modules, so no TypeScript loader runs in production (tsx stays for development and tests).
// The workspace's @portal/domain (TypeScript source) is bundled in; every npm dependency stays an import from
// node_modules, since PGlite and others find their WebAssembly and data files beside their own modules. The
// PGlite worker thread (plain JavaScript) and the extensions it loads are copied next to the bundle, where
// `new URL('./pgliteWorker.mjs', import.meta.url)` looks for it. Everything else the server reads at run time — the contract, the migrations,
// the assets — it finds from the package root (src/paths.ts). Takes about a second; `--out <dir>` builds elsewhere.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageRoot = fileURLToPath(new URL('.', import.meta.url));
const outIndex = process.argv.indexOf('--out');
const outdir = outIndex > 0 ? process.argv[outIndex + 1] : join(packageRoot, 'dist');

/** Bare imports stay imports, but the workspace's own packages are TypeScript source and are bundled. */
const npmPackagesStayExternal = {
  name: 'npm-packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@portal/') ? undefined : { path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
await build({
  absWorkingDir: packageRoot,
  entryPoints: { main: 'src/main.ts', publishTerms: 'src/commands/publishTerms.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  plugins: [npmPackagesStayExternal],
  logLevel: 'warning',
});
for (const file of ['pgliteWorker.mjs', 'pgliteExtensions.mjs']) {
  copyFileSync(join(packageRoot, 'src', 'db', file), join(outdir, file));
}
