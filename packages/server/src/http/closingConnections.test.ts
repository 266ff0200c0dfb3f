import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/testServer.ts';

// Larger than what the loopback's socket buffers hold, so the answer is still going out while its reader pauses.
const FILE_BYTES = 32 * 1024 * 1024;

let dist: string;
let server: TestServer;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-closing-'));
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'large-abc123.bin'), randomBytes(FILE_BYTES));
  server = await createTestServer({ portalDist: dist });
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

it('a close does not wait out the keep-alive of a connection whose answer was still going out', async () => {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true });
  const answer = await new Promise<IncomingMessage>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/assets/large-abc123.bin', agent }, resolve).on('error', reject);
  });
  answer.pause();
  // The server is asked to close while the answer is half sent; then the client reads it to its end and keeps the
  // connection (keep-alive). The close must end that connection once the answer is out, not wait for its timeout.
  const closed = server.close();
  let received = 0;
  answer.on('data', (chunk: Buffer) => {
    received += chunk.length;
  });
  await new Promise((resolve) => answer.on('end', resolve).resume());
  expect(received).toBe(FILE_BYTES);
  await closed;
  agent.destroy();
});
