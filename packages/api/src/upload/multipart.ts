import type { PortalClient } from '../client.ts';
import {
  type MultipartEndpoints,
  type MultipartUploadResult,
  multipartEndpoints,
  resumeKey,
  type UploadPartUrl,
  type UploadTarget,
} from './endpoints.ts';
import { UploadAbortedError, UploadError, UploadInterruptedError } from './errors.ts';
import { type PartPlan, planParts } from './parts.ts';
import type { UploadFileIdentity, UploadResumeState, UploadResumeStore } from './resumeStore.ts';
import { defaultSpeedWindowMs, estimateTransfer, pruneSamples, type TransferSample } from './speed.ts';

/** How part bytes are sent: the global `fetch` or a stand-in. Never given a bearer token. */
export type PartFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface UploadProgress {
  /** Bytes of the parts the server has confirmed, including parts finished before a resume. */
  uploadedBytes: number;
  totalBytes: number;
  /** Moving-window average of this session (resumed parts don't count as speed); 0 until known. */
  bytesPerSecond: number;
  /** `null` while the speed is unknown. */
  remainingSeconds: number | null;
  completedParts: number;
  totalParts: number;
}

export interface MultipartUploadOptions {
  /** The portal client: the JSON calls go through it, with its bearer token and middleware. */
  client: PortalClient;
  /** The content item or operating system the file belongs to (it must exist already). */
  target: UploadTarget;
  /** The file. A `File` brings its name and `lastModified`; a plain `Blob` needs `fileName`. */
  file: Blob;
  /** Overrides `file.name`. Must satisfy the contract's file-name rule (letters, digits, `._-`). */
  fileName?: string;
  /** Sends the part bytes to the signed URLs; defaults to the global `fetch`. The signed URL is the authorisation. */
  fetch?: PartFetch;
  /**
   * Base for part URLs the server returns relative to the API origin. Defaults to the page's address in a
   * browser; Node callers pass the server's origin.
   */
  partBaseUrl?: string;
  /** Parts in flight at once (default 4). */
  concurrency?: number;
  /** Further attempts per part after a network error, 5xx, 408 or 429 (default 3). */
  retries?: number;
  /** First backoff delay; doubles with each retry (default 500 ms). */
  retryDelayMs?: number;
  /**
   * Cancels the upload: parts in flight are stopped, `abort-multipart-upload` deletes what the server holds, the
   * resume state is removed and the promise rejects with `UploadAbortedError` (name 'AbortError'). Once every part
   * is stored, the short completion call is no longer interrupted.
   */
  signal?: AbortSignal;
  /**
   * Stops sending parts without cancelling (the user leaves the page): parts in flight are dropped, but the
   * upload stays on the server and the resume state is kept, so the same file picked again (with the same
   * `resumeStore`) continues where it stopped. The promise rejects with `UploadInterruptedError`. Once every part
   * is stored, the upload is completed instead, as that is one short call.
   */
  interruptSignal?: AbortSignal;
  /** Called once at the start and after every stored part. */
  onProgress?: (progress: UploadProgress) => void;
  /**
   * Keeps upload id, part size and finished parts (with ETags) so that an interrupted upload of the same file
   * (name, size, lastModified) continues after a page reload without sending finished parts again. Without a
   * store, a failed upload is aborted on the server so no parts are left behind.
   */
  resumeStore?: UploadResumeStore;
  /** Window of the speed estimate (default 10 s). */
  speedWindowMs?: number;
}

/** Marks a resumed upload the server no longer knows (expired, or its store was reset); the engine starts anew. */
class StaleUploadError extends Error {
  override readonly name = 'StaleUploadError';
}

/** A part attempt that may succeed when repeated: 5xx, 408, 429. */
class RetryableStatusError extends Error {
  override readonly name = 'RetryableStatusError';
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
    readonly retryAfterMs: number,
  ) {
    super(`HTTP ${status}${detail ? `: ${detail}` : ''}`);
  }
}

// 501 means the operation does not exist yet; asking again will not change that.
const isRetryableStatus = (status: number): boolean =>
  status === 408 || status === 429 || (status >= 500 && status !== 501);

