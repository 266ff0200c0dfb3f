import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { FILE_NAME_PATTERN } from '@portal/domain';
import busboy from 'busboy';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { contents, storedFiles } from '../../db/schema.ts';
import { DomainError, InvalidFields, InvalidRequest, NotFound } from '../../errors.ts';
import { type MediaStorage, mediaUrl, randomFileKey, TooLargeError } from '../../infra/storage.ts';
import { MESSAGES } from '../../messages.ts';
import {
  type Caller,
  type FileGrant,
  requireFileOwner,
  storedFileItemVisibleTo,
  storedFileVisibleTo,
  uploadingOrganisation,
} from '../access.ts';
import type { Services } from '../dependencies.ts';
import { requireStorageRoom } from './storageQuota.ts';
import { fileTooLarge } from './uploads.ts';

export type StoredFileKind = 'preview' | 'document';

/** A multipart/form-data request body as it arrives: its headers (boundary, length) and the byte stream. */
/** A multipart/form-data request as its reader takes it (built by http/bodies.ts from the operation's contract). */
export interface MultipartBody {
  headers: IncomingHttpHeaders;
  stream: Readable;
  /** The form's parts that carry a file; the first is the one stored. */
  fileParts: readonly string[];
  /** Checks the form's text fields against the contract's schema; throws InvalidFields. */
  checkFields(fields: Record<string, string | string[]>): void;
}

/** The contract's FileName allows at most this many characters. */
const FILE_NAME_MAX_LENGTH = 255;

/** Image type by its first bytes, never by name: PNG, JPEG, WebP, GIF. */
export function sniffImage(head: Buffer): { mime: string; ext: string } | null {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { mime: 'image/jpeg', ext: 'jpg' };
  }
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP')
    return { mime: 'image/webp', ext: 'webp' };
  if (head.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a'))
    return { mime: 'image/gif', ext: 'gif' };
  return null;
}

const DOCUMENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** The browser's file name made to follow the file-name rule of spec §5 (umlauts transliterated, others '_'). */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const replaced = base
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .slice(-255);
  return replaced || 'datei';
}

/** Keeps the first bytes of a stream while passing it on. */
async function* keepHead(source: AsyncIterable<Buffer>, head: { bytes: Buffer }) {
  for await (const chunk of source) {
    if (head.bytes.length < 16) head.bytes = Buffer.concat([head.bytes, chunk]).subarray(0, 16);
    yield chunk;
  }
}

interface Received {
  key: string;
  /** The form's text fields as sent (a field sent twice becomes a list, which the schema refuses). */
  fields: Record<string, string | string[]>;
  fileName: string;
  size: number;
  head: Buffer;
}

/**
 * Streams the form's file part (`file`) of a multipart/form-data request into the storage under a fresh key (never
 * the user's name) and collects its text fields for the contract's check. At most `maxBytes` (413 beyond).
 */
function receive(request: MultipartBody, storage: MediaStorage, kind: StoredFileKind, maxBytes: number) {
  return new Promise<Received>((resolvePromise, rejectPromise) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        // One more file and field than a form may hold, so that a part beyond them is seen (and refused by name).
        limits: { files: request.fileParts.length + 1, fields: 5, fileSize: maxBytes + 1, fieldSize: 1024 },
      });
    } catch {
      rejectPromise(new InvalidRequest(MESSAGES.files.notMultipart));
      return;
    }
    let stored: Promise<Omit<Received, 'fileName' | 'fields'> & { browserName: string }> | undefined;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      request.stream.unpipe(parser);
      request.stream.resume();
      // What was already being stored of a refused form is not kept.
      stored?.then((file) => storage.deleteFile(file.key)).catch(() => {});
      rejectPromise(error);
    };
    const fields: Record<string, string | string[]> = Object.create(null);
    const addField = (name: string, value: string) => {
      const earlier = fields[name];
      fields[name] =
        earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
    };
    parser.on('field', addField);
    parser.on('file', (name, stream: Readable, info) => {
      if (name !== request.fileParts[0] || stored) {
        // A file where the contract names none (or a second one) is an unknown field for the schema's check.
        if (!request.fileParts.includes(name)) addField(name, '');
        stream.resume();
        return;
      }
      // Errors of a truncated form reach the reader below; until it starts, this keeps them from going unhandled.
      stream.on('error', () => {});
      const key = `${kind}s/${randomFileKey()}`;
      const head = { bytes: Buffer.alloc(0) };
      stored = storage
        .putFile(key, Readable.from(keepHead(stream, head)), maxBytes)
        .then(({ size }) => ({ key, size, head: head.bytes, browserName: info.filename ?? '' }));
      stored.catch(fail);
    });
    parser.on('error', () => fail(new InvalidRequest(MESSAGES.files.malformed)));
    // Beyond the limits busboy drops parts silently; a form the contract cannot describe is refused instead.
    parser.on('filesLimit', () => fail(new InvalidRequest(MESSAGES.files.malformed)));
    parser.on('fieldsLimit', () => fail(new InvalidRequest(MESSAGES.files.malformed)));
    parser.on('close', () => {
      if (settled) return;
      if (!stored) {
        fail(InvalidFields.of('file', MESSAGES.files.noFile));
        return;
      }
      stored.then((file) => {
        if (settled) return;
        settled = true;
        resolvePromise({
          key: file.key,
          size: file.size,
          head: file.head,
          fields,
          // An explicit file_name must follow the rule; the browser's name is made to (spaces etc. become '_').
          fileName:
            typeof fields.file_name === 'string' ? fields.file_name : sanitizeFileName(file.browserName),
        });
      }, fail);
    });
    request.stream.on('error', () => fail(new InvalidRequest(MESSAGES.files.malformed)));
    request.stream.pipe(parser);
  });
}

