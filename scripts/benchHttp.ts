// What the load benchmarks (bench:burst, bench:fleet) share: one request over node:http with a timeout, percentiles,
// and stopping a child process. Only 127.0.0.1 is spoken to.
import type { ChildProcess } from 'node:child_process';
import { type Agent, request } from 'node:http';
import { loadavg } from 'node:os';

export interface Answer {
  status: number | 'timeout' | 'error';
  ms: number;
  body: string;
  retryAfter?: string | undefined;
  /** The server process behind a proxy that answered (its X-Served-By), when there is one. */
  servedBy?: string | undefined;
}

/** One request to 127.0.0.1:`port`; never rejects: a timeout or a broken connection is an answer too. */
export function send(
  agent: Agent,
  port: number,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; timeoutMs: number },
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: Answer['status'], body = '', retryAfter?: string, servedBy?: string) =>
      resolve({ status, ms: performance.now() - started, body, retryAfter, servedBy });
    const outgoing = request(
      { host: '127.0.0.1', port, method, path, agent, headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          done(
            response.statusCode ?? 0,
            Buffer.concat(chunks).toString('utf8'),
            response.headers['retry-after'],
            [response.headers['x-served-by']].flat()[0],
          ),
        );
        response.on('error', () => done('error'));
      },
    );
    outgoing.setTimeout(options.timeoutMs, () => {
      outgoing.destroy();
      done('timeout');
    });
    outgoing.on('error', () => done('error'));
    outgoing.end(options.body);
  });
}

/** The nearest-rank percentile (p in 0…100) of the values; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Counts of each status (or other value, such as the process that answered), e.g. `200×1520 503×3`. */
export function statusCounts(statuses: readonly (Answer['status'] | string)[]): string {
  const counts = new Map<string, number>();
  for (const status of statuses) counts.set(String(status), (counts.get(String(status)) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${status}×${n}`).join(' ');
}

/** SIGTERM, and resolves once the process has exited. */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The machine's load averages (1, 5, 15 min) for the report: on the shared 2-core machine figures are noisy. */
export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}
