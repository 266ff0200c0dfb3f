// `npm run bench:library`: figures of the Mediathek with 2,000 content items, printed, never asserted.
//  1. First page interactive: from navigation start until the first card's link is in the page and the
//     search field takes input (signed in as the KMZ administrator, who owns all 2,000). Taken inside the page
//     by a MutationObserver; the driver's view (Playwright polling, then asking the page for the time) adds its
//     own latency, so it is printed beside it.
//  2. Search keystroke latency: per key, from keydown until the next frame is painted after the input
//     (the server search runs debounced; its answer is timed separately).
// The portal must be built (`pnpm run build`); the server runs from source on an in-memory database.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tools/chromium.ts';
import { startBenchServer } from './benchServer.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 8284);
const origin = `http://127.0.0.1:${port}`;
const ITEMS = 2000;

function startServer(): Promise<ChildProcess> {
  const dist = process.env.PORTAL_DIST ?? join(root, 'packages/portal/dist');
  if (!existsSync(join(dist, 'index.html')))
    throw new Error('The portal is not built: run `pnpm run build` first.');
  return startBenchServer(port);
}

async function seed(): Promise<{ access: string; refresh: string }> {
  const login = await fetch(`${origin}/api/v1/sessions/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin@kmz.example', password: 'portal2026' }),
  });
  const tokens = (await login.json()) as { access: string; refresh: string };
  const types = ['video', 'app', 'webApp'] as const;
  let next = 0;
  const worker = async () => {
    while (next < ITEMS) {
      const i = next++;
      const contentType = types[i % 3];
      const response = await fetch(`${origin}/api/v1/cms/content/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens.access}` },
        body: JSON.stringify({
          title: `Bench-Inhalt ${String(i).padStart(4, '0')} Seite ${i % 50}`,
          contentType,
          format: contentType === 'webApp' ? null : i % 2 ? '180' : '360',
          packageName: contentType === 'app' ? `de.bench.app${i}` : null,
          url: contentType === 'webApp' ? `https://example.org/${i}` : null,
          minAge: 6 + (i % 6),
          maxAge: 12 + (i % 6),
        }),
      });
      if (response.status !== 201) throw new Error(`seeding item ${i}: HTTP ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: 12 }, worker));
  return tokens;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const server = await startServer();
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const seedStart = Date.now();
    const tokens = await seed();
    console.log(`seeded ${ITEMS} content items in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

    const firstPage: number[] = [];
    const firstPageSeenByDriver: number[] = [];
    const keystrokes: number[] = [];
    let searchAnswer = 0;
    for (let run = 0; run < 3; run += 1) {
      const context = await browser.newContext({ locale: 'de-DE' });
      await context.addInitScript((pair: { access: string; refresh: string }) => {
        localStorage.setItem('vr-portal.accessToken', pair.access);
        localStorage.setItem('vr-portal.refreshToken', pair.refresh);
      }, tokens);
      // No named functions inside: tsx would wrap them in a helper that does not exist in the page.
      await context.addInitScript(() => {
        const w = window as unknown as { interactiveAt?: number };
        const observer = new MutationObserver(() => {
          if (
            w.interactiveAt === undefined &&
            document.querySelector('ul[aria-label="Inhalte der Mediathek"] a') !== null &&
            document.querySelector('input[type="search"]:not([disabled])') !== null
          ) {
            w.interactiveAt = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true });
      });
      const page = await context.newPage();
      await page.goto(`${origin}/library`, { waitUntil: 'commit' });
      await page.getByRole('list', { name: 'Inhalte der Mediathek' }).getByRole('link').first().waitFor();
      const search = page.getByLabel('Nach Titel suchen');
      await search.waitFor();
      firstPageSeenByDriver.push(await page.evaluate(() => performance.now()));
      firstPage.push(
        await page.evaluate(
          () => (window as unknown as { interactiveAt?: number }).interactiveAt ?? Number.NaN,
        ),
      );

      // keydown → next painted frame after the input event, for each key of a search word
      await search.focus();
      await page.evaluate(() => {
        const w = window as unknown as { latencies: number[] };
        w.latencies = [];
        document.addEventListener(
          'keydown',
          (event) => {
            const start = event.timeStamp;
            requestAnimationFrame(() => setTimeout(() => w.latencies.push(performance.now() - start), 0));
          },
          true,
        );
      });
      const answered = page.waitForResponse((r) => r.url().includes('search=Seite%2042'));
      const typed = Date.now();
      for (const key of 'Seite 42') {
        await page.keyboard.type(key);
        await page.waitForTimeout(40);
      }
      await answered;
      searchAnswer = Math.max(searchAnswer, Date.now() - typed);
      keystrokes.push(
        ...(await page.evaluate(() => (window as unknown as { latencies: number[] }).latencies)),
      );
      await context.close();
    }
    console.log(
      `/library first page interactive (signed in, ${ITEMS} items): median ${median(firstPage).toFixed(0)} ms of ${firstPage.map((v) => v.toFixed(0)).join(', ')} (aim ≤ 1000 ms)`,
    );
    console.log(
      `  as the test driver sees it (polling + a round trip to ask the page): median ${median(firstPageSeenByDriver).toFixed(0)} ms of ${firstPageSeenByDriver.map((v) => v.toFixed(0)).join(', ')}`,
    );
    console.log(
      `search keystroke latency: median ${median(keystrokes).toFixed(1)} ms, max ${Math.max(...keystrokes).toFixed(1)} ms over ${keystrokes.length} keys (aim < 100 ms)`,
    );
    console.log(`typing 'Seite 42' until the debounced server search answered: ${searchAnswer} ms (at most)`);
  } finally {
    await browser.close();
    server.kill();
  }
}

await main();
