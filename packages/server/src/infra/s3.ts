import { createHash } from 'node:crypto';
import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { pipeline } from 'node:stream/promises';
import { AwsV4Signer } from 'aws4fetch';
import type { S3Config } from '../config.ts';
import { Unavailable } from '../errors.ts';
import { MESSAGES } from '../messages.ts';

/**
 * The S3 store failed or answered something unexpected. A domain error (503), so any caller that lets it through
 * answers the client with a German `{detail}` it may retry, never with a bare 500.
 */
export class StorageUnavailableError extends Unavailable {
  constructor(
    readonly reason: string,
    /** S3's error code (`NoSuchUpload`, `AccessDenied`, …) when it sent one. */
    readonly code?: string,
  ) {
    super(MESSAGES.files.storageUnavailable);
    // Operators need the store's own words (bad credentials, missing bucket); clients get the German detail.
    process.emitWarning(`S3: ${reason}`, 'StorageWarning');
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const UNESCAPES = Object.fromEntries(Object.entries(ESCAPES).map(([char, entity]) => [entity, char]));

export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** The text of the first `<tag>` in an S3 answer; S3's answers are flat enough that no XML parser is needed. */
export function xmlValue(xml: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml);
  return match?.[1]?.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => UNESCAPES[entity] ?? entity);
}

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

export interface S3Request {
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A buffer is signed with its hash; a stream needs `contentLength` (S3 refuses chunked uploads). */
  body?: Buffer | AsyncIterable<Buffer>;
  contentLength?: number;
  /** Hex SHA-256 of a streamed body when known in advance: S3 then verifies the bytes itself. */
  sha256?: string;
}

/**
 * A minimal S3 client: requests signed with AWS Signature V4 (aws4fetch's signer) and sent with node:http(s), so
 * part bodies stream through with an exact Content-Length and without conversion to web streams.
 */
export class S3Client {
  private readonly agent: HttpAgent;
  private readonly send: typeof httpRequest;

  constructor(readonly config: S3Config) {
    const https = config.endpoint.startsWith('https:');
    // Parts go out in parallel all the time: reuse connections instead of a TLS handshake per part.
    this.agent = https ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
    this.send = https ? httpsRequest : httpRequest;
  }

  objectUrl(key: string, query: Record<string, string> = {}): URL {
    const path = key.split('/').map(encodeURIComponent).join('/');
    const { bucket, endpoint, forcePathStyle } = this.config;
    const url = new URL(endpoint);
    if (forcePathStyle) url.pathname = `/${encodeURIComponent(bucket)}/${path}`;
    else {
      url.hostname = `${bucket}.${url.hostname}`;
      url.pathname = `/${path}`;
    }
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  /** Sends one signed request; answers the response (body unread) or rejects with the body's or network's error. */
  async request(method: string, key: string, options: S3Request = {}): Promise<IncomingMessage> {
    const { body } = options;
    const url = this.objectUrl(key, options.query);
    const payloadHash =
      options.sha256 ??
      (body === undefined ? sha256Hex('') : Buffer.isBuffer(body) ? sha256Hex(body) : 'UNSIGNED-PAYLOAD');
    const signer = new AwsV4Signer({
      method,
      url: url.href,
      headers: { ...options.headers, 'x-amz-content-sha256': payloadHash },
      accessKeyId: this.config.accessKeyId,
      secretAccessKey: this.config.secretAccessKey,
      service: 's3',
      region: this.config.region,
    });
    const signed = await signer.sign();
    const headers: OutgoingHttpHeaders = Object.fromEntries(signed.headers);
    const length = Buffer.isBuffer(body) ? body.length : options.contentLength;
    if (length !== undefined) headers['content-length'] = length;
    else if (body !== undefined) throw new Error('a streamed S3 body needs its content length');

    const request = this.send(url, { method, headers, agent: this.agent });
    let response: IncomingMessage | undefined;
    const answered = new Promise<IncomingMessage>((resolve, reject) => {
      request.once('response', (r: IncomingMessage) => {
        response = r;
        resolve(r);
      });
      request.once('error', reject);
    });
    // Settled below; without this a failing body would also surface as an unhandled rejection here.
    answered.catch(() => {});
    if (body === undefined || Buffer.isBuffer(body)) request.end(body);
    else {
      // The caller's stream may fail (too large, client gone): that error is the caller's to handle, not ours.
      let sourceError: unknown;
      async function* tracked(source: AsyncIterable<Buffer>) {
        try {
          yield* source;
        } catch (error) {
          sourceError = error;
          throw error;
        }
      }
      try {
        await pipeline(tracked(body), request);
      } catch (error) {
        if (sourceError !== undefined) throw sourceError;
        // S3 may refuse early and close the connection while the body is still going: its answer says why.
        if (response && (response.statusCode ?? 0) >= 300) return response;
        throw new StorageUnavailableError(`${method} ${key}: ${(error as Error).message}`);
      }
    }
    try {
      return await answered;
    } catch (error) {
      throw new StorageUnavailableError(`${method} ${key}: ${(error as Error).message}`);
    }
  }
}

export async function readText(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads the answer and refuses anything but 2xx as StorageUnavailableError with S3's code. CompleteMultipartUpload
 * may answer 200 and still fail (the error follows in the body), so a 200 `<Error>` counts as failure too.
 */
export async function expectOk(response: IncomingMessage, what: string): Promise<string> {
  const text = await readText(response);
  const status = response.statusCode ?? 0;
  if (status >= 300 || /<Error>/.test(text)) {
    const code = xmlValue(text, 'Code');
    throw new StorageUnavailableError(
      `${what}: HTTP ${status} ${code ?? ''} ${xmlValue(text, 'Message') ?? ''}`.trim(),
      code,
    );
  }
  return text;
}
