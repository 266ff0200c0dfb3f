import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { toast, users } from './support.ts';
import { chooseFile, FILE_NAME, startHeldUpload, useUploadServer, watchParts } from './uploadServer.ts';

// Issue 23 item 3: operating system images in the support area. Staff create and upload an image (progress, cancel,
// resume after a reload); an administrator rolls the demo image out to a simulated headset, which comes back with the
// new version, and the dashboard's 'Software veraltet' drops. Uploads and the rollout change what other specs rely on,
// so the spec has a server of its own, with its demo headsets simulated and a short install (uploadServer.ts).
const { bigFile, url, signInAt, tokenOf, incomingFiles } = useUploadServer('os-images-e2e', {
  DEMO_FLEET: 'on',
  DEMO_FLEET_UPDATE_SECONDS: '4',
});

const STAFF = 'staff@vr-portal.example';
/** The KMZ's Neo 3 Pro at 4.9.4 with 62 % battery (seedDevices.ts), for which the demo image Pico OS 5.3.0 is. */
const HEADSET = 'Rigel';

// Generous: uploads of 50 MB and a rollout on a busy shared machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function api(request: APIRequestContext, email: string) {
  return { Authorization: `Bearer ${await tokenOf(request, email)}` };
}

/** A draft image for the Neo 3 Pro, created over the API. */
async function createImage(request: APIRequestContext, version: string): Promise<number> {
  const types = await (
    await request.get(url('/api/v2/mdm/device-type/'), { headers: await api(request, STAFF) })
  ).json();
  const neo = (types as { id: number; name: string }[]).find((type) => type.name === 'Pico Neo 3 Pro');
  const created = await request.post(url('/api/v1/support/operating-systems/'), {
    headers: await api(request, STAFF),
    data: { name: 'Pico OS', version, deviceTypeIds: [neo?.id] },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).id;
}

async function imageOverApi(request: APIRequestContext, id: number) {
  const response = await request.get(url(`/api/v1/support/operating-systems/${id}/`), {
    headers: await api(request, STAFF),
  });
  return { status: response.status(), body: await response.json() };
}

/** At 375 px the page scrolls only downwards: nothing sticks out sideways. */
async function expectNoSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('staff create an image, upload its file with visible progress, publish and withdraw it', async ({
  page,
}) => {
  await signInAt(page, STAFF);
  await page.goto(url('/support'));
  await page.getByRole('link', { name: 'Betriebssysteme der VR-Brillen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Betriebssysteme der VR-Brillen' })).toBeVisible();
  // The demo image, published.
  const demo = page.getByRole('listitem').filter({ hasText: 'Pico OS 5.3.0' });
  await expect(demo.getByText('Veröffentlicht', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('link', { name: 'Neues Betriebssystem' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Betriebssystem anlegen' })).toBeVisible();
  await page.getByRole('button', { name: 'Betriebssystem anlegen' }).click();
  await expect(page.getByText('Bitte geben Sie einen Namen ein.')).toBeVisible();
  await expect(
    page.getByText('Bitte geben Sie die Version als drei Zahlen mit Punkten ein, zum Beispiel 5.3.0.'),
  ).toBeVisible();
  await expect(page.getByText('Bitte wählen Sie mindestens ein Modell.')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Pico OS Test');
  await page.getByLabel('Version', { exact: true }).fill('5.4.0');
  await page.getByRole('checkbox', { name: 'Pico Neo 3 Pro' }).check();
  await page.getByLabel('Versionshinweise').fill('Nur für den Test.');
  await page.getByRole('button', { name: 'Betriebssystem anlegen' }).click();
  await expect(toast(page, 'Betriebssystem angelegt. Laden Sie jetzt seine Datei hoch.')).toBeVisible();
  await expect(page).toHaveURL(/\/support\/operating-systems\/\d+\/edit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Betriebssystem bearbeiten' })).toBeVisible();
  await expect(page.getByText('Noch keine Datei hochgeladen.')).toBeVisible();

  // Without its file it cannot be published: the switch says why and does nothing.
  const published = page.getByRole('switch', { name: 'Veröffentlicht' });
  await expect(published).toHaveAttribute('aria-disabled', 'true');
  await expect(published).toHaveAccessibleDescription(/Laden Sie zuerst die Datei hoch/);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Record every progress text (the upload may be quicker than any polling).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressTexts: string[] }).progressTexts = seen;
    new MutationObserver(() => {
      for (const p of document.querySelectorAll('main p')) {
        const text = p.textContent ?? '';
        if (/hochgeladen \(|\/s ·/.test(text) && seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await chooseFile(page, 'Datei wählen', bigFile);
  await expect(page.getByText('Datei hochgeladen.', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Aktuelle Datei: 50,00 MB')).toBeVisible();
  expect(await incomingFiles()).toEqual([]);
  const texts = await page.evaluate(() => (window as unknown as { progressTexts: string[] }).progressTexts);
  expect(texts.some((t) => /^\d+,\d\d MB von 50,00 MB hochgeladen \(\d+ %\)$/.test(t))).toBe(true);
  expect(texts.some((t) => /^\d+,\d\d (B|KB|MB|GB)\/s · noch \d+:\d\d:\d\d$/.test(t))).toBe(true);

  await expect(published).not.toHaveAttribute('aria-disabled', 'true');
  await published.click();
  await expect(toast(page, 'Betriebssystem veröffentlicht.')).toBeVisible();
  await expect(published).toBeChecked();
  const id = Number(/operating-systems\/(\d+)\/edit$/.exec(page.url())?.[1]);
  expect((await imageOverApi(page.request, id)).body).toMatchObject({
    isPublished: true,
    fileSize: 50 * 1024 ** 2,
  });
  // Withdrawn again, so the rollout below still meets 5.3.0 as the newest image.
  await published.click();
  await expect(
    toast(page, 'Veröffentlichung zurückgezogen. Das Betriebssystem ist wieder ein Entwurf.'),
  ).toBeVisible();
  await expect(published).not.toBeChecked();
  expect((await imageOverApi(page.request, id)).body.isPublished).toBe(false);

  await page.getByRole('button', { name: 'Löschen' }).click();
  const dialog = page.getByRole('alertdialog', { name: '„Pico OS Test 5.4.0“ löschen?' });
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  await expect(toast(page, 'Betriebssystem gelöscht.')).toBeVisible();
  await expect(page).toHaveURL(/\/support\/operating-systems$/);
  await expect(page.getByRole('listitem').filter({ hasText: 'Pico OS Test' })).toHaveCount(0);
  expect((await imageOverApi(page.request, id)).status).toBe(404);
});

test('cancelling an image upload leaves no parts on the server', async ({ page, request }) => {
  const id = await createImage(request, '5.5.0');
  await signInAt(page, STAFF);
  await page.route('**/api/v1/uploads/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue().catch(() => {});
  });
  const parts = watchParts(page);
  await page.goto(url(`/support/operating-systems/${id}/edit`));
  await chooseFile(page, 'Datei wählen', bigFile);
  await expect(page.getByRole('progressbar', { name: 'Fortschritt des Uploads' })).toBeVisible();
  // Every part crosses the test's interception (5 MB each): on a busy machine the first takes seconds to show.
  await expect.poll(() => parts.length, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(incomingFiles, { timeout: 30_000 }).not.toEqual([]);

  await page.getByRole('button', { name: 'Abbrechen', exact: true }).click();
  await expect(
    page.getByText('Upload abgebrochen. Auf dem Server sind keine Teile zurückgeblieben.'),
  ).toBeVisible();
  await expect.poll(incomingFiles).toEqual([]);
  expect((await imageOverApi(request, id)).body.file).toBeNull();
  await expect(page.getByText('Noch keine Datei hochgeladen.')).toBeVisible();
});

test('an interrupted image upload resumes after a reload without sending finished parts again', async ({
  page,
  request,
}) => {
  const id = await createImage(request, '5.6.0');
  await signInAt(page, STAFF);
  // Parts 1–4 go through; later parts hang as on a dropped connection and never reach the server.
  const dropConnection = await startHeldUpload(page, url(`/support/operating-systems/${id}/edit`), bigFile, {
    timeout: 60_000,
  });
  const parts = watchParts(page);
  await page.reload();
  dropConnection();
  await page.unrouteAll({ behavior: 'wait' });
  await expect(
    page.getByText(
      `Ein Upload von „${FILE_NAME}“ wurde unterbrochen (40 % fertig). Wählen Sie dieselbe Datei erneut, um ihn fortzusetzen.`,
    ),
  ).toBeVisible();
  await chooseFile(page, 'Datei wählen', bigFile);
  await expect(page.getByText('Datei hochgeladen.', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect.poll(() => [...new Set(parts)].sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 9, 10]);
  await expect.poll(incomingFiles).toEqual([]);
  await expect(page.getByText('Aktuelle Datei: 50,00 MB')).toBeVisible();
  expect((await imageOverApi(request, id)).body.fileSize).toBe(50 * 1024 ** 2);
});

test('a member who administers nothing is not let in', async ({ page }) => {
  await signInAt(page, users.lehrer);
  await page.goto(url('/support/operating-systems'));
  await expect(page.getByRole('heading', { level: 1, name: 'Keine Berechtigung' })).toBeVisible();
  await page.goto(url('/support'));
  await expect(page.getByRole('link', { name: 'Betriebssysteme der VR-Brillen' })).toHaveCount(0);
});

/** The dashboard's 'Software veraltet' count, read afresh. */
async function outdatedCount(page: Page): Promise<number> {
  await page.goto(url('/dashboard'));
  const link = page
    .getByRole('region', { name: 'VR-Brillen auf einen Blick' })
    .getByRole('link', { name: /^\d+ Software veraltet$/ });
  return Number(/^\d+/.exec((await link.textContent()) ?? '')?.[0]);
}

test('a rollout brings a headset to the new version and the dashboard’s outdated count drops', async ({
  page,
}) => {
  await signInAt(page, users.admin);
  // The KMZ's two Neo 3 Pro (4.9.4 and 4.7.0) are older than the published 5.3.0; its other models have no image.
  await expect.poll(() => outdatedCount(page), { timeout: 30_000 }).toBe(2);

  await page.goto(url('/support'));
  await page.getByRole('link', { name: 'Betriebssysteme der VR-Brillen' }).click();
  // Administrators see the published images of their models only: no drafts (5.5.0, 5.6.0 above).
  await expect(
    page.getByRole('list', { name: 'Betriebssysteme der VR-Brillen' }).getByRole('listitem'),
  ).toHaveCount(1);
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Pico OS 5.3.0' })
    .getByRole('link', { name: 'Verteilen' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pico OS 5.3.0' })).toBeVisible();
  await expect(page.getByText(/^Demo-Version: Kiosk-Modus startet schneller/)).toBeVisible();
  // The headset's own page says what its software is measured against and leads to the same image.
  const listed = await page.request.get(url('/api/v3/mdm/devices/?page_size=100'), {
    headers: await api(page.request, users.admin),
  });
  const rigel = ((await listed.json()).results as { id: number; name: string }[]).find(
    (h) => h.name === HEADSET,
  );
  await page.goto(url(`/dashboard/devices/${rigel?.id}`));
  await expect(page.getByText('Software veraltet: 5.3.0 ist verfügbar.')).toBeVisible();
  await page.getByRole('link', { name: 'Zum Betriebssystem' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pico OS 5.3.0' })).toBeVisible();

  const picker = page.getByRole('group', { name: 'VR-Brillen Ihrer Organisation' });
  const row = picker.getByRole('listitem').filter({ has: page.getByText(HEADSET, { exact: true }) });
  // Only headsets of the image's model are offered; each says whether it is ready (the simulated fleet comes online).
  await expect(picker.getByRole('checkbox')).toHaveCount(2);
  await expect(row.getByText('Bereit für 5.3.0 (installiert: 4.9.4)')).toBeVisible({ timeout: 30_000 });
  await expectNoSidewaysScroll(page);

  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Auf 1 VR-Brille installieren' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Pico OS 5.3.0 auf 1 VR-Brille installieren?' });
  // Record every stage the receipt shows, in order.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { stages: string[] }).stages = seen;
    new MutationObserver(() => {
      const stage = document.querySelector('[data-receipt]')?.getAttribute('data-receipt');
      if (stage && seen.at(-1) !== stage) seen.push(stage);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await dialog.getByRole('button', { name: 'Installieren' }).click();

  const receipts = page.getByRole('list', { name: 'Rückmeldungen der VR-Brillen' });
  await expect(receipts.getByText('neu gestartet mit 5.3.0')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('1 von 1 VR-Brillen haben 5.3.0 installiert.')).toBeVisible();
  const stages = await page.evaluate(() => (window as unknown as { stages: string[] }).stages);
  // Each step in its order (a quick one may fall between two polls), ending with the restart.
  const order = ['sent', 'arrived', 'downloading', 'installing', 'installed', 'restarted'];
  // The receipt shows from the moment the command is sent until the headset is back.
  expect(stages[0]).toBe('sent');
  expect(stages.at(-1)).toBe('restarted');
  expect(stages.map((stage) => order.indexOf(stage))).toEqual(
    [...stages.map((stage) => order.indexOf(stage))].sort((a, b) => a - b),
  );
  expect(stages).not.toContain('failed');

  await expect.poll(() => outdatedCount(page), { timeout: 15_000 }).toBe(1);
  await page.goto(url('/dashboard/devices?outdated_software=true'));
  await expect(page.getByRole('main').getByText('1 VR-Brille', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText(HEADSET, { exact: true })).toHaveCount(0);
  await page.goto(url(`/dashboard/devices/${rigel?.id}`));
  await expect(page.getByRole('definition').filter({ hasText: /^5\.3\.0$/ })).toHaveCount(1);
  await expect(page.getByText(/ist verfügbar/)).toHaveCount(0);
});
