import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulkContent } from '../db/seedBulk.ts';
import { createContentItem, createMediaTestServer, uploadContentFile } from '../test/mediaRequests.ts';
import { bearer, login, type TestServer } from '../test/testServer.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

// Issue 25, item 3: JSON answers above 1 KB go out compressed by Accept-Encoding; small answers and files do not.
const PART = 1024;
let server: TestServer & { uploadDir: string };
let lehrer: string;

beforeAll(async () => {
  server = await createMediaTestServer({ UPLOAD_PART_SIZE: PART });
  // More than a page: the Mediathek's first page is full (50 items).
  await seedBulkContent(server.database.db, 60);
  lehrer = (await login(server.app, 'lehrer@schule.example')).access;
}, 120_000);
afterAll(() => server?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers: { ...bearer(lehrer), ...headers } });

/** The Mediathek's first page of 50 items (the portal asks for 24; a client may ask for up to 100). */
const FIRST_PAGE = '/api/v2/cms/content/?page_size=50';

describe('JSON answers of the contract', () => {
  it('a Mediathek page of 50 items is compressed with brotli, else gzip, and says so (Content-Encoding, Vary)', async () => {
    const plain = await get(FIRST_PAGE);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const page = plain.json<{ results: unknown[] }>();
    expect(page.results).toHaveLength(50);

    const br = await get(FIRST_PAGE, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(page);

    const gzip = await get(FIRST_PAGE, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(page);

    // Only the encodings named: deflate alone, or none, gets the answer as it is.
    const deflate = await get(FIRST_PAGE, { 'accept-encoding': 'deflate' });
    expect(deflate.headers['content-encoding']).toBeUndefined();
    expect(deflate.rawPayload.equals(plain.rawPayload)).toBe(true);

    const sizes = { plain: plain.rawPayload.length, br: br.rawPayload.length, gzip: gzip.rawPayload.length };
    console.log(`Mediathek page of 50 items: ${JSON.stringify(sizes)} bytes`);
    expect(sizes.br).toBeLessThan(sizes.plain / 4);
    expect(sizes.gzip).toBeLessThan(sizes.plain / 3);
  });

  it('an answer below 1 KB goes out as it is', async () => {
    const siteInfo = await get('/api/v1/site-info/', { 'accept-encoding': 'br, gzip' });
    expect(siteInfo.statusCode).toBe(200);
    expect(siteInfo.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(siteInfo.headers['content-encoding']).toBeUndefined();
    expect(siteInfo.headers.vary ?? '').not.toMatch(/accept-encoding/i);
    expect(siteInfo.json<{ support: unknown }>().support).toBeTruthy();
  });

  it('an error answer above 1 KB is compressed like any other JSON answer', async () => {
    const unknownFields = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`unbekanntes_feld_${i}_`.padEnd(60, 'x'), 'x']),
    );
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/v1/cms/content/',
      headers: { ...bearer(lehrer), 'accept-encoding': 'br' },
      payload: unknownFields,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(refused.rawPayload);
    expect(body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(Object.keys(JSON.parse(body.toString('utf8')))).toContain('unbekanntes_feld_0_'.padEnd(60, 'x'));
  });
});

describe('stored files', () => {
  it('go out as stored, whole or by range, whatever the client accepts', async () => {
    const id = await createContentItem(server.app, lehrer);
    // A text file of bytes that would shrink to nothing, of a type that is worth compressing: only the rule keeps
    // it as it is.
    const bytes = Buffer.alloc(3 * PART, 'a');
    expect((await uploadContentFile(server.app, lehrer, id, bytes, 'anleitung.txt')).statusCode).toBe(200);
    const file = (await get(`/api/v2/cms/content/${id}/`)).json<{ file: string }>().file;

    const whole = await get(file, { 'accept-encoding': 'br, gzip' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(bytes.length));
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const range = await get(file, { 'accept-encoding': 'br, gzip', range: 'bytes=1000-1999' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);
  });
});
