import { expect, type Locator, type Page } from '@playwright/test';
import { bearerFor, classSet } from './fleet.ts';
import { cutValues, layoutShiftDuring, smallTargets } from './layout.ts';
import { test } from './suiteServer.ts';
import { signInQuietly, users } from './support.ts';

// Issue 22 item 5: the fleet, the playlist list and the activation dialog as a teacher uses them on a tablet (768 px)
// and a phone (375 px): a card per row with every value whole, 44 px targets, and no shift when a selection starts.

/** The demo playlist of the Gymnasium that is active on no headset: its activation dialog offers the class set. */
const INACTIVE_PLAYLIST = 'Tag der offenen Tür';
/** The playlist the Gymnasium's class set has active (demo data). */
const CLASS_PLAYLIST = 'Projektwoche Naturwissenschaften';

async function playlistIdOf(page: Page, name: string): Promise<number> {
  const response = await page.request.get('/api/v2/mdm/device-configurations/?page_size=100', {
    headers: await bearerFor(page.request),
  });
  const found = ((await response.json()) as { results: { id: number; name: string }[] }).results.find(
    (playlist) => playlist.name === name,
  );
  if (!found) throw new Error(`no playlist ${name}`);
  return found.id;
}

/** The cards layout is on: rows are cards (grid) whose cells carry their column's name before the value. */
async function expectCards(list: Locator) {
  const firstRow = list.locator('tbody tr:not([aria-hidden="true"])').first();
  await expect(firstRow).toHaveCSS('display', 'grid');
  const label = await firstRow
    .locator('td[data-label]')
    .first()
    .evaluate((cell) => getComputedStyle(cell, '::before').content);
  expect(label).not.toBe('none');
}

/** Scrolls the list's region to its end, so the rows drawn last are checked too (the list is virtualized). */
async function scrollToEnd(page: Page, region: Locator) {
  await region.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * Scrolls the list's region down by its height at a time until `target` is drawn (the list is virtualized and draws
 * only the rows near the view), as a reader scrolls to a headset; stops at the list's end.
 */
async function scrollUntilDrawn(page: Page, region: Locator, target: Locator) {
  while ((await target.count()) === 0) {
    const moved = await region.evaluate((element) => {
      const before = element.scrollTop;
      element.scrollTop += element.clientHeight;
      return element.scrollTop !== before;
    });
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    if (!moved) return;
  }
}

for (const width of [768, 375] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the fleet list shows every value of every headset whole, a card each', async ({ page }) => {
      await signInQuietly(page, users.lehrer);
      await page.goto('/dashboard/devices');
      const list = page.getByRole('table', { name: 'VR-Brillen' });
      await expect(list.getByRole('rowheader').first()).toContainText('Achernar');
      await expectCards(list);
      expect(await cutValues(list)).toEqual([]);
      await scrollToEnd(page, page.getByRole('region', { name: 'VR-Brillen' }));
      await expect(list.getByRole('rowheader', { name: /VR-Brille 30/ })).toBeVisible();
      expect(await cutValues(list)).toEqual([]);
    });

    test('the playlist list shows state, sharing and owner whole, a card each', async ({ page }) => {
      await signInQuietly(page, users.lehrer);
      await page.goto('/dashboard/configurations');
      const list = page.getByRole('table', { name: 'Wiedergabelisten' });
      // The Gymnasium's own (active and inactive) and the one the ZfsL shares with it.
      await expect(list.getByRole('row').filter({ hasText: 'Fortbildung Klassenführung' })).toContainText(
        'Geteilt',
      );
      await expect(list.getByRole('row').filter({ hasText: INACTIVE_PLAYLIST })).toContainText('Inaktiv');
      await expectCards(list);
      expect(await cutValues(list)).toEqual([]);
    });
  });
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the activation dialog: a card per headset with the playlist it replaces by name, and a group at one choice', async ({
    page,
  }) => {
    const headers = await bearerFor(page.request);
    const headsets = await classSet(page.request);
    const klasse = headsets.filter((h) => ['Sirius', 'Canopus', 'Vega'].includes(h.name));
    const created = await page.request.post('/api/v3/mdm/device-groups/', {
      headers,
      data: { name: 'Klasse 9c', devices: klasse.map((h) => h.id) },
    });
    expect(created.status()).toBe(201);
    const group = (await created.json()) as { id: number };
    try {
      await signInQuietly(page, users.lehrer);
      await page.goto(`/dashboard/configurations/${await playlistIdOf(page, INACTIVE_PLAYLIST)}`);
      await page.getByRole('button', { name: 'Auf VR-Brillen aktivieren' }).click();
      const dialog = page.getByRole('dialog', { name: 'Auf VR-Brillen aktivieren' });
      const list = dialog.getByRole('table', { name: 'VR-Brillen Ihrer Organisation' });
      await expect(list.getByRole('rowheader').first()).toContainText('Achernar');
      await expectCards(list);
      // Each headset names the playlist it has now, whole.
      await expect(list.getByRole('row').filter({ hasText: 'Achernar' })).toContainText(
        `„${CLASS_PLAYLIST}“`,
      );
      expect(await cutValues(list)).toEqual([]);

      // The group ticks its three headsets (and no other); the dialog names what the choice replaces on them.
      await dialog.getByRole('combobox', { name: 'Gruppierung' }).selectOption({ label: 'Klasse 9c' });
      await expect(dialog.getByRole('checkbox', { name: 'Achernar auswählen' })).not.toBeChecked();
      await expect(dialog.getByText('3 VR-Brillen ausgewählt')).toBeVisible();
      await expect(
        dialog.getByText(`Ersetzt auf 3 VR-Brillen die bisherige Wiedergabeliste: „${CLASS_PLAYLIST}“ (3).`),
      ).toBeVisible();
      // One more by hand: the count follows.
      await dialog.getByRole('checkbox', { name: 'Achernar auswählen' }).check();
      await expect(
        dialog.getByText(`Ersetzt auf 4 VR-Brillen die bisherige Wiedergabeliste: „${CLASS_PLAYLIST}“ (4).`),
      ).toBeVisible();
      const canopus = dialog.getByRole('checkbox', { name: 'Canopus auswählen' });
      await scrollUntilDrawn(
        page,
        dialog.getByRole('region', { name: 'VR-Brillen Ihrer Organisation' }),
        canopus,
      );
      await canopus.scrollIntoViewIfNeeded();
      await expect(canopus).toBeChecked();
      // Nothing is sent: the class set keeps its playlist.
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await expect(dialog).toBeHidden();
    } finally {
      await page.request.delete(`/api/v3/mdm/device-groups/${group.id}/`, { headers });
    }
  });
});

