import { expect, test } from '@playwright/test';
import { bearerFor, classSet, classSetOnline, control, type Headset } from './fleet.ts';
import { signIn, users } from './support.ts';

// Issue 14 item 5: the dashboard before class. Each count links to the headset list filtered to it, and the list
// it opens (the same filters of listDevices) holds exactly that many headsets.

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

    const headers = await bearerFor(page.request);
    for (const label of COUNTS) {
      const link = fleet.getByRole('link', { name: new RegExp(`^\\d+ ${label}$`) });
      // The fleet lives (batteries charge, headsets report): compare a count with its list at one moment.
      await expect(async () => {
        await page.reload();
        const shown = Number(/^\d+/.exec((await link.textContent()) ?? '')?.[0]);
        const href = (await link.getAttribute('href')) ?? '';
        expect(href).toMatch(/^\/dashboard\/devices\?/);
        const list = await page.request.get(`/api/v3/mdm/devices/?page_size=1000&${href.split('?')[1]}`, {
          headers,
        });
        expect(((await list.json()) as { count: number }).count).toBe(shown);
      }).toPass({ timeout: 30_000 });
    }
    await expect(fleet.getByRole('link', { name: /^0 Offline$/ })).toHaveCount(0);
    await expect(fleet.getByRole('link', { name: /^0 Akku schwach$/ })).toHaveCount(0);

    // A count opens the list filtered to it: Arktur is among the headsets low on battery, Regulus among the offline.
    await fleet.getByRole('link', { name: /Akku schwach$/ }).click();
    await expect(page).toHaveURL('/dashboard/devices?low_battery=true');
    expect((await classSet(page.request, 'low_battery=true')).map((h) => h.name)).toContain('Arktur');
    expect((await classSet(page.request, 'is_online=false')).map((h) => h.name)).toContain('Regulus');
  } finally {
    await control(page.request, regulus, 'on');
    await control(page.request, arktur, `battery/${arktur.batteryLevel ?? 100}`);
  }
});