// A part URL this close to its expiry may lapse while the bytes are on the way.
const urlExpiryMarginMs = 5_000;
const isExpired = (url: UploadPartUrl): boolean =>
  Date.parse(url.expires_at) - urlExpiryMarginMs < Date.now();

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 60) * 1000 : 0;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const stringField = (body: unknown, field: string): string | undefined => {
  if (typeof body !== 'object' || body === null) {
    return undefined;
  }
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

function fileIdentity(file: Blob, fileName: string | undefined): UploadFileIdentity {
  const name = fileName ?? ('name' in file && typeof file.name === 'string' ? file.name : '');
  if (name === '') {
    throw new UploadError('missing-file-name', 'The file has no name; pass fileName.');
  }
  const lastModified =
    'lastModified' in file && typeof file.lastModified === 'number' ? file.lastModified : 0;
  return { name, size: file.size, lastModified };
}

const sameFile = (a: UploadFileIdentity, b: UploadFileIdentity): boolean =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

function defaultPartBaseUrl(): string | undefined {
  return typeof location === 'undefined' ? undefined : location.href;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary);
}

interface PartBody {
  bytes: Uint8Array<ArrayBuffer>;
  /** `Content-Digest` value (RFC 9530) with the bytes' SHA-256; undefined where Web Crypto is missing. */
  digest: string | undefined;
}

/**
 * Reads a part once and hashes it: every attempt then sends exactly the bytes that were hashed, and a file is read
 * from disk once, not twice. Parts are small enough (the server's `part_size`) to hold a few in memory.
 */
async function readPart(file: Blob, part: PartPlan): Promise<PartBody> {
  const bytes = new Uint8Array(await file.slice(part.start, part.end).arrayBuffer());
  // crypto.subtle exists only in secure contexts (https, localhost); elsewhere the part goes unchecked.
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    return { bytes, digest: undefined };
  }
  const hash = new Uint8Array(await subtle.digest('SHA-256', bytes));
  return { bytes, digest: `sha-256=:${base64(hash)}:` };
}

/**
 * Uploads a file in parts to a content item or operating system (the multipart flow of `MultipartUploadStart`):
 * starts the upload (or resumes a stored one for the same file), PUTs up to `concurrency` parts at a time to
 * their signed URLs, each with its SHA-256 in `Content-Digest` so the server refuses bytes that changed on the
 * way, retries failed parts, and completes with every part's ETag in part order.
 *
 * Part failures: network errors, 5xx, 408 and 429 are retried `retries` times with exponential backoff (at
 * least `Retry-After`). Any other 4xx except 413 (typically 403, the signed URL expired, or 400, the bytes did
 * not match their digest) fetches a fresh part URL once and tries again; a second refusal fails the upload.
 *
 * @throws UploadError with a `code` (`empty-file` for a 0-byte file, before any request), or
 *   UploadAbortedError when `signal` cancels it.
 * @example
 * const controller = new AbortController();
 * const result = await uploadMultipart({
 *   client, target: { kind: 'content', id: 42 }, file, signal: controller.signal,
 *   resumeStore: createLocalStorageResumeStore('vr-portal.upload.'),
 *   onProgress: ({ uploadedBytes, totalBytes, bytesPerSecond, remainingSeconds }) => render(…),
 * });
 */
export async function uploadMultipart(options: MultipartUploadOptions): Promise<MultipartUploadResult> {
  const { signal, resumeStore: store } = options;
  const concurrency = options.concurrency ?? 4;
  const retries = options.retries ?? 3;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  }
  if (!Number.isInteger(retries) || retries < 0) {
    throw new RangeError(`retries must be a non-negative integer, got ${retries}`);
  }
  if (signal?.aborted) {
    throw new UploadAbortedError(signal.reason);
  }
  if (options.interruptSignal?.aborted) {
    throw new UploadInterruptedError(options.interruptSignal.reason);
  }
  const identity = fileIdentity(options.file, options.fileName);
  if (identity.size === 0) {
    throw new UploadError('empty-file', 'The file is empty (0 bytes) and cannot be uploaded.');
  }
  const endpoints = multipartEndpoints(options.client, options.target);
  const key = resumeKey(options.target);
  const session: Session = {
    options,
    endpoints,
    key,
    identity,
    concurrency,
    retries,
    retryDelayMs: options.retryDelayMs ?? 500,
    fetch: options.fetch ?? ((url, init) => globalThis.fetch(url, init)),
    partBaseUrl: options.partBaseUrl ?? defaultPartBaseUrl(),
  };

  let state = await loadMatchingState(session);
  // A stored upload the server has forgotten earns one fresh start; a fresh upload has no second chance.
  for (let attempt = 0; ; attempt++) {
    const resumed = state !== null;
    state ??= await startUpload(session);
    try {
      return await runUpload(session, state, resumed);
    } catch (error) {
      if (error instanceof StaleUploadError && attempt === 0) {
        await store?.remove(key);
        state = null;
        continue;
      }
      throw error;
    }
  }
}

