// Test support, never published (package.json `files`, checked by `pnpm --filter @portal/api run test:pack`): an
// in-memory server for the multipart flow of the contract, reached through an injected fetch.
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

type JsonBody = Record<string, unknown>;

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

/** The parts in the order the completion lists them, joined; a string says why they do not make the file. */
function assemble(upload: StoredUpload, parts: { part_number: number; etag: string }[]): Uint8Array | string {
  const chunks: Uint8Array[] = [];
  for (const [index, part] of parts.entries()) {
    const stored = upload.parts.get(part.part_number);
    if (part.part_number !== index + 1 || !stored || stored.etag !== part.etag) {
      return `Teil ${part.part_number} fehlt oder passt nicht.`;
    }
    chunks.push(stored.bytes);
  }
  if (parts.length !== upload.parts.size) return 'Nicht alle Teile angegeben.';
  const file = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    file.set(chunk, offset);
    offset += chunk.length;
  }
  return file;
}

const jsonRoute =
  /^\/api\/v1\/(cms\/content|support\/operating-systems)\/(\d+)\/(pre-signed-url-content-multipart|pre-signed-url-os-multipart|upload-part-url|complete-multipart-upload|abort-multipart-upload)\/$/;
const partRoute = /^\/api\/v1\/uploads\/([A-Za-z0-9_-]+)\/parts\/(\d+)\/$/;

/**
 * The contract's multipart calls (start, part URL, PUT of a part, complete, abort) on uploads held in memory, with a
 * log of every request and hooks to delay, refuse or break single PUTs.
 */
export class FakeUploadServer {
  readonly uploads = new Map<string, StoredUpload>();
  readonly log: LoggedRequest[] = [];
  /** Assembled files by upload id. */
  readonly completed = new Map<string, Uint8Array>();
  readonly putAttempts = new Map<number, number>();
  /** ETags the server handed out per part, in the order it answered. */
  readonly issuedEtags = new Map<number, string>();
  /** The most PUTs it answered at once. */
  maxInFlight = 0;
  /** A client on this server with a bearer token, as the app's. */
  readonly client = createPortalClient({
    baseUrl: origin,
    getToken: () => token,
    onUnauthorized: () => {},
    fetch: (request) => this.handle(request),
  });
  private uploadCounter = 0;
  private urlGeneration = 0;
  private inFlight = 0;

  constructor(private readonly options: FakeServerOptions) {}

  /** The part fetch handed to the engine. */
  readonly fetch = (url: string, init: RequestInit) => this.handle(new Request(url, init));

  /** Invalidates every part URL handed out so far, as their expiry would. */
  expireUrls(): void {
    this.urlGeneration++;
  }

  puts(): LoggedRequest[] {
    return this.log.filter((entry) => entry.method === 'PUT');
  }

  calls(action: string): LoggedRequest[] {
    return this.log.filter((entry) => entry.method === 'POST' && entry.path.endsWith(`/${action}/`));
  }

  private signature(uploadId: string, partNumber: number): string {
    return `sig-${uploadId}-${partNumber}-${this.urlGeneration}`;
  }

