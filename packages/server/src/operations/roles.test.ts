import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, login, type TestServer } from '../test/testServer.ts';

/**
 * One test per row of the role table in packages/server/README.md ("Who may do what"): each proves on the server
 * that the roles of the row are let in and every other role is refused with the status the table names.
 */

process.env.OUTBOX_DIR = '/tmp/vr-portal-roles-test-outbox';

let server: TestServer;
const tokens: Record<string, string> = {};
let ids: { kmz: number; gymnasium: number; zfsl: number; lehrerMembership: number; neuMembership: number };

const inject = (options: InjectOptions) => server.app.inject(options);
const as = (who: string) => (who === 'anonymous' ? {} : bearer(tokens[who] ?? ''));

beforeAll(async () => {
  server = await createTestServer();
  const { db } = server.database;
  const rows = await db.execute(sql`select
      (select id from organisations where name = 'Kreismedienzentrum Demo') as kmz,
      (select id from organisations where name = 'Gymnasium Demo') as gymnasium,
      (select id from organisations where name = 'ZfsL Demo') as zfsl,
      (select m.id from memberships m join users u on u.id = m.user_id where u.email = 'lehrer@schule.example') as "lehrerMembership",
      (select m.id from memberships m join users u on u.id = m.user_id where u.email = 'neu@schule.example') as "neuMembership"`);
  ids = rows.rows[0] as typeof ids;
  for (const [who, email] of Object.entries({
    kmzAdmin: 'admin@kmz.example', // administrator of the KMZ (type 4), content admin
    schoolAdmin: 'schulleitung@schule.example', // the demo data's administrator of the Gymnasium (MSB school)
    msbMember: 'lehrer@schule.example', // member of the Gymnasium (MSB), not administrator
    zfslMember: 'zfsl@zfsl.example', // member of the ZfsL (type 5)
    staff: 'staff@vr-portal.example', // portal staff, no organisation
  })) {
    tokens[who] = (await login(server.app, email)).access;
  }
});
afterAll(() => server?.close());

