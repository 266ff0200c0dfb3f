import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeContentUpload,
  createContentItem,
  createMediaTestServer,
  pdf,
  png,
  post,
  sendParts,
  startContentUpload,
  uploadContentFile,
  uploadStoredFile,
} from '../test/mediaRequests.ts';
import { bearer, login, type TestServer } from '../test/testServer.ts';

// Issue 10, item 9: a largest file per kind and a storage quota per organisation, from the configuration.
const KiB = 1024;
const PART = KiB;
const LIMITS = {
  MAX_APP_BYTES: 3 * KiB,
  MAX_VIDEO_BYTES: 6 * KiB,
  // Not a whole number of parts: the last part may be sent only partly.
  MAX_WEB_APP_BYTES: 2.5 * KiB,
  MAX_PREVIEW_BYTES: 1536,
  MAX_DOCUMENT_BYTES: 2560,
  MAX_OS_IMAGE_BYTES: 4 * KiB,
  STORAGE_QUOTA_BYTES: 10 * KiB,
};
const QUOTA = LIMITS.STORAGE_QUOTA_BYTES;

let server: TestServer & { uploadDir: string };
let lehrer: string;
let zfsl: string;

beforeAll(async () => {
  server = await createMediaTestServer({ UPLOAD_PART_SIZE: PART, ...LIMITS });
  lehrer = (await login(server.app, 'lehrer@schule.example')).access;
  zfsl = (await login(server.app, 'zfsl@zfsl.example')).access;
});
afterAll(() => server?.close());

const fileTooLarge = (maxBytes: number, limit: string) => ({
  detail: `Die Datei ist zu groß. Erlaubt sind höchstens ${limit}.`,
  code: 'fileTooLarge',
  params: { maxBytes },
});
const quotaExceeded = (usedBytes: number, used: string) => ({
  detail:
    `Der Speicherplatz Ihrer Organisation reicht für diese Datei nicht aus (belegt: ${used} von 10,00 KB). ` +
    'Bitte löschen Sie Inhalte, die Sie nicht mehr brauchen, oder wählen Sie eine kleinere Datei.',
  code: 'storageQuotaExceeded',
  params: { quotaBytes: QUOTA, usedBytes },
});

const TYPES = {
  app: { fields: { contentType: 'app', packageName: 'de.schule.app' }, limit: 3 * KiB, words: '3,00 KB' },
  video: { fields: { contentType: 'video' }, limit: 6 * KiB, words: '6,00 KB' },
  webApp: {
    fields: { contentType: 'webApp', url: 'https://schule.example/' },
    limit: 2.5 * KiB,
    words: '2,50 KB',
  },
} as const;

const abort = (token: string, id: number, uploadId: string, fileName: string) =>
  post(server.app, `/api/v1/cms/content/${id}/abort-multipart-upload/`, token, {
    file_name: fileName,
    upload_id: uploadId,
  });
const deleteContent = (token: string, id: number) =>
  server.app.inject({ method: 'DELETE', url: `/api/v1/cms/content/${id}/`, headers: bearer(token) });
const uploadIdOf = (response: { json<T>(): T }) => response.json<{ upload_id: string }>().upload_id;
const incoming = () =>
  existsSync(join(server.uploadDir, 'incoming')) ? readdirSync(join(server.uploadDir, 'incoming')) : [];
const storedIn = (dir: string) =>
  existsSync(join(server.uploadDir, 'files', dir))
    ? readdirSync(join(server.uploadDir, 'files', dir)).length
    : 0;