/** What a form adds to the file it carries (boundaries, part headers, the `file_name` field), at most. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Receives, checks and records a preview image or document of the caller's first organisation; answers it with a URL
 * signed for that organisation (the form shows the preview before the item exists). Refused with 413 before a byte
 * is read when the request's length is beyond the kind's limit or the organisation's quota, and again with the real
 * size. The media-type guard has let only multipart/form-data through.
 */
export async function storeUploadedFile(
  { db, storage, media, mediaLinks }: Pick<Services, 'db' | 'storage' | 'media' | 'mediaLinks'>,
  caller: Caller,
  kind: StoredFileKind,
  request: MultipartBody,
) {
  const maxBytes = media.maxBytes[kind];
  const account = { organisationId: uploadingOrganisation(caller) };
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared)) {
    if (declared > maxBytes + FORM_OVERHEAD_BYTES) throw fileTooLarge(maxBytes);
    const least = Math.max(1, declared - FORM_OVERHEAD_BYTES);
    await db.transaction((tx) => requireStorageRoom(tx, media.storageQuotaBytes, account, least));
  }

  let received: Received;
  try {
    received = await receive(request, storage, kind, maxBytes);
  } catch (error) {
    if (error instanceof TooLargeError) throw fileTooLarge(maxBytes);
    if (error instanceof DomainError) throw error;
    throw new InvalidRequest(MESSAGES.files.malformed);
  }
  const reject = async (error: DomainError) => {
    await storage.deleteFile(received.key);
    throw error;
  };
  try {
    request.checkFields(received.fields);
  } catch (error) {
    if (error instanceof DomainError) await reject(error);
    throw error;
  }
  if (received.fileName.length > FILE_NAME_MAX_LENGTH || !FILE_NAME_PATTERN.test(received.fileName))
    await reject(InvalidFields.of('file_name', MESSAGES.field.fileName));
  if (received.size === 0) await reject(InvalidFields.of('file', MESSAGES.files.noFile));
  let mimeType: string;
  if (kind === 'preview') {
    const image = sniffImage(received.head);
    if (!image) return reject(InvalidFields.of('file', MESSAGES.files.notImage));
    mimeType = image.mime;
  } else {
    const ext = received.fileName.split('.').pop()?.toLowerCase() ?? '';
    const type = received.fileName.includes('.') ? DOCUMENT_TYPES[ext] : undefined;
    if (!type) return reject(InvalidFields.of('file', MESSAGES.files.documentType));
    if (ext === 'pdf' && received.head.subarray(0, 5).toString('latin1') !== '%PDF-') {
      return reject(InvalidFields.of('file', MESSAGES.files.notPdf));
    }
    mimeType = type;
  }
  let row: typeof storedFiles.$inferSelect | undefined;
  try {
    row = await db.transaction(async (tx) => {
      await requireStorageRoom(tx, media.storageQuotaBytes, account, received.size);
      const [inserted] = await tx
        .insert(storedFiles)
        .values({
          kind,
          organisationId: account.organisationId,
          uploadedBy: caller.id,
          fileName: received.fileName,
          storageKey: received.key,
          fileSize: received.size,
          mimeType,
        })
        .returning();
      return inserted;
    });
  } catch (error) {
    await storage.deleteFile(received.key);
    throw error;
  }
  if (!row) throw new Error('stored file insert returned nothing');
  return {
    id: row.id,
    file: mediaLinks.link(mediaUrl(row.storageKey), account),
    fileName: row.fileName,
    fileSize: row.fileSize,
    created_at: row.createdAt.toISOString(),
  };
}

/** Deletes a preview or document of one of the caller's organisations (and unlinks it from its content). */
export async function deleteStoredFile(
  db: Database,
  storage: MediaStorage,
  caller: Caller,
  kind: StoredFileKind,
  id: number,
): Promise<void> {
  const storageKey = await db.transaction(async (tx) => {
    // Aliased `f`, as storedFileItemVisibleTo reads the row.
    const f = alias(storedFiles, 'f');
    const [file] = await tx
      .select({
        kind: f.kind,
        organisationId: f.organisationId,
        contentId: f.contentId,
        storageKey: f.storageKey,
        itemVisible: sql<boolean>`${storedFileItemVisibleTo(caller)}`,
      })
      .from(f)
      .where(eq(f.id, id))
      .for('update');
    if (!file || file.kind !== kind) throw new NotFound(MESSAGES.files.notFound);
    requireFileOwner(caller, file);
    await tx.delete(storedFiles).where(eq(storedFiles.id, id));
    if (kind === 'preview' && file.contentId !== null) {
      await tx.update(contents).set({ previewImage: null }).where(eq(contents.id, file.contentId));
    }
    return file.storageKey;
  });
  await storage.deleteFile(storageKey);
}

/**
 * Whether a request for the stored file `key` with `grant` (null: an unsigned URL) may have it, by the access policy's
 * `storedFileVisibleTo`; one statement.
 */
export async function mayFetchStoredFile(
  db: Database,
  key: string,
  grant: FileGrant | null,
): Promise<boolean> {
  const result = await db.execute<{ allowed: boolean }>(
    sql`select ${storedFileVisibleTo(grant, { key, url: mediaUrl(key) })} as allowed`,
  );
  return result.rows[0]?.allowed === true;
}
