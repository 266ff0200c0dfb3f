import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { appSettings, multipartUploadParts, multipartUploads } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { type MediaConfig, type MediaStorage, TooLargeError, UploadGoneError } from './storage.ts';

export type UploadTargetKind = 'content' | 'operatingSystem';
export interface UploadTarget {
  kind: UploadTargetKind;
  id: number;
}

export const UPLOAD_MESSAGES = {
  gone: 'Dieser Upload existiert nicht mehr. Bitte starten Sie ihn neu.',
  signatureInvalid: 'Die Upload-Adresse ist ungültig.',
  signatureExpired: 'Die Upload-Adresse ist abgelaufen. Bitte fordern Sie eine neue an.',
  fileTooLarge: (max: string) => `Die Datei ist zu groß. Erlaubt sind höchstens ${max}.`,
  partTooLarge: 'Dieser Teil ist größer als erlaubt.',
  partInterrupted: 'Die Übertragung dieses Teils wurde unterbrochen. Bitte senden Sie ihn erneut.',
  partNumberTooHigh: (max: number) => `Die Teilnummer darf höchstens ${max} sein.`,
  partBeyondEnd: 'Dieser Teil liegt hinter dem Ende der Datei.',
  partWrongSize: (expected: number) => `Dieser Teil muss genau ${expected} Bytes groß sein.`,
  fileNameMismatch: 'Der Dateiname passt nicht zu diesem Upload.',
  partsOrder: 'Die Teile müssen lückenlos und aufsteigend ab Teil 1 angegeben werden.',
  partMissing: (n: number) => `Teil ${n} wurde nicht oder mit anderem Inhalt hochgeladen.`,
  partIncomplete: (n: number) => `Teil ${n} ist unvollständig.`,
  checksumMismatch:
    'Die Prüfsumme der hochgeladenen Datei stimmt nicht. Bitte laden Sie die Datei erneut hoch.',
  sizeMismatch: (expected: number, actual: number) =>
    `Die hochgeladene Datei ist ${actual} Bytes groß, angekündigt waren ${expected} Bytes.`,
} as const;

/** 1024-based size with German number format, for messages. */
export function formatBytes(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(value);
  return `${text} ${units[unit]}`;
}

export type UploadRow = typeof multipartUploads.$inferSelect;

const etagOf = (crc: string, size: number) => `"${crc}-${size.toString(16)}"`;
const unquote = (etag: string) => etag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');

/**
 * The multipart upload flow of the contract for any target: upload rows in the database, part bytes in the media
 * storage, part URLs signed with HMAC-SHA256 over upload id, part number and expiry.
 */
export class UploadService {
  private secret: Promise<Buffer> | undefined;

  constructor(
    private readonly db: Database,
    readonly storage: MediaStorage,
    readonly config: MediaConfig,
  ) {}

  private signingKey(): Promise<Buffer> {
    this.secret ??= (async () => {
      if (this.config.signingSecret) return Buffer.from(this.config.signingSecret, 'utf8');
      // Kept in the database like the JWT secret, so part URLs survive a restart.
      const candidate = randomBytes(32).toString('hex');
      await this.db
        .insert(appSettings)
        .values({ key: 'upload_signing_secret', value: candidate })
        .onConflictDoNothing();
      const [row] = await this.db
        .select()
        .from(appSettings)
        .where(eq(appSettings.key, 'upload_signing_secret'));
      if (!row) throw new Error('upload signing secret missing after insert');
      return Buffer.from(row.value, 'hex');
    })();
    return this.secret;
  }

  async sign(uploadId: string, partNumber: number, expires: number): Promise<string> {
    return createHmac('sha256', await this.signingKey())
      .update(`${uploadId}|${partNumber}|${expires}`)
      .digest('hex');
  }

