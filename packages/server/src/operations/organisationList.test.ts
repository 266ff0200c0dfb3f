import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, login, type TestServer } from '../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

describe('listOrganisations', () => {
  it('names every organisation with its type, by name, without memberships', async () => {
    const { access } = await login(server.app, 'lehrer@schule.example');
    const response = await server.app.inject({ url: '/api/v1/organisations/', headers: bearer(access) });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ id: number; name: string; organisationType: number }[]>();
    expect(list.map((o) => o.name)).toEqual(['Gymnasium Demo', 'Kreismedienzentrum Demo', 'ZfsL Demo']);
    expect(list.find((o) => o.name === 'ZfsL Demo')?.organisationType).toBe(5);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['id', 'name', 'organisationType']);
  });

  it('is for signed-in users only', async () => {
    const response = await server.app.inject({ url: '/api/v1/organisations/' });
    expect(response.statusCode).toBe(401);
  });
});
