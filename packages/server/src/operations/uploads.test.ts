import { createHash, createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyOfUrl } from '../test/mediaRequests.ts';
import {
  localTestStore,
  MEDIA_TEST_VARIABLES,
  s3TestStore,
  type TestStore,
  type UploadIds,
} from '../test/mediaTestStores.ts';
import { bearer, createTestServer, login, type TestServer } from '../test/testServer.ts';

interface Start {
  upload_id: string;
  part_size: number;
  max_parts: number;
  expires_at: string;
  parts: unknown[];
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();
const contentDigest = (data: Buffer) => `sha-256=:${sha256(data).toString('base64')}:`;

// The same flow against both stores: local disk (small parts) and s3rver, a real S3 server (S3's 5 MiB parts).
describe.each([
  { store: localTestStore(), limit: '20,00 KB' },
  { store: s3TestStore(), limit: '100,00 MB' },
])(
  'multipart upload of a content file on $store.name',
  ({ store, limit }: { store: TestStore; limit: string }) => {
    const PART = store.partSize;
    let server: TestServer;
    let lehrer: string;
    let zfsl: string;

    beforeAll(async () => {
      Object.assign(process.env, await store.start(), {
        UPLOAD_PART_SIZE: String(PART),
        MAX_VIDEO_BYTES: String(20 * PART),
        MAX_PREVIEW_BYTES: String(4 * PART),
      });
      server = await createTestServer();
      lehrer = (await login(server.app, 'lehrer@schule.example')).access;
      zfsl = (await login(server.app, 'zfsl@zfsl.example')).access;
    });
    afterAll(async () => {
      await server?.close();
      await store.stop();
      for (const name of MEDIA_TEST_VARIABLES) delete process.env[name];
    });

    const post = (url: string, token: string | undefined, payload: object) =>
      server.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });

