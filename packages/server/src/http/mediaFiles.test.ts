import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileGrant } from '../services/access.ts';
import { MediaLinks } from '../services/content/index.ts';
import {
  createContentItem,
  createMediaTestServer,
  keyOfUrl,
  pdf,
  png,
  post,
  uploadContentFile,
  uploadStoredFile,
} from '../test/mediaRequests.ts';
import { bearer, deviceToken, login, pairHeadset, type TestServer } from '../test/testServer.ts';

// Issue 10, item 5: stored files reach only those who may see their item (README "Media files").
const PART = 1024;
let server: TestServer & { uploadDir: string };
let lehrer: string;
let zfsl: string;
let admin: string;
const organisation: Record<'gymnasium' | 'zfsl' | 'kmz', number> = { gymnasium: 0, zfsl: 0, kmz: 0 };

beforeAll(async () => {
  server = await createMediaTestServer({ UPLOAD_PART_SIZE: PART });
  lehrer = (await login(server.app, 'lehrer@schule.example')).access;
  zfsl = (await login(server.app, 'zfsl@zfsl.example')).access;
  admin = (await login(server.app, 'admin@kmz.example')).access;
  const ids = await server.database.pool.query<{ name: string; id: number }>(
    'select name, id from organisations',
  );
  const idOf = (name: string) => ids.rows.find((row) => row.name === name)?.id ?? 0;
  organisation.gymnasium = idOf('Gymnasium Demo');
  organisation.zfsl = idOf('ZfsL Demo');
  organisation.kmz = idOf('Kreismedienzentrum Demo');
});
afterAll(() => server?.close());

interface Item {
  id: number;
  file: string;
  previewImage: string;
  documentFiles: { file: string }[];
}

const fetchFile = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });
const getContent = (id: number, token?: string) =>
  server.app.inject({ url: `/api/v2/cms/content/${id}/`, headers: token ? bearer(token) : {} });
const pathOf = (url: string) => url.split('?')[0] ?? '';

/** The server's own signer, for URLs the server would hand out to someone else, or at another time. */
async function serverLinks(now = Date.now): Promise<MediaLinks> {
  const secret = await server.database.pool.query<{ value: string }>(
    "select value from app_settings where key = 'upload_signing_secret'",
  );
  return new MediaLinks(Buffer.from(secret.rows[0]?.value ?? '', 'hex'), 6 * 3600, () => now());
}

/** An item of `token`'s organisation with a content file, a preview image and a document, as the portal makes it. */
async function itemWithFiles(token: string, fields: Record<string, unknown> = {}): Promise<Item> {
  const preview = await uploadStoredFile(server.app, token, 'preview', png(300), 'vorschau.png');
  const document = await uploadStoredFile(server.app, token, 'document', pdf(200), 'arbeitsblatt.pdf');
  expect(preview.statusCode, preview.body).toBe(201);
  expect(document.statusCode, document.body).toBe(201);
  const id = await createContentItem(server.app, token, {
    previewImageId: preview.json<{ id: number }>().id,
    documentFileIds: [document.json<{ id: number }>().id],
    ...fields,
  });
  const completed = await uploadContentFile(server.app, token, id, Buffer.alloc(2 * PART + 5, 7));
  expect(completed.statusCode, completed.body).toBe(200);
  const content = await getContent(id, token);
  expect(content.statusCode).toBe(200);
  return content.json<Item>();
}

const filesOf = (item: Item) => [item.file, item.previewImage, item.documentFiles[0]?.file ?? ''];

