import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './suiteServer.ts';
import {
  administratorPages,
  axeViolations,
  contentIdOf,
  openUserMenu,
  signIn,
  userMenuButton,
  users,
} from './support.ts';

// Issue 12: the app frame at every width — every page reached through the navigation by keyboard and by touch,
// one h1 and a title of its own per page, and axe without a finding on every page and open menu.

const WIDTHS = [375, 768, 1440] as const;
/** Below this width the navigation sits behind the menu button (the desktop breakpoint of @portal/ui). */
const DESKTOP = 1024;

/** The spec's areas in the main navigation, with the h1 each page shows. */
const AREAS = [
  { link: 'Mediathek', path: /\/library$/, heading: 'Mediathek' },
  { link: 'Wiedergabelisten', path: /\/dashboard\/configurations$/, heading: 'Wiedergabelisten' },
  { link: 'Unterrichtsabläufe', path: /\/dashboard\/lesson-plans$/, heading: 'Unterrichtsabläufe' },
  { link: 'VR-Brillen', path: /\/dashboard\/devices$/, heading: 'VR-Brillen' },
  { link: 'Gruppierungen', path: /\/groups$/, heading: 'Gruppierungen' },
  { link: 'Dashboard', path: /\/dashboard$/, heading: 'Dashboard' },
  { link: 'Support', path: /\/support$/, heading: 'Support' },
] as const;

const FOOTER = [
  { link: 'Impressum', path: /\/impressum$/, content: 'kontakt@vr-portal.example' },
  {
    link: 'Datenschutzerklärung',
    path: /\/datenschutzerklaerung$/,
    content: 'Datenschutzerklärung öffnen (PDF)',
  },
  { link: 'Nutzungsbedingungen', path: /\/agbs$/, content: 'Nutzungsbedingungen öffnen (PDF)' },
] as const;

/** Presses Tab until `target` has the focus (as a keyboard user would), failing after a page's worth of stops. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let step = 0; step < 60; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** One h1, and the tab's title names it: '<h1> – Portal'. */
async function expectPage(page: Page, heading: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page).toHaveTitle(`${heading} – Portal`);
}

/** The main navigation's entry: in the navbar from the desktop width, else in the drawer behind 'Menü'. */
async function navigationEntry(page: Page, width: number, name: string, by: 'keyboard' | 'touch') {
  if (width >= DESKTOP) {
    return page
      .getByRole('banner')
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name });
  }
  const menuButton = page.getByRole('button', { name: 'Menü', exact: true });
  if (by === 'keyboard') {
    await tabTo(page, menuButton);
    await page.keyboard.press('Enter');
  } else {
    await menuButton.tap();
  }
  const drawer = page.getByRole('dialog', { name: 'Hauptnavigation' });
  await expect(drawer).toBeVisible();
  return drawer.getByRole('link', { name });
}

// Each test only looks (it changes nothing on the server): the workers may share them out.
test.describe.configure({ mode: 'parallel' });

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, hasTouch: true });

    test('every area, account page and footer page by keyboard', async ({ page }) => {
      // The navigation has grown (Protokoll, Moderieren, Adminbereich): every area by Tab takes longer than 30 s.
      test.setTimeout(90_000);
      await signIn(page, users.admin);
      for (const area of AREAS) {
        const entry = await navigationEntry(page, width, area.link, 'keyboard');
        await tabTo(page, entry);
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(area.path);
        await expectPage(page, area.heading);
        // The current area is marked (the drawer has closed on the way: its entry is the navbar's).
        if (width >= DESKTOP) await expect(entry).toHaveAttribute('aria-current', 'page');
        else await expect(page.getByRole('dialog')).toHaveCount(0);
      }
      for (const [item, heading] of [
        ['Profil', 'Profil'],
        ['Einstellungen', 'Einstellungen'],
      ] as const) {
        await tabTo(page, userMenuButton(page));
        await page.keyboard.press('Enter');
        const menu = page.getByRole('menu');
        await expect(menu).toBeVisible();
        const target = menu.getByRole('menuitem', { name: item });
        // Opened by keyboard, the menu puts the focus on its first item; then each ArrowDown moves one item on.
        const items = menu.getByRole('menuitem');
        await expect(items.first()).toBeFocused();
        const steps = (await items.allTextContents()).indexOf(item);
        expect(steps, `'${item}' is an item of the user menu`).toBeGreaterThanOrEqual(0);
        for (let step = 0; step < steps; step += 1) await page.keyboard.press('ArrowDown');
        await expect(target).toBeFocused();
        await page.keyboard.press('Enter');
        await expectPage(page, heading);
      }
      for (const link of FOOTER) {
        await tabTo(page, page.getByRole('contentinfo').getByRole('link', { name: link.link }));
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(link.path);
        await expectPage(page, link.link);
        // Real pages since issue 23: the imprint from the configuration, the current documents.
        await expect(page.getByText('Diese Seite folgt in Kürze.')).toHaveCount(0);
        await expect(page.getByRole('main').getByRole('link', { name: link.content })).toBeVisible();
      }
    });

    test('every area and the account pages by touch', async ({ page }) => {
      await signIn(page, users.lehrer);
      for (const area of AREAS) {
        const entry = await navigationEntry(page, width, area.link, 'touch');
        await entry.tap();
        await expect(page).toHaveURL(area.path);
        await expectPage(page, area.heading);
      }
      await userMenuButton(page).tap();
      await page.getByRole('menuitem', { name: 'Profil' }).tap();
      await expectPage(page, 'Profil');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).tap();
      await expectPage(page, 'Impressum');
    });
  });
}

