import { expect } from '@playwright/test';
import { classSet, classSetOnline, control, type Headset } from './fleet.ts';
import { test } from './suiteServer.ts';
import { signIn, users } from './support.ts';

// Issue 14 item 5: the dashboard before class. Each count links to the headset list filtered to it, and the list
// page it opens (the same filters of listDevices, under the same names in the URL) shows exactly that many headsets.

const COUNTS = ['Online', 'Offline', 'Akku schwach', 'Nicht synchronisiert', 'Software veraltet'] as const;

test('the dashboard’s counts equal the device lists they link to', async ({ page }) => {
  test.setTimeout(90_000);
  await classSetOnline(page.request);
  const headsets = await classSet(page.request);
  const regulus = headsets.find((h) => h.name === 'Regulus') as Headset;
  const arktur = headsets.find((h) => h.name === 'Arktur') as Headset;
  try {
    // One headset off and one low on battery, so that no count is zero by chance.
    await control(page.request, regulus, 'off');
    await control(page.request, arktur, 'battery/11');
    await expect
      .poll(async () => {
        const now = await classSet(page.request);
        return (
          now.some((h) => h.name === 'Regulus' && !h.isOnline) &&
          now.some((h) => h.name === 'Arktur' && h.batteryLevel === 11)
        );
      })
      .toBe(true);

    await signIn(page, users.lehrer);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Brotkrümelnavigation' })).toContainText('Dashboard');
    const fleet = page.getByRole('region', { name: 'VR-Brillen auf einen Blick' });
    await expect(fleet.getByText('Ihre Organisation hat 30 VR-Brillen.')).toBeVisible();

    const main = page.getByRole('main');
    for (const label of COUNTS) {
      // The fleet lives (batteries charge, headsets report): a count and the list it opens are read close together,
      // and tried again should the fleet have changed in between.
      await expect(async () => {
        await page.goto('/dashboard');
        const link = fleet.getByRole('link', { name: new RegExp(`^\\d+ ${label}$`) });
        const shown = Number(/^\d+/.exec((await link.textContent({ timeout: 10_000 })) ?? '')?.[0]);
        const href = (await link.getAttribute('href')) ?? '';
        expect(href).toMatch(
          /^\/dashboard\/devices\?(is_online|low_battery|is_synced|outdated_software)=(true|false)$/,
        );
        await link.click();
        await expect(page).toHaveURL(href);
        await expect(page.getByRole('heading', { level: 1, name: 'VR-Brillen' })).toBeVisible();
        if (shown === 0) {
          await expect(main.getByText('Keine VR-Brillen gefunden')).toBeVisible({ timeout: 5_000 });
        } else {
          await expect(
            main.getByText(shown === 1 ? '1 VR-Brille' : `${shown} VR-Brillen`, { exact: true }),
          ).toBeVisible({
            timeout: 5_000,
          });
          // The table draws only the rows in view (virtualised); it names its rows for assistive technology: the
          // headsets and the header row.
          await expect(main.getByRole('table')).toHaveAttribute('aria-rowcount', String(shown + 1), {
            timeout: 5_000,
          });
        }
      }).toPass({ timeout: 60_000 });
    }
    await page.goto('/dashboard');
    await expect(fleet.getByRole('link', { name: /^0 Offline$/ })).toHaveCount(0);
    await expect(fleet.getByRole('link', { name: /^0 Akku schwach$/ })).toHaveCount(0);

    // A count opens the list filtered to it, and its filter bar shows the filter: Arktur is among the headsets low
    // on battery, Regulus among the offline.
    await fleet.getByRole('link', { name: /Akku schwach$/ }).click();
    await expect(page).toHaveURL('/dashboard/devices?low_battery=true');
    await expect(main.getByLabel('Akku', { exact: true })).toHaveValue('true');
    await expect(main.getByRole('row').filter({ hasText: 'Arktur' })).toBeVisible();
    await main.getByLabel('Status', { exact: true }).selectOption('false');
    await expect(page).toHaveURL('/dashboard/devices?is_online=false&low_battery=true');
    await main.getByLabel('Akku', { exact: true }).selectOption('');
    await expect(page).toHaveURL('/dashboard/devices?is_online=false');
    await expect(main.getByRole('row').filter({ hasText: 'Regulus' })).toBeVisible();
  } finally {
    await control(page.request, regulus, 'on');
    await control(page.request, arktur, `battery/${arktur.batteryLevel ?? 100}`);
  }
});
