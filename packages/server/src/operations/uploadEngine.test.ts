import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import {
  createMemoryResumeStore,
  createPortalClient,
  isAbortError,
  type PartFetch,
  type PortalClient,
  uploadMultipart,
} from '@portal/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyOfUrl } from '../test/mediaRequests.ts';
import {
  localTestStore,
  MEDIA_TEST_VARIABLES,
  s3TestStore,
  type TestStore,
} from '../test/mediaTestStores.ts';
import { startTestHttpServer } from '../test/testServer.ts';

// The real upload engine of @portal/api against the real server over HTTP (startTestHttpServer on a free port), with the
// server storing on local disk and in s3rver, a real S3 server.
describe.each([localTestStore(64 * 1024), s3TestStore()])(
  'uploadMultipart against the reference server on $name',
  (store: TestStore) => {
    const PART = store.partSize;
    let server: Awaited<ReturnType<typeof startTestHttpServer>>;
    let client: PortalClient;

    beforeAll(async () => {
      Object.assign(process.env, await store.start(), { UPLOAD_PART_SIZE: String(PART) });
      server = await startTestHttpServer();
      let token: string | null = null;
      client = createPortalClient({ baseUrl: server.url, getToken: () => token, onUnauthorized: () => {} });
      const login = await client.POST('/api/v1/sessions/', {
        body: { username: 'lehrer@schule.example', password: 'portal2026' },
      });
      token = login.data?.access ?? null;
    }, 120_000);
    afterAll(async () => {
      await server?.close();
      await store.stop();
      for (const name of MEDIA_TEST_VARIABLES) delete process.env[name];
    });

    async function newContent(): Promise<number> {
      const created = await client.POST('/api/v1/cms/content/', {
        body: { title: 'Engine-Test', contentType: 'video', isPublic: false },
      });
      if (!created.data) throw new Error(JSON.stringify(created.error));
      return created.data.id;
    }

    const storedBytes = (file: string) => store.file(keyOfUrl(file));

    it('uploads a file in parallel parts and the server stores exactly its bytes', async () => {
      const id = await newContent();
      const data = randomBytes(5 * PART + 123);
      const progress: number[] = [];
      const result = await uploadMultipart({
        client,
        target: { kind: 'content', id },
        file: new Blob([data]),
        fileName: 'engine_test.mp4',
        partBaseUrl: server.url,
        onProgress: (p) => progress.push(p.uploadedBytes),
      });
      expect(result.fileSize).toBe(data.length);
      expect(progress.at(-1)).toBe(data.length);
      expect((await storedBytes(result.file))?.equals(data)).toBe(true);
      expect(store.unfinishedCount()).toBe(0);
    });

    it('a part changed on the way is refused by its digest, sent again, and the file is exact', async () => {
      const id = await newContent();
      const data = randomBytes(3 * PART);
      let flipped = 0;
      // A faulty network: the first PUT of part 2 arrives with one bit flipped under the engine's digest.
      const faulty: PartFetch = async (url, init) => {
        if (flipped === 0 && url.includes('/parts/2/')) {
          flipped += 1;
          const body = new Uint8Array(init.body as Uint8Array);
          body[body.length - 1] = (body[body.length - 1] ?? 0) ^ 0x04;
          const refused = await fetch(url, { ...init, body });
          expect(refused.status).toBe(400);
          return refused;
        }
        return fetch(url, init);
      };
      const result = await uploadMultipart({
        client,
        target: { kind: 'content', id },
        file: new Blob([data]),
        fileName: 'kippbit.mp4',
        partBaseUrl: server.url,
        fetch: faulty,
      });
      expect(flipped).toBe(1);
      expect((await storedBytes(result.file))?.equals(data)).toBe(true);
    });

    it('cancelling leaves no parts on the server', async () => {
      const id = await newContent();
      const controller = new AbortController();
      let sent = 0;
      // Cancel once two parts are stored: the engine then calls abort-multipart-upload.
      const fetchAndCancel: PartFetch = async (url, init) => {
        const response = await fetch(url, init);
        sent += 1;
        if (sent === 2) controller.abort();
        return response;
      };
      const upload = uploadMultipart({
        client,
        target: { kind: 'content', id },
        file: new Blob([randomBytes(8 * PART)]),
        fileName: 'abbruch.mp4',
        partBaseUrl: server.url,
        concurrency: 1,
        fetch: fetchAndCancel,
        signal: controller.signal,
      });
      await expect(upload).rejects.toSatisfy(isAbortError);
      expect(store.unfinishedCount()).toBe(0);
      const rows = await server.database.pool.query('select count(*)::int as n from multipart_uploads');
      expect(rows.rows[0].n).toBe(0);
    });

    it('a part whose connection breaks off does not count and can be sent again', async () => {
      const id = await newContent();
      const start = await client.POST('/api/v1/cms/content/{id}/pre-signed-url-content-multipart/', {
        params: { path: { id } },
        body: { file_name: 'abgebrochen.mp4', file_size: PART },
      });
      const uploadId = start.data?.upload_id ?? '';
      const partUrl = async () =>
        (
          await client.POST('/api/v1/cms/content/{id}/upload-part-url/', {
            params: { path: { id } },
            body: { file_name: 'abgebrochen.mp4', upload_id: uploadId, part_number: 1 },
          })
        ).data?.url ?? '';
      const target = new URL(await partUrl(), server.url);
      await new Promise<void>((resolve) => {
        const request = httpRequest(target, {
          method: 'PUT',
          headers: { 'content-type': 'application/octet-stream', 'content-length': String(PART) },
        });
        request.on('error', () => resolve());
        request.write(randomBytes(PART / 2), () => setTimeout(() => request.destroy(), 100));
        request.on('close', () => resolve());
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const rows = await server.database.pool.query(
        'select count(*)::int as n from multipart_upload_parts where upload_id = $1',
        [uploadId],
      );
      expect(rows.rows[0].n).toBe(0);
      const retry = await fetch(new URL(await partUrl(), server.url), {
        method: 'PUT',
        body: randomBytes(PART),
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(retry.status).toBe(200);
      await client.POST('/api/v1/cms/content/{id}/abort-multipart-upload/', {
        params: { path: { id } },
        body: { file_name: 'abgebrochen.mp4', upload_id: uploadId },
      });
    });

    it('resumes an interrupted upload without sending finished parts again', async () => {
      const id = await newContent();
      const data = randomBytes(6 * PART);
      const file = new File([data], 'fortsetzen.mp4', { lastModified: 1_700_000_000_000 });
      const resumeStore = createMemoryResumeStore();
      const sentParts: string[] = [];
      let failAfter = 3;
      // The first run "loses the connection" after three parts.
      const flaky: PartFetch = async (url, init) => {
        if (failAfter === 0) throw new TypeError('network down');
        failAfter -= 1;
        sentParts.push(new URL(url).pathname);
        return fetch(url, init);
      };
      await expect(
        uploadMultipart({
          client,
          target: { kind: 'content', id },
          file,
          partBaseUrl: server.url,
          concurrency: 1,
          retries: 0,
          fetch: flaky,
          resumeStore,
        }),
      ).rejects.toThrow();
      expect(sentParts).toHaveLength(3);
      expect(store.unfinishedCount()).toBe(1);

      const secondRun: string[] = [];
      const result = await uploadMultipart({
        client,
        target: { kind: 'content', id },
        file,
        partBaseUrl: server.url,
        concurrency: 1,
        resumeStore,
        fetch: async (url, init) => {
          secondRun.push(new URL(url).pathname);
          return fetch(url, init);
        },
      });
      expect(secondRun).toHaveLength(3);
      expect(secondRun.some((path) => sentParts.includes(path))).toBe(false);
      expect((await storedBytes(result.file))?.equals(data)).toBe(true);
    });
  },
);
