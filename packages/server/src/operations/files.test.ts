import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaTestServer, multipartForm } from '../test/mediaRequests.ts';
import { bearer, login, type TestServer } from '../test/testServer.ts';

const MAX = 4096;
let server: TestServer & { uploadDir: string };
let lehrer: string;
let zfsl: string;

beforeAll(async () => {
  server = await createMediaTestServer({ MAX_PREVIEW_BYTES: MAX, MAX_DOCUMENT_BYTES: MAX });
  lehrer = (await login(server.app, 'lehrer@schule.example')).access;
  zfsl = (await login(server.app, 'zfsl@zfsl.example')).access;
});
afterAll(() => server?.close());

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 2)]);
const WEBP = Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(64, 3)]);
const PDF = Buffer.from('%PDF-1.4\n% Arbeitsblatt\n', 'latin1');

async function upload(
  kind: 'preview' | 'document',
  file: Buffer,
  filename: string,
  token = lehrer,
  fileName?: string,
) {
  const body = multipartForm([
    { name: 'file', value: file, filename },
    ...(fileName ? [{ name: 'file_name', value: fileName }] : []),
  ]);
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/cms/${kind}-files/`,
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const storedFiles = (dir: string) =>
  existsSync(join(server.uploadDir, 'files', dir)) ? readdirSync(join(server.uploadDir, 'files', dir)) : [];

describe('preview images', () => {
  it('stores PNG, JPEG and WebP, recognised by content, and serves them', async () => {
    for (const [bytes, name] of [
      [PNG, 'bild.png'],
      [JPEG, 'foto.jpg'],
      [WEBP, 'vorschau.webp'],
    ] as const) {
      const response = await upload('preview', bytes, name);
      expect(response.statusCode, response.body).toBe(201);
      const file = response.json<{ id: number; file: string; fileName: string; fileSize: number }>();
      expect(file).toMatchObject({ fileName: name, fileSize: bytes.length });
      const served = await server.app.inject({ url: file.file });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses a non-image (even named .png) with a German field error and keeps nothing', async () => {
    const before = storedFiles('previews').length;
    const response = await upload('preview', Buffer.from('<script>alert(1)</script>'), 'boese.png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      file: ['Die Datei ist kein Bild. Erlaubt sind PNG, JPEG, WebP und GIF.'],
    });
    expect(storedFiles('previews').length).toBe(before);
  });

  it('refuses files over the limit with 413 and a bad file name with 400', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MAX, 0)]);
    const tooBig = await upload('preview', big, 'gross.png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({
      detail: 'Die Datei ist zu groß. Erlaubt sind höchstens 4,00 KB.',
      code: 'fileTooLarge',
      params: { maxBytes: MAX },
    });
    // An explicit file_name must follow the rule; the browser's own name is made to follow it.
    const badName = await upload('preview', PNG, 'bild.png', lehrer, 'mein bild.png');
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toEqual({
      file_name: [
        'Der Dateiname darf nur Buchstaben, Ziffern, Bindestrich, Unterstrich und Punkt enthalten.',
      ],
    });
    const browserName = await upload('preview', PNG, 'Schöne Aussicht (1).png');
    expect(browserName.statusCode).toBe(201);
    expect(browserName.json().fileName).toBe('Schoene_Aussicht__1_.png');
  });

  it('answers 415 or 400, not 500, for bodies that are not multipart or lack the file', async () => {
    const json = await server.app.inject({
      method: 'POST',
      url: '/api/v1/cms/preview-files/',
      headers: bearer(lehrer),
      payload: { file: 'x' },
    });
    // Issue 10: a media type the contract does not name for the operation is refused before the handler.
    expect(json.statusCode).toBe(415);
    const empty = multipartForm([{ name: 'file_name', value: 'x.png' }]);
    const noFile = await server.app.inject({
      method: 'POST',
      url: '/api/v1/cms/preview-files/',
      headers: { ...bearer(lehrer), 'content-type': empty.contentType },
      payload: empty.payload,
    });
    expect(noFile.statusCode).toBe(400);
    const broken = await server.app.inject({
      method: 'POST',
      url: '/api/v1/cms/preview-files/',
      headers: { ...bearer(lehrer), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: Buffer.from(
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      ),
    });
    expect(broken.statusCode).toBe(400);
    expect((await server.app.inject({ method: 'POST', url: '/api/v1/cms/preview-files/' })).statusCode).toBe(
      401,
    );
  });

  it("checks the form's text fields by the contract's schema and keeps nothing of a refused form", async () => {
    const send = (parts: Parameters<typeof multipartForm>[0]) => {
      const body = multipartForm(parts);
      return server.app.inject({
        method: 'POST',
        url: '/api/v1/cms/preview-files/',
        headers: { ...bearer(lehrer), 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const before = storedFiles('previews').length;
    const file = { name: 'file', value: PNG, filename: 'bild.png' };
    // Issue 10 item 1: every accepted media type is checked by the schema, multipart included.
    const unknown = await send([file, { name: 'isPublic', value: 'true' }]);
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(['isPublic']);
    const twice = await send([
      file,
      { name: 'file_name', value: 'a.png' },
      { name: 'file_name', value: 'b.png' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(Object.keys(twice.json())).toEqual(['file_name']);
    const traversal = await send([file, { name: 'file_name', value: '..' }]);
    expect(traversal.statusCode).toBe(400);
    expect(Object.keys(traversal.json())).toEqual(['file_name']);
    const otherFilePart = await send([file, { name: 'attachment', value: PNG, filename: 'x.png' }]);
    expect(otherFilePart.statusCode).toBe(400);
    expect(Object.keys(otherFilePart.json())).toEqual(['attachment']);
    expect(storedFiles('previews').length).toBe(before);
    const accepted = await send([file, { name: 'file_name', value: 'titel_bild.png' }]);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ fileName: 'titel_bild.png' });
  });

  it('attaches to a content item, and only the owner organisation deletes it', async () => {
    const preview = (await upload('preview', PNG, 'titel.png')).json<{ id: number; file: string }>();
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/cms/content/',
      headers: bearer(lehrer),
      payload: { title: 'Mit Vorschau', contentType: 'video', previewImageId: preview.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const content = created.json<{ id: number; previewImage: string }>();
    expect(content.previewImage).toBe(preview.file);
    // Another organisation can neither use nor delete it.
    const stolen = await server.app.inject({
      method: 'POST',
      url: '/api/v1/cms/content/',
      headers: bearer(zfsl),
      payload: { title: 'Fremd', contentType: 'video', previewImageId: preview.id },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toHaveProperty('previewImageId');
    const foreignDelete = () =>
      server.app.inject({
        method: 'DELETE',
        url: `/api/v1/cms/preview-files/${preview.id}/`,
        headers: bearer(zfsl),
      });
    // The item is private: to the ZfsL its preview is unknown, as the item is (a file id cannot be probed).
    const unseen = await foreignDelete();
    expect(unseen.statusCode).toBe(404);
    expect(unseen.json()).toEqual({ detail: 'Diese Datei wurde nicht gefunden.' });
    // Shared with the ZfsL, the item and its preview are seen there, and deleting the preview is refused.
    const { rows } = await server.database.pool.query<{ id: number }>(
      'select id from organisations where organisation_type = 5',
    );
    const shared = await server.app.inject({
      method: 'POST',
      url: `/api/v1/cms/content/${content.id}/add-share/`,
      headers: bearer(lehrer),
      payload: { organisation_ids: [rows[0]?.id] },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const refused = await foreignDelete();
    expect(refused.statusCode).toBe(403);
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/cms/preview-files/${preview.id}/`,
      headers: bearer(lehrer),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await server.app.inject({ url: preview.file })).statusCode).toBe(404);
    const after = await server.app.inject({
      url: `/api/v2/cms/content/${content.id}/`,
      headers: bearer(lehrer),
    });
    expect(after.json().previewImage).toBeNull();
  });
});

