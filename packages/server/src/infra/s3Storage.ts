import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Config } from '../config.ts';
import { expectOk, S3Client, StorageUnavailableError, xmlEscape, xmlValue } from './s3.ts';
import {
  ChecksumMismatchError,
  deliveredHeaders,
  type MediaStorage,
  measure,
  type PartToAssemble,
  type PartToWrite,
  type StoredFileResponse,
  UploadGoneError,
  type UploadHandle,
} from './storage.ts';

/** Request headers a client may send for a file that are worth passing on to S3 (ranges, revalidation). */
const FORWARDED_READ_HEADERS = [
  'range',
  'if-none-match',
  'if-modified-since',
  'if-match',
  'if-unmodified-since',
];

/**
 * An S3-compatible store. Our parts map one to one onto the parts of an S3 multipart upload, created at the
 * file's final key (S3 cannot rename without copying): the portal still PUTs each part to this server's signed
 * part URL, and the server streams it on as UploadPart while measuring and hashing it. Completing is
 * CompleteMultipartUpload, aborting AbortMultipartUpload; unfinished parts are never visible as objects.
 */
export class S3MediaStorage implements MediaStorage {
  readonly client: S3Client;

  constructor(config: S3Config) {
    this.client = new S3Client(config);
  }

  private static uploadIdOf(upload: UploadHandle): string {
    // An upload started while the server stored on local disk has no S3 counterpart.
    if (!upload.storageUploadId) throw new UploadGoneError();
    return upload.storageUploadId;
  }

  /** Runs an S3 call of an upload; S3's NoSuchUpload means it was aborted or expired meanwhile. */
  private static async ofUpload<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof StorageUnavailableError && error.code === 'NoSuchUpload')
        throw new UploadGoneError();
      throw error;
    }
  }

  async createUpload(_uploadId: string, key: string): Promise<string> {
    const response = await this.client.request('POST', key, { query: { uploads: '' } });
    const uploadId = xmlValue(await expectOk(response, 'CreateMultipartUpload'), 'UploadId');
    if (!uploadId) throw new StorageUnavailableError('CreateMultipartUpload answered no UploadId');
    return uploadId;
  }

  async writePart(upload: UploadHandle, part: PartToWrite, bytes: AsyncIterable<Buffer>): Promise<string> {
    const uploadId = S3MediaStorage.uploadIdOf(upload);
    let body: Buffer | AsyncIterable<Buffer> = bytes;
    if (part.length === undefined) {
      // S3 needs the length before the body; a part without Content-Length is at most one part size in memory.
      const chunks: Buffer[] = [];
      for await (const chunk of bytes) chunks.push(chunk);
      body = Buffer.concat(chunks);
    }
    return S3MediaStorage.ofUpload(async () => {
      const response = await this.client.request('PUT', upload.key, {
        query: { partNumber: String(part.partNumber), uploadId },
        body,
        contentLength: part.length,
        // S3 then refuses a part whose bytes do not match the client's digest before it replaces the old one.
        sha256: part.sha256?.toString('hex'),
      });
      await expectOk(response, `UploadPart ${part.partNumber}`);
      const etag = response.headers.etag;
      if (!etag) throw new StorageUnavailableError(`UploadPart ${part.partNumber} answered no ETag`);
      return etag;
    });
  }

  async finishUpload(upload: UploadHandle, parts: PartToAssemble[], _size: number, sha256?: string) {
    const uploadId = S3MediaStorage.uploadIdOf(upload);
    const list = parts
      .map(
        (p) =>
          `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>${xmlEscape(p.storageEtag ?? '')}</ETag></Part>`,
      )
      .join('');
    await S3MediaStorage.ofUpload(async () => {
      const response = await this.client.request('POST', upload.key, {
        query: { uploadId },
        headers: { 'content-type': 'application/xml' },
        body: Buffer.from(`<CompleteMultipartUpload>${list}</CompleteMultipartUpload>`),
      });
      await expectOk(response, 'CompleteMultipartUpload');
    });
    if (sha256 === undefined) return;
    // S3 cannot read parts before they are assembled: the whole-file hash is taken from the finished object.
    const hash = createHash('sha256');
    const response = await this.client.request('GET', upload.key);
    if ((response.statusCode ?? 0) !== 200) await expectOk(response, 'GetObject');
    await pipeline(response, hash);
    if (hash.digest('hex') !== sha256) {
      await this.deleteFile(upload.key);
      throw new ChecksumMismatchError(false);
    }
  }

  async discardUpload(upload: UploadHandle): Promise<void> {
    if (!upload.storageUploadId) return;
    const response = await this.client.request('DELETE', upload.key, {
      query: { uploadId: upload.storageUploadId },
    });
    if (response.statusCode === 404) {
      response.resume();
      return;
    }
    await expectOk(response, 'AbortMultipartUpload');
  }

  async putFile(key: string, source: Readable, limit: number): Promise<{ size: number }> {
    // Previews and documents arrive without a length (multipart form); they are small, so they are collected first.
    const { bytes, result } = measure(source, limit);
    const chunks: Buffer[] = [];
    for await (const chunk of bytes) chunks.push(chunk);
    const response = await this.client.request('PUT', key, { body: Buffer.concat(chunks) });
    await expectOk(response, 'PutObject');
    return { size: result.size };
  }

  async deleteFile(key: string): Promise<void> {
    const response = await this.client.request('DELETE', key);
    if (response.statusCode === 404) {
      response.resume();
      return;
    }
    await expectOk(response, 'DeleteObject');
  }

  /** GetObject, or HeadObject for HEAD, with the client's range and revalidation headers passed on. */
  async readFile(
    key: string,
    method: 'GET' | 'HEAD',
    requestHeaders: Record<string, string | string[] | undefined>,
  ): Promise<StoredFileResponse | null> {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_READ_HEADERS) {
      const value = requestHeaders[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const response = await this.client.request(method, key, { headers });
    const status = response.statusCode ?? 0;
    if (status === 404) {
      response.resume();
      return null;
    }
    // 206 for ranges, 304 for revalidation, 412/416 for failed conditions and ranges: the client's business.
    if (status !== 200 && status !== 206 && status !== 304 && status !== 412 && status !== 416) {
      await expectOk(response, method === 'GET' ? 'GetObject' : 'HeadObject');
    }
    return { status, headers: deliveredHeaders(response.headers), body: response };
  }
}