test.describe('the drawer at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('keeps the focus inside, closes with Escape, and marks the current area', async ({ page }) => {
    await signIn(page, users.lehrer);
    const menuButton = page.getByRole('button', { name: 'Menü', exact: true });
    await expect(page.getByRole('banner').getByRole('navigation')).toBeHidden();
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Hauptnavigation' });
    await expect(drawer.getByRole('link', { name: 'Mediathek' })).toHaveAttribute('aria-current', 'page');
    for (let step = 0; step < 10; step += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});

test('a visitor reaches the Mediathek, Support and the sign-in; the dashboard areas are not offered', async ({
  page,
}) => {
  await page.goto('/library');
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link')).toHaveText(['Mediathek', 'Support']);
  await expect(page.getByRole('main').getByRole('link', { name: 'Inhalt erstellen' })).toHaveCount(0);
  await page.getByRole('banner').getByRole('link', { name: 'Anmelden' }).click();
  await expectPage(page, 'Anmelden');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /Melden Sie sich im Portal an/,
  );
  await page.goto('/library');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Mediathek des Portals/);
});

test('the 404 page names its title once; a route the role may not use says so with a way back', async ({
  page,
}) => {
  await page.goto('/gibt-es-nicht');
  await expectPage(page, 'Seite nicht gefunden');
  await expect(page.getByText('Seite nicht gefunden')).toHaveCount(1);

  // Staff belong to no organisation: the server would refuse their content, so the form is not offered.
  await signIn(page, 'staff@vr-portal.example');
  await expect(page.getByRole('main').getByRole('link', { name: 'Inhalt erstellen' })).toHaveCount(0);
  await page.goto('/library/new');
  await expectPage(page, 'Keine Berechtigung');
  await expect(page.getByLabel('Titel')).toHaveCount(0);
  await page.getByRole('link', { name: 'Zur Mediathek' }).click();
  await expect(page).toHaveURL(/\/library$/);
});

for (const width of [375, 1440] as const) {
  test(`axe finds nothing on any page or open menu at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const id = await contentIdOf(page, 'Unterwegs im Sonnensystem');
    const check = async (path: string) => {
      await page.goto(path);
      await expect(page.locator('h1')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page), path).toEqual([]);
    };
    for (const path of [
      '/login',
      '/forgot-password',
      '/library',
      `/library/${id}`,
      '/support',
      '/agbs',
      '/nix',
    ]) {
      await check(path);
    }
    await signIn(page, users.admin);
    for (const path of administratorPages(id)) {
      await check(path);
    }
    await openUserMenu(page);
    expect(await axeViolations(page), 'user menu').toEqual([]);
    await page.keyboard.press('Escape');
    if (width < DESKTOP) {
      await page.getByRole('button', { name: 'Menü', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Hauptnavigation' })).toBeVisible();
      expect(await axeViolations(page), 'drawer').toEqual([]);
    }
  });
}
