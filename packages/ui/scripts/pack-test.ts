/**
 * Proof that another internal app can use @portal/ui as published: build the package, `pnpm pack` it (no test
 * code among its files), install the tarball into a throwaway Vite + React app outside the workspace, type-check and build
 * that app, then open it in Chromium and check that a Button and a toast render with the package's
 * CSS (the orange call-to-action colour and the self-hosted Assistant font).
 *
 * Run: `pnpm --filter @portal/ui run test:pack` (add `-- --no-build` to pack the current dist). Exits non-zero on any failure and keeps the temp
 * directory for inspection then.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
// @ts-expect-error plain ESM helper without type declarations
import { packedFiles, testCodeIn } from '../../../scripts/packContents.mjs';
import { chromiumLaunchOptions } from '../../../tools/chromium.ts';
// @ts-expect-error plain ESM helper without type declarations
import { serveStatic } from './static-server.mjs';

const uiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const rootDir = join(uiDir, '../..');
const started = Date.now();
const timings: string[] = [];

function pnpm(args: string[], cwd: string): string {
  // Under `pnpm run`, npm_execpath is the running pnpm: use exactly that one.
  const execPath = process.env.npm_execpath;
  const [command, prefix] = execPath?.endsWith('.cjs')
    ? [process.execPath, [execPath]]
    : ['pnpm', [] as string[]];
  const result = spawnSync(command, [...prefix, ...args], { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`pnpm ${args.join(' ')} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

function timed<T>(label: string, work: () => T): T {
  const t0 = Date.now();
  const value = work();
  timings.push(`${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`» ${timings.at(-1)}`);
  return value;
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

const rootPackage = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};
/** The consumer app gets the same versions the workspace pins. */
function pinned(name: string): string {
  const version = rootPackage.devDependencies[name];
  if (!version) throw new Error(`${name} is not pinned in the root package.json`);
  return version;
}

const work = mkdtempSync(join(tmpdir(), 'portal-ui-pack-'));
const appDir = join(work, 'app');
let ok = false;
try {
  // `--no-build` packs the existing dist (npm test has just built it).
  if (!process.argv.includes('--no-build')) timed('build @portal/ui', () => pnpm(['run', 'build'], uiDir));
  timed('pnpm pack', () => pnpm(['pack', '--pack-destination', work], uiDir));
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('pnpm pack wrote no tarball');
  const testCode: string[] = testCodeIn(packedFiles(uiDir));
  if (testCode.length > 0)
    throw new Error(`the package would publish test code:\n  ${testCode.join('\n  ')}`);
  console.log('» no test code among the packed files');

  mkdirSync(join(appDir, 'src'), { recursive: true });
  const deps = ['react', 'react-dom'];
  const devDeps = ['vite', '@vitejs/plugin-react', 'typescript', '@types/react', '@types/react-dom'];
  writeFileSync(
    join(appDir, 'package.json'),
    JSON.stringify(
      {
        name: 'pack-test-app',
        private: true,
        type: 'module',
        dependencies: {
          '@portal/ui': `file:../${tarball}`,
          ...Object.fromEntries(deps.map((name) => [name, pinned(name)])),
        },
        devDependencies: Object.fromEntries(devDeps.map((name) => [name, pinned(name)])),
      },
      null,
      2,
    ),
  );
  writeFileSync(
    join(appDir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      include: ['src'],
    }),
  );
  writeFileSync(join(appDir, 'src/css.d.ts'), "declare module '*.css';\n");
  writeFileSync(
    join(appDir, 'vite.config.js'),
    "import react from '@vitejs/plugin-react';\nexport default { plugins: [react()] };\n",
  );
  writeFileSync(
    join(appDir, 'index.html'),
    '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Pack-Test</title></head>' +
      '<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n',
  );
  writeFileSync(
    join(appDir, 'src/main.tsx'),
    `import '@portal/ui/styles.css';
import { Button, darkThemeClass, Stack, Toaster, type ToastMessage } from '@portal/ui';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

document.documentElement.classList.add(darkThemeClass);

function App() {
  const [toasts, setToasts] = useState<ToastMessage[]>([
    { id: '1', tone: 'success', title: 'Playlist gespeichert', description: 'Alle Geräte erhalten sie beim nächsten Sync.' },
  ]);
  return (
    <Stack gap="medium">
      <Button variant="primary">Inhalte hochladen</Button>
      <Button variant="secondary">Abbrechen</Button>
      <Toaster
        toasts={toasts}
        onDismiss={(id) => setToasts((all) => all.filter((toast) => toast.id !== id))}
        closeLabel="Schließen"
        regionLabel="Benachrichtigungen"
      />
    </Stack>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
`,
  );

  // Outside any workspace; pnpm's store already holds these versions, so this needs no download.
  timed('install tarball + react/vite', () =>
    pnpm(['install', '--ignore-workspace', '--prefer-offline', '--config.confirmModulesPurge=false'], appDir),
  );
  timed('tsc in the app', () => run(join(appDir, 'node_modules/.bin/tsc'), ['-p', '.'], appDir));
  timed('vite build', () =>
    run(join(appDir, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], appDir),
  );

  const t0 = Date.now();
  const server = (await serveStatic(join(appDir, 'dist'))) as { url: string; close: () => Promise<void> };
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(server.url);
    const button = page.getByRole('button', { name: 'Inhalte hochladen' });
    await button.waitFor({ state: 'visible', timeout: 10_000 });
    await page
      .getByText('Playlist gespeichert', { exact: true })
      .waitFor({ state: 'visible', timeout: 5_000 });
    const facts = await button.evaluate(async (element) => {
      await document.fonts.ready;
      const style = getComputedStyle(element);
      return {
        background: style.backgroundColor,
        fontFamily: style.fontFamily,
        assistantLoaded: Array.from(document.fonts).some(
          (face) => face.family.replaceAll(/["']/g, '') === 'Assistant' && face.status === 'loaded',
        ),
      };
    });
    const checks: [string, boolean][] = [
      ['no page errors', errors.length === 0],
      [
        `primary Button has the CTA orange (got ${facts.background})`,
        facts.background === 'rgb(240, 125, 0)',
      ],
      [
        `font family starts with Assistant (got ${facts.fontFamily})`,
        /^["']?Assistant/.test(facts.fontFamily),
      ],
      ['an Assistant font file loaded from the package', facts.assistantLoaded],
    ];
    for (const [label, passed] of checks) console.log(`  ${passed ? 'ok  ' : 'FAIL'} ${label}`);
    if (errors.length > 0) console.log(errors.join('\n'));
    ok = checks.every(([, passed]) => passed);
  } finally {
    await browser.close();
    await server.close();
  }
  timings.push(`Chromium check: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`» ${timings.at(-1)}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  console.log(`pack test ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (ok) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work} for inspection`);
}
process.exit(ok ? 0 : 1);
