// `pnpm run test:visual` (compare) and `pnpm run test:visual:update` (rewrite baselines): builds the
// static Storybook, then runs the screenshot tests. Update mode also deletes baselines of stories
// that no longer exist, so renamed or removed stories leave nothing behind.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
const update = process.argv.includes('--update');
// `--no-build` reuses storybook-static; anything else goes to Playwright (e.g. `-g Button`).
const build = !process.argv.includes('--no-build');
const extra = process.argv.slice(2).filter((arg) => !['--', '--update', '--no-build'].includes(arg));
const bin = (name) => join(root, 'node_modules/.bin', name);

function step(label, command, args) {
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  console.log(`» ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return status ?? 1;
}

if (
  build &&
  step('storybook build', bin('storybook'), ['build', '-o', 'storybook-static', '--quiet']) !== 0
) {
  process.exit(1);
}

const baselines = join(here, '__screenshots__');
if (update) {
  mkdirSync(baselines, { recursive: true });
  const index = JSON.parse(readFileSync(join(root, 'storybook-static/index.json'), 'utf8'));
  const ids = new Set(Object.values(index.entries).map((entry) => `${entry.id}.png`));
  let pruned = 0;
  for (const file of readdirSync(baselines, { withFileTypes: true })) {
    if (file.isFile() && !ids.has(file.name)) {
      rmSync(join(baselines, file.name));
      pruned += 1;
    }
  }
  if (pruned > 0) console.log(`» removed ${pruned} baseline(s) of stories that no longer exist`);
}

const config = relative(root, join(here, 'playwright.config.ts'));
const playwright = (label, ...args) =>
  step(label, bin('playwright'), ['test', '-c', config, ...args, ...extra]);
const lastRun = join(here, 'test-results/.last-run.json');

let status;
if (!update) {
  status = playwright('screenshots');
} else {
  // A screenshot taken while the machine is overloaded can catch a story mid-render and would become
  // a wrong baseline; so every update is verified by a comparison run, and baselines that fail it are
  // taken once more and compared again.
  status = playwright('screenshots (writing new and changed baselines)', '--update-snapshots=changed');
  if (status === 0) status = playwright('verification');
  if (status !== 0 && existsSync(lastRun)) {
    const failed = readFileSync(lastRun, 'utf8');
    playwright('retaking the failed baselines', '--last-failed', '--update-snapshots=changed');
    writeFileSync(lastRun, failed);
    status = playwright('verification of the retaken baselines', '--last-failed');
  }
}
if (status !== 0) {
  const report = relative(root, join(here, 'playwright-report'));
  console.log(`» report with expected / actual / diff images: ${report}/index.html`);
  console.log(`  (or: pnpm exec playwright show-report ${report})`);
}
process.exit(status);