interface Session {
  options: MultipartUploadOptions;
  endpoints: MultipartEndpoints;
  key: string;
  identity: UploadFileIdentity;
  concurrency: number;
  retries: number;
  retryDelayMs: number;
  fetch: PartFetch;
  partBaseUrl: string | undefined;
}

/** Best effort: the server also drops uploads at `expires_at`, so a failed abort call is not worth an error. */
async function abortOnServer(session: Session, state: Pick<UploadResumeState, 'uploadId' | 'fileName'>) {
  try {
    await session.endpoints.abort({ file_name: state.fileName, upload_id: state.uploadId });
  } catch {
    // unreachable server: the upload expires there on its own
  }
}

async function loadMatchingState(session: Session): Promise<UploadResumeState | null> {
  const store = session.options.resumeStore;
  const stored = (await store?.load(session.key)) ?? null;
  if (!store || !stored) {
    return null;
  }
  const expired = !(Date.parse(stored.expiresAt) - urlExpiryMarginMs > Date.now());
  if (sameFile(stored.file, session.identity) && !expired) {
    return stored;
  }
  // Another file was picked (or the old upload lapsed): clear the old parts so nothing is left behind.
  if (!expired) {
    await abortOnServer(session, stored);
  }
  await store.remove(session.key);
  return null;
}

async function startUpload(session: Session): Promise<UploadResumeState> {
  const { options, identity } = session;
  const signal = options.signal;
  let answer: Awaited<ReturnType<MultipartEndpoints['start']>>;
  try {
    answer = await session.endpoints.start({ file_name: identity.name, file_size: identity.size }, signal);
  } catch (error) {
    if (signal?.aborted) {
      throw new UploadAbortedError(signal.reason);
    }
    throw new UploadError('start-failed', 'The upload could not be started (network error).', {
      cause: error,
    });
  }
  if (!answer.ok) {
    throw new UploadError('start-failed', `The upload could not be started (HTTP ${answer.status}).`, {
      status: answer.status,
      detail: answer.detail,
      body: answer.body,
    });
  }
  const start = answer.data;
  const partSize = start.part_size;
  const expectedSize = (partNumber: number) =>
    Math.min(partSize, identity.size - (partNumber - 1) * partSize);
  const state: UploadResumeState = {
    version: 1,
    uploadId: start.upload_id,
    fileName: start.file_name || identity.name,
    partSize,
    maxParts: start.max_parts,
    expiresAt: start.expires_at,
    file: identity,
    // The server resumed an upload of this name: trust only parts whose stored size fits this file.
    parts: (start.parts ?? [])
      .filter((part) => expectedSize(part.part_number) > 0)
      .filter((part) => part.size === undefined || part.size === expectedSize(part.part_number))
      .map((part) => ({ partNumber: part.part_number, etag: part.etag })),
  };
  if (signal?.aborted) {
    await abortOnServer(session, state);
    throw new UploadAbortedError(signal.reason);
  }
  await options.resumeStore?.save(session.key, state);
  return state;
}