  private async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const entry: LoggedRequest = {
      method: request.method,
      path: url.pathname,
      authorization: request.headers.get('Authorization'),
      body: undefined,
    };
    this.log.push(entry);
    const jsonMatch = request.method === 'POST' ? jsonRoute.exec(url.pathname) : null;
    if (jsonMatch) {
      const [, area, id, action] = jsonMatch;
      const body = (await request.json()) as JsonBody;
      entry.body = body;
      return this.answerJson(`${area}/${id}`, String(action), body);
    }
    const partMatch = request.method === 'PUT' ? partRoute.exec(url.pathname) : null;
    if (partMatch) return this.answerPut(request, entry, String(partMatch[1]), Number(partMatch[2]));
    return json(404, { detail: 'Not found.' });
  }

  private answerJson(target: string, action: string, body: JsonBody): Response {
    if (action === 'pre-signed-url-content-multipart' || action === 'pre-signed-url-os-multipart') {
      return this.options.onStart?.() ?? this.start(target, body);
    }
    const upload = this.uploads.get(String(body.upload_id));
    if (!upload || upload.target !== target) return json(404, { detail: 'Upload nicht gefunden.' });
    if (action === 'upload-part-url') return this.partUrl(upload, Number(body.part_number));
    if (action === 'abort-multipart-upload') {
      this.uploads.delete(upload.id);
      return new Response(null, { status: 204 });
    }
    return this.complete(upload, body.parts as { part_number: number; etag: string }[]);
  }

  private start(target: string, body: JsonBody): Response {
    const upload: StoredUpload = {
      id: `up-${++this.uploadCounter}`,
      target,
      fileName: String(body.file_name),
      parts: new Map(),
    };
    this.uploads.set(upload.id, upload);
    return json(201, {
      upload_id: upload.id,
      file_name: upload.fileName,
      part_size: this.options.partSize,
      max_parts: this.options.maxParts ?? 10_000,
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      parts: [],
    });
  }

  private partUrl(upload: StoredUpload, partNumber: number): Response {
    const expires = Math.floor(Date.now() / 1000) + 900;
    const signature = this.signature(upload.id, partNumber);
    return json(200, {
      url: `/api/v1/uploads/${upload.id}/parts/${partNumber}/?expires=${expires}&signature=${signature}`,
      part_number: partNumber,
      expires_at: new Date(expires * 1000).toISOString(),
    });
  }

  private complete(upload: StoredUpload, parts: { part_number: number; etag: string }[]): Response {
    const file = assemble(upload, parts);
    if (typeof file === 'string') return json(400, { detail: file });
    this.completed.set(upload.id, file);
    this.uploads.delete(upload.id);
    return json(200, { file: `${origin}/media/${upload.fileName}`, fileSize: file.length });
  }

  private async answerPut(
    request: Request,
    entry: LoggedRequest,
    uploadId: string,
    partNumber: number,
  ): Promise<Response> {
    const attempt = (this.putAttempts.get(partNumber) ?? 0) + 1;
    this.putAttempts.set(partNumber, attempt);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      const bytes = new Uint8Array(await request.arrayBuffer());
      entry.body = bytes;
      entry.contentDigest = request.headers.get('Content-Digest');
      const outcome = this.options.onPut?.(partNumber, attempt);
      await delay(this.options.putDelayMs?.(partNumber) ?? 1, request.signal).catch((error: unknown) => {
        entry.cancelled = true;
        throw error;
      });
      if (outcome === 'network-error') throw new TypeError('fetch failed');
      if (outcome) return outcome;
      return await this.storePart(request, entry, uploadId, partNumber, bytes);
    } finally {
      this.inFlight--;
    }
  }

  private async storePart(
    request: Request,
    entry: LoggedRequest,
    uploadId: string,
    partNumber: number,
    bytes: Uint8Array<ArrayBuffer>,
  ): Promise<Response> {
    if (new URL(request.url).searchParams.get('signature') !== this.signature(uploadId, partNumber)) {
      return json(403, { detail: 'Signatur ungültig oder abgelaufen.' });
    }
    const upload = this.uploads.get(uploadId);
    if (!upload) return json(404, { detail: 'Upload nicht gefunden.' });
    // Like the reference server: bytes that do not match their digest are refused and do not count.
    if (entry.contentDigest && entry.contentDigest !== (await sha256Digest(bytes))) {
      upload.parts.delete(partNumber);
      return json(400, { detail: 'Der Inhalt dieses Teils passt nicht zu seiner Prüfsumme.' });
    }
    const etag = etagOf(bytes);
    upload.parts.set(partNumber, { bytes, etag });
    this.issuedEtags.set(partNumber, etag);
    return new Response(JSON.stringify({ part_number: partNumber, etag, size: bytes.length }), {
      status: 200,
      headers: { 'Content-Type': 'application/json', ETag: etag },
    });
  }
}

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
