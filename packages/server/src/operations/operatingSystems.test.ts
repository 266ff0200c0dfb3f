import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaTestServer, keyOfUrl } from '../test/mediaRequests.ts';
import { bearer, login, type TestServer } from '../test/testServer.ts';

const PART = 1024;
let server: TestServer & { uploadDir: string };
let staff: string;
let lehrer: string;

beforeAll(async () => {
  server = await createMediaTestServer({ UPLOAD_PART_SIZE: PART });
  staff = (await login(server.app, 'staff@vr-portal.example')).access;
  lehrer = (await login(server.app, 'lehrer@schule.example')).access;
});
afterAll(() => server?.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  server.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const BASE = '/api/v1/support/operating-systems/';

describe('operating systems', () => {
  it('staff create, change and delete entries; others read only', async () => {
    const refused = await call('POST', BASE, lehrer, { name: 'Pico OS', version: '5.12.0' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Nur Mitarbeitende des Portals dürfen Betriebssysteme verwalten.');
    const badType = await call('POST', BASE, staff, {
      name: 'Pico OS',
      version: '5.12.0',
      deviceTypeId: 999,
    });
    expect(badType.json()).toEqual({ deviceTypeId: ['Diesen Gerätetyp gibt es nicht.'] });
    const created = await call('POST', BASE, staff, {
      name: 'Pico OS',
      version: '5.12.0',
      deviceTypeId: 1,
      releaseNotes: 'Neue Kiosk-Funktionen.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const os = created.json<{ id: number; deviceType: { id: number } | null; file: string | null }>();
    expect(os).toMatchObject({ deviceType: { id: 1 }, file: null });
    const list = await call('GET', `${BASE}?device_type=1`, lehrer);
    expect(list.json<{ count: number; results: { id: number }[] }>().results.map((o) => o.id)).toContain(
      os.id,
    );
    expect((await call('GET', `${BASE}?device_type=2`, lehrer)).json().count).toBe(0);
    expect((await call('GET', BASE)).statusCode).toBe(401);
    expect((await call('PATCH', `${BASE}${os.id}/`, lehrer, { version: '6' })).statusCode).toBe(403);
    const changed = await call('PATCH', `${BASE}${os.id}/`, staff, { version: '5.12.1' });
    expect(changed.json().version).toBe('5.12.1');
    expect((await call('DELETE', `${BASE}${os.id}/`, lehrer)).statusCode).toBe(403);
    expect((await call('DELETE', `${BASE}${os.id}/`, staff)).statusCode).toBe(204);
    expect((await call('GET', `${BASE}${os.id}/`, lehrer)).statusCode).toBe(404);
  });

  it('uploads the image with the same multipart flow (staff only) and deletes it with the entry', async () => {
    const os = (await call('POST', BASE, staff, { name: 'Pico OS', version: '6.0.0' })).json<{
      id: number;
    }>();
    const url = (op: string) => `${BASE}${os.id}/${op}/`;
    const notStaff = await call('POST', url('pre-signed-url-os-multipart'), lehrer, {
      file_name: 'pico.img',
    });
    expect(notStaff.statusCode).toBe(403);
    const data = randomBytes(PART + 7);
    const start = await call('POST', url('pre-signed-url-os-multipart'), staff, {
      file_name: 'pico.img',
      file_size: data.length,
    });
    expect(start.statusCode).toBe(201);
    const uploadId = start.json<{ upload_id: string }>().upload_id;
    const parts = [];
    for (const n of [1, 2]) {
      const partUrl = await call('POST', url('upload-part-url'), staff, {
        file_name: 'pico.img',
        upload_id: uploadId,
        part_number: n,
      });
      const put = await server.app.inject({
        method: 'PUT',
        url: partUrl.json<{ url: string }>().url,
        payload: data.subarray((n - 1) * PART, n * PART),
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(put.statusCode).toBe(200);
      parts.push({ part_number: n, etag: String(put.headers.etag) });
    }
    // A content item's calls do not reach an operating system's upload, even for the content's owner.
    const admin = (await login(server.app, 'admin@kmz.example')).access;
    const crossed = await call('POST', '/api/v1/cms/content/1/abort-multipart-upload/', admin, {
      file_name: 'pico.img',
      upload_id: uploadId,
    });
    expect(crossed.statusCode).toBe(404);
    const done = await call('POST', url('complete-multipart-upload'), staff, {
      file_name: 'pico.img',
      upload_id: uploadId,
      parts,
    });
    expect(done.statusCode, done.body).toBe(200);
    const file = done.json<{ file: string; fileSize: number }>();
    expect(file.fileSize).toBe(data.length);
    const entry = await call('GET', `${BASE}${os.id}/`, lehrer);
    expect(entry.json()).toMatchObject({ fileSize: data.length });
    expect(keyOfUrl(entry.json<{ file: string }>().file)).toBe(keyOfUrl(file.file));
    const path = join(server.uploadDir, 'files', keyOfUrl(file.file));
    expect(existsSync(path)).toBe(true);
    // Every signed-in user may download the image with the URL they were given; without its signature nobody.
    const served = await server.app.inject({ url: entry.json<{ file: string }>().file });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(data)).toBe(true);
    expect(served.headers['cache-control']).toBe('private, max-age=300');
    expect((await server.app.inject({ url: file.file.split('?')[0] ?? '' })).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}${os.id}/`, staff)).statusCode).toBe(204);
    expect(existsSync(path)).toBe(false);
  });
});