async function runUpload(
  session: Session,
  state: UploadResumeState,
  resumed: boolean,
): Promise<MultipartUploadResult> {
  const { options, key } = session;
  const store = options.resumeStore;
  const userSignal = options.signal;
  const interruptSignal = options.interruptSignal;

  let plan: PartPlan[];
  try {
    plan = planParts(session.identity.size, state.partSize, state.maxParts);
  } catch (error) {
    await abortOnServer(session, state);
    await store?.remove(key);
    throw error;
  }

  const finished = new Map<number, string>();
  for (const part of state.parts) {
    if (part.partNumber >= 1 && part.partNumber <= plan.length) {
      finished.set(part.partNumber, part.etag);
    }
  }
  const pending = plan.filter((part) => !finished.has(part.partNumber));
  const sizeOf = (partNumber: number) => plan[partNumber - 1]!.size;
  let uploadedBytes = 0;
  for (const partNumber of finished.keys()) {
    uploadedBytes += sizeOf(partNumber);
  }

  const windowMs = options.speedWindowMs ?? defaultSpeedWindowMs;
  let samples: TransferSample[] = [];
  const report = () => {
    const now = performance.now();
    samples = pruneSamples([...samples, { time: now, bytes: uploadedBytes }], now, windowMs);
    const estimate = estimateTransfer(samples, session.identity.size, now, windowMs);
    options.onProgress?.({
      uploadedBytes,
      totalBytes: session.identity.size,
      ...estimate,
      completedParts: finished.size,
      totalParts: plan.length,
    });
  };
  report();

  // One controller for this run: the user's cancel and a fatal part failure both stop every part in flight.
  const run = new AbortController();
  const forwardAbort = () => run.abort(userSignal?.reason);
  userSignal?.addEventListener('abort', forwardAbort, { once: true });
  const forwardInterrupt = () => run.abort(interruptSignal?.reason);
  interruptSignal?.addEventListener('abort', forwardInterrupt, { once: true });
  if (interruptSignal?.aborted) {
    run.abort(interruptSignal.reason);
  }
  let failure: unknown;

  const worker = async () => {
    for (let part = pending.shift(); part && !run.signal.aborted; part = pending.shift()) {
      try {
        const etag = await uploadPart(session, state, part, resumed, run.signal);
        finished.set(part.partNumber, etag);
        uploadedBytes += part.size;
        state.parts = [...finished].map(([partNumber, partEtag]) => ({ partNumber, etag: partEtag }));
        await store?.save(key, state);
        report();
      } catch (error) {
        if (!run.signal.aborted) {
          failure = error;
          run.abort(error);
        }
        return;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(session.concurrency, pending.length) }, worker));
  } finally {
    userSignal?.removeEventListener('abort', forwardAbort);
    interruptSignal?.removeEventListener('abort', forwardInterrupt);
  }

  if (userSignal?.aborted) {
    await abortOnServer(session, state);
    await store?.remove(key);
    throw new UploadAbortedError(userSignal.reason);
  }
  // Interrupted: what the server holds and the resume state stay for the next attempt with the same file.
  if (interruptSignal?.aborted && failure === undefined && finished.size < plan.length) {
    throw new UploadInterruptedError(interruptSignal.reason);
  }
  if (failure !== undefined) {
    if (!store && !(failure instanceof StaleUploadError)) {
      await abortOnServer(session, state);
    }
    throw failure;
  }

  const parts = [...finished]
    .sort(([a], [b]) => a - b)
    .map(([partNumber, etag]) => ({ part_number: partNumber, etag }));
  let answer: Awaited<ReturnType<MultipartEndpoints['complete']>>;
  try {
    answer = await session.endpoints.complete({
      file_name: state.fileName,
      upload_id: state.uploadId,
      parts,
    });
  } catch (error) {
    // Unreachable server: the parts stay, so a retry (or reload) with the resume state completes later.
    throw new UploadError('complete-failed', 'The upload could not be completed (network error).', {
      cause: error,
    });
  }
  if (!answer.ok) {
    if (answer.status === 404 && resumed) {
      throw new StaleUploadError();
    }
    // The server refused the parts (wrong size, checksum): resuming would repeat the refusal.
    if (answer.status < 500) {
      await abortOnServer(session, state);
      await store?.remove(key);
    }
    throw new UploadError('complete-failed', `The upload could not be completed (HTTP ${answer.status}).`, {
      status: answer.status,
      detail: answer.detail,
      body: answer.body,
    });
  }
  await store?.remove(key);
  return answer.data;
}

