import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

/** Upload and media settings, read from the environment when the app is built (listed in the server README). */
export interface MediaConfig {
  /** Root of parts in progress and stored files (UPLOAD_DIR). */
  uploadDir: string;
  /** Bytes per multipart part (UPLOAD_PART_SIZE). */
  partSize: number;
  /** Largest content file accepted (MAX_UPLOAD_BYTES). */
  maxUploadBytes: number;
  /** Lifetime of a signed part URL in seconds (UPLOAD_URL_TTL_SECONDS). */
  partUrlTtlSeconds: number;
  /** How long an unfinished upload is kept (UPLOAD_EXPIRY_SECONDS). */
  uploadExpirySeconds: number;
  /** Largest preview image / document (MAX_FILE_BYTES). */
  maxFileBytes: number;
  /** HMAC key of part URLs (UPLOAD_SIGNING_SECRET); otherwise one kept in the database. */
  signingSecret: string | undefined;
}

function number(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer, got '${raw}'`);
  return value;
}

export function readMediaConfig(env: NodeJS.ProcessEnv = process.env): MediaConfig {
  return {
    uploadDir: resolve(env.UPLOAD_DIR || join(REPO_ROOT, '.data', 'uploads')),
    partSize: number(env, 'UPLOAD_PART_SIZE', 16 * MiB),
    maxUploadBytes: number(env, 'MAX_UPLOAD_BYTES', 20 * GiB),
    partUrlTtlSeconds: number(env, 'UPLOAD_URL_TTL_SECONDS', 3600),
    uploadExpirySeconds: number(env, 'UPLOAD_EXPIRY_SECONDS', 7 * 24 * 3600),
    maxFileBytes: number(env, 'MAX_FILE_BYTES', 50 * MiB),
    signingSecret: env.UPLOAD_SIGNING_SECRET || undefined,
  };
}

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

/** Counts bytes, refuses more than `limit`, and keeps a running CRC-32 (cheap enough for the upload path). */
async function* measured(
  source: AsyncIterable<Buffer>,
  limit: number,
  result: { size: number; crc: number },
) {
  for await (const chunk of source) {
    result.size += chunk.length;
    if (result.size > limit) throw new TooLargeError();
    result.crc = crc32(chunk, result.crc);
    yield chunk;
  }
}

export interface StoredPart {
  size: number;
  /** Hex CRC-32 of the part's bytes. */
  crc32: string;
}

/**
 * Where parts and files live. Local disk is the one implementation; an S3-compatible store would implement the
 * same calls (parts as S3 multipart parts, `url` a public or presigned object URL).
 */
export interface MediaStorage {
  /** Prepares an upload; parts can be written from now on. */
  createUpload(uploadId: string): Promise<void>;
  /** Streams one part to its place in the file; at most `limit` bytes (else TooLargeError). */
  writePart(uploadId: string, offset: number, source: Readable, limit: number): Promise<StoredPart>;
  /** Turns the upload into the stored file `key` of `size` bytes. */
  finishUpload(uploadId: string, key: string, size: number): Promise<void>;
  /** SHA-256 (hex) of the first `size` bytes of an upload, i.e. of the file it will become. */
  checksumUpload(uploadId: string, size: number): Promise<string>;
  /** Deletes everything of an upload; no error when nothing is there. */
  discardUpload(uploadId: string): Promise<void>;
  /** Whether anything of the upload is still stored (tests and cleanup). */
  hasUpload(uploadId: string): Promise<boolean>;
  /** Stores a small file (preview, document) under `key`; at most `limit` bytes (else TooLargeError). */
  putFile(key: string, source: Readable, limit: number): Promise<{ size: number }>;
  deleteFile(key: string): Promise<void>;
  /** Root-relative URL under which the app serves `key`. */
  url(key: string): string;
  /** The key of a URL this storage handed out, or null for other URLs (e.g. demo files). */
  keyOf(url: string): string | null;
}

export const MEDIA_FILES_PREFIX = '/media/files/';

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

  async createUpload(uploadId: string): Promise<void> {
    await mkdir(this.incomingDir, { recursive: true });
    const handle = await open(this.uploadPath(uploadId), 'w');
    await handle.close();
  }

  async writePart(uploadId: string, offset: number, source: Readable, limit: number): Promise<StoredPart> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      // r+ writes in place without truncating the other parts; it fails when the upload was discarded.
      handle = await open(this.uploadPath(uploadId), 'r+');
    } catch {
      throw new UploadGoneError();
    }
    const result = { size: 0, crc: 0 };
    const sink = handle.createWriteStream({ start: offset, highWaterMark: 1024 * 1024 });
    await pipeline(source, (s: AsyncIterable<Buffer>) => measured(s, limit, result), sink);
    return { size: result.size, crc32: result.crc.toString(16).padStart(8, '0') };
  }

  async finishUpload(uploadId: string, key: string, size: number): Promise<void> {
    const source = this.uploadPath(uploadId);
    const handle = await open(source, 'r+').catch(() => {
      throw new UploadGoneError();
    });
    try {
      // A part sent again shorter than before may have left bytes past the end.
      await handle.truncate(size);
    } finally {
      await handle.close();
    }
    const target = this.filePath(key);
    await mkdir(dirname(target), { recursive: true });
    await rename(source, target);
  }

  async checksumUpload(uploadId: string, size: number): Promise<string> {
    const hash = createHash('sha256');
    if (size > 0) {
      try {
        await pipeline(createReadStream(this.uploadPath(uploadId), { start: 0, end: size - 1 }), hash);
      } catch {
        throw new UploadGoneError();
      }
    }
    return hash.digest('hex');
  }

  async discardUpload(uploadId: string): Promise<void> {
    await rm(this.uploadPath(uploadId), { force: true });
  }

  async hasUpload(uploadId: string): Promise<boolean> {
    return stat(this.uploadPath(uploadId)).then(
      () => true,
      () => false,
    );
  }

  async putFile(key: string, source: Readable, limit: number): Promise<{ size: number }> {
    const target = this.filePath(key);
    await mkdir(dirname(target), { recursive: true });
    const result = { size: 0, crc: 0 };
    try {
      await pipeline(
        source,
        (s: AsyncIterable<Buffer>) => measured(s, limit, result),
        createWriteStream(target),
      );
    } catch (error) {
      await rm(target, { force: true });
      throw error;
    }
    return { size: result.size };
  }

  async deleteFile(key: string): Promise<void> {
    await rm(this.filePath(key), { force: true });
  }

  url(key: string): string {
    return MEDIA_FILES_PREFIX + key.split('/').map(encodeURIComponent).join('/');
  }

  keyOf(url: string): string | null {
    if (!url.startsWith(MEDIA_FILES_PREFIX)) return null;
    return url.slice(MEDIA_FILES_PREFIX.length).split('/').map(decodeURIComponent).join('/');
  }
}
