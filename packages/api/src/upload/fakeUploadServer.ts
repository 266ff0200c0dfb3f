// Test support only (not exported): an in-memory server for the multipart flow, reached through an injected fetch.
import { createPortalClient } from '../client.ts';

export const origin = 'http://portal.test';
export const token = 'token-1';

export interface LoggedRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
  /** Set for part PUTs that were cancelled by the client while the server was still answering. */
  cancelled?: boolean;
  /** The `Content-Digest` header of a part PUT. */
  contentDigest?: string | null;
}

/** What a test may make the server do with one PUT; `undefined` lets it store the part. */
export type PutOutcome = Response | 'network-error' | undefined;

export interface FakeServerOptions {
  partSize: number;
  maxParts?: number;
  /** Milliseconds the server takes to answer a PUT of this part. */
  putDelayMs?: (partNumber: number) => number;
  /** Called when a PUT arrives (attempt counts from 1 per part). */
  onPut?: (partNumber: number, attempt: number) => PutOutcome;
  /** Replaces the answer to the start call. */
  onStart?: () => Response | undefined;
}

interface StoredUpload {
  id: string;
  target: string;
  fileName: string;
  parts: Map<number, { bytes: Uint8Array; etag: string }>;
}

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** `sha-256=:<base64>:` of bytes (RFC 9530), as the reference server expects it in `Content-Digest`. */
export async function sha256Digest(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return `sha-256=:${btoa(String.fromCharCode(...hash))}:`;
}

/** FNV-1a, enough to give different bytes different ETags. */
function etagOf(bytes: Uint8Array): string {
  let hash = 0x811c9dc5;
  for (const byte of bytes) {
    hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  }
  return `"${hash.toString(16).padStart(8, '0')}-${bytes.length}"`;
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(new DOMException('This operation was aborted', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal.aborted) {
      abort();
      return;
    }
    signal.addEventListener('abort', abort, { once: true });
  });
}

const jsonRoute =
  /^\/api\/v1\/(cms\/content|support\/operating-systems)\/(\d+)\/(pre-signed-url-content-multipart|pre-signed-url-os-multipart|upload-part-url|complete-multipart-upload|abort-multipart-upload)\/$/;
const partRoute = /^\/api\/v1\/uploads\/([A-Za-z0-9_-]+)\/parts\/(\d+)\/$/;

