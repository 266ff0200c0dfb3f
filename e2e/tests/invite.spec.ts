import { expect, type Page, test } from '@playwright/test';
import { useIsolatedServer } from './isolatedServer.ts';
import { newestMailTo, type OutboxMail } from './outbox.ts';
import { axeViolations, DEMO_PASSWORD, submitLogin, toast, users } from './support.ts';

// Issue 12 item 6: an administrator invites people from the settings page; the invited person sets a password on
// first visit, signs in, accepts the terms and is a member. New accounts and members change what other specs see
// (the settings page's baselines), so the file runs against a server of its own.

test.describe.configure({ mode: 'serial' });

const server = useIsolatedServer();

const NEW_TEACHER = 'neue.lehrerin@kmz.example';

/** The invitation link of a mail, e.g. 'http://127.0.0.1:41234/invitation/AbC…'. */
function invitationLinkIn(mail: OutboxMail): string {
  const link = /https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no invitation link in mail '${mail.subject}'`);
  return link;
}

async function openSettingsAsAdmin(page: Page): Promise<void> {
  await page.goto(`${server().baseURL}/login`);
  await submitLogin(page, users.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/library$/);
  await page.goto(`${server().baseURL}/dashboard/settings`);
  await expect(page.getByRole('heading', { name: 'Mitglieder einladen', level: 2 })).toBeVisible();
}

async function invite(page: Page, email: string): Promise<void> {
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Einladen', exact: true }).click();
}

const openInvitations = (page: Page) =>
  page.getByRole('list', { name: 'Offene Einladungen der Organisation' });

test('an administrator invites by email, sees the invitation as open and can withdraw one', async ({
  page,
}) => {
  await openSettingsAsAdmin(page);

  const since = new Date(Date.now() - 1000);
  await invite(page, 'neue.lehrerin@kmz');
  await expect(
    page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@schule.de.'),
  ).toBeVisible();
  await invite(page, NEW_TEACHER);
  await expect(toast(page, 'Einladung verschickt')).toContainText(`${NEW_TEACHER} erhält eine E-Mail`);
  const open = openInvitations(page).getByRole('listitem').filter({ hasText: NEW_TEACHER });
  await expect(open).toContainText('Offen');
  await expect(open).toContainText(/Der Link ist bis \d{2}\.\d{2}\.\d{4} gültig\./);
  const mail = await newestMailTo(page.request, NEW_TEACHER, { since, baseURL: server().baseURL });
  expect(mail.subject).toBe('VR-Portal: Einladung in „Kreismedienzentrum Demo“');

  // A second invitation, withdrawn after a question that names the address: its link stops working.
  await invite(page, 'doch.nicht@kmz.example');
  const withdrawn = openInvitations(page).getByRole('listitem').filter({ hasText: 'doch.nicht@kmz.example' });
  await expect(withdrawn).toBeVisible();
  const withdrawnLink = invitationLinkIn(
    await newestMailTo(page.request, 'doch.nicht@kmz.example', { since, baseURL: server().baseURL }),
  );
  await withdrawn.getByRole('button', { name: 'Einladung an doch.nicht@kmz.example zurückziehen' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Einladung an doch.nicht@kmz.example zurückziehen?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Zurückziehen' }).click();
  await expect(toast(page, 'Einladung zurückgezogen')).toBeVisible();
  await expect(withdrawn).toHaveCount(0);
  await page.goto(withdrawnLink);
  await expect(page.getByRole('heading', { name: 'Einladung nicht mehr gültig', level: 1 })).toBeVisible();

  // An address with an account joins at once; a member already is told so at the field.
  await page.goto(`${server().baseURL}/dashboard/settings`);
  await invite(page, users.lehrer);
  await expect(toast(page, 'Mitglied hinzugefügt')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Mitglieder der Organisation' })).toContainText(users.lehrer);
  await invite(page, users.admin);
  await expect(page.getByText('admin@kmz.example ist bereits Mitglied dieser Organisation.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('an invited member sets a password on first visit, signs in, accepts the terms and is a member', async ({
  page,
}) => {
  const link = invitationLinkIn(await newestMailTo(page.request, NEW_TEACHER, { baseURL: server().baseURL }));
  await page.goto(link);
  await expect(
    page.getByRole('heading', { name: 'Einladung in „Kreismedienzentrum Demo“', level: 1 }),
  ).toBeVisible();
  await expect(
    page.getByText('lädt Sie ein, im VR-Portal Mitglied von „Kreismedienzentrum Demo“ zu werden.'),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The form's checks first (spec §5), then the account.
  await page.getByRole('button', { name: 'Konto einrichten' }).click();
  await expect(page.getByText('Bitte geben Sie Ihren Vornamen ein.')).toBeVisible();
  await page.getByLabel('Vorname').fill('Nele');
  await page.getByLabel('Nachname').fill('Neumann');
  await page.getByLabel('Neues Passwort', { exact: true }).fill('kurz1');
  await page.getByLabel('Neues Passwort wiederholen').fill('kurz1');
  await page.getByRole('button', { name: 'Konto einrichten' }).click();
  await expect(
    page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein und mindestens eine Ziffer'),
  ).toBeVisible();
  await page.getByLabel('Neues Passwort', { exact: true }).fill('Herbst2026neu');
  await page.getByLabel('Neues Passwort wiederholen').fill('Herbst2026neu');
  await page.getByRole('button', { name: 'Konto einrichten' }).click();

  // To the sign-in, the address filled in.
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Konto eingerichtet')).toBeVisible();
  await expect(page.getByLabel('E-Mail')).toHaveValue(NEW_TEACHER);
  await page.getByLabel('Passwort', { exact: true }).fill('Herbst2026neu');
  await page.getByRole('button', { name: 'Anmelden' }).click();

  // Like every new user: the terms first.
  const terms = page.getByRole('dialog', { name: 'Datenschutzerklärung & Nutzungsbedingungen', exact: true });
  await expect(terms).toBeVisible();
  await terms
    .getByRole('checkbox', { name: 'Ich habe die Nutzungsbedingungen gelesen und akzeptiere diese.' })
    .click();
  await terms.getByRole('button', { name: 'Akzeptieren' }).click();
  await expect(toast(page, 'Nutzungsbedingungen akzeptiert')).toBeVisible();
  await expect(page).toHaveURL(/\/library$/);
  // The header names her and her organisation.
  await expect(page.getByRole('banner')).toContainText('Kreismedienzentrum Demo');

  // The link is used up.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Einladung nicht mehr gültig', level: 1 })).toBeVisible();
});

test("the administrator's settings list the new member and no open invitation for her", async ({ page }) => {
  await openSettingsAsAdmin(page);
  await expect(page.getByRole('list', { name: 'Mitglieder der Organisation' })).toContainText('Nele Neumann');
  await expect(page.getByText('Keine offenen Einladungen.')).toBeVisible();
});