test.describe('under a finger', () => {
  for (const width of [768, 375] as const) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 }, hasTouch: true });

      test('every target on the fleet page, the playlist list and the activation dialog is at least 44 px', async ({
        page,
      }) => {
        await signInQuietly(page, users.lehrer);
        await page.goto('/dashboard/devices');
        await expect(
          page.getByRole('table', { name: 'VR-Brillen' }).getByRole('rowheader').first(),
        ).toBeVisible();
        expect(await smallTargets(page.getByRole('main'))).toEqual([]);

        await page.goto('/dashboard/configurations');
        await expect(
          page.getByRole('table', { name: 'Wiedergabelisten' }).getByRole('rowheader').first(),
        ).toBeVisible();
        expect(await smallTargets(page.getByRole('main'))).toEqual([]);

        await page.goto(`/dashboard/configurations/${await playlistIdOf(page, INACTIVE_PLAYLIST)}`);
        await page.getByRole('button', { name: 'Auf VR-Brillen aktivieren' }).click();
        const dialog = page.getByRole('dialog', { name: 'Auf VR-Brillen aktivieren' });
        await expect(dialog.getByRole('rowheader').first()).toBeVisible();
        expect(await smallTargets(dialog)).toEqual([]);
      });
    });
  }
});

for (const width of [1440, 768, 375] as const) {
  test(`ticking the first headset shifts nothing on the fleet page at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInQuietly(page, users.lehrer);
    await page.goto('/dashboard/devices');
    const list = page.getByRole('table', { name: 'VR-Brillen' });
    await expect(list.getByRole('rowheader').first()).toContainText('Achernar');
    await expect(page.getByText('Keine VR-Brille ausgewählt')).toBeVisible();
    const achernar = list.getByRole('checkbox', { name: 'Achernar auswählen' });
    await achernar.scrollIntoViewIfNeeded();
    const shift = await layoutShiftDuring(page, async () => {
      await achernar.check();
      await expect(page.getByText('1 VR-Brille ausgewählt')).toBeVisible();
    });
    expect(shift).toBeLessThanOrEqual(0.02);
  });
}

for (const width of [1440, 768] as const) {
  test(`the headsets arriving shift nothing on the fleet page at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInQuietly(page, users.lehrer);
    // The list's answer waits until the page stands (its heading, the list loading): then it may come.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v3/mdm/devices/?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard/devices');
    await expect(page.getByRole('heading', { level: 1, name: 'VR-Brillen' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'VR-Brillen' })).toHaveAttribute('aria-busy', 'true');
    const list = page.getByRole('table', { name: 'VR-Brillen' });
    const shift = await layoutShiftDuring(page, async () => {
      release();
      await expect(list.getByRole('rowheader').first()).toContainText('Achernar');
    });
    expect(shift).toBeLessThanOrEqual(0.02);
  });
}
