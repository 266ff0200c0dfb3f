import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { formatBytes } from '@portal/domain';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { MediaConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { multipartUploadParts, multipartUploads, type UploadTargetKind } from '../../db/schema.ts';
import { Forbidden, InvalidRequest, NotFound, TooLarge } from '../../errors.ts';
import {
  ChecksumMismatchError,
  type MediaStorage,
  measure,
  mediaKeyOf,
  randomFileKey,
  TooLargeError,
  UploadGoneError,
  type UploadHandle,
} from '../../infra/storage.ts';
import { MESSAGES } from '../../messages.ts';
import { signatureMatches, signHex } from './signedUrls.ts';
import { type QuotaAccount, requireStorageRoom } from './storageQuota.ts';

export interface UploadTarget {
  kind: UploadTargetKind;
  id: number;
}

/** 413 for a file over `maxBytes`; `code` and `params.maxBytes` let clients word it in the user's language. */
export function fileTooLarge(maxBytes: number): TooLarge {
  return new TooLarge(MESSAGES.files.tooLarge(formatBytes(maxBytes) ?? `${maxBytes} Bytes`), {
    code: 'fileTooLarge',
    params: { maxBytes },
  });
}

export type UploadRow = typeof multipartUploads.$inferSelect;

/** A part's ETag is its SHA-256: what the client hashed, the server verified, and `complete` compares. */
const etagOf = (sha256: Buffer) => `"${sha256.toString('hex')}"`;
const unquote = (etag: string) => etag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');

/**
 * The SHA-256 of a `Content-Digest` header (RFC 9530: `sha-256=:<base64>:`, other algorithms beside it are
 * ignored); undefined without header or without a sha-256 entry, 400 when that entry is malformed.
 */
export function parseContentDigest(header: string | string[] | undefined): Buffer | undefined {
  if (header === undefined) return undefined;
  const entries = (Array.isArray(header) ? header.join(',') : header).split(',');
  for (const entry of entries) {
    const separator = entry.indexOf('=');
    if (entry.slice(0, separator).trim().toLowerCase() !== 'sha-256') continue;
    const value = /^:([A-Za-z0-9+/]+={0,2}):$/.exec(entry.slice(separator + 1).trim());
    const digest = value?.[1] ? Buffer.from(value[1], 'base64') : undefined;
    if (digest?.length !== 32) throw new InvalidRequest(MESSAGES.uploads.digestInvalid);
    return digest;
  }
  return undefined;
}

const KEY_PREFIXES: Record<UploadTargetKind, string> = {
  content: 'content',
  operatingSystem: 'operating-systems',
};

/**
 * Key of a target's new file: 128 random bits, so nobody finds a file by guessing (ids and times could be
 * counted), and a replaced file never shares a cached URL; the file name last, so downloads keep it.
 */
function fileKey(target: UploadTarget, fileName: string): string {
  return `${KEY_PREFIXES[target.kind]}/${randomFileKey()}/${fileName}`;
}

function handleOf(upload: UploadRow): UploadHandle {
  return {
    id: upload.id,
    // Uploads started before keys were fixed at start get theirs now (only local disk had such uploads).
    key: upload.storageKey ?? fileKey({ kind: upload.targetKind, id: upload.targetId }, upload.fileName),
    storageUploadId: upload.storageUploadId,
  };
}

/** What a target allows its file (FileTarget.requireUploader answers it, services/content/uploadTargets.ts). */
export interface UploadLimits {
  /** The largest file accepted (413 `fileTooLarge` beyond). */
  maxBytes: number;
  /** The organisation whose storage quota the file counts against; none for operating system images. */
  quota?: QuotaAccount;
}

/**
 * The multipart upload flow of the contract for any target: upload rows in the database, part bytes in the media
 * storage, part URLs signed with HMAC-SHA256 over upload id, part number and expiry.
 */
export class UploadService {
  constructor(
    private readonly db: Database,
    readonly storage: MediaStorage,
    readonly config: MediaConfig,
    /** HMAC key of part URLs (services/content/signedUrls.ts). */
    private readonly secret: Buffer,
  ) {}

  sign(uploadId: string, partNumber: number, expires: number): string {
    return signHex(this.secret, `${uploadId}|${partNumber}|${expires}`);
  }

  /** Refuses with 403 unless the signature belongs to exactly this upload, part and expiry, and has not expired. */
  verify(uploadId: string, partNumber: number, expires: number, signature: string): void {
    if (!signatureMatches(this.secret, `${uploadId}|${partNumber}|${expires}`, signature)) {
      throw new Forbidden(MESSAGES.uploads.signatureInvalid);
    }
    if (expires * 1000 < Date.now()) throw new Forbidden(MESSAGES.uploads.signatureExpired);
  }

  /** The stored parts go first: should the store fail, the row stays and the upload can be aborted again. */
  private async removeUpload(upload: UploadRow): Promise<void> {
    await this.storage.discardUpload(handleOf(upload));
    await this.db.delete(multipartUploads).where(eq(multipartUploads.id, upload.id));
  }

  /**
   * Drops uploads past their expiry (UPLOAD_EXPIRY_SECONDS after their start), their stored parts first; answers how
   * many. Runs whenever an upload starts, and by itself every hour (app.ts), so an upload abandoned at any part — the
   * tab closed after part 1, the connection lost in the middle, never completed — leaves no rows and no parts in the
   * store. `now` is the clock (tests pass a later one).
   */
  async sweepExpired(now: Date = new Date()): Promise<number> {
    const expired = await this.db.select().from(multipartUploads).where(lt(multipartUploads.expiresAt, now));
    for (const upload of expired) await this.removeUpload(upload);
    return expired.length;
  }

  /**
   * Starts an upload. An earlier unfinished upload of the same target is dropped: a target has one file, and the
   * upload engine resumes by its stored upload id without calling start again. A file over the target's limit or
   * the organisation's quota is refused here (413), before any byte is sent: the quota check and the new upload's
   * row (whose announced size counts as used from now on) are one transaction with the organisation locked, so
   * uploads started at the same time cannot overbook it together.
   */
  async start(
    target: UploadTarget,
    fileName: string,
    fileSize: number | undefined,
    userId: number,
    limits: UploadLimits,
  ) {
    const { partSize, uploadExpirySeconds, storageQuotaBytes } = this.config;
    if (fileSize !== undefined && fileSize > limits.maxBytes) {
      throw fileTooLarge(limits.maxBytes);
    }
    await this.sweepExpired();
    await this.abortAll(target);

    const id = randomBytes(18).toString('base64url');
    const maxParts = Math.min(10_000, Math.ceil(limits.maxBytes / partSize));
    const expiresAt = new Date(Date.now() + uploadExpirySeconds * 1000);
    const storageKey = fileKey(target, fileName);
    const storageUploadId = await this.storage.createUpload(id, storageKey);
    try {
      await this.db.transaction(async (tx) => {
        // Without an announced size only an organisation that is full already is refused now; complete checks.
        if (limits.quota) await requireStorageRoom(tx, storageQuotaBytes, limits.quota, fileSize ?? 1);
        await tx.insert(multipartUploads).values({
          id,
          targetKind: target.kind,
          targetId: target.id,
          fileName,
          fileSize: fileSize ?? null,
          partSize,
          maxParts,
          maxBytes: limits.maxBytes,
          storageKey,
          storageUploadId,
          createdBy: userId,
          expiresAt,
        });
      });
    } catch (error) {
      await this.storage.discardUpload({ id, key: storageKey, storageUploadId });
      throw error;
    }
    return {
      upload_id: id,
      file_name: fileName,
      part_size: partSize,
      max_parts: maxParts,
      expires_at: expiresAt.toISOString(),
      parts: [] as { part_number: number; etag: string; size: number }[],
    };
  }

  /** The live upload `uploadId` of `target`, or 404. */
  async find(target: UploadTarget, uploadId: string): Promise<UploadRow> {
    const [row] = await this.db
      .select()
      .from(multipartUploads)
      .where(
        and(
          eq(multipartUploads.id, uploadId),
          eq(multipartUploads.targetKind, target.kind),
          eq(multipartUploads.targetId, target.id),
        ),
      );
    if (!row || row.expiresAt.getTime() < Date.now()) throw new NotFound(MESSAGES.uploads.gone);
    return row;
  }

  private checkFileName(upload: UploadRow, fileName: string): void {
    if (upload.fileName !== fileName) throw new InvalidRequest(MESSAGES.uploads.fileNameMismatch);
  }

  async partUrl(target: UploadTarget, uploadId: string, fileName: string, partNumber: number) {
    const upload = await this.find(target, uploadId);
    this.checkFileName(upload, fileName);
    this.expectedPartSize(upload, partNumber);
    const expiresMs = Math.min(Date.now() + this.config.partUrlTtlSeconds * 1000, upload.expiresAt.getTime());
    const expires = Math.floor(expiresMs / 1000);
    const signature = this.sign(uploadId, partNumber, expires);
    return {
      // Relative: the part goes to the same origin the portal talks to, whatever host name it used.
      url: `/api/v1/uploads/${uploadId}/parts/${partNumber}/?expires=${expires}&signature=${signature}`,
      part_number: partNumber,
      expires_at: new Date(expires * 1000).toISOString(),
    };
  }

  /** Exact size of a part when the file size is known, else null (any size up to the part size). */
  private expectedPartSize(upload: UploadRow, partNumber: number): number | null {
    if (partNumber > upload.maxParts)
      throw new InvalidRequest(MESSAGES.uploads.partNumberTooHigh(upload.maxParts));
    if (upload.fileSize === null) return null;
    const offset = (partNumber - 1) * upload.partSize;
    if (offset >= upload.fileSize) throw new InvalidRequest(MESSAGES.uploads.partBeyondEnd);
    return Math.min(upload.partSize, upload.fileSize - offset);
  }

  /**
   * Stores the bytes of one part (signature already checked) while hashing them; answers its ETag, the part's
   * SHA-256. With `digest` (from Content-Digest) a part whose bytes hash differently is refused and does not count.
   */
  async storePart(
    uploadId: string,
    partNumber: number,
    body: Readable,
    contentLength: number | undefined,
    digest?: Buffer,
  ) {
    const [upload] = await this.db.select().from(multipartUploads).where(eq(multipartUploads.id, uploadId));
    if (!upload || upload.expiresAt.getTime() < Date.now()) throw new NotFound(MESSAGES.uploads.gone);
    const expected = this.expectedPartSize(upload, partNumber);
    const offset = (partNumber - 1) * upload.partSize;
    // Uploads started before limits were kept per upload are bounded by their part count.
    const maxBytes = upload.maxBytes ?? upload.maxParts * upload.partSize;
    if (offset + Math.min(contentLength ?? 0, upload.partSize) > maxBytes) {
      throw fileTooLarge(maxBytes);
    }
    if (contentLength !== undefined && contentLength > upload.partSize) {
      throw new TooLarge(MESSAGES.uploads.partTooLarge);
    }
    const forgetPart = () =>
      this.db
        .delete(multipartUploadParts)
        .where(
          and(eq(multipartUploadParts.uploadId, uploadId), eq(multipartUploadParts.partNumber, partNumber)),
        );
    const { bytes, result } = measure(body, expected ?? upload.partSize);
    const digestMismatch = () =>
      digest !== undefined && result.sha256 !== undefined && !result.sha256.equals(digest);
    let storageEtag: string | null;
    try {
      storageEtag = await this.storage.writePart(
        handleOf(upload),
        { partNumber, offset, length: contentLength, sha256: digest },
        bytes,
      );
    } catch (error) {
      // The part's bytes may be half overwritten: an earlier stored version of it no longer counts.
      await forgetPart();
      if (error instanceof TooLargeError) throw new TooLarge(MESSAGES.uploads.partTooLarge);
      if (error instanceof UploadGoneError) throw new NotFound(MESSAGES.uploads.gone);
      // Every byte arrived and S3 refused them for the client's digest: the client's mistake.
      if (digestMismatch()) throw new InvalidRequest(MESSAGES.uploads.digestMismatch);
      // The client went away mid-part (cancel, lost connection): its fault, not a server error.
      if (result.sha256 === undefined && (body.destroyed || body.errored)) {
        throw new InvalidRequest(MESSAGES.uploads.partInterrupted);
      }
      throw error;
    }
    const sha256 = result.sha256;
    let refusal: Error | undefined;
    if (expected !== null && result.size !== expected) {
      refusal = new InvalidRequest(MESSAGES.uploads.partWrongSize(expected));
    } else if (digestMismatch()) refusal = new InvalidRequest(MESSAGES.uploads.digestMismatch);
    else if (!sha256) refusal = new Error('the storage returned before reading the whole part');
    if (refusal || !sha256) {
      await forgetPart();
      throw refusal;
    }
    const etag = etagOf(sha256);
    const size = result.size;
    try {
      await this.db
        .insert(multipartUploadParts)
        .values({ uploadId, partNumber, size, etag, storageEtag })
        .onConflictDoUpdate({
          target: [multipartUploadParts.uploadId, multipartUploadParts.partNumber],
          set: { size, etag, storageEtag },
        });
    } catch {
      // Aborted while the bytes were arriving: the upload row (and its file) are gone.
      throw new NotFound(MESSAGES.uploads.gone);
    }
    return { part_number: partNumber, etag, size };
  }

  /**
   * Checks the client's part list against what was stored (every part 1…n present with the ETag its upload
   * returned — the SHA-256 verified when the part arrived —, all but the last one full-sized, the total equal to
   * the announced size) and turns the parts into the stored file, whose key it answers. With `checksum` the whole
   * file's SHA-256 must match too. The limits are checked again with the real size (a client need not announce
   * one, and the content type may have changed meanwhile); a refused upload is dropped with its parts. The upload
   * row goes; the caller attaches the file to its target.
   */
  async complete(
    target: UploadTarget,
    uploadId: string,
    fileName: string,
    parts: { part_number: number; etag: string }[],
    limits: UploadLimits,
    checksum?: string,
  ): Promise<{ key: string; size: number; checksum?: string }> {
    const upload = await this.find(target, uploadId);
    this.checkFileName(upload, fileName);
    if (parts.some((part, index) => part.part_number !== index + 1)) {
      throw new InvalidRequest(MESSAGES.uploads.partsOrder);
    }
    const stored = await this.db
      .select()
      .from(multipartUploadParts)
      .where(eq(multipartUploadParts.uploadId, uploadId))
      .orderBy(asc(multipartUploadParts.partNumber));
    const byNumber = new Map(stored.map((p) => [p.partNumber, p]));
    let size = 0;
    const assemble = parts.map((part, index) => {
      const row = byNumber.get(part.part_number);
      if (!row || unquote(row.etag) !== unquote(part.etag)) {
        throw new InvalidRequest(MESSAGES.uploads.partMissing(part.part_number));
      }
      if (index < parts.length - 1 && row.size !== upload.partSize) {
        throw new InvalidRequest(MESSAGES.uploads.partIncomplete(part.part_number));
      }
      size += row.size;
      return { partNumber: row.partNumber, storageEtag: row.storageEtag };
    });
    if (upload.fileSize !== null && size !== upload.fileSize) {
      throw new InvalidRequest(MESSAGES.uploads.sizeMismatch(upload.fileSize, size));
    }
    await this.requireWithinLimits(upload, size, limits);
    const handle = handleOf(upload);
    try {
      await this.storage.finishUpload(handle, assemble, size, checksum);
    } catch (error) {
      if (error instanceof UploadGoneError) throw new NotFound(MESSAGES.uploads.gone);
      if (error instanceof ChecksumMismatchError) {
        // Assembling consumed the parts (S3): there is nothing left to complete, the upload starts anew.
        if (!error.partsKept) await this.db.delete(multipartUploads).where(eq(multipartUploads.id, uploadId));
        throw new InvalidRequest(MESSAGES.uploads.checksumMismatch);
      }
      throw error;
    }
    await this.db.delete(multipartUploads).where(eq(multipartUploads.id, uploadId));
    return checksum === undefined ? { key: handle.key, size } : { key: handle.key, size, checksum };
  }

  private async requireWithinLimits(upload: UploadRow, size: number, limits: UploadLimits): Promise<void> {
    const { quota } = limits;
    try {
      if (size > limits.maxBytes) throw fileTooLarge(limits.maxBytes);
      if (quota) {
        await this.db.transaction((tx) =>
          requireStorageRoom(tx, this.config.storageQuotaBytes, quota, size, upload.id),
        );
      }
    } catch (error) {
      // Completing can never succeed now: nothing of the refused file stays in the store.
      if (error instanceof TooLarge) await this.removeUpload(upload);
      throw error;
    }
  }

  async abort(target: UploadTarget, uploadId: string, fileName: string): Promise<void> {
    const upload = await this.find(target, uploadId);
    this.checkFileName(upload, fileName);
    await this.removeUpload(upload);
  }

  /**
   * The target (content item, operating system) was deleted: its unfinished uploads go, then its stored files — the
   * file it held when that is a stored file's URL (not a demo file or an external link), after `moreKeys`.
   */
  async discardTarget(
    target: UploadTarget,
    file: string | null,
    moreKeys: readonly string[] = [],
  ): Promise<void> {
    await this.abortAll(target);
    const fileKey = file === null ? null : mediaKeyOf(file);
    for (const key of fileKey === null ? moreKeys : [...moreKeys, fileKey])
      await this.storage.deleteFile(key);
  }

  /** Drops every unfinished upload of a target (a new one starts, or the target is being deleted). */
  async abortAll(target: UploadTarget): Promise<void> {
    const rows = await this.db
      .select()
      .from(multipartUploads)
      .where(and(eq(multipartUploads.targetKind, target.kind), eq(multipartUploads.targetId, target.id)));
    for (const upload of rows) await this.removeUpload(upload);
  }
}
