import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../test/testServer.ts';

// A mail server that accepts connections and never says a word: sending through it hangs until nodemailer's
// greeting timeout (30 s). The reset-mail answer must not wait for it, or its timing would tell that the account
// exists (only existing accounts get a mail).
const sockets = new Set<Socket>();
let smtp: Server;
let server: TestServer;

beforeAll(async () => {
  smtp = createServer((socket) => {
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.address();
  if (address === null || typeof address === 'string') throw new Error('no SMTP port');
  process.env.SMTP_URL = `smtp://127.0.0.1:${address.port}`;
  server = await createTestServer();
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await server?.close();
  delete process.env.SMTP_URL;
});

async function timedResetRequest(email: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/users/reset-password-mail/',
    payload: { email },
  });
  return { status: response.statusCode, ms: performance.now() - started };
}

describe('reset mail', () => {
  it('answers an existing account without waiting for the mail server', async () => {
    const known = await timedResetRequest('lehrer@schule.example');
    expect(known.status).toBe(200);
    expect(known.ms).toBeLessThan(3000);
    // The mail is on its way all the same: the server has connected to the mail server.
    await vi.waitFor(() => expect(sockets.size).toBeGreaterThan(0), { timeout: 5000 });
    const unknown = await timedResetRequest('niemand@schule.example');
    expect(unknown.status).toBe(200);
    expect(sockets.size).toBe(1);
  });
});
