// Test support only: a real S3-compatible server on 127.0.0.1 for the storage tests.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsV4Signer } from 'aws4fetch';
import S3rver from 's3rver';
import { xmlValue } from '../infra/s3.ts';

const BUCKET = 'portal-media';
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const REGION = 'eu-central-1';
const MIN_PART_SIZE = 5 * 1024 ** 2;

export interface S3TestServer {
  /** The S3_* variables that point the portal server at this store. */
  env: Record<string, string>;
  bucket: string;
  /** Every request the store accepted, in order (method, path, query). */
  requests: { method: string; path: string; query: string }[];
  /** Keys of all objects in the bucket (ListObjectsV2). */
  objectKeys(): Promise<string[]>;
  /** An object's bytes, or null when there is none. */
  object(key: string): Promise<Buffer | null>;
  /** Whether an S3 multipart upload is still open (its parts kept). */
  hasMultipartUpload(storageUploadId: string): boolean;
  /** How many multipart uploads are open. */
  multipartUploadCount(): number;
  close(): Promise<void>;
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function s3Error(response: ServerResponse, status: number, code: string, message: string): void {
  response
    .writeHead(status, { 'content-type': 'application/xml' })
    .end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
}

/** Checks the AWS Signature V4 of a request as it arrived on the wire (s3rver itself does not check V4). */
async function signatureProblem(request: IncomingMessage): Promise<string | undefined> {
  const authorization = request.headers.authorization ?? '';
  const parts =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!parts) return `not a V4 signature: '${authorization}'`;
  const [, accessKeyId, , region, signedHeaders = '', signature] = parts;
  if (accessKeyId !== ACCESS_KEY_ID || region !== REGION) return 'wrong access key or region';
  const headers: Record<string, string> = {};
  for (const name of signedHeaders.split(';')) {
    const value = request.headers[name];
    if (name !== 'host' && typeof value === 'string') headers[name] = value;
  }
  const date = request.headers['x-amz-date'];
  if (typeof date !== 'string') return 'no x-amz-date';
  const signer = new AwsV4Signer({
    method: request.method,
    url: `http://${request.headers.host}${request.url}`,
    headers,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    service: 's3',
    region: REGION,
    datetime: date,
  });
  if (signer.signedHeaders !== signedHeaders)
    return `signed headers ${signedHeaders} != ${signer.signedHeaders}`;
  return (await signer.signature()) === signature ? undefined : 'signature does not match';
}

/**
 * s3rver 3.7.1 (a real S3 server in Node, storing in a temporary directory) behind a small proxy that adds what a
 * real S3 does and s3rver does not: it checks V4 signatures and `x-amz-content-sha256` against the body, needs a
 * Content-Length on PUT, answers NoSuchUpload for unknown upload ids, implements AbortMultipartUpload, and refuses
 * CompleteMultipartUpload with parts under 5 MiB (but the last) or an ETag that is not the part's.
 * Requests sent with `x-s3-test-direct` (the tests' own look-ups) skip the signature check.
 */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port: backendPort } = await s3rver.run();
  const uploadsDir = join(directory, BUCKET, '._S3rver_uploads');
  const requests: S3TestServer['requests'] = [];

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readAll(request);
    const url = new URL(request.url ?? '/', 'http://s3.test');
    if (request.headers['x-s3-test-direct'] === undefined) {
      const problem = await signatureProblem(request);
      if (problem) return s3Error(response, 403, 'SignatureDoesNotMatch', problem);
    }
    const payloadHash = request.headers['x-amz-content-sha256'];
    if (
      typeof payloadHash === 'string' &&
      /^[0-9a-f]{64}$/.test(payloadHash) &&
      createHash('sha256').update(body).digest('hex') !== payloadHash
    ) {
      return s3Error(
        response,
        400,
        'XAmzContentSHA256Mismatch',
        'The provided x-amz-content-sha256 does not match',
      );
    }
    if (request.method === 'PUT' && request.headers['content-length'] === undefined) {
      return s3Error(
        response,
        411,
        'MissingContentLength',
        'You must provide the Content-Length HTTP header.',
      );
    }
    const uploadId = url.searchParams.get('uploadId');
    if (uploadId !== null) {
      const dir = join(uploadsDir, uploadId);
      if (!/^[0-9a-f]+$/.test(uploadId) || !existsSync(dir)) {
        return s3Error(response, 404, 'NoSuchUpload', 'The specified upload does not exist.');
      }
      if (request.method === 'DELETE') {
        rmSync(dir, { recursive: true, force: true });
        requests.push({ method: 'DELETE', path: url.pathname, query: url.search });
        response.writeHead(204).end();
        return;
      }
      if (request.method === 'POST') {
        const parts = [...body.toString().matchAll(/<Part>(.*?)<\/Part>/g)].map((m) => m[1] ?? '');
        for (const [index, part] of parts.entries()) {
          const number = xmlValue(part, 'PartNumber') ?? '';
          const path = join(dir, number);
          const etag = (xmlValue(part, 'ETag') ?? '').replaceAll('"', '');
          if (!existsSync(path) || readFileSync(`${path}.md5`, 'utf8') !== etag) {
            return s3Error(response, 400, 'InvalidPart', `Part ${number} not found or its ETag differs.`);
          }
          if (index < parts.length - 1 && statSync(path).size < MIN_PART_SIZE) {
            return s3Error(response, 400, 'EntityTooSmall', 'Your proposed upload is smaller than allowed.');
          }
        }
      }
    }
    requests.push({ method: request.method ?? '', path: url.pathname, query: url.search });
    const headers = { ...request.headers, host: `127.0.0.1:${backendPort}` };
    const forwarded = httpRequest(
      { host: '127.0.0.1', port: backendPort, method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 500, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', (error) => s3Error(response, 500, 'InternalError', error.message));
    forwarded.end(body);
  }

  const proxy = createServer((request, response) => {
    handle(request, response).catch((error: Error) => s3Error(response, 500, 'InternalError', error.message));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const direct = (path: string) =>
    fetch(`http://127.0.0.1:${backendPort}/${BUCKET}${path}`, { headers: { 'x-s3-test-direct': '1' } });

  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: '1',
    },
    bucket: BUCKET,
    requests,
    async objectKeys() {
      const xml = await (await direct('?list-type=2')).text();
      return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1] ?? '').sort();
    },
    async object(key) {
      const answer = await direct(`/${key.split('/').map(encodeURIComponent).join('/')}`);
      return answer.status === 200 ? Buffer.from(await answer.arrayBuffer()) : null;
    },
    hasMultipartUpload: (storageUploadId) => existsSync(join(uploadsDir, storageUploadId)),
    multipartUploadCount: () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).length : 0),
    async close() {
      const closed = new Promise<void>((resolve) => proxy.close(() => resolve()));
      // The portal server's S3 client keeps its connections open for the next part.
      proxy.closeAllConnections();
      await closed;
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
