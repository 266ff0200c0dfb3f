import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { useIsolatedServer } from './isolatedServer.ts';
import { newestMailTo } from './outbox.ts';
import { axeViolations, DEMO_PASSWORD, submitLogin, toast, userMenuButton, users } from './support.ts';

// Issue 12 item 6: administrators remove members from the settings page, each removal confirmed naming the person
// and the organisation; the removed person's session loses the organisation at once, or is signed out when the
// account went with it; the last administrator cannot be removed. Removals change what other specs see, so the
// file runs against a server of its own.

test.describe.configure({ mode: 'serial' });

const server = useIsolatedServer();

const KMZ = 'Kreismedienzentrum Demo';
/** A playlist of the KMZ: offered in the 'Zu Wiedergabeliste hinzufügen' picker to the KMZ's members only. */
const KMZ_PLAYLIST = 'Geschichte erleben';
/** A Gymnasium playlist: the teacher keeps it after leaving the KMZ. */
const SCHOOL_PLAYLIST = 'Erdkunde 8b';
/** A public item whose detail page offers the playlist picker. */
const TITLE = 'Klimawandel in der Arktis';
const PASSWORD = 'Herbst2026neu';

async function signInAt(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${server().baseURL}/login`);
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/library$/);
}

async function bearerFor(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const login = await request.post(`${server().baseURL}/api/v1/sessions/`, {
    data: { username: email, password },
  });
  expect(login.status()).toBe(201);
  return { Authorization: `Bearer ${(await login.json()).access}` };
}

/**
 * A new person whose only organisation is the KMZ, through the invitation link's calls (the browser flow is proven
 * by invite.spec.ts), with the terms accepted; optionally made an administrator.
 */
async function newKmzMember(
  request: APIRequestContext,
  person: { email: string; firstName: string; lastName: string },
  administrator = false,
): Promise<void> {
  const base = server().baseURL;
  const admin = await bearerFor(request, users.admin);
  const [kmz] = (await (await request.get(`${base}/api/v1/users/me/`, { headers: admin })).json())
    .organisations as { id: number }[];
  const since = new Date(Date.now() - 1000);
  const invited = await request.post(`${base}/api/v1/organisations/${kmz?.id}/invitations/`, {
    headers: admin,
    data: { email: person.email },
  });
  expect(invited.status()).toBe(201);
  const mail = await newestMailTo(request, person.email, { since, baseURL: base });
  const token = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  const accepted = await request.post(`${base}/api/v1/invitations/accept/`, {
    data: { token, password: PASSWORD, firstName: person.firstName, lastName: person.lastName },
  });
  expect(accepted.status()).toBe(201);
  const own = await bearerFor(request, person.email, PASSWORD);
  expect((await request.post(`${base}/api/v1/users/tos/`, { headers: own, data: {} })).status()).toBe(201);
  if (!administrator) return;
  const me = await (await request.get(`${base}/api/v1/users/me/`, { headers: own })).json();
  const membership = me.organisations[0].memberships.find(
    (m: { user: { email: string } }) => m.user.email === person.email,
  );
  const promoted = await request.patch(
    `${base}/api/v1/organisations/${kmz?.id}/memberships/${membership.id}/`,
    { headers: admin, data: { isAdministrator: true } },
  );
  expect(promoted.status()).toBe(200);
}

/** The playlists the picker of the item's detail page offers, as the signed-in person sees them now. */
async function offeredPlaylists(page: Page): Promise<string[]> {
  await page.goto(`${server().baseURL}/library?search=${encodeURIComponent(TITLE)}`);
  await page.getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Zu Wiedergabeliste hinzufügen' }).click();
  const picker = page.getByRole('combobox', { name: 'Wiedergabeliste' });
  await expect(picker.getByRole('option', { name: SCHOOL_PLAYLIST })).toHaveCount(1);
  return picker.getByRole('option').allTextContents();
}

async function openSettings(page: Page): Promise<void> {
  await page.goto(`${server().baseURL}/dashboard/settings`);
  await expect(page.getByRole('heading', { name: 'Mitglieder', level: 2, exact: true })).toBeVisible();
}

const memberList = (page: Page) => page.getByRole('list', { name: 'Mitglieder der Organisation' });
const memberRow = (page: Page, text: string) =>
  memberList(page).getByRole('listitem').filter({ hasText: text });

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('the last administrator cannot be removed and is told why', async ({ page }) => {
  await signInAt(page, users.admin);
  await openSettings(page);
  const own = memberRow(page, users.admin);
  await expect(own).toContainText('(Sie)');
  await expect(own.getByRole('button')).toHaveCount(0);
  await expect(own).toContainText(
    'Die Organisation braucht mindestens eine Administratorin oder einen Administrator. Ernennen Sie zuerst ein anderes Mitglied, dann können Sie diese Rolle abgeben oder die Organisation verlassen.',
  );
});

test('an administrator removes a member after confirming; the member’s session no longer sees the organisation', async ({
  page,
  browser,
}) => {
  await signInAt(page, users.admin);
  await openSettings(page);
  await page.getByLabel('E-Mail-Adresse').fill(users.lehrer);
  await page.getByRole('button', { name: 'Einladen', exact: true }).click();
  await expect(toast(page, 'Mitglied hinzugefügt')).toBeVisible();

  // The teacher, a member of the Gymnasium and now of the KMZ, is signed in elsewhere and sees both.
  const teacher = await newPage(browser);
  await signInAt(teacher, users.lehrer);
  expect(await offeredPlaylists(teacher)).toContain(KMZ_PLAYLIST);

  const row = memberRow(page, users.lehrer);
  await row.getByRole('button', { name: `Lars Lehrer aus „${KMZ}“ entfernen` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Lars Lehrer aus „${KMZ}“ entfernen?` });
  await expect(dialog).toContainText(
    `Lars Lehrer sieht danach keine Inhalte, Wiedergabelisten und VR-Brillen von „${KMZ}“ mehr.`,
  );
  await expect(dialog).not.toContainText('Konto');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: `Lars Lehrer aus „${KMZ}“ entfernen` }).click();
  await dialog.getByRole('button', { name: 'Entfernen', exact: true }).click();
  await expect(toast(page, 'Mitglied entfernt')).toContainText(
    `Lars Lehrer ist nicht mehr Mitglied von „${KMZ}“.`,
  );
  await expect(row).toHaveCount(0);

  // The teacher's session goes on, without the KMZ: its playlists are no longer offered, the school's still are.
  const offered = await offeredPlaylists(teacher);
  expect(offered).not.toContain(KMZ_PLAYLIST);
  expect(offered).toContain(SCHOOL_PLAYLIST);
  await teacher.context().close();
});

