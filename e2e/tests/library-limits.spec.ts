import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { toast, users } from './support.ts';
import { chooseFile, useUploadServer, watchParts } from './uploadServer.ts';

// Issue 10, items 5 and 9, as a teacher meets them: a server of its own with small limits (a video at most 1 MB,
// a preview at most 64 KB, 1.5 MB of storage per organisation), so refusals need only small files.
const MiB = 1024 * 1024;
const { workDir, url, signInAt, tokenOf, createViaApi } = useUploadServer('library-limits', {
  MAX_VIDEO_BYTES: String(MiB),
  MAX_PREVIEW_BYTES: String(64 * 1024),
  STORAGE_QUOTA_BYTES: String(1.5 * MiB),
});
const files = {
  fits: join(workDir, 'rundgang.mp4'),
  tooLarge: join(workDir, 'zu_gross.mp4'),
  preview: join(workDir, 'vorschau.png'),
  largePreview: join(workDir, 'riesig.png'),
};
// A 1×1 PNG, and one padded far beyond the preview limit (the server reads only its first bytes to know it).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  await writeFile(files.fits, Buffer.alloc(MiB, 1));
  await writeFile(files.tooLarge, Buffer.alloc(2 * MiB, 2));
  await writeFile(files.preview, PNG);
  await writeFile(files.largePreview, Buffer.concat([PNG, Buffer.alloc(100 * 1024)]));
});

const uploadZone = (page: Page) => page.getByRole('main');

test('a video over the limit is refused as soon as it is chosen, naming the limit', async ({
  page,
  request,
}) => {
  const id = await createViaApi(request, 'Zu groß');
  await signInAt(page, users.admin);
  const parts = watchParts(page);
  await page.goto(url(`/library/${id}/edit`));
  await chooseFile(page, 'Datei wählen', files.tooLarge);
  await expect(
    uploadZone(page).getByText('Die Datei ist zu groß (max. 1,00 MB). Bitte wählen Sie eine kleinere Datei.'),
  ).toBeVisible();
  await expect(page.getByText('Noch keine Datei hochgeladen.')).toBeVisible();
  // Refused at the start: not one part was sent.
  expect(parts).toEqual([]);
});

test("a file beyond the organisation's storage is refused with what is in use; deleting frees it", async ({
  page,
  request,
}) => {
  const first = await createViaApi(request, 'Erster Rundgang');
  const second = await createViaApi(request, 'Zweiter Rundgang');
  await signInAt(page, users.admin);
  await page.goto(url(`/library/${first}/edit`));
  await chooseFile(page, 'Datei wählen', files.fits);
  await expect(page.getByText('Datei hochgeladen.', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Aktuelle Datei: 1,00 MB')).toBeVisible();

  await page.goto(url(`/library/${second}/edit`));
  await chooseFile(page, 'Datei wählen', files.fits);
  await expect(
    uploadZone(page).getByText(
      'Der Speicherplatz Ihrer Organisation reicht für diese Datei nicht aus (belegt: 1,00 MB von 1,50 MB). ' +
        'Bitte löschen Sie Inhalte, die Sie nicht mehr brauchen, oder wählen Sie eine kleinere Datei.',
    ),
  ).toBeVisible();

  // The teacher deletes the first item as the message suggests; then the file fits.
  await page.goto(url(`/library/${first}`));
  await page.getByRole('button', { name: 'Löschen' }).click();
  await page.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(toast(page, 'Inhalt gelöscht.')).toBeVisible();
  await page.goto(url(`/library/${second}/edit`));
  await chooseFile(page, 'Datei wählen', files.fits);
  await expect(page.getByText('Datei hochgeladen.', { exact: true })).toBeVisible({ timeout: 30_000 });
});

test('a preview image over its limit is refused in the form, naming the limit', async ({ page }) => {
  await signInAt(page, users.lehrer);
  await page.goto(url('/library/new'));
  await chooseFile(page, 'Vorschaubild wählen', files.largePreview);
  await expect(
    page
      .getByRole('main')
      .getByText('Die Datei ist zu groß (max. 64,00 KB). Bitte wählen Sie eine kleinere Datei.'),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'Vorschaubild' })).toHaveCount(0);
});

test("a private item's preview shows for its organisation through its signed URL, and for nobody else", async ({
  page,
  request,
}) => {
  const title = 'Klassenfahrt Xanten';
  await signInAt(page, users.lehrer);
  await page.goto(url('/library/new'));
  await page.getByLabel('Titel').fill(title);
  await page.getByLabel('Inhaltstyp').selectOption('video');
  await chooseFile(page, 'Vorschaubild wählen', files.preview);
  const inForm = page.getByRole('img', { name: 'Vorschaubild' });
  await expect(inForm).toBeVisible();
  await expect.poll(() => inForm.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await page.getByRole('button', { name: 'Inhalt anlegen' }).click();
  await expect(page).toHaveURL(/\/library\/\d+\/edit$/);
  const id = Number(/\/library\/(\d+)\/edit$/.exec(page.url())?.[1]);

  await page.goto(url(`/library/${id}`));
  const onDetail = page.getByRole('img', { name: `„${title}“ abspielen` });
  await expect.poll(() => onDetail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  const src = (await onDetail.getAttribute('src')) ?? '';
  expect(src).toMatch(
    /^\/media\/files\/previews\/[A-Za-z0-9_-]{22}\?org=\d+&expires=\d+&signature=[0-9a-f]{64}$/,
  );
  // Without the signature nobody gets it, signed in or not; the content itself is 404 for another organisation.
  expect((await request.get(url(src.split('?')[0] ?? ''))).status()).toBe(404);
  const zfsl = await tokenOf(request, users.zfsl);
  const foreign = await request.get(url(`/api/v2/cms/content/${id}/`), {
    headers: { Authorization: `Bearer ${zfsl}` },
  });
  expect(foreign.status()).toBe(404);
  const served = await request.get(url(src));
  expect(served.status()).toBe(200);
  expect(served.headers()['cache-control']).toBe('private, max-age=300');
});
