import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTrustProxy } from './config.ts';
import { createTestServer, type TestServer } from './test/testServer.ts';

// This file's server trusts the local proxy (app.inject comes from 127.0.0.1) and blocks a client address after
// two failed sign-ins (each test file runs in its own process).
process.env.TRUST_PROXY = '127.0.0.1';
process.env.LOGIN_MAX_FAILURES_PER_ADDRESS = '2';
process.env.LOGIN_MAX_FAILURES_PER_ACCOUNT = '100';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

function failedLogin(headers: Record<string, string>, remoteAddress = '127.0.0.1') {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/sessions/',
    payload: {
      username: `niemand${Math.random().toString(36).slice(2)}@schule.example`,
      password: 'falsch1234',
    },
    headers,
    remoteAddress,
  });
}

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['2', 2],
    [' 127.0.0.1 , 10.0.0.0/8 ', '127.0.0.1,10.0.0.0/8'],
  ] as const)('reads %j as %j', (value, expected) => {
    expect(readTrustProxy(value === undefined ? {} : { TRUST_PROXY: value })).toEqual(expected);
  });

  it('behind a trusted proxy, the login throttle counts each client address of X-Forwarded-For', async () => {
    const client = { 'x-forwarded-for': '203.0.113.10' };
    for (let i = 0; i < 2; i++) expect((await failedLogin(client)).statusCode).toBe(401);
    expect((await failedLogin(client)).statusCode).toBe(429);
    // Another client behind the same proxy is not blocked with it.
    expect((await failedLogin({ 'x-forwarded-for': '203.0.113.11' })).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const direct = '198.51.100.7';
    for (let i = 0; i < 2; i++) {
      const forged = { 'x-forwarded-for': `192.0.2.${i + 1}` };
      expect((await failedLogin(forged, direct)).statusCode).toBe(401);
    }
    // A forged header per attempt does not make a new client: the peer's own address is blocked.
    expect((await failedLogin({ 'x-forwarded-for': '192.0.2.99' }, direct)).statusCode).toBe(429);
  });
});
