import { expect, type Page } from '@playwright/test';
import { expectScreenshot } from '../../tools/screenshotMask.ts';
import { test } from './suiteServer.ts';
import { administratorPages, contentIdOf, signInQuietly, users } from './support.ts';

// Issue 12: every page of the portal at 375, 768 and 1440 px as visual baselines (the window's first screen),
// with what Chromium draws itself hidden (tools/screenshotMask.ts). Update with
// `pnpm exec playwright test -c e2e/playwright.config.ts pages.visual --update-snapshots`.

const WIDTHS = [375, 768, 1440] as const;

// Each test only looks (it changes nothing on the server): the workers may share them out.
test.describe.configure({ mode: 'parallel' });

/** Waits until the page has settled: its h1, no loading state, fonts and the pictures on screen. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: /lädt|geladen …|werden geladen/ })).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images]
        .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
        .map((image) => (image.complete ? undefined : image.decode().catch(() => undefined))),
    );
  });
}

/**
 * What the live demo fleet changes from one second to the next (batteries charge, headsets pair after the start) is
 * masked: the dashboard's counts and the headset lists' state lines. The rest of those pages is compared as usual.
 */
const liveParts = (page: Page) => [
  page.getByRole('region', { name: 'VR-Brillen auf einen Blick' }).getByRole('list'),
  page.locator('[role="group"] ul'),
  // The VR-Brillen pages follow the demo fleet live (status, battery, last seen).
  page.locator('[data-live]'),
];

const name = (who: string, path: string, width: number) =>
  `${who}${(path === '/' ? '/index' : path).replace(/\/(\d+)/g, '/id').replace(/[/?=]+/g, '-')}-${width}.png`;

for (const width of WIDTHS) {
  test.describe(`pages at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('as a visitor', async ({ page }) => {
      test.setTimeout(60_000);
      const id = await contentIdOf(page, 'Unterwegs im Sonnensystem');
      for (const path of [
        '/',
        '/login',
        '/forgot-password',
        '/library',
        `/library/${id}`,
        '/support',
        '/impressum',
        '/nix',
      ]) {
        await page.goto(path);
        await settled(page);
        await expectScreenshot(page, name('visitor', path, width));
      }
    });

    test('as an administrator', async ({ page }) => {
      test.setTimeout(90_000);
      const id = await contentIdOf(page, 'Unterwegs im Sonnensystem');
      await signInQuietly(page, users.admin);
      // Detail pages with an id: the Mediathek's and a headset's. A playlist's detail shows its headsets syncing live
      // (what and when depends on the demo fleet), so it is checked by axe in frame.spec and by playlists.spec instead.
      for (const path of administratorPages(id).filter(
        (p) => !/\/\d+$/.test(p) || p.startsWith('/library') || p.startsWith('/dashboard/devices'),
      )) {
        await page.goto(path);
        await settled(page);
        await expectScreenshot(page, name('admin', path, width), { mask: liveParts(page) });
      }
      // The open menus: the account menu everywhere, the drawer below the desktop width.
      await page.goto('/library');
      await settled(page);
      await page.getByRole('banner').locator('button[aria-haspopup="menu"]').click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectScreenshot(page, name('admin', '/user-menu', width));
      await page.keyboard.press('Escape');
      if (width < 1024) {
        await page.getByRole('button', { name: 'Menü', exact: true }).click();
        await expect(page.getByRole('dialog', { name: 'Hauptnavigation' })).toBeVisible();
        await expectScreenshot(page, name('admin', '/drawer', width));
      }
    });

    test('as staff without an organisation: no permission to create content', async ({ page }) => {
      await signInQuietly(page, 'staff@vr-portal.example');
      await page.goto('/library/new');
      await settled(page);
      await expectScreenshot(page, name('staff', '/library/new', width));
    });
  });
}
