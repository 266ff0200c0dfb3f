import { type Browser, expect, type Page } from '@playwright/test';
import {
  bearerFor,
  CLASS_VIDEO,
  classSet,
  classSetOnline,
  contentNamed,
  type Headset,
  receipt,
  stopPlayback,
} from './fleet.ts';
import { test } from './suiteServer.ts';
import { axeViolations, signIn, toast, users } from './support.ts';

// Issue 22, item 1 and the end of item 3: one lesson, every screen. The server records the lesson when the playback
// commands go out; a teacher sees, pauses and stops it from any device (here a second browser at phone width), the
// fleet page and a headset's page stop what plays there, and a stop says what became of it.

const bar = (page: Page) => page.getByRole('region', { name: CLASS_VIDEO });
const summary = (page: Page) => page.getByRole('status').filter({ hasText: /(Läuft|Pausiert|Gestoppt) auf/ });

/** The class set's active playlist: its link ticks all thirty headsets. */
async function classPlaylist(page: Page): Promise<number> {
  const response = await page.request.get('/api/v2/mdm/device-configurations/?page_size=100', {
    headers: await bearerFor(page.request),
  });
  const playlist = (
    (await response.json()) as { results: { id: number; sdmDevices: number[] }[] }
  ).results.find((p) => p.sdmDevices.length === 30);
  if (!playlist) throw new Error('the class set has no active playlist');
  return playlist.id;
}

/** The running lessons as the server answers them. */
async function runningLessons(page: Page) {
  const response = await page.request.get('/api/v3/mdm/lessons/', { headers: await bearerFor(page.request) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: { headsets: { device: { name: string } }[] }[] }).results;
}

/** Whether a reported software version is older than `than` (numbers compared part by part). */
function olderThan(version: string | null, than: readonly number[]): boolean {
  const parts = (version ?? '0').split('.').map(Number);
  for (let i = 0; i < than.length; i += 1) {
    const part = parts[i] ?? 0;
    const other = than[i] ?? 0;
    if (part !== other) return part < other;
  }
  return false;
}

/** The same teacher on her phone: a browser of its own, 375 px wide. */
async function phone(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    locale: 'de-DE',
  });
  const page = await context.newPage();
  await signIn(page, users.lehrer);
  return { context, page };
}

/** Nothing wider than the phone's screen: no sideways scrolling. */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test.beforeEach(async ({ page }) => {
  await classSetOnline(page.request);
});

test('a lesson started on the laptop is seen, paused and stopped on the phone; ‘Nochmal starten’ starts it again', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers, two sign-ins and thirty headsets answering four commands: long on a busy machine (2.4 min seen).
  test.setTimeout(240_000);
  const headsets = await classSet(page.request);
  const video = await contentNamed(page.request, CLASS_VIDEO);
  const second = await phone(browser, baseURL);
  const mobile = second.page;
  try {
    await signIn(page, users.lehrer);
    await page.goto(`/dashboard/playback?content=${video.id}&configuration=${await classPlaylist(page)}`);
    await expect(page.getByText('30 von 30 VR-Brillen ausgewählt')).toBeVisible();
    await bar(page).getByRole('button', { name: 'Starten' }).click();
    await expect(summary(page)).toHaveText('Läuft auf 30 von 30 VR-Brillen', { timeout: 20_000 });
    // The running lesson is the start: shown, not warned about.
    await expect(page.getByText('Es läuft bereits eine Wiedergabe')).toHaveCount(0);

    // The phone's dashboard shows the lesson, with the laptop's receipts.
    await mobile.goto('/dashboard');
    await expect(summary(mobile)).toHaveText('Läuft auf 30 von 30 VR-Brillen');
    await expect(bar(mobile).getByText('30 VR-Brillen', { exact: true })).toBeVisible();
    expect(await overflowsSideways(mobile)).toBe(false);
    expect(await axeViolations(mobile), 'dashboard with a running lesson').toEqual([]);

    // Paused on the phone: the laptop follows, from the server's lesson. (Issue 22 wants it within 2 s; on a busy
    // machine the browsers' timers run late, so the time is measured by `npm run bench:lesson`, not asserted here.)
    await bar(mobile).getByRole('button', { name: 'Pausieren' }).click();
    await expect(bar(page).getByRole('button', { name: 'Fortsetzen' })).toBeVisible();
    // Headsets whose software is too old to pause (4.5.0 needed: Altair and a few others) say so, on both screens.
    const tooOld = headsets.filter((h) => olderThan(h.softwareVersion, [4, 5, 0])).length;
    expect(tooOld).toBeGreaterThan(0);
    const paused = `Pausiert auf ${30 - tooOld} von 30 VR-Brillen · ${tooOld} fehlgeschlagen.`;
    await expect(summary(page)).toHaveText(paused, { timeout: 20_000 });
    await expect(receipt(mobile, 'Altair')).toContainText('mindestens 4.5.0');
    await expect(summary(mobile)).toHaveText(paused);
    await bar(mobile).getByRole('button', { name: 'Fortsetzen' }).click();
    await expect(bar(page).getByRole('button', { name: 'Pausieren' })).toBeVisible();

    // Stopped on the phone's playback page: it says how many stopped and offers the same start again.
    await mobile.goto('/dashboard/playback');
    await expect(bar(mobile).getByRole('button', { name: 'Stoppen' })).toBeVisible();
    await bar(mobile).getByRole('button', { name: 'Stoppen' }).click();
    // The laptop's page no longer shows it running.
    await expect(bar(page)).toHaveCount(0);
    await expect(summary(mobile)).toHaveText('Gestoppt auf 30 VR-Brillen', { timeout: 20_000 });
    expect(await overflowsSideways(mobile)).toBe(false);
    expect(await axeViolations(mobile), 'playback page after the stop').toEqual([]);
    expect(await runningLessons(page)).toEqual([]);

    // 'Nochmal starten': the same video on the same thirty headsets, seen on the laptop's dashboard.
    await bar(mobile).getByRole('button', { name: 'Nochmal starten' }).click();
    await expect(summary(mobile)).toHaveText('Läuft auf 30 von 30 VR-Brillen', { timeout: 20_000 });
    await page.goto('/dashboard');
    await expect(summary(page)).toHaveText('Läuft auf 30 von 30 VR-Brillen');
    const [lesson] = await runningLessons(page);
    expect(lesson?.headsets.map((h) => h.device.name).sort()).toEqual(headsets.map((h) => h.name).sort());

    // And stopped from the laptop's dashboard this time.
    await bar(page).getByRole('button', { name: 'Stoppen' }).click();
    await expect(summary(page)).toHaveText('Gestoppt auf 30 VR-Brillen', { timeout: 20_000 });
    await expect(page.getByText('Gerade läuft keine Wiedergabe.')).toBeVisible();
    // The phone's playback page showed the lesson it started again: now it offers to choose content.
    await expect(bar(mobile)).toHaveCount(0);
    await expect(
      mobile.getByRole('heading', { name: 'Welchen Inhalt möchten Sie abspielen?' }),
    ).toBeVisible();
  } finally {
    await second.context.close();
    await stopPlayback(page.request, headsets);
  }
});

