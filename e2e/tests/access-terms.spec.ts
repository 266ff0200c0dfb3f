import { expect, type Page, test } from '@playwright/test';
import { type IsolatedServer, startIsolatedServer } from './isolatedServer.ts';
import { DEMO_PASSWORD, openUserMenu, submitLogin, toast, userMenuButton, users } from './support.ts';

// Issue 4, item 4: the terms dialog, its documents, its keyboard trap, and new terms versions.
// Publishing terms affects every user, so the whole file runs against a server of its own.

const STAFF = 'staff@vr-portal.example';
const TITLE = 'Datenschutzerklärung & Nutzungsbedingungen';
const UPDATED_TITLE = 'Aktualisierte Datenschutzerklärung & Nutzungsbedingungen';

let server: IsolatedServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startIsolatedServer();
});
test.afterAll(async () => {
  await server?.stop();
});

/** Records window.open calls instead of opening tabs (PDFs would only start downloads in the test browser). */
async function recordNewTabs(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const opened: [string, string][] = [];
    Object.assign(window, { __opened: opened });
    window.open = (url?: string | URL, target?: string) => {
      opened.push([String(url), String(target)]);
      return null;
    };
  });
}

const openedTabs = (page: Page) =>
  page.evaluate(() => (window as unknown as { __opened: [string, string][] }).__opened);

async function signInAt(page: Page, email: string): Promise<void> {
  await page.goto(`${server.baseURL}/login`);
  await submitLogin(page, email, DEMO_PASSWORD);
}

/**
 * The first test of this file: nobody has accepted anything on this server yet (on the suite's shared server another
 * spec may have accepted the terms for Nina Neu before). Every toast on the page, by the Toaster's own mark: also one
 * under a modal dialog, which hides it from the accessibility tree.
 */
test("the terms dialog: no sign-in toast over it, and 'Abbrechen' shows one toast, 'Sie werden ausgeloggt'", async ({
  page,
}) => {
  const toasts = page.locator('li[data-tone]');
  await signInAt(page, users.neu);
  const dialog = page.getByRole('dialog', { name: TITLE });
  await expect(dialog).toBeVisible();
  await expect(toasts).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  // Signed out (the session is gone and the sign-in offered): every toast of the logout has been raised by now.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Anmelden' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('vr-portal.accessToken'))).toBeNull();
  // Exactly this one, never beside another: the list of toasts on screen is never anything else on its way.
  await expect(toasts).toHaveText(['Sie werden ausgeloggt']);
});

test('the dialog opens the terms and the privacy policy in new tabs, and keeps the keyboard inside', async ({
  page,
  request,
}) => {
  await recordNewTabs(page);
  await signInAt(page, users.neu);
  const dialog = page.getByRole('dialog', { name: TITLE, exact: true });
  await expect(dialog).toBeVisible();

  const tos = (await (await request.get(`${server.baseURL}/api/v1/organisations/current-tos/`)).json()) as {
    tosFile: string;
  };
  const pp = (await (await request.get(`${server.baseURL}/api/v1/organisations/current-pp/`)).json()) as {
    privacyPolicyFile: string | null;
  };
  await dialog.getByRole('button', { name: 'Nutzungsbedingungen öffnen' }).click();
  await dialog.getByRole('button', { name: 'Datenschutzerklärung öffnen' }).click();
  expect(await openedTabs(page)).toEqual([
    [tos.tosFile, '_blank'],
    [pp.privacyPolicyFile ?? '/datenschutzerklaerung.pdf', '_blank'],
  ]);

  // Nothing behind the dialog takes the focus, however often Tab is pressed (forwards and back).
  for (const key of [...Array(12).fill('Tab'), ...Array(6).fill('Shift+Tab')] as string[]) {
    await page.keyboard.press(key);
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
  }
  await expect(page.locator('#root')).toHaveAttribute('aria-hidden', 'true');
});

test('when the terms cannot be loaded, their button says so and asks again instead of doing nothing', async ({
  page,
}) => {
  await recordNewTabs(page);
  let refuse = true;
  await page.route('**/api/v1/organisations/current-tos/', (route) =>
    refuse
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"später"}' })
      : route.continue(),
  );
  await signInAt(page, users.neu);
  const dialog = page.getByRole('dialog', { name: TITLE, exact: true });
  await expect(dialog).toBeVisible();
  const open = dialog.getByRole('button', { name: 'Nutzungsbedingungen öffnen' });
  await open.click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Die Nutzungsbedingungen konnten nicht geladen werden. Bitte versuchen Sie es gleich noch einmal.',
  );
  expect(await openedTabs(page)).toEqual([]);
  // Each click asks again; once the server answers, the button opens them.
  refuse = false;
  await expect
    .poll(
      async () => {
        await open.click();
        return openedTabs(page);
      },
      { timeout: 15_000 },
    )
    .toContainEqual([expect.stringContaining('/'), '_blank']);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