describe('the largest file per kind', () => {
  it.each(Object.entries(TYPES))(
    'refuses a %s file over its limit when the upload starts',
    async (_type, type) => {
      const id = await createContentItem(server.app, zfsl, type.fields);
      const tooBig = await startContentUpload(server.app, zfsl, id, 'datei.bin', type.limit + 1);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json()).toEqual(fileTooLarge(type.limit, type.words));
      const fits = await startContentUpload(server.app, zfsl, id, 'datei.bin', type.limit);
      expect(fits.statusCode, fits.body).toBe(201);
      expect(fits.json<{ max_parts: number }>().max_parts).toBe(Math.ceil(type.limit / PART));
      expect((await abort(zfsl, id, uploadIdOf(fits), 'datei.bin')).statusCode).toBe(204);
    },
  );

  it('checks again at completion: the type may have changed meanwhile, and the upload is dropped', async () => {
    const id = await createContentItem(server.app, zfsl, TYPES.video.fields);
    const data = Buffer.alloc(3 * KiB, 3);
    const started = await startContentUpload(server.app, zfsl, id, 'film.mp4', data.length);
    const upload = { uploadId: uploadIdOf(started), fileName: 'film.mp4', partSize: PART };
    const etags = await sendParts(server.app, zfsl, id, upload, data);
    const patched = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/cms/content/${id}/`,
      headers: bearer(zfsl),
      payload: TYPES.webApp.fields,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const refused = await completeContentUpload(server.app, zfsl, id, upload, etags);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual(fileTooLarge(TYPES.webApp.limit, TYPES.webApp.words));
    expect(incoming()).not.toContain(`${upload.uploadId}.upload`);
    expect((await completeContentUpload(server.app, zfsl, id, upload, etags)).statusCode).toBe(404);
    const content = await server.app.inject({ url: `/api/v2/cms/content/${id}/`, headers: bearer(zfsl) });
    expect(content.json()).toMatchObject({ file: null, fileSize: null });
  });

  it('bounds an upload without announced size by the bytes of its parts', async () => {
    const id = await createContentItem(server.app, zfsl, TYPES.webApp.fields);
    const started = await startContentUpload(server.app, zfsl, id, 'paket.zip');
    expect(started.statusCode).toBe(201);
    const upload = { uploadId: uploadIdOf(started), fileName: 'paket.zip', partSize: PART };
    await expect(sendParts(server.app, zfsl, id, upload, Buffer.alloc(3 * KiB, 1))).rejects.toThrow(
      /part 3: 413 .*fileTooLarge/,
    );
    expect((await abort(zfsl, id, upload.uploadId, 'paket.zip')).statusCode).toBe(204);
  });

  it('refuses preview images and documents over their own limits and keeps nothing of them', async () => {
    const previews = storedIn('previews');
    const documents = storedIn('documents');
    const preview = await uploadStoredFile(server.app, zfsl, 'preview', png(1537), 'gross.png');
    expect(preview.statusCode).toBe(413);
    expect(preview.json()).toEqual(fileTooLarge(1536, '1,50 KB'));
    const document = await uploadStoredFile(server.app, zfsl, 'document', pdf(2561), 'gross.pdf');
    expect(document.statusCode).toBe(413);
    expect(document.json()).toEqual(fileTooLarge(2560, '2,50 KB'));
    expect([storedIn('previews'), storedIn('documents')]).toEqual([previews, documents]);
    // Exactly at the limit is fine; a document may be larger than a preview.
    const fits = await uploadStoredFile(server.app, zfsl, 'preview', png(1536), 'passt.png');
    expect(fits.statusCode).toBe(201);
    const larger = await uploadStoredFile(server.app, zfsl, 'document', pdf(2000), 'passt.pdf');
    expect(larger.statusCode).toBe(201);
    for (const [kind, response] of [
      ['preview', fits],
      ['document', larger],
    ] as const) {
      const id = response.json<{ id: number }>().id;
      await server.app.inject({
        method: 'DELETE',
        url: `/api/v1/cms/${kind}-files/${id}/`,
        headers: bearer(zfsl),
      });
    }
  });

  it('refuses an operating system image over its limit', async () => {
    const staff = (await login(server.app, 'staff@vr-portal.example')).access;
    const os = await post(server.app, '/api/v1/support/operating-systems/', staff, {
      name: 'Pico OS',
      version: '6.1.0',
      deviceTypeIds: [1],
    });
    const id = os.json<{ id: number }>().id;
    const url = `/api/v1/support/operating-systems/${id}/pre-signed-url-os-multipart/`;
    const tooBig = await post(server.app, url, staff, { file_name: 'os.img', file_size: 4 * KiB + 1 });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual(fileTooLarge(4 * KiB, '4,00 KB'));
  });
});

describe('the storage quota of an organisation', () => {
  it('counts files and unfinished uploads, refuses at start what does not fit, and deleting frees it', async () => {
    // The Gymnasium's demo items keep their files outside the store: it starts with nothing in use.
    const first = await createContentItem(server.app, lehrer);
    expect((await uploadContentFile(server.app, lehrer, first, Buffer.alloc(4 * KiB, 1))).statusCode).toBe(
      200,
    );
    const second = await createContentItem(server.app, lehrer);
    const reserved = await startContentUpload(server.app, lehrer, second, 'gross.mp4', 5 * KiB);
    expect(reserved.statusCode).toBe(201);

    // 4 KiB stored + 5 KiB announced by the unfinished upload: 2 KiB more would exceed 10 KiB.
    const third = await createContentItem(server.app, lehrer);
    const refused = await startContentUpload(server.app, lehrer, third, 'klein.mp4', 2 * KiB);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual(quotaExceeded(9 * KiB, '9,00 KB'));
    // The same for a preview image, whose size shows only once it has arrived; nothing of it is kept.
    const previews = storedIn('previews');
    const preview = await uploadStoredFile(server.app, lehrer, 'preview', png(1500), 'bild.png');
    expect(preview.statusCode).toBe(413);
    expect(preview.json()).toEqual(quotaExceeded(9 * KiB, '9,00 KB'));
    expect(storedIn('previews')).toBe(previews);
    // Other organisations have quotas of their own.
    const elsewhere = await createContentItem(server.app, zfsl);
    const theirs = await startContentUpload(server.app, zfsl, elsewhere, 'film.mp4', 6 * KiB);
    expect(theirs.statusCode).toBe(201);
    await abort(zfsl, elsewhere, uploadIdOf(theirs), 'film.mp4');

    // Aborting gives the reservation back.
    expect((await abort(lehrer, second, uploadIdOf(reserved), 'gross.mp4')).statusCode).toBe(204);
    const fits = await startContentUpload(server.app, lehrer, third, 'klein.mp4', 2 * KiB);
    expect(fits.statusCode).toBe(201);

    // A new file for the first item replaces its 4 KiB: 2 KiB reserved + 6 KiB new fit, though 12 KiB would not.
    const replacing = await startContentUpload(server.app, lehrer, first, 'neu.mp4', 6 * KiB);
    expect(replacing.statusCode, replacing.body).toBe(201);
    await abort(lehrer, first, uploadIdOf(replacing), 'neu.mp4');

    // Deleting the first item frees its 4 KiB: now 6 KiB more fit beside the 2 KiB reserved.
    const fourth = await createContentItem(server.app, lehrer);
    expect((await startContentUpload(server.app, lehrer, fourth, 'b.mp4', 6 * KiB)).json()).toEqual(
      quotaExceeded(6 * KiB, '6,00 KB'),
    );
    expect((await deleteContent(lehrer, first)).statusCode).toBe(204);
    const afterDelete = await startContentUpload(server.app, lehrer, fourth, 'b.mp4', 6 * KiB);
    expect(afterDelete.statusCode).toBe(201);

    for (const id of [second, third, fourth]) expect((await deleteContent(lehrer, id)).statusCode).toBe(204);
  });

  it('checks again at completion when the size was not announced, and drops the refused upload', async () => {
    const filler = await createContentItem(server.app, lehrer);
    expect((await uploadContentFile(server.app, lehrer, filler, Buffer.alloc(6 * KiB, 2))).statusCode).toBe(
      200,
    );
    const id = await createContentItem(server.app, lehrer);
    const started = await startContentUpload(server.app, lehrer, id, 'ohne.mp4');
    expect(started.statusCode).toBe(201);
    const upload = { uploadId: uploadIdOf(started), fileName: 'ohne.mp4', partSize: PART };
    const etags = await sendParts(server.app, lehrer, id, upload, Buffer.alloc(5 * KiB, 4));
    const refused = await completeContentUpload(server.app, lehrer, id, upload, etags);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual(quotaExceeded(6 * KiB, '6,00 KB'));
    expect(incoming()).not.toContain(`${upload.uploadId}.upload`);
    for (const item of [filler, id]) expect((await deleteContent(lehrer, item)).statusCode).toBe(204);
  });

  it('lets only one of two uploads that fit alone but not together start', async () => {
    const [a, b] = [await createContentItem(server.app, lehrer), await createContentItem(server.app, lehrer)];
    const answers = await Promise.all([
      startContentUpload(server.app, lehrer, a, 'a.mp4', 6 * KiB),
      startContentUpload(server.app, lehrer, b, 'b.mp4', 6 * KiB),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 413]);
    for (const item of [a, b]) expect((await deleteContent(lehrer, item)).statusCode).toBe(204);
  });
});
