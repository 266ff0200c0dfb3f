import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type IsolatedServer, startIsolatedServer } from './isolatedServer.ts';
import { DEMO_PASSWORD, submitLogin, users } from './support.ts';

// Leaving the edit page during an upload, a page past the end of the list, a detail page the server fails to
// answer. Own server and upload directory (uploads and new items change what other specs read), small parts so
// 50 MB makes ten of them.
const PART_SIZE = 5 * 1024 * 1024;
const FILE_SIZE = 50 * 1024 * 1024;
const FILE_NAME = 'rundgang_360.mp4';

let server: IsolatedServer;
let uploadDir: string;
let workDir: string;
let bigFile: string;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  workDir = await mkdtemp(join(tmpdir(), 'library-leave-e2e-'));
  uploadDir = join(workDir, 'uploads');
  bigFile = join(workDir, FILE_NAME);
  const bytes = Buffer.alloc(FILE_SIZE);
  for (let i = 0; i < bytes.length; i += 4096) bytes[i] = (i / 4096) % 251;
  await writeFile(bigFile, bytes);
  server = await startIsolatedServer({ UPLOAD_DIR: uploadDir, UPLOAD_PART_SIZE: String(PART_SIZE) });
});

test.afterAll(async () => {
  await server?.stop();
  await rm(workDir, { recursive: true, force: true });
});

const url = (path: string) => `${server.baseURL}${path}`;

async function signInAt(page: Page, email: string) {
  await page.goto(url('/login'));
  await submitLogin(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/library$/);
}

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post(url('/api/v1/sessions/'), {
    data: { username: email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(201);
  return (await login.json()).access;
}

async function createViaApi(request: APIRequestContext, title: string): Promise<number> {
  const token = await tokenOf(request, users.admin);
  const created = await request.post(url('/api/v1/cms/content/'), {
    headers: { Authorization: `Bearer ${token}` },
    data: { title, contentType: 'video', format: '360' },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).id;
}

/** Files the server holds for uploads in progress (parts not yet assembled). */
async function incomingFiles(): Promise<string[]> {
  try {
    return await readdir(join(uploadDir, 'incoming'));
  } catch {
    return [];
  }
}

/** Part PUTs the page sends, by part number. */
function watchParts(page: Page): number[] {
  const parts: number[] = [];
  page.on('request', (request) => {
    const match = /\/api\/v1\/uploads\/[^/]+\/parts\/(\d+)\//.exec(request.url());
    if (match && request.method() === 'PUT') parts.push(Number(match[1]));
  });
  return parts;
}

/** Calls of the page that cancel an upload on the server. */
function watchAborts(page: Page): string[] {
  const aborts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/abort-multipart-upload/')) aborts.push(request.url());
  });
  return aborts;
}

async function chooseFile(page: Page, buttonName: string, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: buttonName, exact: true }).click();
  await (await chooser).setFiles(path);
}

const storedUploads = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('vr-portal.upload.')));

test('leaving the edit page during an upload asks first, keeps the upload, and the same file resumes it', async ({
  page,
  request,
}) => {
  const id = await createViaApi(request, 'Verlassen-Test');
  await signInAt(page, users.admin);
  // Parts 1–4 go through; later parts hang until the test lets them fail, so the upload is still running.
  let dropConnection: () => void = () => {};
  const dropped = new Promise<void>((resolve) => {
    dropConnection = resolve;
  });
  await page.route('**/api/v1/uploads/**', async (route) => {
    const part = Number(/\/parts\/(\d+)\//.exec(route.request().url())?.[1]);
    if (part <= 4) return route.continue();
    await dropped;
    return route.abort('connectionreset').catch(() => {});
  });
  const aborts = watchAborts(page);
  await page.goto(url(`/library/${id}/edit`));
  await chooseFile(page, 'Datei wählen', bigFile);
  await expect(page.getByText('20,00 MB von 50,00 MB hochgeladen (40 %)')).toBeVisible({ timeout: 60_000 });

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
  await expect(page.getByText('Datei hochgeladen.')).toBeVisible({ timeout: 60_000 });
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
