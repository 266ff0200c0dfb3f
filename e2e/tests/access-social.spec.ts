import { expect, test } from '@playwright/test';
import { type IsolatedServer, startIsolatedServer } from './isolatedServer.ts';
import { openUserMenu } from './support.ts';

// Issue 4, item 3: the portal's side of social login through the built-in provider 'Antares (Demo)'.
// Creates a social user, so a server of its own.

let server: IsolatedServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startIsolatedServer();
});
test.afterAll(async () => {
  await server?.stop();
});

test('a social user signs in through /oidc-antares and ends up with tokens, without session cookie', async ({
  page,
}) => {
  await page.goto(`${server.baseURL}/login`);
  await page.getByRole('link', { name: 'Mit Antares anmelden' }).click();
  await expect(page).toHaveURL(/\/oidc-antares$/);
  await page.getByRole('button', { name: 'Anmelden mit Antares (Demo)' }).click();
  await expect(page.getByRole('heading', { name: 'Antares (Demo) – Anmeldung' })).toBeVisible();
  await page.getByRole('button', { name: 'Als Mara Muster anmelden' }).click();

  await expect(page).toHaveURL(/\/library$/);
  // Signed in and loaded: a new social user meets the terms dialog first (which hides the toasts from the
  // accessibility tree while it is open).
  await expect(
    page.getByRole('dialog', { name: 'Datenschutzerklärung & Nutzungsbedingungen' }),
  ).toBeVisible();
  const access = await page.evaluate(() => localStorage.getItem('vr-portal.accessToken'));
  expect(access).not.toBeNull();
  const cookies = (await page.context().cookies(server.baseURL)).map((cookie) => cookie.name);
  expect(cookies).not.toContain('sessionid');
  const me = await page.request.get(`${server.baseURL}/api/v1/users/me/`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(await me.json()).toMatchObject({ firstName: 'Mara', isSocialUser: true });

  // The provider owns the password: the profile explains that instead of offering a form that must fail.
  const dialog = page.getByRole('dialog', { name: 'Datenschutzerklärung & Nutzungsbedingungen' });
  await dialog
    .getByRole('checkbox', { name: 'Ich habe die Nutzungsbedingungen gelesen und akzeptiere diese.' })
    .click();
  await dialog.getByRole('button', { name: 'Akzeptieren' }).click();
  await (await openUserMenu(page)).getByRole('menuitem', { name: 'Profil' }).click();
  await expect(page.getByRole('heading', { name: 'Passwort ändern' })).toBeVisible();
  await expect(page.getByText('Ihr Passwort wird von Ihrem Anmeldedienst verwaltet')).toBeVisible();
  await expect(page.getByLabel('Aktuelles Passwort')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Passwort ändern' })).toHaveCount(0);
  // The address too: the next sign-in at the provider would overwrite a change here.
  await expect(page.getByLabel('E-Mail', { exact: true })).not.toBeEditable();
  await expect(page.getByText('Ihre E-Mail-Adresse wird von Ihrem Anmeldedienst verwaltet')).toBeVisible();
});

test('cancelling at the provider comes back with a German notice and no session', async ({ page }) => {
  await page.goto(`${server.baseURL}/oidc-antares`);
  await page.getByRole('button', { name: 'Anmelden mit Antares (Demo)' }).click();
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page.getByText('Die Anmeldung wurde abgebrochen. Sie sind nicht eingeloggt.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('vr-portal.accessToken'))).toBeNull();
});
