// `npm run bench`: figures for a start from scratch, printed, never asserted.
//  1. JavaScript bytes (as transferred, brotli) that /login loads.
//  2. Sequential round trips before /library shows data: the depth of the request chain
//     (HTML → what the HTML starts → what that starts …) up to the content list, taken from
//     Chromium's own initiator records, plus the time to data under an emulated 100 ms round trip.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../tools/chromium.ts';
import { startBenchServer } from './benchServer.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 8282);
const origin = `http://127.0.0.1:${port}`;
const CONTENT_LIST = '/api/v2/cms/content/';

function startServer(): Promise<ChildProcess> {
  if (!existsSync(join(root, 'packages/portal/dist/index.html'))) {
    throw new Error('The portal is not built: run `pnpm run build` first.');
  }
  return startBenchServer(port, { timeoutSeconds: 60 });
}

async function loginJavaScriptBytes(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: Promise<{ url: string; bytes: number; encoding: string }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        return {
          url: request.url(),
          bytes: sizes.responseBodySize,
          encoding: (await response?.allHeaders())?.['content-encoding'] ?? 'identity',
        };
      })(),
    );
  });
  await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Anmelden' }).waitFor();
  const loaded = await Promise.all(scripts);
  await context.close();
  return loaded;
}

type RequestRecord = { url: string; initiatorUrl?: string };

/** Records every request with the URL of what started it, then walks the chains. */
async function roundTripsToLibraryData(browser: Browser, signIn?: { email: string; password: string }) {
  const context = await browser.newContext();
  if (signIn) {
    // A returning user: signed in once through the login page, then opening the portal again.
    const loginPage = await context.newPage();
    await loginPage.goto(`${origin}/login`);
    await loginPage.getByLabel('E-Mail').fill(signIn.email);
    await loginPage.getByLabel('Passwort', { exact: true }).fill(signIn.password);
    await loginPage.getByRole('button', { name: 'Anmelden' }).click();
    await loginPage.waitForURL(/\/library$/);
    await loginPage.close();
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 100,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const records: RequestRecord[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    const initiator = event.initiator;
    const initiatorUrl =
      initiator.url ?? initiator.stack?.callFrames?.[0]?.url ?? initiator.stack?.parent?.callFrames?.[0]?.url;
    records.push({ url: event.request.url, initiatorUrl });
  });
  const started = Date.now();
  await page.goto(`${origin}/library`);
  await firstContentHeading(page);
  const timeToData = Date.now() - started;
  await context.close();

  const depthOf = (url: string, seen = new Set<string>()): number => {
    const record = records.find((r) => r.url === url);
    if (!record?.initiatorUrl || record.initiatorUrl === url || seen.has(url)) return 1;
    seen.add(url);
    return 1 + depthOf(record.initiatorUrl, seen);
  };
  const chain = (url: string): string[] => {
    const record = records.find((r) => r.url === url);
    return record?.initiatorUrl && record.initiatorUrl !== url
      ? [...chain(record.initiatorUrl), short(url)]
      : [short(url)];
  };
  const needed = records.filter(
    (r) =>
      r.url.includes(CONTENT_LIST) ||
      r.url.includes('/locales/') ||
      /\.js(\?|$)/.test(r.url) ||
      r.url === `${origin}/library`,
  );
  const deepest = needed.reduce((a, b) => (depthOf(b.url) > depthOf(a.url) ? b : a));
  return { trips: depthOf(deepest.url), chain: chain(deepest.url), timeToData };
}

async function firstContentHeading(page: Page) {
  await page.getByRole('main').getByRole('heading', { level: 2 }).first().waitFor({ timeout: 30_000 });
}

const short = (url: string) => url.replace(origin, '');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const server = await startServer();
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const scripts = await loginJavaScriptBytes(browser);
  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  console.log(`/login JavaScript (as transferred): ${kb(total)} in ${scripts.length} files (aim ≤ 140 KB)`);
  for (const s of scripts)
    console.log(`  ${kb(s.bytes).padStart(9)}  ${s.encoding.padEnd(8)} ${short(s.url)}`);

  const anonymous = await roundTripsToLibraryData(browser);
  console.log(`/library round trips before data, anonymous: ${anonymous.trips} (aim ≤ 3)`);
  console.log(`  chain: ${anonymous.chain.join(' → ')}`);
  console.log(`  time to data at 100 ms RTT: ${anonymous.timeToData} ms`);

  const signedIn = await roundTripsToLibraryData(browser, {
    email: 'lehrer@schule.example',
    password: 'portal2026',
  });
  console.log(`/library round trips before data, signed in: ${signedIn.trips} (aim ≤ 3)`);
  console.log(`  chain: ${signedIn.chain.join(' → ')}`);
  console.log(`  time to data at 100 ms RTT: ${signedIn.timeToData} ms`);
} finally {
  await browser.close();
  server.kill();
}
