import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpStatusError, JsonHttp } from './client.ts';
import { type Fleet, retryDelayMs, retryWhileBusy, startFleet } from './fleet.ts';

/**
 * A fleet of thousands that a busy server refuses must not come back at once, nor every second: the simulated
 * headsets wait as long as the server's Retry-After asks (and a little more, spread), like real ones would.
 */
describe('retryDelayMs', () => {
  it('waits as long as a 503 asks, plus up to half of it', () => {
    const busy = new HttpStatusError(503, { code: 'serverBusy' }, 5);
    for (let i = 0; i < 50; i++) {
      const ms = retryDelayMs(busy, 1);
      expect(ms).toBeGreaterThanOrEqual(5000);
      expect(ms).toBeLessThanOrEqual(7500);
    }
  });

  it('otherwise doubles from one second up to ten, less up to half', () => {
    const lost = new Error('ECONNRESET');
    for (let i = 0; i < 50; i++) {
      expect(retryDelayMs(lost, 0)).toBeGreaterThanOrEqual(500);
      expect(retryDelayMs(lost, 0)).toBeLessThanOrEqual(1000);
      expect(retryDelayMs(lost, 2)).toBeGreaterThanOrEqual(2000);
      expect(retryDelayMs(lost, 2)).toBeLessThanOrEqual(4000);
      expect(retryDelayMs(new HttpStatusError(500, null), 9)).toBeGreaterThanOrEqual(5000);
      expect(retryDelayMs(new HttpStatusError(500, null), 9)).toBeLessThanOrEqual(10_000);
    }
  });
});

describe('a simulated headset against a busy server', () => {
  let server: Server | undefined;
  let fleet: Fleet | undefined;

  afterEach(async () => {
    await fleet?.stop();
    fleet = undefined;
    await new Promise((resolve) => server?.close(resolve));
    server?.closeAllConnections();
    server = undefined;
  });

  /** A server that refuses every headset call with 503 and Retry-After: 2, noting when each arrived. */
  async function busyServer() {
    const calls: { method: string; at: number }[] = [];
    server = createServer((request, response) => {
      calls.push({ method: request.method ?? '', at: performance.now() });
      request.resume();
      response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' });
      response.end(JSON.stringify({ detail: 'busy', code: 'serverBusy', params: { seconds: 2 } }));
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { calls, url: `http://127.0.0.1:${port}` };
  }

  const member = {
    serialNumber: 'SIM-RETRY-1',
    name: 'Sirius',
    softwareVersion: '5.1.2',
    batteryLevel: 80,
    storageTotal: 128 * 1024 ** 3,
    deviceToken: 'vrd_test',
  };

  it('sends a refused state report again only after the Retry-After', async () => {
    const { calls, url } = await busyServer();
    let now = 0;
    fleet = await startFleet({ serverUrl: url, now: () => now, tickMs: 10 }, [member]);
    const reports = () => calls.filter((call) => call.method === 'PUT').length;
    await vi.waitFor(() => expect(reports()).toBe(1));
    await vi.waitFor(() => expect(fleet?.stats().errors).toBeGreaterThanOrEqual(1));
    // Just before the two seconds are over, a hundred ticks of the ticker send nothing.
    now = 1999;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(reports()).toBe(1);
    // After them (and the spread of up to half of them) the report goes out again.
    now = 3001;
    await vi.waitFor(() => expect(reports()).toBe(2));
  });

  it('polls again only after the Retry-After', async () => {
    const { calls, url } = await busyServer();
    fleet = await startFleet({ serverUrl: url, tickMs: 1000 }, [member]);
    const polls = () => calls.filter((call) => call.method === 'GET');
    await vi.waitFor(() => expect(polls().length).toBe(2), { timeout: 10_000 });
    const [first, second] = polls();
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(2000);
  });
});

describe('retryWhileBusy (adding and pairing headsets)', () => {
  let server: Server | undefined;
  let http: JsonHttp | undefined;

  afterEach(async () => {
    http?.close();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  /** Answers `busyFirst` requests with 503 and Retry-After: 1, then `status` with `{ok: true}`. */
  async function serverBusyFor(busyFirst: number, status = 200) {
    let calls = 0;
    server = createServer((request, response) => {
      calls += 1;
      request.resume();
      const busy = calls <= busyFirst;
      response.writeHead(busy ? 503 : status, {
        'content-type': 'application/json',
        ...(busy ? { 'retry-after': '1' } : {}),
      });
      response.end(JSON.stringify(busy ? { code: 'serverBusy' } : { ok: status < 300 }));
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    http = new JsonHttp(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const client = http;
    return { calls: () => calls, call: () => client.request<{ ok: boolean }>('POST', '/x/') };
  }

  it('tries again after the Retry-After while the server is busy, and answers what then comes', async () => {
    const { calls, call } = await serverBusyFor(2);
    const started = performance.now();
    expect(await retryWhileBusy(call)).toEqual({ ok: true });
    expect(calls()).toBe(3);
    expect(performance.now() - started).toBeGreaterThanOrEqual(2000);
  });

  it('gives up after the attempts it was given, with the 503', async () => {
    const { calls, call } = await serverBusyFor(5);
    await expect(retryWhileBusy(call, 2)).rejects.toMatchObject({ status: 503 });
    expect(calls()).toBe(2);
  });

  it('throws any other refusal at once', async () => {
    const { calls, call } = await serverBusyFor(0, 409);
    await expect(retryWhileBusy(call)).rejects.toMatchObject({ status: 409 });
    expect(calls()).toBe(1);
  });
});
