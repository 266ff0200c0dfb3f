import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, expect, test } from '@playwright/test';
import { toast, users } from './support.ts';
import { chooseFile, FILE_NAME, startHeldUpload, useUploadServer, watchParts } from './uploadServer.ts';

// Creating, uploading, sharing and deleting: a server and upload directory of this spec's own (uploadServer.ts).
const { workDir, bigFile, url, signInAt, tokenOf, createViaApi, incomingFiles } =
  useUploadServer('library-e2e');

// A 1×1 PNG: the server checks preview images by their content.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const previewFile = join(workDir, 'vorschau.png');

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  await writeFile(previewFile, PNG);
});

let contentId = 0;
const title = 'Rundgang durch die Zeche';

test('create a video with preview image, then upload 50 MB with visible progress', async ({ page }) => {
  await signInAt(page, users.admin);
  await page.getByRole('main').getByRole('link', { name: 'Inhalt erstellen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inhalt erstellen' })).toBeVisible();

  // German validation before anything is sent.
  await page.getByRole('button', { name: 'Inhalt anlegen' }).click();
  await expect(page.getByText('Bitte geben Sie einen Titel ein.')).toBeVisible();
  await page.getByLabel('Titel').fill(title);
  await page.getByLabel('Inhaltstyp').selectOption('video');
  await page.getByLabel('Format').selectOption('360');
  await expect(page.getByLabel('Format').getByRole('option', { name: '3D 180° (links/rechts)' })).toHaveCount(
    1,
  );
  await page.getByLabel('Dauer (h:mm:ss)').fill('1:02:05');
  await page.getByLabel('Alter von').fill('14');
  await page.getByLabel('Alter bis').fill('12');
  await page.getByRole('button', { name: 'Inhalt anlegen' }).click();
  await expect(page.getByText('Das Mindestalter darf nicht größer als das Höchstalter sein.')).toBeVisible();
  await page.getByLabel('Alter bis').fill('18');

  await chooseFile(page, 'Vorschaubild wählen', previewFile);
  await expect(page.getByRole('img', { name: 'Vorschaubild' })).toBeVisible();
  await page.getByRole('button', { name: 'Inhalt anlegen' }).click();
  await expect(page).toHaveURL(/\/library\/\d+\/edit$/);
  contentId = Number(/\/library\/(\d+)\/edit$/.exec(page.url())?.[1]);
  await expect(toast(page, 'Inhalt angelegt.')).toBeVisible();

  // Record every text the progress shows (the upload may be quicker than any polling).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressTexts: string[] }).progressTexts = seen;
    new MutationObserver(() => {
      for (const p of document.querySelectorAll('main p')) {
        const text = p.textContent ?? '';
        if (/hochgeladen \(|\/s ·/.test(text) && seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await chooseFile(page, 'Datei wählen', bigFile);
  await expect(page.getByRole('progressbar', { name: 'Fortschritt des Uploads' })).toBeVisible();
  await expect(page.getByText('Datei hochgeladen.', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Aktuelle Datei: 50,00 MB')).toBeVisible();
  expect(await incomingFiles()).toEqual([]);
  const texts = await page.evaluate(() => (window as unknown as { progressTexts: string[] }).progressTexts);
  // Progress in between, with speed and remaining time.
  expect(
    texts.some((t) => /^(5|10|15|20|25|30|35|40|45),00 MB von 50,00 MB hochgeladen \(\d+ %\)$/.test(t)),
  ).toBe(true);
  expect(texts.some((t) => /^\d+,\d\d (B|KB|MB|GB)\/s · noch \d+:\d\d:\d\d$/.test(t))).toBe(true);

  await page.goto(url(`/library/${contentId}`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('img', { name: `„${title}“ abspielen` })).toBeVisible();
  const facts = page.getByRole('definition');
  await expect(facts.filter({ hasText: '50,00 MB' })).toHaveCount(1);
  await expect(facts.filter({ hasText: '1:02:05' })).toHaveCount(1);
  await expect(facts.filter({ hasText: '14 bis 18 Jahre' })).toHaveCount(1);
});

test('cancelling an upload leaves no parts on the server', async ({ page, request }) => {
  const id = await createViaApi(request, 'Abbruch-Test');
  await signInAt(page, users.admin);
  await page.route('**/api/v1/uploads/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue().catch(() => {});
  });
  const parts = watchParts(page);
  await page.goto(url(`/library/${id}/edit`));
  await chooseFile(page, 'Datei wählen', bigFile);
  await expect(page.getByRole('progressbar', { name: 'Fortschritt des Uploads' })).toBeVisible();
  await expect.poll(() => parts.length).toBeGreaterThan(0);
  await expect.poll(incomingFiles).not.toEqual([]);

  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(
    page.getByText('Upload abgebrochen. Auf dem Server sind keine Teile zurückgeblieben.'),
  ).toBeVisible();
  await expect.poll(incomingFiles).toEqual([]);
  const stored = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('vr-portal.upload.')),
  );
  expect(stored).toEqual([]);
  const content = await (
    await request.get(url(`/api/v2/cms/content/${id}/`), {
      headers: { Authorization: `Bearer ${await tokenOf(request, users.admin)}` },
    })
  ).json();
  expect(content.file).toBeNull();
});

test('an interrupted upload resumes after a reload without sending finished parts again', async ({
  page,
  request,
}) => {
  const id = await createViaApi(request, 'Fortsetzen-Test');
  await signInAt(page, users.admin);
  // Parts 1–4 go through; later parts hang as on a dropped connection and never reach the server.
  const dropConnection = await startHeldUpload(page, url(`/library/${id}/edit`), bigFile, {
    timeout: 30_000,
  });

  const parts = watchParts(page);
  await page.reload();
  dropConnection();
  await page.unrouteAll({ behavior: 'wait' });
  await expect(
    page.getByText(
      `Ein Upload von „${FILE_NAME}“ wurde unterbrochen (40 % fertig). Wählen Sie dieselbe Datei erneut, um ihn fortzusetzen.`,
    ),
  ).toBeVisible();
  await chooseFile(page, 'Datei wählen', bigFile);
  await expect(page.getByText('Datei hochgeladen.', { exact: true })).toBeVisible({ timeout: 60_000 });
  // Only the parts the server did not have went out after the reload.
  // (request events reach the test asynchronously, hence the poll)
  await expect.poll(() => [...new Set(parts)].sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 9, 10]);
  await expect.poll(incomingFiles).toEqual([]);
  await expect(page.getByText('Aktuelle Datei: 50,00 MB')).toBeVisible();
});

test('edit changes the title', async ({ page }) => {
  await signInAt(page, users.admin);
  await page.goto(url(`/library/${contentId}`));
  await page.getByRole('link', { name: 'Bearbeiten' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inhalt bearbeiten' })).toBeVisible();
  await expect(page.getByLabel('Titel')).toHaveValue(title);
  await page.getByLabel('Titel').fill('');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Bitte geben Sie einen Titel ein.')).toBeVisible();
  await page.getByLabel('Titel').fill(`${title} (neu)`);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(toast(page, 'Änderungen gespeichert.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/library/${contentId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${title} (neu)` })).toBeVisible();
});

async function newPage(browser: Browser) {
  const context = await browser.newContext({ locale: 'de-DE' });
  return { context, page: await context.newPage() };
}

test('shared with another organisation, the content appears there marked as shared and read-only', async ({
  page,
  browser,
  request,
}) => {
  await signInAt(page, users.admin);
  await page.goto(url(`/library/${contentId}`));
  await page.getByRole('button', { name: 'Teilen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inhalt teilen' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Gymnasium Demo' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Kreismedienzentrum Demo' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toast(page, 'Freigaben gespeichert.')).toBeVisible();
  await expect(page.getByText('Geteilt mit 1 Organisation')).toBeVisible();

  const teacher = await newPage(browser);
  try {
    await signInAt(teacher.page, users.lehrer);
    await teacher.page.goto(url('/library?scope=shared'));
    const card = teacher.page
      .getByRole('listitem')
      .filter({ has: teacher.page.getByRole('heading', { name: `${title} (neu)` }) });
    await expect(card).toContainText('Geteilt');
    await card.getByRole('link').click();
    await expect(
      teacher.page.getByText(
        'Dieser Inhalt wurde mit Ihrer Organisation geteilt. Sie können ihn nutzen, aber nicht ändern.',
      ),
    ).toBeVisible();
    await expect(teacher.page.getByRole('link', { name: 'Bearbeiten' })).toHaveCount(0);
    await expect(teacher.page.getByRole('button', { name: 'Löschen' })).toHaveCount(0);

    // The portal refuses the edit page; the server refuses the calls.
    await teacher.page.goto(url(`/library/${contentId}/edit`));
    await expect(
      teacher.page.getByText('Nur die Organisation, der dieser Inhalt gehört, kann ihn bearbeiten.'),
    ).toBeVisible();
    await expect(teacher.page.getByLabel('Titel')).toHaveCount(0);
  } finally {
    await teacher.context.close();
  }
  const token = await tokenOf(request, users.lehrer);
  const headers = { Authorization: `Bearer ${token}` };
  const patch = await request.patch(url(`/api/v1/cms/content/${contentId}/`), {
    headers,
    data: { title: 'x' },
  });
  expect(patch.status()).toBe(403);
  expect(typeof (await patch.json()).detail).toBe('string');
  expect((await request.delete(url(`/api/v1/cms/content/${contentId}/`), { headers })).status()).toBe(403);
});

test('the list pages through the server list', async ({ page, request }) => {
  const token = await tokenOf(request, users.admin);
  const countOf = async () =>
    (
      await (
        await request.get(url('/api/v2/cms/content/?page_size=1'), {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json()
    ).count as number;
  let count = await countOf();
  for (let i = 0; count <= 24; i += 1) {
    await createViaApi(request, `Seitenfüller ${i}`);
    count = await countOf();
  }
  await signInAt(page, users.admin);
  await expect(page.getByText(`Seite 1 von ${Math.ceil(count / 24)}`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Inhalte der Mediathek' }).getByRole('listitem')).toHaveCount(
    24,
  );
  await page.getByRole('link', { name: 'Nächste Seite' }).click();
  await expect(page).toHaveURL(/\/library\?page=2$/);
  await expect(page.getByRole('list', { name: 'Inhalte der Mediathek' }).getByRole('listitem')).toHaveCount(
    Math.min(24, count - 24),
  );
  await page.goBack();
  await expect(page.getByText(`Seite 1 von ${Math.ceil(count / 24)}`)).toBeVisible();
});

test('the owner deletes the content; it is gone from the list and the server', async ({ page, request }) => {
  await signInAt(page, users.admin);
  await page.goto(url(`/library/${contentId}`));
  await page.getByRole('button', { name: 'Löschen' }).click();
  await page.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(toast(page, 'Inhalt gelöscht.')).toBeVisible();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole('heading', { name: `${title} (neu)` })).toHaveCount(0);
  const token = await tokenOf(request, users.admin);
  const gone = await request.get(url(`/api/v2/cms/content/${contentId}/`), {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(gone.status()).toBe(404);
});
