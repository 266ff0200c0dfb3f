import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, prepareContract } from '../contract.ts';
import { OPERATIONS_BEFORE_TERMS } from '../services/access.ts';
import { bearer, createTestServer, login, type TestServer } from '../test/testServer.ts';

/**
 * Issue 10, item 3: the terms are enforced by the server. neu@schule.example has not accepted them; every operation
 * a signed-in caller can make answers 403 `termsNotAccepted` for them, except reading the terms, accepting them,
 * signing out and reading the own user.
 */

let server: TestServer;
let neu: { access: string; refresh: string };

beforeAll(async () => {
  server = await createTestServer();
  neu = await login(server.app, 'neu@schule.example');
});
afterAll(() => server?.close());

const TERMS_REFUSAL = {
  detail:
    'Bitte akzeptieren Sie zuerst die aktuellen Nutzungsbedingungen. Erst danach können Sie das Portal nutzen.',
  code: 'termsNotAccepted',
};

describe('before the current terms are accepted', () => {
  it('creating content through the API (the finding of the issue) is refused and stores nothing', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/cms/content/',
      headers: bearer(neu.access),
      payload: { title: 'Ohne Nutzungsbedingungen', contentType: 'video' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(TERMS_REFUSAL);
    const stored = await server.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from contents where title = 'Ohne Nutzungsbedingungen'`,
    );
    expect(stored.rows[0]?.n).toBe(0);
  });

  const signedIn = prepareContract(loadContract()).operations.filter(
    (operation) => operation.auth === 'bearer' || operation.auth === 'optional',
  );

  it.each(signedIn.filter((operation) => !OPERATIONS_BEFORE_TERMS.has(operation.operationId)))(
    '$operationId answers 403 termsNotAccepted',
    async ({ method, path }) => {
      const response = await server.app.inject({
        method: method as 'GET',
        url: path.replace(/{\w+}/g, '1'),
        headers: bearer(neu.access),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(TERMS_REFUSAL);
    },
  );

  it('reading the terms, the privacy policy and the own user stays open', async () => {
    for (const url of [
      '/api/v1/organisations/current-tos/',
      '/api/v1/organisations/current-pp/',
      '/api/v1/users/me/',
    ]) {
      const response = await server.app.inject({ url, headers: bearer(neu.access) });
      expect(response.statusCode, url).toBe(200);
    }
    const me = await server.app.inject({ url: '/api/v1/users/me/', headers: bearer(neu.access) });
    expect(me.json().hasAcceptedTos).toBe(false);
  });

  it('signing out stays open, and after accepting everything is open again', async () => {
    const other = await login(server.app, 'neu@schule.example');
    const logout = await server.app.inject({
      method: 'POST',
      url: '/api/v1/sessions/logout',
      headers: bearer(other.access),
      payload: { refresh: other.refresh },
    });
    expect(logout.statusCode).toBe(204);

    const accept = await server.app.inject({
      method: 'POST',
      url: '/api/v1/users/tos/',
      headers: bearer(neu.access),
      payload: {},
    });
    expect(accept.statusCode).toBe(201);
    const list = await server.app.inject({ url: '/api/v2/cms/content/', headers: bearer(neu.access) });
    expect(list.statusCode).toBe(200);
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/cms/content/',
      headers: bearer(neu.access),
      payload: { title: 'Nach den Nutzungsbedingungen', contentType: 'video' },
    });
    expect(created.statusCode).toBe(201);
  });

  it('names exactly the operations of the issue as open before the terms', () => {
    expect([...OPERATIONS_BEFORE_TERMS].sort()).toEqual([
      'acceptTos',
      'getCurrentPrivacyPolicy',
      'getCurrentTos',
      'getCurrentUser',
      'logout',
    ]);
  });
});
