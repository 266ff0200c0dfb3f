import { mkdtempSync } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type IsolatedServer, startIsolatedServer } from './isolatedServer.ts';
import { DEMO_PASSWORD, submitLogin, users } from './support.ts';

/** Small parts, so the 50 MB file makes ten of them. */
export const PART_SIZE = 5 * 1024 * 1024;
export const FILE_SIZE = 50 * 1024 * 1024;
export const FILE_NAME = 'rundgang_360.mp4';

/**
 * What the upload specs share. Creating and uploading change the Mediathek every other spec reads, so a spec
 * gets a server of its own with its own upload directory (then "no parts left" can be checked on its disk) and
 * a generated 50 MB file; `env` adds variables of its own (e.g. small upload limits). Registers the spec's
 * beforeAll/afterAll: call it once, at the top of the spec.
 */
export function useUploadServer(name: string, env: Record<string, string> = {}) {
  let server: IsolatedServer | undefined;
  const workDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const uploadDir = join(workDir, 'uploads');
  const bigFile = join(workDir, FILE_NAME);

  test.beforeAll(async () => {
    // The server of its own starts from scratch (demo data, migrations): slow on a busy machine.
    test.setTimeout(90_000);
    const bytes = Buffer.alloc(FILE_SIZE);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = (i / 4096) % 251;
    await writeFile(bigFile, bytes);
    server = await startIsolatedServer({
      UPLOAD_DIR: uploadDir,
      UPLOAD_PART_SIZE: String(PART_SIZE),
      ...env,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(workDir, { recursive: true, force: true });
  });

  const url = (path: string) => {
    if (!server) throw new Error('the upload server has not started yet');
    return `${server.baseURL}${path}`;
  };

  async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
    const login = await request.post(url('/api/v1/sessions/'), {
      data: { username: email, password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(201);
    return (await login.json()).access;
  }

  return {
    workDir,
    bigFile,
    url,
    tokenOf,
    async signInAt(page: Page, email: string) {
      await page.goto(url('/login'));
      await submitLogin(page, email, DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/library$/);
    },
    /** A 360° video of the KMZ, created over the API. */
    async createViaApi(request: APIRequestContext, title: string): Promise<number> {
      const token = await tokenOf(request, users.admin);
      const created = await request.post(url('/api/v1/cms/content/'), {
        headers: { Authorization: `Bearer ${token}` },
        data: { title, contentType: 'video', format: '360' },
      });
      expect(created.status()).toBe(201);
      return (await created.json()).id;
    },
    /** Files the server holds for uploads in progress (parts not yet assembled). */
    async incomingFiles(): Promise<string[]> {
      try {
        return await readdir(join(uploadDir, 'incoming'));
      } catch {
        return [];
      }
    },
  };
}

/** Part PUTs the page sends, by part number. */
export function watchParts(page: Page): number[] {
  const parts: number[] = [];
  page.on('request', (request) => {
    const match = /\/api\/v1\/uploads\/[^/]+\/parts\/(\d+)\//.exec(request.url());
    if (match && request.method() === 'PUT') parts.push(Number(match[1]));
  });
  return parts;
}

/**
 * Picks a file the way a user does: the drop zone's button opens the browser's file chooser (the zone's
 * <input type="file"> is hidden from users and screen readers).
 */
export async function chooseFile(page: Page, buttonName: string, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: buttonName, exact: true }).click();
  await (await chooser).setFiles(path);
}

/**
 * Starts the 50 MB upload on the edit page of item `id` and waits until 4 of its 10 parts are stored while the
 * rest hang (holdPartsAfter): an upload caught at 40 %. Returns the function that lets the hanging parts fail.
 */
export async function startHeldUpload(
  page: Page,
  editUrl: string,
  bigFile: string,
  options: { timeout: number },
): Promise<() => void> {
  const dropConnection = await holdPartsAfter(page, 4);
  await page.goto(editUrl);
  await chooseFile(page, 'Datei wählen', bigFile);
  await expect(page.getByText('20,00 MB von 50,00 MB hochgeladen (40 %)')).toBeVisible(options);
  return dropConnection;
}

/**
 * Lets parts 1 to `through` reach the server; later parts hang as on a dropped connection until the returned
 * function is called, then fail. So an upload is caught in the middle, at a known number of stored parts.
 */
async function holdPartsAfter(page: Page, through: number): Promise<() => void> {
  let dropConnection: () => void = () => {};
  const dropped = new Promise<void>((resolve) => {
    dropConnection = resolve;
  });
  await page.route('**/api/v1/uploads/**', async (route) => {
    const part = Number(/\/parts\/(\d+)\//.exec(route.request().url())?.[1]);
    if (part <= through) return route.continue();
    await dropped;
    return route.abort('connectionreset').catch(() => {});
  });
  return dropConnection;
}