/** Sends one part, with its own URL, retries and backoff; resolves with the part's ETag. */
async function uploadPart(
  session: Session,
  state: UploadResumeState,
  part: PartPlan,
  resumed: boolean,
  signal: AbortSignal,
): Promise<string> {
  const { partNumber } = part;
  const partFailed = (message: string, status?: number, detail?: string, cause?: unknown) =>
    new UploadError('part-failed', `Part ${partNumber}: ${message}`, { status, detail, partNumber, cause });
  let url: UploadPartUrl | undefined;
  let renewedAfterRefusal = false;
  let failures = 0;
  let payload: PartBody;
  try {
    payload = await readPart(session.options.file, part);
  } catch (error) {
    // A file that cannot be read (moved, changed, permissions) will not become readable by retrying.
    throw partFailed('the file could not be read', undefined, undefined, error);
  }

  for (;;) {
    try {
      if (!url || isExpired(url)) {
        const answer = await session.endpoints.partUrl(
          { file_name: state.fileName, upload_id: state.uploadId, part_number: partNumber },
          signal,
        );
        if (!answer.ok) {
          if (answer.status === 404 && resumed) {
            throw new StaleUploadError();
          }
          if (isRetryableStatus(answer.status)) {
            throw new RetryableStatusError(answer.status, answer.detail, 0);
          }
          throw partFailed(`no upload URL (HTTP ${answer.status})`, answer.status, answer.detail);
        }
        url = answer.data;
      }
      const target = session.partBaseUrl ? new URL(url.url, session.partBaseUrl).href : url.url;
      const headers: Record<string, string> = { 'Content-Type': 'application/octet-stream' };
      if (payload.digest) {
        headers['Content-Digest'] = payload.digest;
      }
      const response = await session.fetch(target, {
        method: 'PUT',
        body: payload.bytes,
        headers,
        // The signed URL is the authorisation; cookies would only widen what a leaked URL could do.
        credentials: 'omit',
        signal,
      });
      // Read the body in every case so the connection can be reused for the next part.
      const body = parseJson(await response.text());
      if (response.ok) {
        // S3 answers with the header only; the reference server sends both.
        const etag = response.headers.get('ETag') ?? stringField(body, 'etag');
        if (!etag) {
          throw partFailed(
            'the answer carried no ETag (is the ETag header exposed by CORS?)',
            response.status,
          );
        }
        return etag;
      }
      const detail = stringField(body, 'detail');
      if (isRetryableStatus(response.status)) {
        throw new RetryableStatusError(response.status, detail, retryAfterMs(response));
      }
      if (
        response.status >= 400 &&
        response.status < 500 &&
        response.status !== 413 &&
        !renewedAfterRefusal
      ) {
        renewedAfterRefusal = true;
        url = undefined;
        continue;
      }
      throw partFailed(`refused (HTTP ${response.status})`, response.status, detail);
    } catch (error) {
      if (signal.aborted || error instanceof UploadError || error instanceof StaleUploadError) {
        throw error;
      }
      // What is left: RetryableStatusError, or fetch rejecting on a network failure.
      const status = error instanceof RetryableStatusError ? error.status : undefined;
      if (failures >= session.retries) {
        const reason = status === undefined ? 'network error' : `HTTP ${status}`;
        const detail = error instanceof RetryableStatusError ? error.detail : undefined;
        throw partFailed(`${reason} after ${failures + 1} attempts`, status, detail, error);
      }
      const backoff = session.retryDelayMs * 2 ** failures;
      failures++;
      await sleep(Math.max(backoff, error instanceof RetryableStatusError ? error.retryAfterMs : 0), signal);
    }
  }
}

/**
 * Forgets an unfinished upload kept for resuming (the user chose not to continue it) and deletes its parts on
 * the server. To offer a resume after a reload, read `resumeStore.load(resumeKey(target))` first: it names the
 * file the user has to pick again.
 */
export async function discardResumableUpload(options: {
  client: PortalClient;
  target: UploadTarget;
  resumeStore: UploadResumeStore;
}): Promise<void> {
  const key = resumeKey(options.target);
  const stored = await options.resumeStore.load(key);
  if (!stored) {
    return;
  }
  try {
    await multipartEndpoints(options.client, options.target).abort({
      file_name: stored.fileName,
      upload_id: stored.uploadId,
    });
  } catch {
    // unreachable server: the upload expires there on its own
  }
  await options.resumeStore.remove(key);
}
