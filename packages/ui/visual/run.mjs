// `pnpm run test:visual` (compare) and `pnpm run test:visual:update` (rewrite baselines): builds the
// static Storybook, then runs the screenshot tests. Update mode also deletes baselines of stories
// that no longer exist, so renamed or removed stories leave nothing behind.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
const update = process.argv.includes('--update');
const bin = (name) => join(root, 'node_modules/.bin', name);

function step(label, command, args) {
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  console.log(`» ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return status ?? 1;
}

if (step('storybook build', bin('storybook'), ['build', '-o', 'storybook-static', '--quiet']) !== 0) {
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
const status = step('screenshots', bin('playwright'), [
  'test',
  '-c',
  config,
  ...(update ? ['--update-snapshots=changed'] : []),
]);
if (status !== 0) {
  const report = relative(root, join(here, 'playwright-report'));
  console.log(`» report with expected / actual / diff images: ${report}/index.html`);
  console.log(`  (or: pnpm exec playwright show-report ${report})`);
}
process.exit(status);
