import { expect, type Page, test } from '@playwright/test';
import { users } from './support.ts';
import { chooseFile, FILE_NAME, startHeldUpload, useUploadServer, watchParts } from './uploadServer.ts';

// Leaving the edit page during an upload, a page past the end of the list, a detail page the server fails to
// answer. A server and upload directory of this spec's own (uploadServer.ts).
const { bigFile, url, signInAt, createViaApi, incomingFiles } = useUploadServer('library-leave-e2e');

test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** Calls of the page that cancel an upload on the server. */
function watchAborts(page: Page): string[] {
  const aborts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/abort-multipart-upload/')) aborts.push(request.url());
  });
  return aborts;
}

const storedUploads = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('vr-portal.upload.')));

test('leaving the edit page during an upload asks first, keeps the upload, and the same file resumes it', async ({
  page,
  request,
}) => {
  const id = await createViaApi(request, 'Verlassen-Test');
  await signInAt(page, users.admin);
  const aborts = watchAborts(page);
  // Parts 1–4 go through; later parts hang until the test lets them fail, so the upload is still running.
  const dropConnection = await startHeldUpload(page, url(`/library/${id}/edit`), bigFile, {
    timeout: 60_000,
  });

  // An in-app link asks first; 'Hierbleiben' keeps the page and the upload.
  const question = page.getByRole('alertdialog', { name: 'Upload läuft noch' });
  await page.getByRole('link', { name: 'Abbrechen' }).click();
  await expect(question).toBeVisible();
  await expect(question).toContainText('dieselbe Datei erneut');
  await question.getByRole('button', { name: 'Hierbleiben' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/library/${id}/edit$`));
  await expect(page.getByRole('progressbar', { name: 'Fortschritt des Uploads' })).toBeVisible();

  // Closing the tab or reloading gets the browser's own warning.
  const warning = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await warning;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(page.getByRole('progressbar', { name: 'Fortschritt des Uploads' })).toBeVisible();

  // Leaving after all: the upload is interrupted, not cancelled.
  await page.getByRole('link', { name: 'Abbrechen' }).click();
  await question.getByRole('button', { name: 'Seite verlassen' }).click();
  await expect(page).toHaveURL(new RegExp(`/library/${id}$`));
  dropConnection();
  await page.unrouteAll({ behavior: 'wait' });
  expect(aborts).toEqual([]);
  expect(await incomingFiles()).not.toEqual([]);
  expect(await storedUploads(page)).toEqual([`vr-portal.upload.content.${id}`]);

  // Back on the edit page, the same file continues where it stopped.
  const parts = watchParts(page);
  await page.getByRole('link', { name: 'Bearbeiten' }).click();
  await expect(
    page.getByText(
      `Ein Upload von „${FILE_NAME}“ wurde unterbrochen (40 % fertig). Wählen Sie dieselbe Datei erneut, um ihn fortzusetzen.`,
    ),
  ).toBeVisible();
  await chooseFile(page, 'Datei wählen', bigFile);
  await expect(page.getByText('Datei hochgeladen.', { exact: true })).toBeVisible({ timeout: 60_000 });
  // Only parts the server did not have went out (request events reach the test late on a busy machine, so
  // the check is that none of the finished parts 1–4 was sent again).
  await expect.poll(() => parts.length).toBeGreaterThan(0);
  expect(parts.filter((part) => part <= 4)).toEqual([]);
  await expect.poll(incomingFiles).toEqual([]);
  expect(aborts).toEqual([]);
  await expect(page.getByText('Aktuelle Datei: 50,00 MB')).toBeVisible();

  // Once the upload is done, links go without asking.
  await page.getByRole('link', { name: 'Abbrechen' }).click();
  await expect(page).toHaveURL(new RegExp(`/library/${id}$`));
  await expect(question).toHaveCount(0);
});

test('a bookmarked page past the end of the list goes to the last page, keeping the filters', async ({
  page,
}) => {
  await signInAt(page, users.admin);
  await page.goto(url('/library?type=video&page=40'));
  await expect(page).toHaveURL(/\/library\?type=video$/);
  await expect(page.getByRole('list', { name: 'Inhalte der Mediathek' })).toBeVisible();
  await expect(page.getByText('Die Inhalte konnten nicht geladen werden')).toHaveCount(0);
});

test('a detail page the server fails to answer offers a retry; only a 404 is "not found"', async ({
  page,
  request,
}) => {
  const id = await createViaApi(request, 'Fehler-Test');
  await signInAt(page, users.admin);
  let failing = true;
  await page.route(`**/api/v2/cms/content/${id}/`, async (route) => {
    if (!failing) return route.continue();
    return route.fulfill({ status: 500, json: { detail: 'Interner Fehler.' } });
  });

  for (const path of [`/library/${id}`, `/library/${id}/edit`]) {
    failing = true;
    await page.goto(url(path));
    await expect(page.getByText('Der Inhalt konnte nicht geladen werden')).toBeVisible();
    await expect(page.getByText('Inhalt nicht gefunden')).toHaveCount(0);
    failing = false;
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      path.endsWith('/edit') ? 'Inhalt bearbeiten' : 'Fehler-Test',
    );
  }

  await page.goto(url('/library/987654'));
  await expect(page.getByText('Inhalt nicht gefunden')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toHaveCount(0);
});
