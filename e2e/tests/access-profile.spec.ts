import { expect, type Page, test } from '@playwright/test';
import { type IsolatedServer, startIsolatedServer } from './isolatedServer.ts';
import { DEMO_PASSWORD, openUserMenu, signOut, submitLogin, toast, users } from './support.ts';

// Issue 4, items 6–8: profile, account deletion, settings, roles in the navigation, language switch.
// Edits and deletes demo users, so the whole file runs against a server of its own.

let server: IsolatedServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startIsolatedServer();
});
test.afterAll(async () => {
  await server?.stop();
});

async function signInAt(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${server.baseURL}/login`);
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/library$/);
}

const nav = (page: Page) => page.getByRole('banner').getByRole('navigation');

test('a teacher edits the profile; the user menu offers no settings', async ({ page }) => {
  await signInAt(page, users.lehrer);
  const menu = await openUserMenu(page);
  await expect(menu.getByRole('menuitem', { name: 'Einstellungen' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);

  const firstName = page.getByLabel('Vorname');
  await firstName.fill(' ');
  await page.getByLabel('E-Mail').fill('lehrer@schule');
  await page.getByLabel('Profilbild (URL)').fill('kein-bild');
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page.getByText('Bitte geben Sie Ihren Vornamen ein.')).toBeVisible();
  await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeVisible();
  await expect(page.getByText('Bitte geben Sie eine Bildadresse ein')).toBeVisible();

  await firstName.fill('Leonie');
  await page.getByLabel('E-Mail').fill(users.lehrer);
  // A picture on the portal's own server, as the server accepts it.
  await page.getByLabel('Profilbild (URL)').fill('/favicon.svg');
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(toast(page, 'Profil gespeichert')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Vorname')).toHaveValue('Leonie');
  await expect(page.getByRole('img', { name: 'Ihr Profilbild' })).toBeVisible();

  // The organisation with its type (spec §3: 2 = school) and the membership.
  const organisations = page.getByRole('list', { name: 'Ihre Organisationen' });
  await expect(organisations.getByRole('listitem')).toHaveText(['Gymnasium DemoSchuleMitglied']);
});

test('a teacher changes the password and signs in with the new one', async ({ page }) => {
  await signInAt(page, users.lehrer);
  await page.goto(`${server.baseURL}/dashboard/profile`);
  await page.getByLabel('Aktuelles Passwort').fill('falsch2026');
  await page.getByLabel('Neues Passwort', { exact: true }).fill('Herbst2026');
  await page.getByLabel('Neues Passwort wiederholen').fill('Herbst2026');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  // The server's German field error for a wrong current password.
  await expect(page.getByLabel('Aktuelles Passwort')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Aktuelles Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(toast(page, 'Passwort geändert')).toBeVisible();
  await page.evaluate(() => localStorage.clear());
  await signInAt(page, users.lehrer, 'Herbst2026');
});

test('the server refuses a non-administrator the settings operations (403)', async ({ request }) => {
  const login = await request.post(`${server.baseURL}/api/v1/sessions/`, {
    data: { username: users.zfsl, password: DEMO_PASSWORD },
  });
  const { access } = (await login.json()) as { access: string };
  const headers = { Authorization: `Bearer ${access}` };
  const me = (await (await request.get(`${server.baseURL}/api/v1/users/me/`, { headers })).json()) as {
    organisations: { id: number; memberships: { id: number }[] }[];
  };
  const organisation = me.organisations[0];
  expect(organisation).toBeDefined();
  const rename = await request.patch(`${server.baseURL}/api/v1/organisations/${organisation?.id}/`, {
    headers,
    data: { name: 'Übernommen' },
  });
  expect(rename.status()).toBe(403);
  expect(((await rename.json()) as { detail: string }).detail).toMatch(/[äöüÄÖÜß]|Administrator/);
});

test('the administrator renames the organisation and sees its members', async ({ page }) => {
  await signInAt(page, users.admin);
  await (await openUserMenu(page)).getByRole('menuitem', { name: 'Einstellungen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  const name = page.getByLabel('Name der Organisation');
  await expect(name).toHaveValue('Kreismedienzentrum Demo');
  const members = page.getByRole('list', { name: 'Mitglieder der Organisation' });
  await expect(members.getByText(users.admin)).toBeVisible();
  await expect(members.getByRole('switch').first()).toBeChecked();

  await name.fill('Kreismedienzentrum Musterstadt');
  await page.getByRole('button', { name: 'Namen speichern' }).click();
  await expect(toast(page, 'Einstellungen gespeichert')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name der Organisation')).toHaveValue('Kreismedienzentrum Musterstadt');
});

test('English is saved with the account: a logout leaves no trace of it in the browser, the next sign-in brings it back', async ({
  page,
}) => {
  await signInAt(page, users.admin);
  await page.goto(`${server.baseURL}/dashboard/settings`);
  await page.getByRole('radio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Media library' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // Spec §9: logout removes every key with the portal prefix, the language too; the next person reads German.
  await signOut(page, 'Sign out');
  await expect(toast(page, 'Erfolgreich ausgeloggt.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('vr-portal.')));
  expect(keys).toEqual([]);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();

  await signInAt(page, users.admin);
  await expect(nav(page).getByRole('link', { name: 'Media library' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test("the server's refusals read in the chosen language", async ({ page }) => {
  await signInAt(page, users.admin);
  await page.goto(`${server.baseURL}/dashboard/settings`);
  await page.getByRole('radio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByText('Media centre (KMZ)')).toBeVisible();

  // The last administrator cannot drop the flag: the switch is disabled and says why (the server answers 409).
  const own = page.getByRole('list', { name: 'Members of the organisation' }).getByRole('switch').first();
  await expect(own).toBeDisabled();
  await expect(own).toHaveAccessibleDescription(/The organisation needs at least one administrator\./);
  await expect(own).toBeChecked();

  // A taken address (server: a German field error).
  await page.goto(`${server.baseURL}/dashboard/profile`);
  const details = page.getByRole('form', { name: 'Personal details' });
  await details.getByLabel('Email').fill(users.zfsl);
  // Another address is confirmed with the current password: without it the form refuses at that field.
  const current = details.getByLabel('Current password');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(details.getByText('Please enter your current password.')).toBeVisible();
  // A wrong one: the server's German field error, in English at the field.
  await current.fill('falsch2026');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByText('The current password is not correct.')).toBeVisible();
  await expect(page.getByText('Das aktuelle Passwort ist nicht korrekt.')).toHaveCount(0);
  await current.fill(DEMO_PASSWORD);
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('This email address is already in use.')).toBeVisible();
  await expect(page.getByText('Diese E-Mail-Adresse wird bereits verwendet.')).toHaveCount(0);
});

test('deleting the account asks first, names the consequences, then logs out for good', async ({
  page,
  request,
}) => {
  await signInAt(page, users.zfsl);
  await page.goto(`${server.baseURL}/dashboard/profile`);
  await page.getByRole('button', { name: 'Konto löschen' }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog).toContainText('Konto endgültig löschen?');
  await expect(dialog).toContainText('kann nicht rückgängig gemacht werden');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Konto löschen' }).click();
  await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(toast(page, 'Konto gelöscht')).toBeVisible();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();

  const login = await request.post(`${server.baseURL}/api/v1/sessions/`, {
    data: { username: users.zfsl, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(401);
});