describe('role table', () => {
  it('anonymous callers: only sign-in, refresh, logout, password reset and the legal documents', async () => {
    const open = [
      inject({ method: 'POST', url: '/api/v1/sessions/logout' }),
      inject({ url: '/api/v1/organisations/current-tos/' }),
      inject({ url: '/api/v1/organisations/current-pp/' }),
      inject({
        method: 'POST',
        url: '/api/v1/users/reset-password-mail/',
        payload: { email: 'x@y.example' },
      }),
    ];
    for (const response of await Promise.all(open)) expect(response.statusCode).toBeLessThan(300);
    const closed = [
      inject({ url: '/api/v1/users/me/' }),
      inject({ method: 'PATCH', url: '/api/v1/users/me/', payload: { firstName: 'X' } }),
      inject({ method: 'DELETE', url: '/api/v1/users/me/' }),
      inject({ method: 'POST', url: '/api/v1/users/tos/', payload: {} }),
      inject({ method: 'PATCH', url: `/api/v1/organisations/${ids.kmz}/`, payload: { name: 'X' } }),
      inject({
        method: 'PATCH',
        url: `/api/v1/organisations/${ids.gymnasium}/memberships/${ids.lehrerMembership}/`,
        payload: { isAdministrator: true },
      }),
      inject({ method: 'POST', url: '/api/v1/organisations/tos-versions/', payload: { tosFile: '/x.pdf' } }),
    ];
    for (const response of await Promise.all(closed)) {
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBe('Sie sind nicht eingeloggt. Bitte melden Sie sich an.');
    }
  });

  it('every signed-in role reads and edits only its own account', async () => {
    for (const who of ['kmzAdmin', 'schoolAdmin', 'msbMember', 'zfslMember', 'staff']) {
      const me = await inject({ url: '/api/v1/users/me/', headers: as(who) });
      expect(me.statusCode).toBe(200);
      const patched = await inject({
        method: 'PATCH',
        url: '/api/v1/users/me/',
        headers: as(who),
        payload: { lastName: `Geändert-${who}` },
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json().id).toBe(me.json().id);
    }
    // There is no way to name another account: the body may not carry an id or flags.
    const foreign = await inject({
      method: 'PATCH',
      url: '/api/v1/users/me/',
      headers: as('msbMember'),
      payload: { id: 1, isStaff: true, isContentAdmin: true },
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('renaming an organisation: its administrators only (members 403, other organisations 404, staff 404)', async () => {
    const rename = (who: string, organisation: number, name: string) =>
      inject({
        method: 'PATCH',
        url: `/api/v1/organisations/${organisation}/`,
        headers: as(who),
        payload: { name },
      });
    expect((await rename('msbMember', ids.gymnasium, 'Gehackt')).statusCode).toBe(403);
    expect((await rename('zfslMember', ids.zfsl, 'Gehackt')).statusCode).toBe(403);
    expect((await rename('kmzAdmin', ids.gymnasium, 'Gehackt')).statusCode).toBe(404);
    expect((await rename('staff', ids.gymnasium, 'Gehackt')).statusCode).toBe(404);
    const refused = await rename('msbMember', ids.gymnasium, 'Gehackt');
    expect(refused.json().detail).toBe(
      'Begrenzter Zugriff - Dieser Bereich kann nur von Administratoren benutzt werden.',
    );

    const renamed = await rename('schoolAdmin', ids.gymnasium, '  Gymnasium am Park  ');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: ids.gymnasium, name: 'Gymnasium am Park' });
    expect(renamed.json().memberships.length).toBe(3);
    const kmz = await rename('kmzAdmin', ids.kmz, 'Kreismedienzentrum Nord');
    expect(kmz.statusCode).toBe(200);
    const seenByMember = await inject({ url: '/api/v1/users/me/', headers: as('msbMember') });
    expect(seenByMember.json().organisations[0].name).toBe('Gymnasium am Park');
  });

  it('administrator flags: administrators of that organisation only; the last administrator stays', async () => {
    const flag = (who: string, organisation: number, membership: number, isAdministrator: boolean) =>
      inject({
        method: 'PATCH',
        url: `/api/v1/organisations/${organisation}/memberships/${membership}/`,
        headers: as(who),
        payload: { isAdministrator },
      });
    expect((await flag('msbMember', ids.gymnasium, ids.lehrerMembership, true)).statusCode).toBe(403);
    expect((await flag('kmzAdmin', ids.gymnasium, ids.lehrerMembership, true)).statusCode).toBe(404);
    expect((await flag('staff', ids.gymnasium, ids.lehrerMembership, true)).statusCode).toBe(404);
    // A membership of another organisation cannot be reached through one's own organisation.
    const kmzMembership = (await inject({ url: '/api/v1/users/me/', headers: as('kmzAdmin') })).json()
      .organisations[0].memberships[0].id as number;
    expect((await flag('schoolAdmin', ids.gymnasium, kmzMembership, false)).statusCode).toBe(404);

    const promoted = await flag('schoolAdmin', ids.gymnasium, ids.lehrerMembership, true);
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({
      id: ids.lehrerMembership,
      isAdministrator: true,
      user: { email: 'lehrer@schule.example' },
    });
    // Now the former member may act as administrator, e.g. demote the other administrator …
    const own = (await inject({ url: '/api/v1/users/me/', headers: as('schoolAdmin') })).json()
      .organisations[0].memberships as { id: number; user: { email: string } }[];
    const schoolAdminMembership = own.find((m) => m.user.email === 'schulleitung@schule.example')?.id ?? 0;
    expect((await flag('msbMember', ids.gymnasium, schoolAdminMembership, false)).statusCode).toBe(200);
    // … but not remove the last administrator, not even themselves.
    const last = await flag('msbMember', ids.gymnasium, ids.lehrerMembership, false);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({
      code: 'lastAdministrator',
      params: { organisation: 'Gymnasium am Park' },
    });
    const kmzLast = await flag('kmzAdmin', ids.kmz, kmzMembership, false);
    expect(kmzLast.statusCode).toBe(409);
  });

  it('publishing terms: staff only (administrators, content admins, MSB, KMZ and ZfsL users get 403)', async () => {
    for (const who of ['kmzAdmin', 'schoolAdmin', 'msbMember', 'zfslMember']) {
      const response = await inject({
        method: 'POST',
        url: '/api/v1/organisations/tos-versions/',
        headers: as(who),
        payload: { tosFile: '/media/nutzungsbedingungen-v1.pdf' },
      });
      expect(response.statusCode, who).toBe(403);
    }
    const published = await inject({
      method: 'POST',
      url: '/api/v1/organisations/tos-versions/',
      headers: as('staff'),
      payload: { tosFile: 'https://example.org/agb-v2.pdf', privacyPolicyFile: null },
    });
    expect(published.statusCode).toBe(201);
    expect(published.json()).toEqual({ tosFile: 'https://example.org/agb-v2.pdf', version: 2 });
    const pp = await inject({ url: '/api/v1/organisations/current-pp/' });
    expect(pp.json()).toEqual({ privacyPolicyFile: null, auditRetentionDays: 180 });
    // Everybody accepts the new version: until then the server refuses everything else (issue 10, item 3).
    for (const who of ['kmzAdmin', 'schoolAdmin', 'msbMember', 'zfslMember', 'staff']) {
      const accepted = await inject({
        method: 'POST',
        url: '/api/v1/users/tos/',
        headers: as(who),
        payload: {},
      });
      expect(accepted.statusCode, who).toBe(201);
    }
    const bad = await inject({
      method: 'POST',
      url: '/api/v1/organisations/tos-versions/',
      headers: as('staff'),
      payload: { tosFile: 'javascript:alert(1)' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('deleting one’s account: every signed-in role, except the last administrator of an organisation with members', async () => {
    const refused = await inject({ method: 'DELETE', url: '/api/v1/users/me/', headers: as('msbMember') });
    // lehrer is by now the Gymnasium's only administrator (previous test), with other members.
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      detail: expect.stringMatching(/Gymnasium am Park/),
      code: 'lastAdministrator',
      params: { organisation: 'Gymnasium am Park' },
    });
    const zfsl = await inject({ method: 'DELETE', url: '/api/v1/users/me/', headers: as('zfslMember') });
    expect(zfsl.statusCode).toBe(204);
    const gone = await inject({ url: '/api/v1/users/me/', headers: as('zfslMember') });
    expect(gone.statusCode).toBe(401);
  });

  it('bad ids and bodies answer 4xx, never 500', async () => {
    const cases = [
      inject({
        method: 'PATCH',
        url: '/api/v1/organisations/abc/',
        headers: as('kmzAdmin'),
        payload: { name: 'X' },
      }),
      inject({
        method: 'PATCH',
        url: '/api/v1/organisations/0/',
        headers: as('kmzAdmin'),
        payload: { name: 'X' },
      }),
      inject({
        method: 'PATCH',
        url: `/api/v1/organisations/${ids.kmz}/`,
        headers: as('kmzAdmin'),
        payload: { name: '   ' },
      }),
      inject({
        method: 'PATCH',
        url: `/api/v1/organisations/${ids.kmz}/`,
        headers: as('kmzAdmin'),
        payload: {},
      }),
      inject({
        method: 'PATCH',
        url: `/api/v1/organisations/${ids.kmz}/memberships/99999999999/`,
        headers: as('kmzAdmin'),
        payload: { isAdministrator: 'ja' },
      }),
      inject({
        method: 'PATCH',
        url: `/api/v1/organisations/${ids.kmz}/memberships/999999/`,
        headers: as('kmzAdmin'),
        payload: { isAdministrator: true },
      }),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toEqual(expect.any(Object));
    }
  });
});