    async function newContent(token = lehrer): Promise<number> {
      const response = await post('/api/v1/cms/content/', token, {
        title: 'Upload-Test',
        contentType: 'video',
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ id: number }>().id;
    }

    const start = (id: number, fileName: string, fileSize?: number) =>
      post(`/api/v1/cms/content/${id}/pre-signed-url-content-multipart/`, lehrer, {
        file_name: fileName,
        ...(fileSize === undefined ? {} : { file_size: fileSize }),
      });

    /** Our upload id, the store's and the file's key, read from the database while the upload exists. */
    async function started(
      id: number,
      fileName: string,
      fileSize?: number,
    ): Promise<Start & UploadIds & { storageKey: string }> {
      const response = await start(id, fileName, fileSize);
      expect(response.statusCode, response.body).toBe(201);
      const upload = response.json<Start>();
      const row = await server.database.pool.query(
        'select storage_upload_id, storage_key from multipart_uploads where id = $1',
        [upload.upload_id],
      );
      return {
        ...upload,
        id: upload.upload_id,
        storageUploadId: row.rows[0].storage_upload_id,
        storageKey: row.rows[0].storage_key,
      };
    }

    async function partUrl(id: number, uploadId: string, fileName: string, partNumber: number) {
      const response = await post(`/api/v1/cms/content/${id}/upload-part-url/`, lehrer, {
        file_name: fileName,
        upload_id: uploadId,
        part_number: partNumber,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ url: string }>().url;
    }

    /** PUTs a part; with `digest` its Content-Digest (default: the body's own, as the upload engine sends it). */
    const put = (url: string, body: Buffer, digest: string | null = contentDigest(body)) =>
      server.app.inject({
        method: 'PUT',
        url,
        payload: body,
        headers: {
          'content-type': 'application/octet-stream',
          ...(digest === null ? {} : { 'content-digest': digest }),
        },
      });

    const complete = (id: number, uploadId: string, fileName: string, parts: string[], checksum?: string) =>
      post(`/api/v1/cms/content/${id}/complete-multipart-upload/`, lehrer, {
        file_name: fileName,
        upload_id: uploadId,
        parts: parts.map((etag, i) => ({ part_number: i + 1, etag })),
        ...(checksum === undefined ? {} : { checksum }),
      });

    it('uploads parts in any order, completes, stores exactly the bytes and serves them', async () => {
      const id = await newContent();
      const data = randomBytes(2 * PART + 100);
      const upload = await started(id, 'rundgang_360.mp4', data.length);
      expect(upload).toMatchObject({ part_size: PART, max_parts: 20, parts: [] });

      const etags: string[] = [];
      for (const n of [3, 1, 2]) {
        const url = await partUrl(id, upload.id, 'rundgang_360.mp4', n);
        expect(url).toMatch(
          new RegExp(`^/api/v1/uploads/${upload.id}/parts/${n}/\\?expires=\\d+&signature=[0-9a-f]{64}$`),
        );
        const bytes = data.subarray((n - 1) * PART, n * PART);
        const response = await put(url, bytes);
        expect(response.statusCode, response.body).toBe(200);
        // The ETag is the part's SHA-256, so the client's list at completion names exactly the verified bytes.
        expect(response.headers.etag).toBe(`"${sha256(bytes).toString('hex')}"`);
        expect(response.json()).toEqual({ part_number: n, etag: response.headers.etag, size: bytes.length });
        etags[n - 1] = String(response.headers.etag);
      }
      expect(store.holdsUpload(upload)).toBe(true);

      const completed = await complete(id, upload.id, 'rundgang_360.mp4', etags);
      expect(completed.statusCode, completed.body).toBe(200);
      const result = completed.json<{ file: string; fileSize: number }>();
      expect(result.fileSize).toBe(data.length);
      // 128 random bits in the key; the item is private, so the URL is signed for the owner, the Gymnasium.
      expect(result.file).toMatch(
        /^\/media\/files\/content\/[A-Za-z0-9_-]{22}\/rundgang_360\.mp4\?org=\d+&expires=\d+&signature=[0-9a-f]{64}$/,
      );
      expect(keyOfUrl(result.file)).toBe(upload.storageKey);
      expect(store.holdsUpload(upload)).toBe(false);
      expect((await store.file(keyOfUrl(result.file)))?.equals(data)).toBe(true);

      const content = await server.app.inject({ url: `/api/v2/cms/content/${id}/`, headers: bearer(lehrer) });
      expect(content.json()).toMatchObject({ fileSize: data.length });
      expect(keyOfUrl(content.json<{ file: string }>().file)).toBe(upload.storageKey);
      const served = await server.app.inject({ url: result.file });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('video/mp4');
      expect(served.headers['content-security-policy']).toContain('sandbox');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(data)).toBe(true);
    });

    it('serves stored files with ranges, HEAD and revalidation, and 404 for unknown keys', async () => {
      const id = await newContent();
      const data = randomBytes(PART + 10);
      const upload = await started(id, 'video.mp4', data.length);
      const etags: string[] = [];
      for (const n of [1, 2]) {
        const response = await put(
          await partUrl(id, upload.id, 'video.mp4', n),
          data.subarray((n - 1) * PART, n * PART),
        );
        etags.push(String(response.headers.etag));
      }
      const { file } = (await complete(id, upload.id, 'video.mp4', etags)).json<{ file: string }>();

      // Headsets and browsers seek in videos with ranges.
      const range = await server.app.inject({
        url: file,
        headers: { range: `bytes=${PART - 2}-${PART + 3}` },
      });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes ${PART - 2}-${PART + 3}/${data.length}`);
      expect(range.rawPayload.equals(data.subarray(PART - 2, PART + 4))).toBe(true);
      const head = await server.app.inject({ method: 'HEAD', url: file });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(data.length));
      expect(head.rawPayload.length).toBe(0);
      const etag = String((await server.app.inject({ url: file })).headers.etag);
      const revalidated = await server.app.inject({ url: file, headers: { 'if-none-match': etag } });
      expect(revalidated.statusCode).toBe(304);
      const missing = await server.app.inject({ url: `/media/files/content/${id}/nichts.mp4` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Nicht gefunden.' });
    });

    it('refuses a part whose bytes do not match its Content-Digest; it does not count and complete fails', async () => {
      const id = await newContent();
      const data = randomBytes(2 * PART);
      const upload = await started(id, 'pruefsumme.mp4', data.length);
      const url1 = await partUrl(id, upload.id, 'pruefsumme.mp4', 1);
      const url2 = await partUrl(id, upload.id, 'pruefsumme.mp4', 2);
      const part1 = data.subarray(0, PART);
      const part2 = data.subarray(PART);
      const etag1 = String((await put(url1, part1)).headers.etag);
      const etag2 = String((await put(url2, part2)).headers.etag);

      // Part 1 again, changed on the way: one flipped byte under the digest of the original bytes.
      const tampered = Buffer.from(part1);
      tampered[7] = (tampered[7] ?? 0) ^ 0x01;
      const refused = await put(url1, tampered, contentDigest(part1));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        detail:
          'Der Inhalt dieses Teils passt nicht zu seiner Prüfsumme (Content-Digest). Bitte senden Sie ihn erneut.',
      });
      // Its earlier, good version no longer counts either: the store may hold the refused bytes now.
      const failed = await complete(id, upload.id, 'pruefsumme.mp4', [etag1, etag2]);
      expect(failed.statusCode).toBe(400);
      expect(failed.json().detail).toBe('Teil 1 wurde nicht oder mit anderem Inhalt hochgeladen.');
      // An ETag made up from the tampered bytes counts just as little.
      const madeUp = `"${sha256(tampered).toString('hex')}"`;
      expect((await complete(id, upload.id, 'pruefsumme.mp4', [madeUp, etag2])).statusCode).toBe(400);

      expect((await put(url1, part1)).headers.etag).toBe(etag1);
      const ok = await complete(id, upload.id, 'pruefsumme.mp4', [etag1, etag2]);
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await store.file(keyOfUrl(ok.json<{ file: string }>().file)))?.equals(data)).toBe(true);
    });

    it('reads Content-Digest as RFC 9530: malformed sha-256 is 400, other algorithms alone go unchecked', async () => {
      const id = await newContent();
      const upload = await started(id, 'kopf.mp4', PART);
      const url = await partUrl(id, upload.id, 'kopf.mp4', 1);
      const body = randomBytes(PART);
      const expected = {
        detail: 'Der Header Content-Digest ist ungültig. Erwartet wird sha-256=:…: mit 32 Bytes in Base64.',
      };
      for (const header of [
        'sha-256=:abc:',
        'sha-256=AAAA',
        `sha-256=:${randomBytes(20).toString('base64')}:`,
      ]) {
        const response = await put(url, body, header);
        expect(response.statusCode, header).toBe(400);
        expect(response.json()).toEqual(expected);
      }
      const sha512 = `sha-512=:${createHash('sha512').update('anders').digest('base64')}:`;
      expect((await put(url, body, sha512)).statusCode).toBe(200);
      // Several algorithms: the sha-256 entry decides.
      const both = await put(url, body, `${sha512}, ${contentDigest(body)}`);
      expect(both.statusCode).toBe(200);
      expect(both.headers.etag).toBe(`"${sha256(body).toString('hex')}"`);
      expect((await put(url, body, `${sha512}, ${contentDigest(randomBytes(8))}`)).statusCode).toBe(400);
    });

    it('refuses a tampered, foreign or expired part URL with 403', async () => {
      const id = await newContent();
      const upload = await started(id, 'a.mp4', PART);
      const url = await partUrl(id, upload.id, 'a.mp4', 1);
      const body = randomBytes(PART);
      const signature = url.slice(-64);
      const flipped = url.slice(0, -1) + (url.endsWith('0') ? '1' : '0');
      expect((await put(flipped, body)).statusCode).toBe(403);
      // Same signature, other part: the signature binds the part number.
      const refused = await put(url.replace('/parts/1/', '/parts/2/'), body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe('Die Upload-Adresse ist ungültig.');
      // Later expiry with the old signature: the signature binds the expiry.
      const later = url.replace(/expires=(\d+)/, (_m, e) => `expires=${Number(e) + 3600}`);
      expect((await put(later, body)).statusCode).toBe(403);
      // Another upload's id with this signature.
      const other = await started(await newContent(), 'b.mp4', PART);
      expect((await put(url.replace(upload.id, other.id), body)).statusCode).toBe(403);
      // A correctly signed but expired URL (signed here with the server's key from the database).
      const key = await server.database.pool.query(
        "select value from app_settings where key = 'upload_signing_secret'",
      );
      const expires = Math.floor(Date.now() / 1000) - 10;
      const expiredSignature = createHmac('sha256', Buffer.from(key.rows[0].value, 'hex'))
        .update(`${upload.id}|1|${expires}`)
        .digest('hex');
      const expiredUrl = url
        .replace(/expires=\d+/, `expires=${expires}`)
        .replace(signature, expiredSignature);
      const expired = await put(expiredUrl, body);
      expect(expired.statusCode).toBe(403);
      expect(expired.json().detail).toBe(
        'Die Upload-Adresse ist abgelaufen. Bitte fordern Sie eine neue an.',
      );
      // The same key with the real expiry reproduces the server's signature: the scheme is as documented.
      const real = Number(/expires=(\d+)/.exec(url)?.[1]);
      expect(
        createHmac('sha256', Buffer.from(key.rows[0].value, 'hex'))
          .update(`${upload.id}|1|${real}`)
          .digest('hex'),
      ).toBe(signature);
      // Without signature: a contract error, 400 not 500.
      const unsigned = await put(url.split('?')[0] ?? '', body);
      expect(unsigned.statusCode).toBe(400);
      expect(unsigned.json()).toHaveProperty('expires');
      // The untouched URL still works.
      expect((await put(url, body)).statusCode).toBe(200);
    });

    it('aborts: parts and upload are gone, nothing left in the store, later parts answer 404', async () => {
      const id = await newContent();
      const upload = await started(id, 'weg.mp4', 2 * PART);
      const url = await partUrl(id, upload.id, 'weg.mp4', 1);
      expect((await put(url, randomBytes(PART))).statusCode).toBe(200);
      expect(store.holdsUpload(upload)).toBe(true);
      // Only the owner may abort.
      const body = { file_name: 'weg.mp4', upload_id: upload.id };
      const foreign = await post(`/api/v1/cms/content/${id}/abort-multipart-upload/`, zfsl, body);
      expect(foreign.statusCode).toBe(404);
      const aborted = await post(`/api/v1/cms/content/${id}/abort-multipart-upload/`, lehrer, body);
      expect(aborted.statusCode).toBe(204);
      expect(store.holdsUpload(upload)).toBe(false);
      expect(await store.fileKeys()).not.toContain(upload.storageKey);
      const late = await put(url, randomBytes(PART));
      expect(late.statusCode).toBe(404);
      expect(late.json().detail).toBe('Dieser Upload existiert nicht mehr. Bitte starten Sie ihn neu.');
      const again = await post(`/api/v1/cms/content/${id}/abort-multipart-upload/`, lehrer, body);
      expect(again.statusCode).toBe(404);
      const rows = await server.database.pool.query(
        'select count(*)::int as n from multipart_upload_parts where upload_id = $1',
        [upload.id],
      );
      expect(rows.rows[0].n).toBe(0);
    });

    it('drops an upload abandoned after its first part, with its parts, once past its expiry and not before', async () => {
      const id = await newContent();
      const upload = await started(id, 'liegengelassen.mp4', 3 * PART);
      const url = await partUrl(id, upload.id, 'liegengelassen.mp4', 1);
      expect((await put(url, randomBytes(PART))).statusCode).toBe(200);
      const parts = async () =>
        (
          await server.database.pool.query(
            'select count(*)::int as n from multipart_upload_parts where upload_id = $1',
            [upload.id],
          )
        ).rows[0].n;
      // Within its time it may still be resumed: the hourly sweep leaves it alone.
      const expiresAt = Date.parse(upload.expires_at);
      await server.sweepAbandonedUploads(new Date(expiresAt - 1000));
      expect(store.holdsUpload(upload)).toBe(true);
      expect(await parts()).toBe(1);
      // Past it, the sweep (no new upload started) removes the parts in the store and the rows.
      // (with it, what earlier tests left unfinished)
      expect(await server.sweepAbandonedUploads(new Date(expiresAt + 1000))).toBeGreaterThanOrEqual(1);
      expect(store.holdsUpload(upload)).toBe(false);
      expect(await parts()).toBe(0);
      const rows = await server.database.pool.query('select 1 from multipart_uploads where id = $1', [
        upload.id,
      ]);
      expect(rows.rows).toEqual([]);
      expect(await store.fileKeys()).not.toContain(upload.storageKey);
      expect((await put(url, randomBytes(PART))).statusCode).toBe(404);
    });

    it('completes only with every part, the right ETags and the announced size', async () => {
      const id = await newContent();
      const upload = await started(id, 'c.mp4', 2 * PART);
      const etag1 = String(
        (await put(await partUrl(id, upload.id, 'c.mp4', 1), randomBytes(PART))).headers.etag,
      );
      const short = await complete(id, upload.id, 'c.mp4', [etag1]);
      expect(short.statusCode).toBe(400);
      expect(short.json().detail).toBe(
        `Die hochgeladene Datei ist ${PART} Bytes groß, angekündigt waren ${2 * PART} Bytes.`,
      );
      const missing = await complete(id, upload.id, 'c.mp4', [etag1, '"abc"']);
      expect(missing.json().detail).toBe('Teil 2 wurde nicht oder mit anderem Inhalt hochgeladen.');
      expect((await complete(id, upload.id, 'c.mp4', [`"${'0'.repeat(64)}"`])).statusCode).toBe(400);
      const gap = await post(`/api/v1/cms/content/${id}/complete-multipart-upload/`, lehrer, {
        file_name: 'c.mp4',
        upload_id: upload.id,
        parts: [{ part_number: 2, etag: etag1 }],
      });
      expect(gap.json().detail).toBe(
        'Die Teile müssen lückenlos und aufsteigend ab Teil 1 angegeben werden.',
      );
      const name = await complete(id, upload.id, 'other.mp4', [etag1]);
      expect(name.json().detail).toBe('Der Dateiname passt nicht zu diesem Upload.');
      // A part of the wrong size is refused at once and does not count.
      const url2 = await partUrl(id, upload.id, 'c.mp4', 2);
      const wrongSize = await put(url2, randomBytes(PART - 1));
      expect(wrongSize.statusCode).toBe(400);
      expect(wrongSize.json().detail).toBe(`Dieser Teil muss genau ${PART} Bytes groß sein.`);
      const etag2 = String((await put(url2, randomBytes(PART))).headers.etag);
      const ok = await complete(id, upload.id, 'c.mp4', [etag1, etag2]);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().fileSize).toBe(2 * PART);
    });

    it('verifies the whole file’s SHA-256 when the client sends one', async () => {
      const id = await newContent();
      const data = randomBytes(PART + 10);
      const upload = await started(id, 'summe.mp4', data.length);
      const etags: string[] = [];
      for (const n of [1, 2]) {
        const url = await partUrl(id, upload.id, 'summe.mp4', n);
        etags.push(String((await put(url, data.subarray((n - 1) * PART, n * PART))).headers.etag));
      }
      const wrong = await complete(
        id,
        upload.id,
        'summe.mp4',
        etags,
        sha256(Buffer.from('anders')).toString('hex'),
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().detail).toBe(
        'Die Prüfsumme der hochgeladenen Datei stimmt nicht. Bitte laden Sie die Datei erneut hoch.',
      );
      const sha = sha256(data).toString('hex');
      const again = await complete(id, upload.id, 'summe.mp4', etags, sha);
      if (store.name === 'local disk') {
        // On disk nothing was changed: the same parts complete with the right checksum.
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json()).toMatchObject({ fileSize: data.length, checksum: sha });
      } else {
        // S3 consumed the parts to assemble the file it then hashed: the upload and the wrong file are gone.
        expect(again.statusCode).toBe(404);
        expect(store.holdsUpload(upload)).toBe(false);
        expect(await store.fileKeys()).not.toContain(upload.storageKey);
      }
    });

    it('refuses files and parts over the limit with 413 and a German detail', async () => {
      const id = await newContent();
      const tooBig = await start(id, 'gross.mp4', 20 * PART + 1);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json()).toMatchObject({
        detail: `Die Datei ist zu groß. Erlaubt sind höchstens ${limit}.`,
        code: 'fileTooLarge',
        params: { maxBytes: 20 * PART },
      });
      const upload = await started(id, 'teil.mp4');
      const url = await partUrl(id, upload.id, 'teil.mp4', 1);
      const oversized = await put(url, randomBytes(PART + 1));
      expect(oversized.statusCode).toBe(413);
      expect(oversized.json().detail).toBe('Dieser Teil ist größer als erlaubt.');
      const beyond = await post(`/api/v1/cms/content/${id}/upload-part-url/`, lehrer, {
        file_name: 'teil.mp4',
        upload_id: upload.id,
        part_number: 21,
      });
      expect(beyond.statusCode).toBe(400);
      expect(beyond.json().detail).toBe('Die Teilnummer darf höchstens 20 sein.');
    });

    it('lets only the owner start an upload; bad file names are field errors', async () => {
      const id = await newContent();
      const foreign = await post(`/api/v1/cms/content/${id}/pre-signed-url-content-multipart/`, zfsl, {
        file_name: 'x.mp4',
      });
      expect(foreign.statusCode).toBe(404);
      const badName = await start(id, 'mein video.mp4');
      expect(badName.statusCode).toBe(400);
      expect(badName.json()).toEqual({
        file_name: [
          'Der Dateiname darf nur Buchstaben, Ziffern, Bindestrich, Unterstrich und Punkt enthalten.',
        ],
      });
      const unknownUpload = await post(`/api/v1/cms/content/${id}/upload-part-url/`, lehrer, {
        file_name: 'x.mp4',
        upload_id: 'nope',
        part_number: 1,
      });
      expect(unknownUpload.statusCode).toBe(404);
    });

    it('keeps preview images in the same store, serves them from it and deletes them there', async () => {
      const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(300)]);
      const boundary = 'vorschau-grenze';
      const form = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bild.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const created = await server.app.inject({
        method: 'POST',
        url: '/api/v1/cms/preview-files/',
        headers: { ...bearer(lehrer), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: form,
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id, file } = created.json<{ id: number; file: string }>();
      expect((await store.file(keyOfUrl(file)))?.equals(png)).toBe(true);
      expect((await server.app.inject({ url: file })).rawPayload.equals(png)).toBe(true);
      const deleted = await server.app.inject({
        method: 'DELETE',
        url: `/api/v1/cms/preview-files/${id}/`,
        headers: bearer(lehrer),
      });
      expect(deleted.statusCode).toBe(204);
      expect(await store.file(keyOfUrl(file))).toBeNull();
      expect((await server.app.inject({ url: file })).statusCode).toBe(404);
    });

    it('a new start drops the unfinished upload of the same content (one file per item)', async () => {
      const id = await newContent();
      const first = await started(id, 'eins.mp4', PART);
      await put(await partUrl(id, first.id, 'eins.mp4', 1), randomBytes(PART));
      expect(store.holdsUpload(first)).toBe(true);
      const second = await started(id, 'zwei.mp4', PART);
      expect(second.id).not.toBe(first.id);
      expect(store.holdsUpload(first)).toBe(false);
    });
  },
);
