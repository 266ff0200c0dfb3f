import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/testServer.ts';

// Production without a configured provider: the demo provider must not run (anyone could sign in through it).
process.env.NODE_ENV = 'production';
delete process.env.OIDC_ISSUER;
delete process.env.OIDC_DEV_PROVIDER;

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

it('offers no provider, serves no demo provider and refuses the redirect; no dev outbox either', async () => {
  const config = await server.app.inject({ url: '/api/social/browser/v1/config' });
  expect(config.json().data.socialaccount.providers).toEqual([]);
  const discovery = await server.app.inject({ url: '/oidc-dev/.well-known/openid-configuration' });
  expect(discovery.statusCode).toBe(404);
  const csrf = 'abc123';
  const redirect = await server.app.inject({
    method: 'POST',
    url: '/api/social/browser/v1/auth/provider/redirect',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `csrftoken=${csrf}` },
    payload: `provider=antares&process=login&callback_url=%2Foidc-antares&csrfmiddlewaretoken=${csrf}`,
  });
  expect(redirect.statusCode).toBe(400);
  expect(redirect.json().provider).toEqual(['Unbekannter Anbieter.']);
  expect((await server.app.inject({ url: '/dev/outbox/' })).statusCode).toBe(404);
});