test('removing a member whose only organisation it is deletes the account, as the dialog says; their session ends', async ({
  page,
  browser,
  request,
}) => {
  await newKmzMember(request, { email: 'nora.nur@kmz.example', firstName: 'Nora', lastName: 'Nur' });
  const nora = await newPage(browser);
  await signInAt(nora, 'nora.nur@kmz.example', PASSWORD);
  await expect(userMenuButton(nora)).toContainText(KMZ);

  await signInAt(page, users.admin);
  await openSettings(page);
  await memberRow(page, 'nora.nur@kmz.example')
    .getByRole('button', { name: `Nora Nur aus „${KMZ}“ entfernen` })
    .click();
  const dialog = page.getByRole('alertdialog', { name: `Nora Nur aus „${KMZ}“ entfernen?` });
  await expect(dialog).toContainText(
    `„${KMZ}“ ist die einzige Organisation von Nora Nur. Deshalb wird auch das Konto von Nora Nur gelöscht.`,
  );
  await dialog.getByRole('button', { name: 'Entfernen', exact: true }).click();
  await expect(toast(page, 'Mitglied entfernt')).toContainText('das Konto wurde gelöscht');
  await expect(memberRow(page, 'nora.nur@kmz.example')).toHaveCount(0);

  // Nora's next step finds her signed out, and her password no longer signs anybody in.
  await nora.goto(`${server().baseURL}/library`);
  await expect(toast(nora, 'Sie sind nicht eingeloggt')).toBeVisible();
  await expect(nora.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await expect(userMenuButton(nora)).toHaveCount(0);
  await nora.goto(`${server().baseURL}/login`);
  await submitLogin(nora, 'nora.nur@kmz.example', PASSWORD);
  await expect(nora.getByText('Noch 2 Versuche', { exact: false })).toBeVisible();
  await nora.context().close();
});

test('an administrator leaves the organisation while another administrator remains; their last one ends the account', async ({
  page,
  request,
}) => {
  await newKmzMember(request, { email: 'olaf.ort@kmz.example', firstName: 'Olaf', lastName: 'Ort' }, true);
  await signInAt(page, 'olaf.ort@kmz.example', PASSWORD);
  await openSettings(page);
  await memberRow(page, 'olaf.ort@kmz.example')
    .getByRole('button', { name: `„${KMZ}“ verlassen` })
    .click();
  const dialog = page.getByRole('alertdialog', { name: `„${KMZ}“ verlassen?` });
  await expect(dialog).toContainText(
    `„${KMZ}“ ist Ihre einzige Organisation. Deshalb wird auch Ihr Konto gelöscht und Sie werden abgemeldet.`,
  );
  await dialog.getByRole('button', { name: 'Verlassen', exact: true }).click();
  await expect(toast(page, 'Konto gelöscht')).toContainText(`Sie sind nicht mehr Mitglied von „${KMZ}“`);
  await expect(page).toHaveURL(/\/library$/);
  await expect(userMenuButton(page)).toHaveCount(0);
});
