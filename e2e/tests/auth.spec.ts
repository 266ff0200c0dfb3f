import { expect } from '@playwright/test';
import { test } from './suiteServer.ts';
import {
  contentTitlesFor,
  openUserMenu,
  signIn,
  signOut,
  storeAsNextPageStarts,
  submitLogin,
  toast,
  userMenuButton,
  users,
} from './support.ts';

test('a teacher signs in and sees the content titles of the Mediathek', async ({ page, request }) => {
  const titles = await contentTitlesFor(request, users.lehrer);
  expect(titles.length).toBeGreaterThan(0);

  await signIn(page, users.lehrer);
  await expect(toast(page, 'Erfolgreich eingeloggt.')).toBeVisible();
  for (const title of titles.slice(0, 3)) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  const tokenKeys = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('vr-portal.')),
  );
  expect(tokenKeys).toEqual(expect.arrayContaining(['vr-portal.accessToken', 'vr-portal.refreshToken']));
});

test('no page content renders while the signed-in user loads or cannot be loaded', async ({ page }) => {
  await signIn(page, users.lehrer);
  await expect(page.getByRole('heading', { name: 'Mediathek', level: 1 })).toBeVisible();

  // users/me answers slowly: a loading state, not the Mediathek.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/users/me/', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Ihre Daten werden geladen …' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mediathek', level: 1 })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { name: 'Mediathek', level: 1 })).toBeVisible();
  await page.unrouteAll({ behavior: 'wait' });

  // users/me fails (not 401): a German error with a retry, still no page content, the session kept.
  await page.route('**/api/v1/users/me/', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"Wartung"}' }),
  );
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Ihre Daten konnten nicht geladen werden');
  await expect(page.getByRole('heading', { name: 'Mediathek', level: 1 })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('vr-portal.accessToken'))).not.toBeNull();
  await page.unrouteAll({ behavior: 'wait' });
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('heading', { name: 'Mediathek', level: 1 })).toBeVisible();
});

test('the navigation follows the role: administrators get the settings, members creating content', async ({
  page,
}) => {
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await signIn(page, users.lehrer);
  // The header names who is signed in and for which organisation.
  await expect(userMenuButton(page)).toContainText('Gymnasium Demo');
  let menu = await openUserMenu(page);
  await expect(menu.getByRole('menuitem', { name: 'Profil' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Einstellungen' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // Creating content is the Mediathek's call to action, not a navigation entry.
  await expect(nav.getByRole('link', { name: 'Inhalt erstellen' })).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Inhalt erstellen' }).click();
  await expect(page).toHaveURL(/\/library\/new$/);
  await expect(nav.getByRole('link', { name: 'Mediathek' })).toHaveAttribute('aria-current', 'page');

  await signOut(page);
  await expect(toast(page, 'Erfolgreich ausgeloggt.')).toBeVisible();
  await signIn(page, users.admin);
  menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Einstellungen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  // The organisation's type (spec §3: 4 = KMZ).
  await expect(page.getByText('Kreismedienzentrum', { exact: true })).toBeVisible();
});

test('an anonymous visit to the dashboard lands on the login page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Sie sind nicht eingeloggt')).toBeVisible();
});

test('a teacher who is no administrator is sent from the settings to the Mediathek', async ({ page }) => {
  await signIn(page, users.lehrer);
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/library$/);
  await expect(toast(page, 'Begrenzter Zugriff')).toBeVisible();
});

test('logging out clears the session and says so', async ({ page }) => {
  await signIn(page, users.lehrer);
  await signOut(page);
  await expect(toast(page, 'Erfolgreich ausgeloggt.')).toBeVisible();
  await expect(page).toHaveURL(/\/library$/);
  const keys = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('vr-portal.')),
  );
  expect(keys.filter((key) => key.endsWith('Token'))).toEqual([]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a 401 from the server clears the local session', async ({ page }) => {
  await storeAsNextPageStarts(page, {
    'vr-portal.accessToken': 'not-a-valid-token',
    'vr-portal.refreshToken': 'not-a-valid-token',
  });
  await page.goto('/library');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('vr-portal.accessToken'))).toBeNull();
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
});

test('a session the server ended sends a signed-in page to the login with one notice', async ({
  page,
  request,
}) => {
  await signIn(page, users.lehrer);
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  // Signed out elsewhere: the server revokes the session family, so neither token of this tab works any more.
  const [access, refresh] = await page.evaluate(() => [
    localStorage.getItem('vr-portal.accessToken'),
    localStorage.getItem('vr-portal.refreshToken'),
  ]);
  const logout = await request.post('/api/v1/sessions/logout', {
    headers: { authorization: `Bearer ${access}` },
    data: { refresh },
  });
  expect(logout.ok()).toBe(true);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await expect(toast(page, 'Sie sind nicht eingeloggt')).toHaveCount(1);
});

test.describe
  .serial('terms of use for a user who has not accepted them', () => {
    test('declining logs the user out', async ({ page }) => {
      await page.goto('/login');
      await submitLogin(page, users.neu, 'portal2026');
      const dialog = page.getByRole('dialog', { name: 'Datenschutzerklärung & Nutzungsbedingungen' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await expect(toast(page, 'Sie werden ausgeloggt')).toBeVisible();
      await expect(dialog).toBeHidden();
      const access = await page.evaluate(() => localStorage.getItem('vr-portal.accessToken'));
      expect(access).toBeNull();
    });

    test('the dialog cannot be escaped, and accepting leads to the Mediathek', async ({ page }) => {
      await page.goto('/login');
      await submitLogin(page, users.neu, 'portal2026');
      const dialog = page.getByRole('dialog', { name: 'Datenschutzerklärung & Nutzungsbedingungen' });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeVisible();

      const accept = dialog.getByRole('button', { name: 'Akzeptieren' });
      await expect(accept).toBeDisabled();
      await dialog
        .getByRole('checkbox', { name: 'Ich habe die Nutzungsbedingungen gelesen und akzeptiere diese.' })
        .click();
      await expect(accept).toBeEnabled();
      await accept.click();
      await expect(toast(page, 'Nutzungsbedingungen akzeptiert')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/library$/);

      await page.reload();
      await expect(page.getByRole('dialog')).toBeHidden();
    });
  });
