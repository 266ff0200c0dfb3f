import { expect, test } from '@playwright/test';
import { type IsolatedServer, startIsolatedServer } from './isolatedServer.ts';
import { newestMailTo, resetLinkIn } from './outbox.ts';
import { submitLogin, toast, users } from './support.ts';

// Issue 4, item 5: password reset through the local outbox. Changes a password, so a server of its own.

let server: IsolatedServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startIsolatedServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const CONFIRMATION = 'Wenn zu dieser E-Mail-Adresse ein Konto besteht, haben wir Ihnen einen Link';

test('a forgotten password is replaced through the link of the mail, which also lifts a login block', async ({
  page,
  request,
}) => {
  await page.goto(`${server.baseURL}/login`);
  // Three wrong guesses block the login in this browser (spec §4) …
  for (const password of ['falsch1234', 'falsch5678', 'falsch9012'])
    await submitLogin(page, users.zfsl, password);
  await expect(page.getByRole('main').getByText('Login gesperrt')).toBeVisible();
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Passwort vergessen' })).toBeVisible();

  await page.getByLabel('E-Mail').fill('zfsl@zfsl');
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeVisible();

  const since = new Date(Date.now() - 1000);
  await page.getByLabel('E-Mail').fill(users.zfsl);
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByText(CONFIRMATION)).toBeVisible();

  const link = resetLinkIn(await newestMailTo(request, users.zfsl, { since, baseURL: server.baseURL }));
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeVisible();
  await page.getByLabel('Neues Passwort', { exact: true }).fill('kurz1');
  await page.getByLabel('Neues Passwort wiederholen').fill('kurz2');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(
    page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein und mindestens eine Ziffer'),
  ).toBeVisible();
  await expect(page.getByText('Die beiden Passwörter stimmen nicht überein.')).toBeVisible();

  await page.getByLabel('Neues Passwort', { exact: true }).fill('Sommer2026neu');
  await page.getByLabel('Neues Passwort wiederholen').fill('Sommer2026neu');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Passwort geändert')).toBeVisible();

  // … and the new password signs in at once.
  await expect(page.getByRole('main').getByText('Login gesperrt')).toHaveCount(0);
  await submitLogin(page, users.zfsl, 'Sommer2026neu');
  await expect(page).toHaveURL(/\/library$/);
  await expect(toast(page, 'Erfolgreich eingeloggt.')).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByLabel('Neues Passwort', { exact: true }).fill('Winter2026neu');
  await page.getByLabel('Neues Passwort wiederholen').fill('Winter2026neu');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(
    page.getByText('Dieser Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen Link an.'),
  ).toBeVisible();
});

test('an unknown address gets the same confirmation and no mail', async ({ page, request }) => {
  const since = new Date(Date.now() - 1000);
  await page.goto(`${server.baseURL}/forgot-password`);
  await page.getByLabel('E-Mail').fill('niemand@schule.example');
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByText(CONFIRMATION)).toBeVisible();
  const outbox = await request.get(`${server.baseURL}/dev/outbox/?to=niemand%40schule.example`);
  expect(outbox.ok()).toBe(true);
  const { results } = (await outbox.json()) as { results: { createdAt: string }[] };
  expect(results.filter((mail) => mail.createdAt >= since.toISOString())).toEqual([]);
});
