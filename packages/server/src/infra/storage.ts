import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import send from '@fastify/send';

const MiB = 1024 ** 2;

/** A body was longer than allowed; the caller answers 413. */
export class TooLargeError extends Error {
  constructor() {
    super('too large');
  }
}

/** The upload's data is gone (aborted or expired meanwhile); the caller answers 404. */
export class UploadGoneError extends Error {
  constructor() {
    super('upload gone');
  }
}

/** The assembled file's SHA-256 differs from the one the client sent. */
export class ChecksumMismatchError extends Error {
  constructor(
    /** Whether the parts are still stored (local disk) or were consumed by assembling them (S3). */
    readonly partsKept: boolean,
  ) {
    super('checksum mismatch');
  }
}

/** Size and SHA-256 of bytes that went through `measure`, filled in while they flow. */
export interface Measurement {
  size: number;
  /** Set once the source has ended: every byte was counted and hashed. */
  sha256: Buffer | undefined;
}

/**
 * Passes bytes through unchanged, refusing more than `limit`, and hashes them in the same pass: no extra copy, no
 * second read. SHA-256 runs at well over 1 GB/s with the CPU's SHA extensions, far above the upload rate.
 */
export function measure(
  source: AsyncIterable<Buffer>,
  limit: number,
): {
  bytes: AsyncGenerator<Buffer>;
  result: Measurement;
} {
  const result: Measurement = { size: 0, sha256: undefined };
  async function* bytes() {
    const hash = createHash('sha256');
    for await (const chunk of source) {
      result.size += chunk.length;
      if (result.size > limit) throw new TooLargeError();
      hash.update(chunk);
      yield chunk;
    }
    result.sha256 = hash.digest();
  }
  return { bytes: bytes(), result };
}

/** What the service knows of an upload; the storage finds its bytes by it. */
export interface UploadHandle {
  id: string;
  /** Key of the finished file. */
  key: string;
  /** The store's own id of the upload (S3 UploadId), as `createUpload` answered it. */
  storageUploadId: string | null;
}

export interface PartToWrite {
  partNumber: number;
  /** Byte offset of the part in the file. */
  offset: number;
  /** Exact byte count when the client announced it (Content-Length). */
  length: number | undefined;
  /** SHA-256 the client claims for the part; a store that can verify it itself is given it too. */
  sha256: Buffer | undefined;
}

export interface PartToAssemble {
  partNumber: number;
  /** What `writePart` answered for the part. */
  storageEtag: string | null;
}

/** A stored file read for delivery: status, headers and body as the store answered them. */
export interface StoredFileResponse {
  /** 200, 206 (a range), 304 (revalidated), 412 or 416 (a failed condition or range). */
  status: number;
  /** Only those of {@link DELIVERED_FILE_HEADERS}, lower-case. */
  headers: Record<string, string>;
  body: Readable;
}

/** Response headers of a store that describe the bytes; the app sets type, caching and policies itself. */
export const DELIVERED_FILE_HEADERS = [
  'content-length',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
] as const;

/** The delivered headers among `headers` (any case of name), as strings. */
export function deliveredHeaders(headers: Record<string, unknown>): Record<string, string> {
  const byName = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const delivered: Record<string, string> = {};
  for (const name of DELIVERED_FILE_HEADERS) {
    const value = byName.get(name);
    if (typeof value === 'string' || typeof value === 'number') delivered[name] = String(value);
  }
  return delivered;
}