describe('document files', () => {
  it('stores a PDF, lists it on the content item, refuses a fake PDF and unknown types', async () => {
    const doc = await upload('document', PDF, 'arbeitsblatt.pdf');
    expect(doc.statusCode, doc.body).toBe(201);
    const { id } = doc.json<{ id: number }>();
    const fake = await upload('document', PNG, 'fake.pdf');
    expect(fake.json()).toEqual({ file: ['Die Datei endet auf .pdf, ist aber kein PDF-Dokument.'] });
    const exe = await upload('document', Buffer.from('MZ'), 'tool.exe');
    expect(exe.statusCode).toBe(400);
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/cms/content/',
      headers: bearer(lehrer),
      payload: { title: 'Mit Arbeitsblatt', contentType: 'video', documentFileIds: [id] },
    });
    const contentId = created.json<{ id: number }>().id;
    const detail = await server.app.inject({
      url: `/api/v2/cms/content/${contentId}/`,
      headers: bearer(lehrer),
    });
    expect(detail.json().documentFiles).toMatchObject([
      { id, fileName: 'arbeitsblatt.pdf', fileSize: PDF.length },
    ]);
    // Dropping it from the item deletes it.
    await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/cms/content/${contentId}/`,
      headers: bearer(lehrer),
      payload: { documentFileIds: [] },
    });
    const again = await server.app.inject({
      url: `/api/v2/cms/content/${contentId}/`,
      headers: bearer(lehrer),
    });
    expect(again.json().documentFiles).toEqual([]);
    const gone = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/cms/document-files/${id}/`,
      headers: bearer(lehrer),
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('a file belongs to one content item', () => {
  const write = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    server.app.inject({ method, url, headers: bearer(lehrer), payload });
  const detail = async (id: number) =>
    (await server.app.inject({ url: `/api/v2/cms/content/${id}/`, headers: bearer(lehrer) })).json<{
      previewImage: string | null;
      documentFiles: { id: number }[];
    }>();

  it('refuses another item’s preview or document on create and update; its own and unattached ones are fine', async () => {
    const preview = (await upload('preview', PNG, 'erstes.png')).json<{ id: number; file: string }>();
    const document = (await upload('document', PDF, 'erstes.pdf')).json<{ id: number }>();
    const first = await write('POST', '/api/v1/cms/content/', {
      title: 'Erster Inhalt',
      contentType: 'video',
      previewImageId: preview.id,
      documentFileIds: [document.id],
    });
    expect(first.statusCode, first.body).toBe(201);
    const firstId = first.json<{ id: number }>().id;

    const moved = await write('POST', '/api/v1/cms/content/', {
      title: 'Zweiter Inhalt',
      contentType: 'video',
      previewImageId: preview.id,
      documentFileIds: [document.id],
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({
      previewImageId: ['Diese Datei gehört bereits zu einem anderen Inhalt.'],
      documentFileIds: [`Das Dokument ${document.id} gehört bereits zu einem anderen Inhalt.`],
    });
    const second = await write('POST', '/api/v1/cms/content/', {
      title: 'Zweiter Inhalt',
      contentType: 'video',
    });
    expect(second.statusCode, second.body).toBe(201);
    const secondId = second.json<{ id: number }>().id;
    const movedPreview = await write('PATCH', `/api/v1/cms/content/${secondId}/`, {
      previewImageId: preview.id,
    });
    expect(movedPreview.statusCode).toBe(400);
    expect(movedPreview.json()).toEqual({
      previewImageId: ['Diese Datei gehört bereits zu einem anderen Inhalt.'],
    });
    const movedDocument = await write('PATCH', `/api/v1/cms/content/${secondId}/`, {
      documentFileIds: [document.id],
    });
    expect(movedDocument.statusCode).toBe(400);
    expect(movedDocument.json()).toEqual({
      documentFileIds: [`Das Dokument ${document.id} gehört bereits zu einem anderen Inhalt.`],
    });
    // The first item keeps both, and may name them again.
    const again = await write('PATCH', `/api/v1/cms/content/${firstId}/`, {
      previewImageId: preview.id,
      documentFileIds: [document.id],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await detail(firstId)).toMatchObject({
      previewImage: preview.file,
      documentFiles: [{ id: document.id }],
    });
    expect(await detail(secondId)).toMatchObject({ previewImage: null, documentFiles: [] });
    const { rows } = await server.database.pool.query<{ content_id: number }>(
      'select content_id from stored_files where id = any($1::int[])',
      [[preview.id, document.id]],
    );
    expect(rows).toEqual([{ content_id: firstId }, { content_id: firstId }]);

    // An unattached file goes to whichever item names it first.
    const fresh = (await upload('preview', JPEG, 'zweites.jpg')).json<{ id: number; file: string }>();
    const attached = await write('PATCH', `/api/v1/cms/content/${secondId}/`, { previewImageId: fresh.id });
    expect(attached.statusCode, attached.body).toBe(200);
    expect((await detail(secondId)).previewImage).toBe(fresh.file);
  });
});