describe('a private item', () => {
  let item: Item;
  beforeAll(async () => {
    item = await itemWithFiles(lehrer);
  });

  it('hands its members URLs signed for their organisation, served privately', async () => {
    for (const url of filesOf(item)) {
      expect(url).toMatch(
        new RegExp(
          `^/media/files/[^?]+\\?org=${organisation.gymnasium}&expires=\\d+&signature=[0-9a-f]{64}$`,
        ),
      );
      const served = await fetchFile(url);
      expect(served.statusCode, url).toBe(200);
      expect(served.headers['cache-control']).toBe('private, max-age=300');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe(
        "default-src 'none'; sandbox; frame-ancestors 'none'",
      );
    }
    expect((await fetchFile(item.file)).rawPayload.equals(Buffer.alloc(2 * PART + 5, 7))).toBe(true);
    expect((await fetchFile(item.previewImage)).rawPayload.equals(png(300))).toBe(true);
    expect((await fetchFile(item.documentFiles[0]?.file ?? '')).rawPayload.equals(pdf(200))).toBe(true);
  });

  it('keys carry 128 random bits: nothing to count or guess', () => {
    const [file, preview, document] = filesOf(item).map(keyOfUrl);
    expect(file).toMatch(/^content\/[A-Za-z0-9_-]{22}\/rundgang\.mp4$/);
    expect(preview).toMatch(/^previews\/[A-Za-z0-9_-]{22}$/);
    expect(document).toMatch(/^documents\/[A-Za-z0-9_-]{22}$/);
  });

  it('is 404 for anonymous callers and for members of other organisations, whatever URL they try', async () => {
    expect((await getContent(item.id)).statusCode).toBe(404);
    expect((await getContent(item.id, zfsl)).statusCode).toBe(404);
    const links = await serverLinks();
    for (const url of filesOf(item)) {
      const unsigned = await fetchFile(pathOf(url));
      expect(unsigned.statusCode, url).toBe(404);
      expect(unsigned.json()).toEqual({ detail: 'Nicht gefunden.' });
      // A bearer token does not open the unsigned URL either: file URLs come from the API's answers.
      expect((await fetchFile(pathOf(url), bearer(zfsl))).statusCode).toBe(404);
      // The Gymnasium's URL with the ZfsL put in: the signature no longer fits.
      const swapped = url.replace(`org=${organisation.gymnasium}`, `org=${organisation.zfsl}`);
      expect((await fetchFile(swapped)).json()).toEqual({ detail: 'Nicht gefunden.' });
      // Even a correctly signed URL for the ZfsL: the ZfsL does not see the item, so it gets what nobody gets.
      const forZfsl = links.link(pathOf(url), { organisationId: organisation.zfsl });
      const refused = await fetchFile(forZfsl);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ detail: 'Nicht gefunden.' });
    }
  });

  it('an expired URL answers 403 with a hint to reload; an unknown or malformed one 404', async () => {
    const yesterday = await serverLinks(() => Date.now() - 2 * 24 * 3600 * 1000);
    const expired = await fetchFile(
      yesterday.link(pathOf(item.file), { organisationId: organisation.gymnasium }),
    );
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({
      detail: 'Der Link zu dieser Datei ist abgelaufen. Bitte laden Sie die Seite neu.',
    });
    for (const query of ['?org=abc&expires=1&signature=00', '?expires=9999999999', '?org=1&org=2']) {
      expect((await fetchFile(`${pathOf(item.file)}${query}`)).statusCode, query).toBe(404);
    }
    expect((await fetchFile('/media/files/content/1/lq2x1-rundgang.mp4')).statusCode).toBe(404);
  });

  it('is shared: the organisation it is shared with gets its own URLs, and the withdrawal ends them at once', async () => {
    const shared = await post(server.app, `/api/v1/cms/content/${item.id}/add-share/`, lehrer, {
      organisation_ids: [organisation.zfsl],
    });
    expect(shared.statusCode).toBe(200);
    const seen = await getContent(item.id, zfsl);
    expect(seen.statusCode).toBe(200);
    const urls = filesOf(seen.json<Item>());
    for (const url of urls) {
      expect(url).toContain(`?org=${organisation.zfsl}&`);
      expect((await fetchFile(url)).statusCode, url).toBe(200);
    }
    // The list shows the same signed URLs (the cards' preview images).
    const list = await server.app.inject({ url: '/api/v2/cms/content/?scope=shared', headers: bearer(zfsl) });
    const listed = list.json<{ results: Item[] }>().results.find((entry) => entry.id === item.id);
    expect(listed && keyOfUrl(listed.previewImage)).toBe(keyOfUrl(item.previewImage));
    expect(listed?.previewImage).toContain(`?org=${organisation.zfsl}&`);

    const withdrawn = await post(server.app, `/api/v1/cms/content/${item.id}/remove-share/`, lehrer, {
      organisation_ids: [organisation.zfsl],
    });
    expect(withdrawn.statusCode).toBe(200);
    for (const url of urls) expect((await fetchFile(url)).statusCode, url).toBe(404);
    expect((await getContent(item.id, zfsl)).statusCode).toBe(404);
    // The owner's URLs keep working.
    for (const url of filesOf(item)) expect((await fetchFile(url)).statusCode).toBe(200);
  });

  it('deleting the item ends every URL of its files', async () => {
    const doomed = await itemWithFiles(lehrer);
    for (const url of filesOf(doomed)) expect((await fetchFile(url)).statusCode).toBe(200);
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/cms/content/${doomed.id}/`,
      headers: bearer(lehrer),
    });
    expect(deleted.statusCode).toBe(204);
    for (const url of filesOf(doomed)) expect((await fetchFile(url)).statusCode).toBe(404);
  });
});

describe('a public item', () => {
  it('has plain URLs that everybody may fetch, cached publicly; made private, they end', async () => {
    const item = await itemWithFiles(admin, { isPublic: true });
    const anonymous = await getContent(item.id);
    expect(anonymous.statusCode).toBe(200);
    const urls = filesOf(anonymous.json<Item>());
    for (const url of urls) {
      expect(url).toMatch(/^\/media\/files\/[^?]+$/);
      const served = await fetchFile(url);
      expect(served.statusCode, url).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=3600');
      expect(served.headers['content-security-policy']).toContain('sandbox');
    }
    // Members of other organisations get the same plain URLs.
    expect(filesOf((await getContent(item.id, lehrer)).json<Item>())).toEqual(urls);

    const unpublished = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/cms/content/${item.id}/`,
      headers: bearer(admin),
      payload: { isPublic: false },
    });
    expect(unpublished.statusCode).toBe(200);
    for (const url of urls) expect((await fetchFile(url)).statusCode, url).toBe(404);
    const own = filesOf(unpublished.json<Item>());
    for (const url of own) {
      expect(url).toContain(`?org=${organisation.kmz}&`);
      expect((await fetchFile(url)).statusCode).toBe(200);
    }
  });
});