/** 128 random bits, URL-safe: the part of every stored file's key that nobody can guess. */
export function randomFileKey(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Where parts and files live: local disk (`LocalMediaStorage`) or an S3-compatible store (`S3MediaStorage`).
 * Sizes and hashes are the upload service's business: it hands over bytes that are already being measured.
 */
export interface MediaStorage {
  /** Prepares an upload of the file `key`; answers the store's own id of it, if it has one. */
  createUpload(uploadId: string, key: string): Promise<string | null>;
  /** Stores one part; answers the store's tag of it, if it has one. UploadGoneError when the upload is gone. */
  writePart(upload: UploadHandle, part: PartToWrite, bytes: AsyncIterable<Buffer>): Promise<string | null>;
  /**
   * Turns the parts (1…n, in order, `size` bytes in all) into the file `upload.key`. With `sha256` (hex) the file
   * must have that hash, else ChecksumMismatchError and no file.
   */
  finishUpload(upload: UploadHandle, parts: PartToAssemble[], size: number, sha256?: string): Promise<void>;
  /** Deletes everything of an upload; no error when nothing is there. */
  discardUpload(upload: UploadHandle): Promise<void>;
  /** Stores a small file (preview, document) under `key`; at most `limit` bytes (else TooLargeError). */
  putFile(key: string, source: Readable, limit: number): Promise<{ size: number }>;
  deleteFile(key: string): Promise<void>;
  /**
   * Reads a stored file for delivery (the app has checked who asks), honouring the request's `Range` and
   * revalidation headers; HEAD reads no bytes. Null when there is no such file.
   */
  readFile(
    key: string,
    method: 'GET' | 'HEAD',
    requestHeaders: Record<string, string | string[] | undefined>,
  ): Promise<StoredFileResponse | null>;
}

export const MEDIA_FILES_PREFIX = '/media/files/';

/**
 * The root-relative URL under which the app serves a stored file. Both stores deliver through the app at
 * /media/files/<key>, so stored URLs survive a change of store; {@link mediaKeyOf} is the one way back.
 */
export function mediaUrl(key: string): string {
  return MEDIA_FILES_PREFIX + key.split('/').map(encodeURIComponent).join('/');
}

/** The key of a stored file's URL (as `mediaUrl` made it), or null for other URLs (demo files, external links). */
export function mediaKeyOf(url: string): string | null {
  if (!url.startsWith(MEDIA_FILES_PREFIX)) return null;
  return url.slice(MEDIA_FILES_PREFIX.length).split('/').map(decodeURIComponent).join('/');
}

/**
 * Local disk: an upload is one sparse file `incoming/<id>.upload` into which each part is written at its offset,
 * so parts may arrive in any order and in parallel, and completing is a rename instead of a copy.
 * Stored files live under `files/` and are served at /media/files/.
 */
export class LocalMediaStorage implements MediaStorage {
  readonly filesDir: string;
  readonly incomingDir: string;

  constructor(root: string) {
    this.filesDir = join(root, 'files');
    this.incomingDir = join(root, 'incoming');
  }

  private uploadPath(uploadId: string): string {
    if (!/^[A-Za-z0-9_-]+$/.test(uploadId)) throw new UploadGoneError();
    return join(this.incomingDir, `${uploadId}.upload`);
  }

  filePath(key: string): string {
    const path = resolve(this.filesDir, key);
    if (!path.startsWith(this.filesDir + sep)) throw new Error(`media key outside the store: ${key}`);
    return path;
  }

  async createUpload(uploadId: string): Promise<null> {
    await mkdir(this.incomingDir, { recursive: true });
    const handle = await open(this.uploadPath(uploadId), 'w');
    await handle.close();
    return null;
  }

  async writePart(upload: UploadHandle, part: PartToWrite, bytes: AsyncIterable<Buffer>): Promise<null> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      // r+ writes in place without truncating the other parts; it fails when the upload was discarded.
      handle = await open(this.uploadPath(upload.id), 'r+');
    } catch {
      throw new UploadGoneError();
    }
    const sink = handle.createWriteStream({ start: part.offset, highWaterMark: MiB });
    await pipeline(bytes, sink);
    return null;
  }

  async finishUpload(upload: UploadHandle, _parts: PartToAssemble[], size: number, sha256?: string) {
    const source = this.uploadPath(upload.id);
    const handle = await open(source, 'r+').catch(() => {
      throw new UploadGoneError();
    });
    try {
      if (sha256 !== undefined) {
        const hash = createHash('sha256');
        if (size > 0) await pipeline(createReadStream(source, { start: 0, end: size - 1 }), hash);
        // Nothing is changed yet: the parts stay, so the client may send the wrong ones again.
        if (hash.digest('hex') !== sha256) throw new ChecksumMismatchError(true);
      }
      // A part sent again shorter than before may have left bytes past the end.
      await handle.truncate(size);
    } finally {
      await handle.close();
    }
    const target = this.filePath(upload.key);
    await mkdir(dirname(target), { recursive: true });
    await rename(source, target);
  }

  async discardUpload(upload: UploadHandle): Promise<void> {
    await rm(this.uploadPath(upload.id), { force: true });
  }

  async putFile(key: string, source: Readable, limit: number): Promise<{ size: number }> {
    const target = this.filePath(key);
    await mkdir(dirname(target), { recursive: true });
    const { bytes, result } = measure(source, limit);
    try {
      await pipeline(bytes, createWriteStream(target));
    } catch (error) {
      await rm(target, { force: true });
      throw error;
    }
    return { size: result.size };
  }

  async deleteFile(key: string): Promise<void> {
    await rm(this.filePath(key), { force: true });
  }

  async readFile(
    key: string,
    method: 'GET' | 'HEAD',
    requestHeaders: Record<string, string | string[] | undefined>,
  ): Promise<StoredFileResponse | null> {
    this.filePath(key);
    // @fastify/send answers ranges, conditional requests and HEAD from the method and headers of a request.
    const request = Object.assign(Readable.from([]), { method, headers: requestHeaders });
    const result = await send(request, mediaUrl(key).slice(MEDIA_FILES_PREFIX.length), {
      root: this.filesDir,
      cacheControl: false,
      dotfiles: 'allow',
      index: false,
    });
    const failedCondition = result.statusCode === 412 || result.statusCode === 416;
    if (result.type !== 'file' && !failedCondition) {
      result.stream.resume();
      return null;
    }
    return { status: result.statusCode, headers: deliveredHeaders(result.headers), body: result.stream };
  }
}