export function createFakeUploadServer(options: FakeServerOptions) {
  const uploads = new Map<string, StoredUpload>();
  const log: LoggedRequest[] = [];
  const completed = new Map<string, Uint8Array>();
  const putAttempts = new Map<number, number>();
  /** ETags the server handed out per part, in the order it answered. */
  const issuedEtags = new Map<number, string>();
  let uploadCounter = 0;
  let urlGeneration = 0;
  let inFlight = 0;
  let maxInFlight = 0;

  const signature = (uploadId: string, partNumber: number) =>
    `sig-${uploadId}-${partNumber}-${urlGeneration}`;

  async function handleJson(
    request: Request,
    entry: LoggedRequest,
    match: RegExpExecArray,
  ): Promise<Response> {
    const [, area, id, action] = match;
    const target = `${area}/${id}`;
    const body = (await request.json()) as Record<string, unknown>;
    entry.body = body;
    if (action === 'pre-signed-url-content-multipart' || action === 'pre-signed-url-os-multipart') {
      const answer = options.onStart?.();
      if (answer) {
        return answer;
      }
      const upload: StoredUpload = {
        id: `up-${++uploadCounter}`,
        target,
        fileName: String(body.file_name),
        parts: new Map(),
      };
      uploads.set(upload.id, upload);
      return json(201, {
        upload_id: upload.id,
        file_name: upload.fileName,
        part_size: options.partSize,
        max_parts: options.maxParts ?? 10_000,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        parts: [],
      });
    }
    const upload = uploads.get(String(body.upload_id));
    if (!upload || upload.target !== target) {
      return json(404, { detail: 'Upload nicht gefunden.' });
    }
    if (action === 'upload-part-url') {
      const partNumber = Number(body.part_number);
      const expires = Math.floor(Date.now() / 1000) + 900;
      return json(200, {
        url: `/api/v1/uploads/${upload.id}/parts/${partNumber}/?expires=${expires}&signature=${signature(upload.id, partNumber)}`,
        part_number: partNumber,
        expires_at: new Date(expires * 1000).toISOString(),
      });
    }
    if (action === 'abort-multipart-upload') {
      uploads.delete(upload.id);
      return new Response(null, { status: 204 });
    }
    const parts = body.parts as { part_number: number; etag: string }[];
    const chunks: Uint8Array[] = [];
    for (const [index, part] of parts.entries()) {
      const stored = upload.parts.get(part.part_number);
      if (part.part_number !== index + 1 || !stored || stored.etag !== part.etag) {
        return json(400, { detail: `Teil ${part.part_number} fehlt oder passt nicht.` });
      }
      chunks.push(stored.bytes);
    }
    if (parts.length !== upload.parts.size) {
      return json(400, { detail: 'Nicht alle Teile angegeben.' });
    }
    const file = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      file.set(chunk, offset);
      offset += chunk.length;
    }
    completed.set(upload.id, file);
    uploads.delete(upload.id);
    return json(200, { file: `${origin}/media/${upload.fileName}`, fileSize: file.length });
  }

  async function handlePut(
    request: Request,
    entry: LoggedRequest,
    match: RegExpExecArray,
  ): Promise<Response> {
    const uploadId = match[1]!;
    const partNumber = Number(match[2]);
    const attempt = (putAttempts.get(partNumber) ?? 0) + 1;
    putAttempts.set(partNumber, attempt);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const bytes = new Uint8Array(await request.arrayBuffer());
      entry.body = bytes;
      entry.contentDigest = request.headers.get('Content-Digest');
      const outcome = options.onPut?.(partNumber, attempt);
      await delay(options.putDelayMs?.(partNumber) ?? 1, request.signal).catch((error: unknown) => {
        entry.cancelled = true;
        throw error;
      });
      if (outcome === 'network-error') {
        throw new TypeError('fetch failed');
      }
      if (outcome) {
        return outcome;
      }
      const url = new URL(request.url);
      if (url.searchParams.get('signature') !== signature(uploadId, partNumber)) {
        return json(403, { detail: 'Signatur ungültig oder abgelaufen.' });
      }
      const upload = uploads.get(uploadId);
      if (!upload) {
        return json(404, { detail: 'Upload nicht gefunden.' });
      }
      // Like the reference server: bytes that do not match their digest are refused and do not count.
      if (entry.contentDigest && entry.contentDigest !== (await sha256Digest(bytes))) {
        upload.parts.delete(partNumber);
        return json(400, { detail: 'Der Inhalt dieses Teils passt nicht zu seiner Prüfsumme.' });
      }
      const etag = etagOf(bytes);
      upload.parts.set(partNumber, { bytes, etag });
      issuedEtags.set(partNumber, etag);
      return new Response(JSON.stringify({ part_number: partNumber, etag, size: bytes.length }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', ETag: etag },
      });
    } finally {
      inFlight--;
    }
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const entry: LoggedRequest = {
      method: request.method,
      path: url.pathname,
      authorization: request.headers.get('Authorization'),
      body: undefined,
    };
    log.push(entry);
    const jsonMatch = request.method === 'POST' ? jsonRoute.exec(url.pathname) : null;
    if (jsonMatch) {
      return handleJson(request, entry, jsonMatch);
    }
    const partMatch = request.method === 'PUT' ? partRoute.exec(url.pathname) : null;
    if (partMatch) {
      return handlePut(request, entry, partMatch);
    }
    return json(404, { detail: 'Not found.' });
  }

  const client = createPortalClient({
    baseUrl: origin,
    getToken: () => token,
    onUnauthorized: () => {},
    fetch: handle,
  });

  return {
    client,
    /** The part fetch handed to the engine. */
    fetch: (url: string, init: RequestInit) => handle(new Request(url, init)),
    uploads,
    completed,
    log,
    putAttempts,
    issuedEtags,
    get maxInFlight() {
      return maxInFlight;
    },
    /** Invalidates every part URL handed out so far, as their expiry would. */
    expireUrls() {
      urlGeneration++;
    },
    puts: () => log.filter((entry) => entry.method === 'PUT'),
    calls: (action: string) =>
      log.filter((entry) => entry.method === 'POST' && entry.path.endsWith(`/${action}/`)),
  };
}

export type FakeUploadServer = ReturnType<typeof createFakeUploadServer>;

/** A file whose bytes differ from part to part, so a misplaced part changes the assembled file. */
export function makeFile(size: number, name = 'rundgang_360.mp4', lastModified = 1_700_000_000_000): File {
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index++) {
    bytes[index] = (index * 7 + 3) % 251;
  }
  return new File([bytes], name, { lastModified });
}

export async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}