describe('files not attached to an item yet', () => {
  it('are visible to the organisation that uploaded them only', async () => {
    const preview = await uploadStoredFile(server.app, lehrer, 'preview', png(120), 'entwurf.png');
    const url = preview.json<{ file: string }>().file;
    expect(url).toContain(`?org=${organisation.gymnasium}&`);
    expect((await fetchFile(url)).statusCode).toBe(200);
    expect((await fetchFile(pathOf(url))).statusCode).toBe(404);
    const links = await serverLinks();
    const grants: FileGrant[] = [{ organisationId: organisation.zfsl }, 'signedIn'];
    for (const grant of grants)
      expect((await fetchFile(links.link(pathOf(url), grant))).statusCode).toBe(404);
  });
});

describe('a headset', () => {
  it('downloads the files of its playlist through URLs signed for its organisation, while it may see them', async () => {
    const active = await server.database.pool.query<{ serial: string; playlist: number }>(
      `select d.serial_number as serial, d.active_configuration_id as playlist from devices d
       where d.organisation_id = $1 and d.active_configuration_id is not null order by d.id limit 1`,
      [organisation.gymnasium],
    );
    const { serial, playlist } = active.rows[0] ?? { serial: '', playlist: 0 };
    const item = await itemWithFiles(lehrer);
    const added = await post(server.app, `/api/v2/mdm/device-configurations/${playlist}/content/`, lehrer, {
      contentId: item.id,
      contentOrigin: 'cms',
    });
    expect(added.statusCode, added.body).toBe(200);
    const token = await pairHeadset(server, serial);
    const readConfiguration = async () =>
      (await server.app.inject({ url: '/api/v1/headset/configuration/', headers: deviceToken(token) })).json<{
        items: { contentId: number; file: string | null }[];
      }>();
    const file = (await readConfiguration()).items.find((entry) => entry.contentId === item.id)?.file ?? '';
    expect(file).toContain(`?org=${organisation.gymnasium}&`);
    expect(keyOfUrl(file)).toBe(keyOfUrl(item.file));
    // A plain GET without the device token, resumable with a range.
    const part = await fetchFile(file, { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(Buffer.alloc(1000, 7))).toBe(true);
    expect((await fetchFile(pathOf(file), deviceToken(token))).statusCode).toBe(404);
    // Deleted, the item leaves the playlist and its URL ends.
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/cms/content/${item.id}/`,
      headers: bearer(lehrer),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await fetchFile(file)).statusCode).toBe(404);
    expect((await readConfiguration()).items.map((entry) => entry.contentId)).not.toContain(item.id);
  });
});

describe('files from before', () => {
  it('an item whose file has an old, guessable key keeps it, behind the same check', async () => {
    const id = await createContentItem(server.app, lehrer);
    const key = `content/${id}/lq2x1-alt.mp4`;
    mkdirSync(dirname(join(server.uploadDir, 'files', key)), { recursive: true });
    writeFileSync(join(server.uploadDir, 'files', key), 'alte Datei');
    await server.database.pool.query('update contents set file = $1, file_size = 10 where id = $2', [
      `/media/files/${key}`,
      id,
    ]);
    const { file } = (await getContent(id, lehrer)).json<Item>();
    expect(pathOf(file)).toBe(`/media/files/${key}`);
    expect((await fetchFile(file)).body).toBe('alte Datei');
    expect((await fetchFile(`/media/files/${key}`)).statusCode).toBe(404);
  });

  it('demo files outside the store and the bundled documents stay plain', async () => {
    const list = await server.app.inject({
      url: '/api/v2/cms/content/?page_size=100',
      headers: bearer(zfsl),
    });
    const results = list.json<{ results: { file: string | null; previewImage: string | null }[] }>().results;
    const demo = results.flatMap((entry) => (entry.file?.startsWith('/media/demo/') ? [entry.file] : []));
    // The ZfsL's own demo items are private, yet their files are no files of the store: nothing to sign.
    expect(demo.length).toBeGreaterThan(10);
    for (const file of demo) expect(file).toMatch(/^\/media\/demo\/[a-z0-9.-]+\.bin$/);
    // Their preview pictures are bundled illustrations, public like the terms.
    const previews = results.flatMap((entry) =>
      entry.previewImage?.startsWith('/media/previews/') ? [entry.previewImage] : [],
    );
    expect(previews.length).toBeGreaterThan(10);
    for (const preview of previews)
      expect(preview).toMatch(/^\/media\/previews\/[a-z-]+-(app|video|webApp)\.png$/);
    expect((await fetchFile(previews[0] ?? '')).statusCode).toBe(200);
    const terms = await fetchFile('/media/nutzungsbedingungen-v1.pdf');
    expect(terms.statusCode).toBe(200);
    expect(terms.headers['content-type']).toBe('application/pdf');
  });
});