  /** Refuses with 403 unless the signature belongs to exactly this upload, part and expiry, and has not expired. */
  async verify(uploadId: string, partNumber: number, expires: number, signature: string): Promise<void> {
    const expected = Buffer.from(await this.sign(uploadId, partNumber, expires), 'hex');
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpError(403, UPLOAD_MESSAGES.signatureInvalid);
    }
    if (expires * 1000 < Date.now()) throw new HttpError(403, UPLOAD_MESSAGES.signatureExpired);
  }

  private async removeUpload(id: string): Promise<void> {
    await this.db.delete(multipartUploads).where(eq(multipartUploads.id, id));
    await this.storage.discardUpload(id);
  }

  /** Drops uploads past their expiry (their parts too); cheap enough to run whenever an upload starts. */
  async sweepExpired(): Promise<void> {
    const expired = await this.db
      .select({ id: multipartUploads.id })
      .from(multipartUploads)
      .where(lt(multipartUploads.expiresAt, new Date()));
    for (const { id } of expired) await this.removeUpload(id);
  }

  /**
   * Starts an upload. An earlier unfinished upload of the same target is dropped: a target has one file, and the
   * upload engine resumes by its stored upload id without calling start again.
   */
  async start(target: UploadTarget, fileName: string, fileSize: number | undefined, userId: number) {
    const { partSize, maxUploadBytes, uploadExpirySeconds } = this.config;
    if (fileSize !== undefined && fileSize > maxUploadBytes) {
      throw new HttpError(413, UPLOAD_MESSAGES.fileTooLarge(formatBytes(maxUploadBytes)));
    }
    await this.sweepExpired();
    const earlier = await this.db
      .select({ id: multipartUploads.id })
      .from(multipartUploads)
      .where(and(eq(multipartUploads.targetKind, target.kind), eq(multipartUploads.targetId, target.id)));
    for (const { id } of earlier) await this.removeUpload(id);

    const id = randomBytes(18).toString('base64url');
    const maxParts = Math.min(10_000, Math.ceil(maxUploadBytes / partSize));
    const expiresAt = new Date(Date.now() + uploadExpirySeconds * 1000);
    await this.storage.createUpload(id);
    await this.db.insert(multipartUploads).values({
      id,
      targetKind: target.kind,
      targetId: target.id,
      fileName,
      fileSize: fileSize ?? null,
      partSize,
      maxParts,
      createdBy: userId,
      expiresAt,
    });
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
    if (!row || row.expiresAt.getTime() < Date.now()) throw new HttpError(404, UPLOAD_MESSAGES.gone);
    return row;
  }

  private checkFileName(upload: UploadRow, fileName: string): void {
    if (upload.fileName !== fileName) throw new HttpError(400, UPLOAD_MESSAGES.fileNameMismatch);
  }

  async partUrl(target: UploadTarget, uploadId: string, fileName: string, partNumber: number) {
    const upload = await this.find(target, uploadId);
    this.checkFileName(upload, fileName);
    this.expectedPartSize(upload, partNumber);
    const expiresMs = Math.min(Date.now() + this.config.partUrlTtlSeconds * 1000, upload.expiresAt.getTime());
    const expires = Math.floor(expiresMs / 1000);
    const signature = await this.sign(uploadId, partNumber, expires);
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
      throw new HttpError(400, UPLOAD_MESSAGES.partNumberTooHigh(upload.maxParts));
    if (upload.fileSize === null) return null;
    const offset = (partNumber - 1) * upload.partSize;
    if (offset >= upload.fileSize) throw new HttpError(400, UPLOAD_MESSAGES.partBeyondEnd);
    return Math.min(upload.partSize, upload.fileSize - offset);
  }

  /** Stores the bytes of one part (signature already checked); answers its ETag. */
  async storePart(uploadId: string, partNumber: number, body: Readable, contentLength: number | undefined) {
    const [upload] = await this.db.select().from(multipartUploads).where(eq(multipartUploads.id, uploadId));
    if (!upload || upload.expiresAt.getTime() < Date.now()) throw new HttpError(404, UPLOAD_MESSAGES.gone);
    const expected = this.expectedPartSize(upload, partNumber);
    const offset = (partNumber - 1) * upload.partSize;
    if (offset + Math.min(contentLength ?? 0, upload.partSize) > this.config.maxUploadBytes) {
      throw new HttpError(413, UPLOAD_MESSAGES.fileTooLarge(formatBytes(this.config.maxUploadBytes)));
    }
    if (contentLength !== undefined && contentLength > upload.partSize) {
      throw new HttpError(413, UPLOAD_MESSAGES.partTooLarge);
    }
    const forgetPart = () =>
      this.db
        .delete(multipartUploadParts)
        .where(
          and(eq(multipartUploadParts.uploadId, uploadId), eq(multipartUploadParts.partNumber, partNumber)),
        );
    let stored: Awaited<ReturnType<MediaStorage['writePart']>>;
    try {
      stored = await this.storage.writePart(uploadId, offset, body, expected ?? upload.partSize);
    } catch (error) {
      // The part's bytes may be half overwritten: an earlier stored version of it no longer counts.
      await forgetPart();
      if (error instanceof TooLargeError) throw new HttpError(413, UPLOAD_MESSAGES.partTooLarge);
      if (error instanceof UploadGoneError) throw new HttpError(404, UPLOAD_MESSAGES.gone);
      // The client went away mid-part (cancel, lost connection): its fault, not a server error.
      if (body.destroyed || body.errored) throw new HttpError(400, UPLOAD_MESSAGES.partInterrupted);
      throw error;
    }
    if (expected !== null && stored.size !== expected) {
      await forgetPart();
      throw new HttpError(400, UPLOAD_MESSAGES.partWrongSize(expected));
    }
    const etag = etagOf(stored.crc32, stored.size);
    try {
      await this.db
        .insert(multipartUploadParts)
        .values({ uploadId, partNumber, size: stored.size, etag })
        .onConflictDoUpdate({
          target: [multipartUploadParts.uploadId, multipartUploadParts.partNumber],
          set: { size: stored.size, etag },
        });
    } catch {
      // Aborted while the bytes were arriving: the upload row (and its file) are gone.
      throw new HttpError(404, UPLOAD_MESSAGES.gone);
    }
    return { part_number: partNumber, etag, size: stored.size };
  }

  /**
   * Checks the client's part list against what was stored (every part 1…n present with the ETag its upload
   * returned, all but the last one full-sized, the total equal to the announced size) and turns the parts into
   * the stored file `key`. The upload row goes; the caller attaches the file to its target.
   */
  async complete(
    target: UploadTarget,
    uploadId: string,
    fileName: string,
    parts: { part_number: number; etag: string }[],
    key: (fileName: string) => string,
    checksum?: string,
  ): Promise<{ key: string; size: number; checksum?: string }> {
    const upload = await this.find(target, uploadId);
    this.checkFileName(upload, fileName);
    if (parts.some((part, index) => part.part_number !== index + 1)) {
      throw new HttpError(400, UPLOAD_MESSAGES.partsOrder);
    }
    const stored = await this.db
      .select()
      .from(multipartUploadParts)
      .where(eq(multipartUploadParts.uploadId, uploadId))
      .orderBy(asc(multipartUploadParts.partNumber));
    const byNumber = new Map(stored.map((p) => [p.partNumber, p]));
    let size = 0;
    parts.forEach((part, index) => {
      const row = byNumber.get(part.part_number);
      if (!row || unquote(row.etag) !== unquote(part.etag)) {
        throw new HttpError(400, UPLOAD_MESSAGES.partMissing(part.part_number));
      }
      if (index < parts.length - 1 && row.size !== upload.partSize) {
        throw new HttpError(400, UPLOAD_MESSAGES.partIncomplete(part.part_number));
      }
      size += row.size;
    });
    if (upload.fileSize !== null && size !== upload.fileSize) {
      throw new HttpError(400, UPLOAD_MESSAGES.sizeMismatch(upload.fileSize, size));
    }
    if (size > this.config.maxUploadBytes) {
      throw new HttpError(413, UPLOAD_MESSAGES.fileTooLarge(formatBytes(this.config.maxUploadBytes)));
    }
    const fileKey = key(upload.fileName);
    try {
      if (checksum !== undefined && (await this.storage.checksumUpload(uploadId, size)) !== checksum) {
        throw new HttpError(400, UPLOAD_MESSAGES.checksumMismatch);
      }
      await this.storage.finishUpload(uploadId, fileKey, size);
    } catch (error) {
      if (error instanceof UploadGoneError) throw new HttpError(404, UPLOAD_MESSAGES.gone);
      throw error;
    }
    await this.db.delete(multipartUploads).where(eq(multipartUploads.id, uploadId));
    return checksum === undefined ? { key: fileKey, size } : { key: fileKey, size, checksum };
  }

  async abort(target: UploadTarget, uploadId: string, fileName: string): Promise<void> {
    const upload = await this.find(target, uploadId);
    this.checkFileName(upload, fileName);
    await this.removeUpload(upload.id);
  }

  /** Drops every unfinished upload of a target (the target is being deleted). */
  async abortAll(target: UploadTarget): Promise<void> {
    const rows = await this.db
      .select({ id: multipartUploads.id })
      .from(multipartUploads)
      .where(and(eq(multipartUploads.targetKind, target.kind), eq(multipartUploads.targetId, target.id)));
    for (const { id } of rows) await this.removeUpload(id);
  }
}
