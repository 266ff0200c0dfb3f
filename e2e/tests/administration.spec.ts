import { type Browser, expect, type Page, test } from '@playwright/test';
import { useIsolatedServer } from './isolatedServer.ts';
import { newestMailTo, type OutboxMail } from './outbox.ts';
import { axeViolations, DEMO_PASSWORD, submitLogin, toast, users } from './support.ts';

// Issue 24, item 2 (Adminbereich): portal staff onboard a new school — they create it with its MSB school number
// and make a person its administrator, who accepts the invitation and invites a teacher from the settings page.
// New organisations and accounts change what other specs see, so the file runs against a server of its own.

// People in browsers of their own and full-cost password hashes on a shared machine: more than the default 30 s.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const server = useIsolatedServer();
const url = (path: string) => `${server().baseURL}${path}`;
const STAFF = 'staff@vr-portal.example';
const SCHOOL = 'Realschule am See';
const HEAD = 'leitung@realschule-see.example';
const TEACHER = 'lehrerin@realschule-see.example';

async function signInAt(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(url('/login'));
  await submitLogin(page, email, password);
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

function invitationLinkIn(mail: OutboxMail): string {
  const link = /https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no invitation link in mail '${mail.subject}'`);
  return link;
}

test('staff create a school and make a person its administrator, who then invites a teacher', async ({
  page,
  browser,
}) => {
  await signInAt(page, STAFF);
  await expect(page).toHaveURL(/\/library$/, { timeout: 20_000 });
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Adminbereich' })
    .click();
  await expect(page.getByRole('heading', { name: 'Adminbereich', level: 1 })).toBeVisible();

  // A school needs its six-digit school number.
  const create = page.getByRole('region', { name: 'Organisation anlegen' });
  await create.getByLabel('Name').fill(SCHOOL);
  await create.getByLabel('Schulnummer (MSB, sechsstellig)').fill('12');
  await create.getByRole('button', { name: 'Anlegen' }).click();
  await expect(create.getByText('Bitte geben Sie die sechsstellige Schulnummer des MSB ein.')).toBeVisible();
  await create.getByLabel('Schulnummer (MSB, sechsstellig)').fill('765432');
  await create.getByRole('button', { name: 'Anlegen' }).click();
  await expect(toast(page, 'Organisation angelegt')).toBeVisible();
  await expect(page).toHaveURL(/\/administration\?organisation=\d+$/);
  const panel = page.getByRole('region', { name: SCHOOL });
  await expect(panel).toContainText('Schule · 0 Mitglieder · 0 VR-Brillen · Schulnummer 765432');
  await expect(panel.getByText('Noch keine Mitglieder.', { exact: false })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Its first administrator has no account yet: an invitation as administrator.
  const since = new Date(Date.now() - 1000);
  await panel.getByLabel('E-Mail-Adresse').fill(HEAD);
  await panel.getByRole('button', { name: 'Zum Administrator machen' }).click();
  await expect(toast(page, 'Einladung als Administrator verschickt')).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Offene Einladungen' })).toContainText(
    `${HEAD} – Administrator`,
  );
  const mail = await newestMailTo(page.request, HEAD, { since, baseURL: server().baseURL });
  expect(mail.subject).toBe(`VR-Portal: Einladung in „${SCHOOL}“`);

  // The head of school sets up the account, accepts the terms and invites a teacher from the settings page.
  const head = await newPage(browser);
  await head.goto(invitationLinkIn(mail));
  await head.getByLabel('Vorname').fill('Sabine');
  await head.getByLabel('Nachname').fill('See');
  await head.getByLabel('Neues Passwort', { exact: true }).fill('Schule2026see');
  await head.getByLabel('Neues Passwort wiederholen').fill('Schule2026see');
  await head.getByRole('button', { name: 'Konto einrichten' }).click();
  await expect(head).toHaveURL(/\/login$/, { timeout: 20_000 });
  await head.getByLabel('Passwort', { exact: true }).fill('Schule2026see');
  await head.getByRole('button', { name: 'Anmelden' }).click();
  const terms = head.getByRole('dialog', { name: 'Datenschutzerklärung & Nutzungsbedingungen', exact: true });
  await expect(terms).toBeVisible({ timeout: 20_000 });
  await terms
    .getByRole('checkbox', { name: 'Ich habe die Nutzungsbedingungen gelesen und akzeptiere diese.' })
    .click();
  await terms.getByRole('button', { name: 'Akzeptieren' }).click();
  await expect(head).toHaveURL(/\/library$/);
  await head.goto(url('/dashboard/settings'));
  const teacherSince = new Date(Date.now() - 1000);
  await head.getByLabel('E-Mail-Adresse').fill(TEACHER);
  await head.getByRole('button', { name: 'Einladen', exact: true }).click();
  await expect(toast(head, 'Einladung verschickt')).toBeVisible();
  const teacherMail = await newestMailTo(head.request, TEACHER, {
    since: teacherSince,
    baseURL: server().baseURL,
  });
  expect(teacherMail.subject).toBe(`VR-Portal: Einladung in „${SCHOOL}“`);

  // Staff see the new administrator among the members.
  await page.reload();
  await expect(
    page.getByRole('region', { name: SCHOOL }).getByRole('list', { name: 'Mitglieder' }),
  ).toContainText(`Sabine See (${HEAD}) – Administrator`);
});

test('staff find a user by name and lock the account; the person can no longer sign in', async ({
  page,
  browser,
}) => {
  await signInAt(page, STAFF);
  await expect(page).toHaveURL(/\/library$/, { timeout: 20_000 });
  await page.goto(url('/administration'));
  await page.getByLabel('Konto suchen (Name oder E-Mail)').fill('neu@schule');
  const accounts = page.getByRole('list', { name: 'Konten' });
  await expect(accounts).toContainText('Gymnasium Demo');
  await accounts.getByRole('button', { name: `${users.neu} sperren` }).click();
  await expect(toast(page, 'Konto gesperrt')).toBeVisible();
  await expect(accounts.getByRole('button', { name: `${users.neu} entsperren` })).toBeVisible();

  const locked = await newPage(browser);
  await signInAt(locked, users.neu);
  // The sign-in's refusal is a toast (its text is also in the toaster's live region, so ask the toast itself).
  await expect(toast(locked, 'Ihr Konto ist gesperrt.')).toBeVisible({ timeout: 20_000 });
  await expect(locked).toHaveURL(/\/login$/);

  await accounts.getByRole('button', { name: `${users.neu} entsperren` }).click();
  await expect(toast(page, 'Konto entsperrt')).toBeVisible();
});

test("a member gets 'Keine Berechtigung' on /administration and no such navigation entry", async ({
  page,
}) => {
  await signInAt(page, users.admin);
  await expect(page).toHaveURL(/\/library$/, { timeout: 20_000 });
  await expect(
    page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Adminbereich' }),
  ).toHaveCount(0);
  await page.goto(url('/administration'));
  await expect(page.getByRole('heading', { name: 'Keine Berechtigung', level: 1 })).toBeVisible();
  await expect(page.getByText('Den Adminbereich nutzt nur das Portal-Team.')).toBeVisible();
});
