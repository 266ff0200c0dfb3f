// Test support only: a server with an upload folder of its own, and the requests of the Mediathek's file flows as the
// portal sends them.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { mediaKeyOf } from '../infra/storage.ts';
import { bearer, createTestServer, type TestServer } from './testServer.ts';

/**
 * A test server (demo data, fresh database) whose files go to a temporary folder of its own, started with these
 * variables (limits, part size, …) set; the environment is as before once it runs, and `close` removes the folder.
 */
export async function createMediaTestServer(
  variables: Record<string, string | number> = {},
): Promise<TestServer & { uploadDir: string }> {
  const uploadDir = mkdtempSync(join(tmpdir(), 'portal-media-'));
  const settings = { UPLOAD_DIR: uploadDir, ...variables };
  const before = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  for (const [name, value] of Object.entries(settings)) process.env[name] = String(value);
  try {
    const server = await createTestServer();
    return {
      ...server,
      uploadDir,
      async close() {
        await server.close();
        rmSync(uploadDir, { recursive: true, force: true });
      },
    };
  } finally {
    // The configuration was read when the server was built.
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/** A PNG signature and some bytes: the server recognises images by their first bytes. */
export function png(size: number): Buffer {
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(Math.max(0, size - 8), 1)]);
}

/** A PDF header and some bytes: a `.pdf` must start with `%PDF-`. */
export function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n', 'latin1');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
}

/** A multipart/form-data body of fields and files. */
export function multipartForm(parts: { name: string; value: Buffer | string; filename?: string }[]) {
  const boundary = '----portaltest7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`, 'latin1'));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads a preview image or document as the portal's form does. */
export function uploadStoredFile(
  app: FastifyInstance,
  token: string,
  kind: 'preview' | 'document',
  bytes: Buffer,
  filename: string,
) {
  const body = multipartForm([{ name: 'file', value: bytes, filename }]);
  return app.inject({
    method: 'POST',
    url: `/api/v1/cms/${kind}-files/`,
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

export const post = (app: FastifyInstance, url: string, token: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: bearer(token), payload });

/** Creates a content item of the caller's first organisation; answers its id. */
export async function createContentItem(
  app: FastifyInstance,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const response = await post(app, '/api/v1/cms/content/', token, {
    title: 'Datei-Test',
    contentType: 'video',
    ...fields,
  });
  if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
  return response.json<{ id: number }>().id;
}

/** Starts a content upload (`pre-signed-url-content-multipart`), with or without an announced size. */
export function startContentUpload(
  app: FastifyInstance,
  token: string,
  id: number,
  fileName: string,
  fileSize?: number,
) {
  return post(app, `/api/v1/cms/content/${id}/pre-signed-url-content-multipart/`, token, {
    file_name: fileName,
    ...(fileSize === undefined ? {} : { file_size: fileSize }),
  });
}

/** Sends the parts of `data` (part size `partSize`) of a started upload; answers their ETags in order. */
export function sendParts(
  app: FastifyInstance,
  token: string,
  id: number,
  upload: { uploadId: string; fileName: string; partSize: number },
  data: Buffer,
): Promise<string[]> {
  return sendPartsAt(app, token, `/api/v1/cms/content/${id}/`, upload, data);
}

/** {@link sendParts} for the upload calls under `base` (a content item's or an operating system's path). */
async function sendPartsAt(
  app: FastifyInstance,
  token: string,
  base: string,
  upload: { uploadId: string; fileName: string; partSize: number },
  data: Buffer,
): Promise<string[]> {
  const etags: string[] = [];
  for (let n = 1; (n - 1) * upload.partSize < data.length; n++) {
    const signed = await post(app, `${base}upload-part-url/`, token, {
      file_name: upload.fileName,
      upload_id: upload.uploadId,
      part_number: n,
    });
    if (signed.statusCode !== 200) throw new Error(`part URL ${n}: ${signed.statusCode} ${signed.body}`);
    const bytes = data.subarray((n - 1) * upload.partSize, n * upload.partSize);
    const digest = createHash('sha256').update(bytes).digest('base64');
    const stored = await app.inject({
      method: 'PUT',
      url: signed.json<{ url: string }>().url,
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream', 'content-digest': `sha-256=:${digest}:` },
    });
    if (stored.statusCode !== 200) throw new Error(`part ${n}: ${stored.statusCode} ${stored.body}`);
    etags.push(String(stored.headers.etag));
  }
  return etags;
}

/** Completes an upload with its parts' ETags. */
export function completeContentUpload(
  app: FastifyInstance,
  token: string,
  id: number,
  upload: { uploadId: string; fileName: string },
  etags: string[],
) {
  return post(app, `/api/v1/cms/content/${id}/complete-multipart-upload/`, token, {
    file_name: upload.fileName,
    upload_id: upload.uploadId,
    parts: etags.map((etag, i) => ({ part_number: i + 1, etag })),
  });
}

/** The whole flow: start with the size announced, send every part, complete; answers the completion. */
export async function uploadContentFile(
  app: FastifyInstance,
  token: string,
  id: number,
  data: Buffer,
  fileName = 'rundgang.mp4',
) {
  const started = await startContentUpload(app, token, id, fileName, data.length);
  if (started.statusCode !== 201) return started;
  const { upload_id: uploadId, part_size: partSize } = started.json<{
    upload_id: string;
    part_size: number;
  }>();
  const upload = { uploadId, fileName, partSize };
  return completeContentUpload(app, token, id, upload, await sendParts(app, token, id, upload, data));
}

/** An operating system's image through the whole flow (start, parts, complete); answers the completion. */
export async function uploadOperatingSystemImage(
  app: FastifyInstance,
  token: string,
  id: number,
  data: Buffer,
  fileName = 'pico-os.img',
) {
  const base = `/api/v1/support/operating-systems/${id}/`;
  const started = await post(app, `${base}pre-signed-url-os-multipart/`, token, {
    file_name: fileName,
    file_size: data.length,
  });
  if (started.statusCode !== 201) return started;
  const { upload_id: uploadId, part_size: partSize } = started.json<{
    upload_id: string;
    part_size: number;
  }>();
  const etags = await sendPartsAt(app, token, base, { uploadId, fileName, partSize }, data);
  return post(app, `${base}complete-multipart-upload/`, token, {
    file_name: fileName,
    upload_id: uploadId,
    parts: etags.map((etag, i) => ({ part_number: i + 1, etag })),
  });
}

/** The store's key of a file URL the server handed out (its signature query left aside). */
export function keyOfUrl(url: string): string {
  const key = mediaKeyOf(url.split('?')[0] ?? '');
  if (key === null) throw new Error(`not a stored file's URL: ${url}`);
  return key;
}
