import { describe, expect, it, vi } from 'vitest';
import {
  bytesOf,
  type FakeServerOptions,
  FakeUploadServer,
  makeFile,
  origin,
  sha256Digest,
  token,
} from '../test/fakeUploadServer.ts';
import type { UploadTarget } from './endpoints.ts';
import { isAbortError, UploadAbortedError, UploadError, UploadInterruptedError } from './errors.ts';
import {
  discardResumableUpload,
  type MultipartUploadOptions,
  type UploadProgress,
  uploadMultipart,
} from './multipart.ts';
import {
  createLocalStorageResumeStore,
  createMemoryResumeStore,
  type KeyValueStorage,
} from './resumeStore.ts';

const content: UploadTarget = { kind: 'content', id: 42 };

function upload(server: FakeUploadServer, file: Blob, options: Partial<MultipartUploadOptions> = {}) {
  return uploadMultipart({
    client: server.client,
    fetch: server.fetch,
    partBaseUrl: origin,
    target: content,
    file,
    retryDelayMs: 0,
    ...options,
  });
}

const setup = (options: Partial<FakeServerOptions> = {}) =>
  new FakeUploadServer({ partSize: 10, ...options });

const partNumbersPut = (server: FakeUploadServer) =>
  server.puts().map((entry) => Number(/parts\/(\d+)\//.exec(entry.path)?.[1]));

/** A Web Storage stand-in that outlives one upload call, as localStorage outlives a page. */
function fakeStorage(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

describe('uploadMultipart', () => {
  it('uploads every part and the server assembles the original bytes', async () => {
    const server = setup();
    const file = makeFile(95);

    const result = await upload(server, file);

    expect(result).toEqual({ file: `${origin}/media/rundgang_360.mp4`, fileSize: 95 });
    expect(server.calls('pre-signed-url-content-multipart')[0]?.body).toEqual({
      file_name: 'rundgang_360.mp4',
      file_size: 95,
    });
    expect(partNumbersPut(server).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const [assembled] = [...server.completed.values()];
    expect(assembled).toEqual(await bytesOf(file));
  });

  it('sends the bearer token to the JSON calls but never to the signed part URLs', async () => {
    const server = setup();
    await upload(server, makeFile(25));

    const json = server.log.filter((entry) => entry.method === 'POST');
    expect(json.length).toBeGreaterThan(0);
    expect(json.every((entry) => entry.authorization === `Bearer ${token}`)).toBe(true);
    expect(server.puts()).toHaveLength(3);
    expect(server.puts().every((entry) => entry.authorization === null)).toBe(true);
  });

  it('sends every part with the SHA-256 of exactly its bytes in Content-Digest (RFC 9530)', async () => {
    const known = setup();
    await upload(known, new File([new TextEncoder().encode('abc')], 'abc.bin'));
    // The SHA-256 test vector of 'abc' (FIPS 180-2), base64 between colons.
    expect(known.puts()[0]?.contentDigest).toBe('sha-256=:ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=:');

    const server = setup();
    await upload(server, makeFile(95));
    expect(server.puts()).toHaveLength(10);
    for (const put of server.puts()) {
      expect(put.contentDigest).toBe(await sha256Digest(put.body as Uint8Array<ArrayBuffer>));
    }
  });

  it('sends a part again when the server refuses bytes that changed on the way, and completes', async () => {
    const server = setup();
    const file = makeFile(30);
    let tampered = false;
    // The first PUT of part 2 arrives with one byte flipped, as a faulty proxy or network might deliver it.
    const faulty: MultipartUploadOptions['fetch'] = async (url, init) => {
      if (!tampered && url.includes('/parts/2/')) {
        tampered = true;
        const bytes = new Uint8Array(init.body as Uint8Array);
        bytes[0] = (bytes[0] ?? 0) ^ 0xff;
        return server.fetch(url, { ...init, body: bytes });
      }
      return server.fetch(url, init);
    };

    const result = await upload(server, file, { fetch: faulty });

    expect(result.fileSize).toBe(30);
    expect(server.putAttempts.get(2)).toBe(2);
    expect([...server.completed.values()][0]).toEqual(await bytesOf(file));
  });

  it('sends parts without Content-Digest where Web Crypto is missing (not a secure context)', async () => {
    // As in an insecure context: getRandomValues exists, subtle does not.
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    try {
      const server = setup();
      const result = await upload(server, makeFile(25));
      expect(result.fileSize).toBe(25);
      expect(server.puts().map((put) => put.contentDigest)).toEqual([null, null, null]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('completes with all parts sorted by part number and the ETags their uploads returned', async () => {
    // Lower parts answer last, so they finish in reverse order.
    const server = setup({ putDelayMs: (partNumber) => 40 - partNumber * 5 });
    await upload(server, makeFile(70), { concurrency: 7 });

    const [complete] = server.calls('complete-multipart-upload');
    const body = complete?.body as { parts: { part_number: number; etag: string }[]; upload_id: string };
    expect(body.parts.map((part) => part.part_number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(body.parts.map((part) => part.etag)).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((partNumber) => server.issuedEtags.get(partNumber)),
    );
    expect(body.upload_id).toBe('up-1');
  });

  it('never has more parts in flight than the concurrency', async () => {
    const limited = setup({ putDelayMs: () => 5 });
    await upload(limited, makeFile(120), { concurrency: 3 });
    expect(limited.maxInFlight).toBe(3);

    const defaults = setup({ putDelayMs: () => 5 });
    await upload(defaults, makeFile(120));
    expect(defaults.maxInFlight).toBe(4);
  });

  it('reports progress from 0 up to the total, never going back', async () => {
    const server = setup();
    const progress: UploadProgress[] = [];
    await upload(server, makeFile(95), { onProgress: (event) => progress.push(event) });

    expect(progress[0]).toMatchObject({
      uploadedBytes: 0,
      totalBytes: 95,
      completedParts: 0,
      totalParts: 10,
    });
    expect(progress.at(-1)).toMatchObject({
      uploadedBytes: 95,
      totalBytes: 95,
      completedParts: 10,
      remainingSeconds: 0,
    });
    const sent = progress.map((event) => event.uploadedBytes);
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    expect(progress).toHaveLength(11);
  });

  it('retries a part that fails with 5xx or a network error and then succeeds', async () => {
    const server = setup({
      onPut: (partNumber, attempt) => {
        if (partNumber === 2 && attempt <= 2) {
          return new Response(null, { status: 503 });
        }
        if (partNumber === 3 && attempt === 1) {
          return 'network-error';
        }
        return undefined;
      },
    });
    const file = makeFile(40);

    const result = await upload(server, file);

    expect(result.fileSize).toBe(40);
    expect(server.putAttempts.get(2)).toBe(3);
    expect(server.putAttempts.get(3)).toBe(2);
    expect(server.putAttempts.get(1)).toBe(1);
    expect([...server.completed.values()][0]).toEqual(await bytesOf(file));
  });

  it('gives up after the configured retries and, without a resume store, leaves nothing on the server', async () => {
    const server = setup({
      onPut: (partNumber) => (partNumber === 2 ? new Response(null, { status: 500 }) : undefined),
    });

    const failure = await upload(server, makeFile(40), { retries: 2 }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(UploadError);
    expect(failure).toMatchObject({ code: 'part-failed', status: 500, partNumber: 2 });
    expect(server.putAttempts.get(2)).toBe(3);
    expect(server.calls('abort-multipart-upload')).toHaveLength(1);
    expect(server.uploads.size).toBe(0);
    expect(server.calls('complete-multipart-upload')).toHaveLength(0);
  });

  it('fetches a fresh part URL once when the signed URL is refused (expired)', async () => {
    const server: FakeUploadServer = setup({
      onPut: (partNumber, attempt) => {
        if (partNumber === 1 && attempt === 1) {
          server.expireUrls();
        }
        return undefined;
      },
    });

    const result = await upload(server, makeFile(10));

    expect(result.fileSize).toBe(10);
    expect(server.calls('upload-part-url')).toHaveLength(2);
    expect(server.putAttempts.get(1)).toBe(2);
  });

  it('fails when a renewed part URL is refused again, instead of looping', async () => {
    const server = setup({ onPut: () => Response.json({ detail: 'Signatur ungültig.' }, { status: 403 }) });

    const failure = await upload(server, makeFile(10), { retries: 5 }).catch((error: unknown) => error);

    expect(failure).toMatchObject({ code: 'part-failed', status: 403, detail: 'Signatur ungültig.' });
    expect(server.calls('upload-part-url')).toHaveLength(2);
    expect(server.putAttempts.get(1)).toBe(2);
  });

  it('cancels: stops the part in flight, aborts on the server, sends nothing more and rejects with AbortError', async () => {
    const controller = new AbortController();
    let putsAfterCancel = 0;
    const server = setup({
      putDelayMs: () => 30,
      onPut: (partNumber) => {
        if (controller.signal.aborted) {
          putsAfterCancel++;
        }
        if (partNumber === 3) {
          controller.abort();
        }
        return undefined;
      },
    });
    const store = createMemoryResumeStore();

    const failure = await upload(server, makeFile(100), {
      concurrency: 1,
      signal: controller.signal,
      resumeStore: store,
    }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(UploadAbortedError);
    expect(isAbortError(failure)).toBe(true);
    expect((failure as Error).name).toBe('AbortError');
    expect(server.puts().at(-1)).toMatchObject({ cancelled: true });
    expect(partNumbersPut(server)).toEqual([1, 2, 3]);
    expect(putsAfterCancel).toBe(0);
    expect(server.calls('abort-multipart-upload').map((entry) => entry.body)).toEqual([
      { file_name: 'rundgang_360.mp4', upload_id: 'up-1' },
    ]);
    expect(server.uploads.size).toBe(0);
    expect(server.calls('complete-multipart-upload')).toHaveLength(0);
    expect(store.entries.size).toBe(0);
  });

  it('interrupts without cancelling: parts stay on the server, the state is kept, the same file resumes', async () => {
    const storage = fakeStorage();
    const interrupt = new AbortController();
    let putsAfterInterrupt = 0;
    const server = setup({
      putDelayMs: () => 30,
      onPut: (partNumber) => {
        if (interrupt.signal.aborted) {
          putsAfterInterrupt++;
        }
        if (partNumber === 3) {
          interrupt.abort();
        }
        return undefined;
      },
    });
    const file = makeFile(75);

    const failure = await upload(server, file, {
      concurrency: 1,
      interruptSignal: interrupt.signal,
      resumeStore: createLocalStorageResumeStore('vr-portal.upload.', storage),
    }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(UploadInterruptedError);
    expect(failure).not.toBeInstanceOf(UploadAbortedError);
    expect(isAbortError(failure)).toBe(true);
    expect(partNumbersPut(server)).toEqual([1, 2, 3]);
    expect(putsAfterInterrupt).toBe(0);
    expect(server.calls('abort-multipart-upload')).toHaveLength(0);
    expect(server.calls('complete-multipart-upload')).toHaveLength(0);
    expect(server.uploads.size).toBe(1);
    const saved = JSON.parse(storage.items.get('vr-portal.upload.content.42') ?? 'null');
    expect(saved.parts.map((part: { partNumber: number }) => part.partNumber)).toEqual([1, 2]);

    // Later, the same file again: only the missing parts go out.
    server.log.length = 0;
    const sameFile = new File([file], file.name, { lastModified: file.lastModified });
    const result = await upload(server, sameFile, {
      resumeStore: createLocalStorageResumeStore('vr-portal.upload.', storage),
    });
    expect(result.fileSize).toBe(75);
    expect(server.calls('pre-signed-url-content-multipart')).toHaveLength(0);
    expect(partNumbersPut(server).sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8]);
    expect([...server.completed.values()][0]).toEqual(await bytesOf(file));
    expect(storage.items.size).toBe(0);
  });

  it('still completes when interrupted after the last part was stored', async () => {
    const interrupt = new AbortController();
    const server = setup();
    const store = createMemoryResumeStore();
    const result = await upload(server, makeFile(20), {
      concurrency: 1,
      interruptSignal: interrupt.signal,
      resumeStore: store,
      onProgress: ({ completedParts, totalParts }) => {
        if (completedParts === totalParts) interrupt.abort();
      },
    });
    expect(result).toMatchObject({ fileSize: 20 });
    expect(server.calls('complete-multipart-upload')).toHaveLength(1);
    expect(store.entries.size).toBe(0);
  });

  it('does nothing when the signal is already aborted', async () => {
    const server = setup();
    const failure = await upload(server, makeFile(10), { signal: AbortSignal.abort() }).catch(
      (error: unknown) => error,
    );
    expect(isAbortError(failure)).toBe(true);
    expect(server.log).toHaveLength(0);
  });

  it('resumes after a reload without sending the finished parts again', async () => {
    const storage = fakeStorage();
    let failPart4 = true;
    const server = setup({
      onPut: (partNumber) =>
        partNumber === 4 && failPart4 ? new Response(null, { status: 500 }) : undefined,
    });
    const file = makeFile(75);

    const first = await upload(server, file, {
      concurrency: 1,
      retries: 0,
      resumeStore: createLocalStorageResumeStore('vr-portal.upload.', storage),
    }).catch((error: unknown) => error);
    expect(first).toMatchObject({ code: 'part-failed', partNumber: 4 });
    expect(partNumbersPut(server)).toEqual([1, 2, 3, 4]);
    const saved = JSON.parse(storage.items.get('vr-portal.upload.content.42') ?? 'null');
    expect(saved).toMatchObject({
      uploadId: 'up-1',
      partSize: 10,
      file: { name: 'rundgang_360.mp4', size: 75 },
    });
    expect(saved.parts.map((part: { partNumber: number }) => part.partNumber)).toEqual([1, 2, 3]);

    // After the reload: a new File object for the same file, a new store over the same storage.
    failPart4 = false;
    server.log.length = 0;
    const progress: UploadProgress[] = [];
    const sameFile = new File([file], file.name, { lastModified: file.lastModified });
    const result = await upload(server, sameFile, {
      resumeStore: createLocalStorageResumeStore('vr-portal.upload.', storage),
      onProgress: (event) => progress.push(event),
    });

    expect(result.fileSize).toBe(75);
    expect(server.calls('pre-signed-url-content-multipart')).toHaveLength(0);
    expect(partNumbersPut(server).sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 8]);
    expect(progress[0]).toMatchObject({ uploadedBytes: 30, completedParts: 3 });
    expect([...server.completed.values()][0]).toEqual(await bytesOf(file));
    expect(storage.items.size).toBe(0);
  });

  it('discards a stored upload: parts deleted on the server, state forgotten', async () => {
    const server = setup({
      onPut: (partNumber) => (partNumber === 2 ? new Response(null, { status: 500 }) : undefined),
    });
    const store = createMemoryResumeStore();
    await upload(server, makeFile(30), { resumeStore: store, retries: 0, concurrency: 1 }).catch(
      () => undefined,
    );
    expect(server.uploads.get('up-1')?.parts.size).toBe(1);
    expect(store.entries.has('content.42')).toBe(true);

    await discardResumableUpload({ client: server.client, target: content, resumeStore: store });

    expect(server.calls('abort-multipart-upload').map((entry) => entry.body)).toEqual([
      { file_name: 'rundgang_360.mp4', upload_id: 'up-1' },
    ]);
    expect(server.uploads.size).toBe(0);
    expect(store.entries.size).toBe(0);
  });

  it('starts anew when the stored upload is unknown to the server', async () => {
    const store = createMemoryResumeStore();
    const file = makeFile(30);
    await store.save('content.42', {
      version: 1,
      uploadId: 'forgotten',
      fileName: file.name,
      partSize: 10,
      maxParts: 100,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      file: { name: file.name, size: 30, lastModified: file.lastModified },
      parts: [{ partNumber: 1, etag: '"old"' }],
    });
    const server = setup();

    const result = await upload(server, file, { resumeStore: store });

    expect(result.fileSize).toBe(30);
    expect(server.calls('pre-signed-url-content-multipart')).toHaveLength(1);
    expect(partNumbersPut(server).sort((a, b) => a - b)).toEqual([1, 2, 3]);
    expect(store.entries.size).toBe(0);
  });

  it('aborts a stored upload of a different file before starting the new one', async () => {
    let failPart2 = true;
    const server = setup({
      onPut: (partNumber) =>
        partNumber === 2 && failPart2 ? new Response(null, { status: 500 }) : undefined,
    });
    const store = createMemoryResumeStore();
    await upload(server, makeFile(30, 'alt.mp4', 1), {
      resumeStore: store,
      retries: 0,
      concurrency: 1,
    }).catch(() => undefined);
    expect(server.uploads.get('up-1')?.parts.size).toBe(1);

    failPart2 = false;
    const result = await upload(server, makeFile(30, 'neu.mp4', 2), { resumeStore: store });

    expect(result.file).toBe(`${origin}/media/neu.mp4`);
    expect(server.calls('abort-multipart-upload').map((entry) => entry.body)).toEqual([
      { file_name: 'alt.mp4', upload_id: 'up-1' },
    ]);
    expect(server.uploads.size).toBe(0);
    expect(store.entries.size).toBe(0);
  });

  it('uses the operating system calls for an operating system target', async () => {
    const server = setup();
    await upload(server, makeFile(15, 'os_1.2.img'), { target: { kind: 'operatingSystem', id: 7 } });

    const paths = server.log.filter((entry) => entry.method === 'POST').map((entry) => entry.path);
    expect(paths[0]).toBe('/api/v1/support/operating-systems/7/pre-signed-url-os-multipart/');
    expect(paths.at(-1)).toBe('/api/v1/support/operating-systems/7/complete-multipart-upload/');
    expect(paths.filter((path) => path.includes('/cms/'))).toEqual([]);
  });

  it('refuses a 0-byte file before sending anything', async () => {
    const server = setup();
    const failure = await upload(server, makeFile(0)).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'empty-file' });
    expect(server.log).toHaveLength(0);
  });

  it('needs a file name for a plain Blob', async () => {
    const server = setup();
    const blob = new Blob([new Uint8Array(12)]);
    await expect(upload(server, blob)).rejects.toMatchObject({ code: 'missing-file-name' });
    const result = await upload(server, blob, { fileName: 'daten.bin' });
    expect(result.file).toBe(`${origin}/media/daten.bin`);
  });

  it('reports a refused start with its status and detail', async () => {
    const server = setup({
      onStart: () => Response.json({ detail: 'Keine Berechtigung.' }, { status: 403 }),
    });
    const failure = await upload(server, makeFile(10)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UploadError);
    expect(failure).toMatchObject({ code: 'start-failed', status: 403, detail: 'Keine Berechtigung.' });
    expect(server.puts()).toHaveLength(0);
  });
});