test('‘Stoppen’ on the fleet page’s selection and on a headset’s page stops what plays there', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The first three by name: the fleet table draws only the rows in view.
  const names = ['Achernar', 'Acrux', 'Aldebaran'];
  const headsets = (await classSet(page.request)).filter((h) => names.includes(h.name));
  const video = await contentNamed(page.request, CLASS_VIDEO);
  const state = async (name: string) =>
    (await classSet(page.request)).find((h) => h.name === name)?.playbackState as Headset['playbackState'];
  try {
    const started = await page.request.post('/api/v3/mdm/devices/command-queue/', {
      headers: await bearerFor(page.request),
      data: {
        devices: headsets.map((h) => h.id),
        command: 'CMD.START.VIDEO',
        extras: { contentUuid: video.uuid },
      },
    });
    expect(started.status()).toBe(200);
    for (const name of names) await expect.poll(() => state(name), { timeout: 20_000 }).toBe('playing');

    await page.setViewportSize({ width: 1440, height: 1400 });
    await signIn(page, users.lehrer);
    await page.goto('/dashboard/devices');
    const table = page.getByRole('table');
    await expect(table.getByRole('row').filter({ hasText: 'Achernar' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Achernar auswählen' }).check();
    await page.getByRole('checkbox', { name: 'Acrux auswählen' }).check();
    const actions = page.getByRole('group', { name: 'Befehle für die ausgewählten VR-Brillen' });
    await actions.getByRole('button', { name: 'Stoppen' }).click();
    await expect(toast(page, 'Befehl gesendet')).toContainText('„Stoppen“ an 2 VR-Brillen gesendet.');
    for (const name of ['Achernar', 'Acrux']) await expect.poll(() => state(name)).toBe('stopped');
    expect(await state('Aldebaran')).toBe('playing');
    // The lesson goes on with the one that still plays.
    const [lesson, ...more] = await runningLessons(page);
    expect(more).toEqual([]);
    expect(lesson?.headsets.map((h) => h.device.name)).toEqual(['Aldebaran']);

    // Aldebaran's own page offers 'Stoppen' while it plays.
    await table.getByRole('link', { name: 'Aldebaran' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Aldebaran' })).toBeVisible();
    await page.getByRole('button', { name: 'Stoppen' }).click();
    await expect(toast(page, 'Befehl gesendet')).toBeVisible();
    await expect.poll(() => state('Aldebaran')).toBe('stopped');
    expect(await runningLessons(page)).toEqual([]);
    await page.goto('/dashboard');
    await expect(page.getByText('Gerade läuft keine Wiedergabe.')).toBeVisible();
  } finally {
    await stopPlayback(page.request, headsets);
  }
});