test("a failed acceptance says 'Unbekannter Fehler' and logs out", async ({ page }) => {
  await signInAt(page, users.neu);
  const dialog = page.getByRole('dialog', { name: TITLE, exact: true });
  await expect(dialog).toBeVisible();
  await page.route('**/api/v1/users/tos/', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"kaputt"}' }),
  );
  await dialog
    .getByRole('checkbox', { name: 'Ich habe die Nutzungsbedingungen gelesen und akzeptiere diese.' })
    .click();
  await dialog.getByRole('button', { name: 'Akzeptieren' }).click();
  await expect(toast(page, 'Unbekannter Fehler')).toBeVisible();
  await expect(toast(page, 'Unbekannter Fehler')).toContainText(
    'Bitte probieren Sie es später erneut oder melden',
  );
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('vr-portal.accessToken'))).toBeNull();
});

test('staff publish new terms in the Adminbereich; signed-in users meet the updated dialog on returning to the window', async ({
  page,
  browser,
}) => {
  // Two browsers, a publication and two sign-ins: about 25 s on a quiet machine.
  test.setTimeout(90_000);
  // A teacher is signed in and working in the Mediathek.
  await signInAt(page, users.lehrer);
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole('dialog')).toBeHidden();

  // Staff (no organisation) publish a new version from the Adminbereich (issue 24), in a browser of their own.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAt(staff, STAFF);
  await expect(staff).toHaveURL(/\/library$/);
  // Staff have no organisation: no settings, and nothing they could create content for.
  await expect(staff.getByRole('link', { name: 'Inhalt erstellen' })).toHaveCount(0);
  const menu = await openUserMenu(staff);
  await expect(menu.getByRole('menuitem', { name: 'Einstellungen' })).toHaveCount(0);
  await staff.keyboard.press('Escape');
  await staff
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Adminbereich' })
    .click();
  await expect(staff.getByRole('heading', { name: 'Nutzungsbedingungen veröffentlichen' })).toBeVisible();
  await expect(staff.getByText('Aktuelle Version: 1')).toBeVisible();
  await staff.getByLabel('Adresse der Nutzungsbedingungen (PDF)').fill('nutzungsbedingungen-v2.pdf');
  await staff.getByRole('button', { name: 'Neue Version veröffentlichen' }).click();
  await expect(
    staff.getByText('Bitte geben Sie eine Adresse ein, die mit https://, http:// oder / beginnt.'),
  ).toBeVisible();
  await staff.getByLabel('Adresse der Nutzungsbedingungen (PDF)').fill('/media/nutzungsbedingungen-v2.pdf');
  await staff.getByRole('button', { name: 'Neue Version veröffentlichen' }).click();
  const confirm = staff.getByRole('alertdialog', { name: 'Neue Nutzungsbedingungen veröffentlichen?' });
  await confirm.getByRole('button', { name: 'Veröffentlichen' }).click();
  // The new version applies to staff as well.
  await expect(staff.getByRole('dialog', { name: UPDATED_TITLE })).toBeVisible();
  const current = await staff.request.get(`${server.baseURL}/api/v1/organisations/current-tos/`);
  expect(((await current.json()) as { version: number }).version).toBe(2);
  await staffContext.close();

  // Back in the teacher's window: the updated dialog comes up without a reload.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const dialog = page.getByRole('dialog', { name: UPDATED_TITLE });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mediathek', level: 1 })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(toast(page, 'Sie werden ausgeloggt')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('vr-portal.accessToken'))).toBeNull();

  await signInAt(page, users.lehrer);
  await expect(dialog).toBeVisible();
  await dialog
    .getByRole('checkbox', { name: 'Ich habe die Nutzungsbedingungen gelesen und akzeptiere diese.' })
    .click();
  await dialog.getByRole('button', { name: 'Akzeptieren' }).click();
  // (The success toast itself is checked in auth.spec.ts.)
  await expect(dialog).toBeHidden();
  // Accepting ends the sign-in on the Mediathek; the reload waits for that navigation instead of cutting it off.
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole('heading', { name: 'Mediathek', level: 1 })).toBeVisible();
  await page.reload();
  await expect(userMenuButton(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
});
