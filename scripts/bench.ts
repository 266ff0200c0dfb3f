// `npm run bench`: figures for a start from scratch, printed, never asserted.
//  1. JavaScript bytes (as transferred, brotli) that /login loads.
//  2. Sequential round trips before /library shows data: the depth of the request chain
//     (HTML → what the HTML starts → what that starts …) up to the content list, taken from
//     Chromium's own initiator records, plus the time to data under an emulated 100 ms round trip.
//  3. Cumulative Layout Shift of /dashboard/devices, /dashboard/playback, /dashboard and /library (a teacher of the
//     class set, and /library anonymous too, at 1440, 768 and 375 px), and on the fleet page the shift when the first
//     headset is ticked.
//  4. Lighthouse mobile performance, accessibility and CLS of /login, /library, /dashboard and /dashboard/devices,
//     anonymous and signed in, each the median of five runs (benchLighthouse.ts). Performance is CPU-bound: on a busy
//     machine it reads low.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../tools/chromium.ts';
import { loadAverage } from './benchHttp.ts';
import { lighthouseFigures, printLighthouseFigures, storeSession } from './benchLighthouse.ts';
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

/** A page of the given width with a teacher's session stored (no sign-in page on the way). */
async function signedInPage(browser: Browser, width: number, email: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await storeSession(page, origin, { email, password: 'portal2026' });
  return page;
}

/**
 * The page's layout shifts so far (PerformanceObserver 'layout-shift', buffered from the navigation on): CLS as
 * Chromium's web-vitals count it — shifts without recent input, grouped in session windows (gaps under 1 s, windows of
 * at most 5 s), the largest window — and the sum of every shift, input-driven ones included.
 */
function layoutShifts(page: Page): Promise<{ cls: number; all: number }> {
  return page.evaluate(async () => {
    type Shift = { value: number; startTime: number; hadRecentInput: boolean };
    // Two frames, so the last change's shifts are recorded.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const entries = await new Promise<Shift[]>((resolve) => {
      const observer = new PerformanceObserver((list) => {
        observer.disconnect();
        resolve(list.getEntries() as unknown as Shift[]);
      });
      observer.observe({ type: 'layout-shift', buffered: true });
      // No shift at all: the observer is never called.
      setTimeout(() => resolve(observer.takeRecords() as unknown as Shift[]), 500);
    });
    let cls = 0;
    let window = 0;
    let first = 0;
    let last = 0;
    for (const entry of entries.filter((e) => !e.hadRecentInput)) {
      if (window > 0 && entry.startTime - last < 1000 && entry.startTime - first < 5000)
        window += entry.value;
      else {
        window = entry.value;
        first = entry.startTime;
      }
      last = entry.startTime;
      cls = Math.max(cls, window);
    }
    return { cls, all: entries.reduce((sum, e) => sum + e.value, 0) };
  });
}

const FIRST_PAGES = [
  { path: '/library', signedIn: false },
  { path: '/library', signedIn: true },
  { path: '/dashboard', signedIn: true },
] as const;

async function layoutShiftOfPages(browser: Browser) {
  for (const width of [1440, 768, 375]) {
    const fleet = await signedInPage(browser, width, 'lehrer@schule.example');
    await fleet.goto(`${origin}/dashboard/devices`, { waitUntil: 'networkidle' });
    await fleet.getByRole('rowheader').first().waitFor();
    const loaded = await layoutShifts(fleet);
    await fleet
      .getByRole('checkbox', { name: /auswählen$/ })
      .nth(1)
      .check();
    await fleet.getByText('1 VR-Brille ausgewählt').waitFor();
    const selecting = (await layoutShifts(fleet)).all - loaded.all;
    await fleet.close();
    console.log(
      `/dashboard/devices at ${width} px: CLS ${loaded.cls.toFixed(3)} (aim ≤ 0.02), ticking the first headset shifts ${selecting.toFixed(3)}`,
    );

    const playback = await signedInPage(browser, width, 'lehrer@schule.example');
    await playback.goto(`${origin}/dashboard/playback`, { waitUntil: 'networkidle' });
    await playback.getByRole('heading', { level: 1 }).waitFor();
    const lesson = await layoutShifts(playback);
    await playback.close();
    console.log(`/dashboard/playback at ${width} px: CLS ${lesson.cls.toFixed(3)} (aim ≤ 0.02)`);

    // The pages a teacher opens first, anonymous where they have an anonymous face (issue 25).
    for (const { path, signedIn } of FIRST_PAGES) {
      const page = signedIn
        ? await signedInPage(browser, width, 'lehrer@schule.example')
        : await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
      await page.getByRole('main').getByRole('heading', { level: 2 }).first().waitFor();
      const shifts = await layoutShifts(page);
      await page.close();
      console.log(
        `${path} ${signedIn ? 'signed in' : 'anonymous'} at ${width} px: CLS ${shifts.cls.toFixed(3)} (aim ≤ 0.02)`,
      );
    }
  }
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

  await layoutShiftOfPages(browser);

  console.log(`load average before Lighthouse: ${loadAverage()}`);
  printLighthouseFigures(
    await lighthouseFigures(origin, { email: 'lehrer@schule.example', password: 'portal2026' }),
  );
  console.log(`load average after Lighthouse: ${loadAverage()}`);
} finally {
  await browser.close();
  server.kill();
}
