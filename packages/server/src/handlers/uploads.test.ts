import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, login, type TestServer } from '../test-support.ts';

const PART = 1024;
let server: TestServer;
let uploadDir: string;
let lehrer: string;
let zfsl: string;

beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'portal-uploads-'));
  Object.assign(process.env, {
    UPLOAD_DIR: uploadDir,
    UPLOAD_PART_SIZE: String(PART),
    MAX_UPLOAD_BYTES: String(20 * PART),
    MAX_FILE_BYTES: String(4 * PART),
  });
  server = await createTestServer();
  lehrer = (await login(server.app, 'lehrer@schule.example')).access;
  zfsl = (await login(server.app, 'zfsl@zfsl.example')).access;
});
afterAll(async () => {
  await server?.close();
  rmSync(uploadDir, { recursive: true, force: true });
  for (const name of ['UPLOAD_DIR', 'UPLOAD_PART_SIZE', 'MAX_UPLOAD_BYTES', 'MAX_FILE_BYTES'])
    delete process.env[name];
});

const post = (url: string, token: string | undefined, payload: object) =>
  server.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });

async function newContent(token = lehrer): Promise<number> {
  const response = await post('/api/v1/cms/content/', token, { title: 'Upload-Test', contentType: 'video' });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

interface Start {
  upload_id: string;
  part_size: number;
  max_parts: number;
  expires_at: string;
  parts: unknown[];
}

async function start(id: number, fileName: string, fileSize?: number) {
  return post(`/api/v1/cms/content/${id}/pre-signed-url-content-multipart/`, lehrer, {
    file_name: fileName,
    ...(fileSize === undefined ? {} : { file_size: fileSize }),
  });
}

async function partUrl(id: number, uploadId: string, fileName: string, partNumber: number): Promise<string> {
  const response = await post(`/api/v1/cms/content/${id}/upload-part-url/`, lehrer, {
    file_name: fileName,
    upload_id: uploadId,
    part_number: partNumber,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string }>().url;
}

const put = (url: string, body: Buffer) =>
  server.app.inject({
    method: 'PUT',
    url,
    payload: body,
    headers: { 'content-type': 'application/octet-stream' },
  });

const incoming = () => readdirSync(join(uploadDir, 'incoming'));

describe('multipart upload of a content file', () => {
  it('uploads parts in any order to signed URLs, completes, and attaches the verified file', async () => {
    const id = await newContent();
    const data = randomBytes(2 * PART + 100);
    const started = await start(id, 'rundgang_360.mp4', data.length);
    expect(started.statusCode).toBe(201);
    const upload = started.json<Start>();
    expect(upload).toMatchObject({ part_size: PART, max_parts: 20, parts: [] });

    const etags: string[] = [];
    for (const n of [3, 1, 2]) {
      const url = await partUrl(id, upload.upload_id, 'rundgang_360.mp4', n);
      expect(url).toMatch(
        new RegExp(`^/api/v1/uploads/${upload.upload_id}/parts/${n}/\\?expires=\\d+&signature=[0-9a-f]{64}$`),
      );
      const response = await put(url, data.subarray((n - 1) * PART, n * PART));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers.etag).toBe(response.json<{ etag: string }>().etag);
      etags[n - 1] = String(response.headers.etag);
    }
    expect(incoming()).toEqual([`${upload.upload_id}.upload`]);

    const complete = await post(`/api/v1/cms/content/${id}/complete-multipart-upload/`, lehrer, {
      file_name: 'rundgang_360.mp4',
      upload_id: upload.upload_id,
      parts: etags.map((etag, i) => ({ part_number: i + 1, etag })),
    });
    expect(complete.statusCode, complete.body).toBe(200);
    const result = complete.json<{ file: string; fileSize: number }>();
    expect(result.fileSize).toBe(data.length);
    expect(result.file).toMatch(/^\/media\/files\/content\/\d+\/.+-rundgang_360\.mp4$/);
    expect(incoming()).toEqual([]);

    const content = await server.app.inject({ url: `/api/v2/cms/content/${id}/`, headers: bearer(lehrer) });
    expect(content.json()).toMatchObject({ file: result.file, fileSize: data.length });
    const served = await server.app.inject({ url: result.file });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(
      createHash('sha256').update(data).digest('hex'),
    );
    const stored = readFileSync(
      join(uploadDir, 'files', decodeURIComponent(result.file.slice('/media/files/'.length))),
    );
    expect(stored.equals(data)).toBe(true);
  });

  it('refuses a tampered, foreign or expired part URL with 403', async () => {
    const id = await newContent();
    const upload = (await start(id, 'a.mp4', PART)).json<Start>();
    const url = await partUrl(id, upload.upload_id, 'a.mp4', 1);
    const body = randomBytes(PART);
    const signature = url.slice(-64);
    const flipped = url.slice(0, -1) + (url.endsWith('0') ? '1' : '0');
    expect((await put(flipped, body)).statusCode).toBe(403);
    // Same signature, other part: the signature binds the part number.
    const otherPart = url.replace('/parts/1/', '/parts/2/');
    const refused = await put(otherPart, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Die Upload-Adresse ist ungültig.');
    // Later expiry with the old signature: the signature binds the expiry.
    const later = url.replace(/expires=(\d+)/, (_m, e) => `expires=${Number(e) + 3600}`);
    expect((await put(later, body)).statusCode).toBe(403);
    // Another upload's id with this signature.
    const other = (await start(await newContent(), 'b.mp4', PART)).json<Start>();
    expect((await put(url.replace(upload.upload_id, other.upload_id), body)).statusCode).toBe(403);
    // A correctly signed but expired URL (signed here with the server's key from the database).
    const key = await server.database.pool.query(
      "select value from app_settings where key = 'upload_signing_secret'",
    );
    const expires = Math.floor(Date.now() / 1000) - 10;
    const expiredSignature = createHmac('sha256', Buffer.from(key.rows[0].value, 'hex'))
      .update(`${upload.upload_id}|1|${expires}`)
      .digest('hex');
    const expiredUrl = url.replace(/expires=\d+/, `expires=${expires}`).replace(signature, expiredSignature);
    const expired = await put(expiredUrl, body);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().detail).toBe('Die Upload-Adresse ist abgelaufen. Bitte fordern Sie eine neue an.');
    // The same key with the real expiry reproduces the server's signature: the scheme is as documented.
    const real = Number(/expires=(\d+)/.exec(url)?.[1]);
    expect(
      createHmac('sha256', Buffer.from(key.rows[0].value, 'hex'))
        .update(`${upload.upload_id}|1|${real}`)
        .digest('hex'),
    ).toBe(signature);
    // Without signature: a contract error, 400 not 500.
    expect((await put(url.split('?')[0] ?? '', body)).statusCode).toBe(400);
    // The untouched URL still works.
    expect((await put(url, body)).statusCode).toBe(200);
  });

  it('aborts: parts and upload are gone, nothing left on disk, later parts answer 404', async () => {
    const id = await newContent();
    const upload = (await start(id, 'weg.mp4', 2 * PART)).json<Start>();
    const url = await partUrl(id, upload.upload_id, 'weg.mp4', 1);
    expect((await put(url, randomBytes(PART))).statusCode).toBe(200);
    expect(incoming()).toContain(`${upload.upload_id}.upload`);
    // Only the owner may abort.
    const foreign = await post(`/api/v1/cms/content/${id}/abort-multipart-upload/`, zfsl, {
      file_name: 'weg.mp4',
      upload_id: upload.upload_id,
    });
    expect(foreign.statusCode).toBe(404);
    const aborted = await post(`/api/v1/cms/content/${id}/abort-multipart-upload/`, lehrer, {
      file_name: 'weg.mp4',
      upload_id: upload.upload_id,
    });
    expect(aborted.statusCode).toBe(204);
    expect(incoming()).not.toContain(`${upload.upload_id}.upload`);
    expect(existsSync(join(uploadDir, 'incoming', `${upload.upload_id}.upload`))).toBe(false);
    const late = await put(url, randomBytes(PART));
    expect(late.statusCode).toBe(404);
    expect(late.json().detail).toBe('Dieser Upload existiert nicht mehr. Bitte starten Sie ihn neu.');
    const again = await post(`/api/v1/cms/content/${id}/abort-multipart-upload/`, lehrer, {
      file_name: 'weg.mp4',
      upload_id: upload.upload_id,
    });
    expect(again.statusCode).toBe(404);
    const rows = await server.database.pool.query(
      'select count(*)::int as n from multipart_upload_parts where upload_id = $1',
      [upload.upload_id],
    );
    expect(rows.rows[0].n).toBe(0);
  });

  it('completes only with every part, the right ETags and the announced size', async () => {
    const id = await newContent();
    const upload = (await start(id, 'c.mp4', 2 * PART)).json<Start>();
    const url1 = await partUrl(id, upload.upload_id, 'c.mp4', 1);
    const etag1 = String((await put(url1, randomBytes(PART))).headers.etag);
    const complete = (parts: { part_number: number; etag: string }[], fileName = 'c.mp4') =>
      post(`/api/v1/cms/content/${id}/complete-multipart-upload/`, lehrer, {
        file_name: fileName,
        upload_id: upload.upload_id,
        parts,
      });
    const short = await complete([{ part_number: 1, etag: etag1 }]);
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toBe(
      `Die hochgeladene Datei ist ${PART} Bytes groß, angekündigt waren ${2 * PART} Bytes.`,
    );
    const missing = await complete([
      { part_number: 1, etag: etag1 },
      { part_number: 2, etag: '"abc"' },
    ]);
    expect(missing.json().detail).toBe('Teil 2 wurde nicht oder mit anderem Inhalt hochgeladen.');
    const wrongEtag = await complete([{ part_number: 1, etag: '"deadbeef-400"' }]);
    expect(wrongEtag.statusCode).toBe(400);
    const gap = await complete([{ part_number: 2, etag: etag1 }]);
    expect(gap.json().detail).toBe('Die Teile müssen lückenlos und aufsteigend ab Teil 1 angegeben werden.');
    const name = await complete([{ part_number: 1, etag: etag1 }], 'other.mp4');
    expect(name.json().detail).toBe('Der Dateiname passt nicht zu diesem Upload.');
    // A part of the wrong size is refused at once and does not count.
    const url2 = await partUrl(id, upload.upload_id, 'c.mp4', 2);
    const wrongSize = await put(url2, randomBytes(PART - 1));
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json().detail).toBe(`Dieser Teil muss genau ${PART} Bytes groß sein.`);
    const etag2 = String((await put(url2, randomBytes(PART))).headers.etag);
    const ok = await complete([
      { part_number: 1, etag: etag1 },
      { part_number: 2, etag: etag2 },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().fileSize).toBe(2 * PART);
  });

  it('verifies the whole file’s SHA-256 when the client sends one', async () => {
    const id = await newContent();
    const data = randomBytes(PART + 10);
    const upload = (await start(id, 'summe.mp4', data.length)).json<Start>();
    const parts: { part_number: number; etag: string }[] = [];
    for (const n of [1, 2]) {
      const url = await partUrl(id, upload.upload_id, 'summe.mp4', n);
      const response = await put(url, data.subarray((n - 1) * PART, n * PART));
      parts.push({ part_number: n, etag: String(response.headers.etag) });
    }
    const complete = (checksum: string) =>
      post(`/api/v1/cms/content/${id}/complete-multipart-upload/`, lehrer, {
        file_name: 'summe.mp4',
        upload_id: upload.upload_id,
        parts,
        checksum,
      });
    const wrong = await complete(createHash('sha256').update('anders').digest('hex'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(
      'Die Prüfsumme der hochgeladenen Datei stimmt nicht. Bitte laden Sie die Datei erneut hoch.',
    );
    const sha = createHash('sha256').update(data).digest('hex');
    const right = await complete(sha);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ fileSize: data.length, checksum: sha });
  });

  it('refuses files and parts over the limit with 413 and a German detail', async () => {
    const id = await newContent();
    const tooBig = await start(id, 'gross.mp4', 20 * PART + 1);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().detail).toBe('Die Datei ist zu groß. Erlaubt sind höchstens 20 KB.');
    const upload = (await start(id, 'teil.mp4')).json<Start>();
    const url = await partUrl(id, upload.upload_id, 'teil.mp4', 1);
    const oversized = await put(url, randomBytes(PART + 1));
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().detail).toBe('Dieser Teil ist größer als erlaubt.');
    const beyond = await post(`/api/v1/cms/content/${id}/upload-part-url/`, lehrer, {
      file_name: 'teil.mp4',
      upload_id: upload.upload_id,
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

  it('a new start drops the unfinished upload of the same content (one file per item)', async () => {
    const id = await newContent();
    const first = (await start(id, 'eins.mp4', PART)).json<Start>();
    await put(await partUrl(id, first.upload_id, 'eins.mp4', 1), randomBytes(PART));
    const second = (await start(id, 'zwei.mp4', PART)).json<Start>();
    expect(second.upload_id).not.toBe(first.upload_id);
    expect(incoming()).not.toContain(`${first.upload_id}.upload`);
  });
});
