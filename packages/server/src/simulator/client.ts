import http from 'node:http';
import https from 'node:https';
import type { components } from '@portal/api/schema';
import { HEADSET_LONG_POLL_SECONDS } from '@portal/domain';

type Schemas = components['schemas'];

/** A non-2xx answer of the server, with its status, JSON body and the seconds its Retry-After asks to wait. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly retryAfterSeconds?: number,
  ) {
    super(`HTTP ${status}: ${JSON.stringify(body)}`);
  }
}

/** Retry-After in seconds (RFC 9110 allows a date too; this server sends seconds), or undefined. */
function retryAfter(header: string | undefined): number | undefined {
  if (header === undefined || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header);
}

/**
 * JSON over node:http with one keep-alive agent for all simulated headsets of a process: thousands of held long
 * polls each keep one socket, reports reuse idle ones. (Fetch would do too, but costs more CPU per request.)
 */
export class JsonHttp {
  private readonly agent: http.Agent;
  private readonly transport: typeof http | typeof https;

  constructor(readonly baseUrl: string) {
    const secure = new URL(baseUrl).protocol === 'https:';
    this.transport = secure ? https : http;
    const options = { keepAlive: true, maxSockets: Number.POSITIVE_INFINITY, maxFreeSockets: 1024 };
    this.agent = secure ? new https.Agent(options) : new http.Agent(options);
  }

  request<T>(
    method: string,
    path: string,
    options: {
      headers?: Record<string, string>;
      body?: unknown;
      signal?: AbortSignal;
      /** The answer's headers, as soon as they arrive (e.g. which process behind a proxy answered). */
      onHeaders?: (headers: http.IncomingHttpHeaders) => void;
    } = {},
  ): Promise<T> {
    const url = new URL(path, this.baseUrl);
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise<T>((resolve, reject) => {
      const request = this.transport.request(
        url,
        {
          method,
          agent: this.agent,
          signal: options.signal,
          headers: {
            accept: 'application/json',
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...options.headers,
          },
        },
        (response) => {
          options.onHeaders?.(response.headers);
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = null;
            try {
              body = text === '' ? null : JSON.parse(text);
            } catch {
              body = text;
            }
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve(body as T);
            else reject(new HttpStatusError(status, body, retryAfter(response.headers['retry-after'])));
          });
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  /**
   * A file by plain GET (a headset downloads its images this way, without its token), streamed: each chunk's size goes
   * to `onBytes`, nothing is kept. `pause` and `resume` hold the stream back (the caller paces it to a bandwidth).
   * `done` resolves with the bytes received, or rejects with the status of a non-2xx answer.
   */
  download(
    path: string,
    onBytes: (bytes: number) => void,
    signal?: AbortSignal,
  ): { done: Promise<number>; pause(): void; resume(): void } {
    let response: http.IncomingMessage | null = null;
    let paused = false;
    const done = new Promise<number>((resolve, reject) => {
      const request = this.transport.request(
        new URL(path, this.baseUrl),
        { agent: this.agent, signal },
        (answer) => {
          response = answer;
          const status = answer.statusCode ?? 0;
          if (status < 200 || status >= 300) {
            answer.resume();
            reject(new HttpStatusError(status, null));
            return;
          }
          if (paused) answer.pause();
          let received = 0;
          answer.on('data', (chunk: Buffer) => {
            received += chunk.length;
            onBytes(chunk.length);
          });
          answer.on('error', reject);
          answer.on('end', () => resolve(received));
        },
      );
      request.on('error', reject);
      request.end();
    });
    return {
      done,
      pause() {
        paused = true;
        response?.pause();
      },
      resume() {
        paused = false;
        response?.resume();
      },
    };
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The headset side of the contract (tag `headset`), as one headset calls it with its device token. */
export class HeadsetClient {
  constructor(
    private readonly http: JsonHttp,
    private readonly token: string,
  ) {}

  private get headers() {
    return { 'x-device-token': this.token };
  }

  static async enrol(
    http: JsonHttp,
    enrolmentCode: string,
    serialNumber: string,
  ): Promise<{ client: HeadsetClient; enrolment: Schemas['HeadsetEnrolment'] }> {
    const body: Schemas['HeadsetEnrolRequest'] = { enrolmentCode, serialNumber };
    const enrolment = await http.request<Schemas['HeadsetEnrolment']>('POST', '/api/v1/headset/enrol/', {
      body,
    });
    return { client: new HeadsetClient(http, enrolment.deviceToken), enrolment };
  }

  /** A long poll; `session` names this run of the headset (see the contract's `pollHeadsetCommands`). */
  poll(
    signal?: AbortSignal,
    session?: string,
    wait: number = HEADSET_LONG_POLL_SECONDS,
    onHeaders?: (headers: http.IncomingHttpHeaders) => void,
  ): Promise<Schemas['HeadsetCommandBatch']> {
    const query = new URLSearchParams({ wait: String(wait), ...(session === undefined ? {} : { session }) });
    return this.http.request('GET', `/api/v1/headset/commands/?${query}`, {
      headers: this.headers,
      signal,
      onHeaders,
    });
  }

  reportResult(
    commandId: number,
    result: Schemas['HeadsetCommandResult'],
  ): Promise<Schemas['HeadsetCommand']> {
    return this.http.request('POST', `/api/v1/headset/commands/${commandId}/result/`, {
      headers: this.headers,
      body: result,
    });
  }

  reportState(state: Schemas['HeadsetState']): Promise<null> {
    return this.http.request('PUT', '/api/v1/headset/state/', { headers: this.headers, body: state });
  }

  configuration(): Promise<Schemas['HeadsetConfiguration']> {
    return this.http.request('GET', '/api/v1/headset/configuration/', { headers: this.headers });
  }

  operatingSystem(id: number): Promise<Schemas['HeadsetOperatingSystem']> {
    return this.http.request('GET', `/api/v1/headset/operating-systems/${id}/`, { headers: this.headers });
  }
}
