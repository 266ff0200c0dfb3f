import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { components } from '@portal/api/schema';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHULLEITUNG } from '../db/seed.ts';
import { readOutbox } from '../infra/mail.ts';
import { bearer, createTestServer, login, type TestServer } from '../test/testServer.ts';

type Schemas = components['schemas'];
type Organisation = Schemas['AdminOrganisationDetail'];

/**
 * The Adminbereich (issue 24, item 2): portal staff create and change organisations, give a new school its first
 * administrator (who then invites the teachers), find users and lock them. A table over every role for every
 * operation, then the flows. Real HTTP on the demo data.
 */

const outbox = mkdtempSync(join(tmpdir(), 'vr-portal-administration-'));
process.env.OUTBOX_DIR = outbox;
delete process.env.SMTP_URL;
delete process.env.PUBLIC_URL;

let server: TestServer;
const tokens: Record<string, string> = {};
const inject = (options: InjectOptions) => server.app.inject(options);
const as = (who: string) => (who === 'anonymous' ? {} : bearer(tokens[who] ?? ''));
const ROLE_EMAILS = {
  member: 'lehrer@schule.example',
  administrator: SCHULLEITUNG.email,
  contentAdministrator: 'admin@kmz.example',
  staff: 'staff@vr-portal.example',
  otherOrganisation: 'zfsl@zfsl.example',
} as const;
const ORGANISATIONS = '/api/v1/administration/organisations/';
const USERS = '/api/v1/administration/users/';
let gymnasium: number;
let neu: number;
let invitation: number;

beforeAll(async () => {
  server = await createTestServer();
  const ids = await server.database.db.execute<{ gymnasium: number; neu: number }>(sql`select
    (select id from organisations where name = 'Gymnasium Demo') as gymnasium,
    (select id from users where email = 'neu@schule.example') as neu`);
  ({ gymnasium, neu } = ids.rows[0] ?? { gymnasium: 0, neu: 0 });
  const stored = await server.database.db.execute<{ id: number }>(sql`
    insert into invitations (organisation_id, email, token_hash, expires_at)
    values (${gymnasium}, 'eingeladen@schule.example', 'x', now() + interval '1 day') returning id`);
  invitation = stored.rows[0]?.id ?? 0;
  for (const [role, email] of Object.entries(ROLE_EMAILS))
    tokens[role] = (await login(server.app, email)).access;
});
afterAll(async () => {
  await server?.close();
  rmSync(outbox, { recursive: true, force: true });
});

describe('only portal staff use the Adminbereich (every role, every operation)', () => {
  const calls: [operation: string, request: () => InjectOptions, staffStatus: number][] = [
    ['listAdminOrganisations', () => ({ url: `${ORGANISATIONS}?search=demo` }), 200],
    [
      'createAdminOrganisation',
      () => ({ method: 'POST', url: ORGANISATIONS, payload: { name: 'ZfsL Neu', organisationType: 5 } }),
      201,
    ],
    ['getAdminOrganisation', () => ({ url: `${ORGANISATIONS}${gymnasium}/` }), 200],
    [
      'updateAdminOrganisation',
      () => ({ method: 'PATCH', url: `${ORGANISATIONS}${gymnasium}/`, payload: { storageQuotaBytes: null } }),
      200,
    ],
    [
      'addOrganisationAdministrator',
      () => ({
        method: 'POST',
        url: `${ORGANISATIONS}${gymnasium}/administrators/`,
        payload: { email: 'schulleitung@schule.example' },
      }),
      201,
    ],
    [
      'resendAdminInvitation',
      () => ({ method: 'POST', url: `${ORGANISATIONS}${gymnasium}/invitations/${invitation}/resend/` }),
      200,
    ],
    ['listAdminUsers', () => ({ url: `${USERS}?search=schule` }), 200],
    ['updateAdminUser', () => ({ method: 'PATCH', url: `${USERS}${neu}/`, payload: { locked: false } }), 200],
  ];
  const roles: [string, (staffStatus: number) => number][] = [
    ['anonymous', () => 401],
    ['member', () => 403],
    ['administrator', () => 403],
    ['contentAdministrator', () => 403],
    ['otherOrganisation', () => 403],
    ['staff', (status) => status],
  ];
  for (const [role, expected] of roles) {
    it.each(calls)(`${role}: %s`, async (_operation, request, staffStatus) => {
      const response = await inject({ ...request(), headers: as(role) });
      expect(response.statusCode, response.body).toBe(expected(staffStatus));
      if (expected(staffStatus) === 403) {
        expect(response.json().detail).toBe('Den Adminbereich nutzt nur das Portal-Team.');
      }
    });
  }

  it('refused callers changed nothing', async () => {
    const created = await server.database.db.execute(
      sql`select name from organisations where name = 'ZfsL Neu'`,
    );
    expect(created.rows).toHaveLength(1);
  });
});

describe('organisations', () => {
  it('lists with members, headsets and stored bytes against the quota, and finds by school number', async () => {
    const response = await inject({ url: `${ORGANISATIONS}?search=123456`, headers: as('staff') });
    expect(response.json()).toEqual([
      expect.objectContaining({
        name: 'Gymnasium Demo',
        organisationType: 2,
        msbSchoolNumber: '123456',
        memberCount: 3,
        headsetCount: 30,
        quotaIsDefault: true,
      }),
    ]);
  });

  it('creates a school only with its own six-digit school number, a KMZ or ZfsL without one', async () => {
    const post = (payload: object) =>
      inject({ method: 'POST', url: ORGANISATIONS, headers: as('staff'), payload });
    expect((await post({ name: 'Realschule', organisationType: 2 })).json()).toEqual({
      msbSchoolNumber: ['Eine Schule (Typ 2) braucht ihre sechsstellige Schulnummer des MSB.'],
    });
    expect(
      (await post({ name: 'Realschule', organisationType: 2, msbSchoolNumber: '12345' })).statusCode,
    ).toBe(400);
    expect((await post({ name: 'KMZ', organisationType: 4, msbSchoolNumber: '654321' })).statusCode).toBe(
      400,
    );
    expect((await post({ name: 'Andere', organisationType: 3 })).statusCode).toBe(400);
    const taken = await post({ name: 'Doppelt', organisationType: 2, msbSchoolNumber: '123456' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe('Die Schulnummer 123456 hat bereits eine andere Organisation.');
    const school = await post({ name: 'Realschule Am Park', organisationType: 2, msbSchoolNumber: '654321' });
    expect(school.statusCode, school.body).toBe(201);
    expect(school.json()).toMatchObject({ name: 'Realschule Am Park', memberCount: 0, storageUsedBytes: 0 });
  });

  it('changes the quota, which the uploads then keep to, and returns to the default', async () => {
    const patch = (payload: object) =>
      inject({ method: 'PATCH', url: `${ORGANISATIONS}${gymnasium}/`, headers: as('staff'), payload });
    const set = await patch({ storageQuotaBytes: 1024 });
    expect(set.json<Organisation>()).toMatchObject({ storageQuotaBytes: 1024, quotaIsDefault: false });
    // A picture of 2 KiB (the PNG signature, then filler): more than the organisation's 1 KiB.
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2048),
    ]);
    const upload = await inject({
      method: 'POST',
      url: '/api/v1/cms/preview-files/',
      headers: { ...as('member'), 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.concat([
        Buffer.from(
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from('\r\n--x--\r\n'),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(413);
    expect(upload.json().code).toBe('storageQuotaExceeded');
    const reset = await patch({ storageQuotaBytes: null });
    expect(reset.json<Organisation>().quotaIsDefault).toBe(true);
    expect((await patch({ storageQuotaBytes: -1 })).statusCode).toBe(400);
  });
});

describe('onboarding a new school', () => {
  it('staff make a person without an account administrator by invitation; the link creates the account so', async () => {
    const school = await inject({
      method: 'POST',
      url: ORGANISATIONS,
      headers: as('staff'),
      payload: { name: 'Gesamtschule Nord', organisationType: 2, msbSchoolNumber: '111222' },
    });
    const id = school.json<Organisation>().id;
    const invited = await inject({
      method: 'POST',
      url: `${ORGANISATIONS}${id}/administrators/`,
      headers: { ...as('staff'), host: '127.0.0.1' },
      payload: { email: 'Leitung@Gesamtschule.example' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toEqual({ outcome: 'invited', email: 'leitung@gesamtschule.example' });
    const [mail] = await readOutbox(outbox, 'leitung@gesamtschule.example');
    expect(mail?.subject).toBe('VR-Portal: Einladung in „Gesamtschule Nord“');
    const token = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const detail = await inject({ url: `${ORGANISATIONS}${id}/`, headers: as('staff') });
    expect(detail.json<Organisation>().invitations).toEqual([
      expect.objectContaining({ email: 'leitung@gesamtschule.example', isAdministrator: true }),
    ]);

    const accepted = await inject({
      method: 'POST',
      url: '/api/v1/invitations/accept/',
      payload: { token, firstName: 'Lea', lastName: 'Leitung', password: 'schule2026' },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const membership = await server.database.db.execute<{ is_administrator: boolean }>(sql`
      select m.is_administrator from memberships m join users u on u.id = m.user_id
      where u.email = 'leitung@gesamtschule.example' and m.organisation_id = ${id}`);
    expect(membership.rows).toEqual([{ is_administrator: true }]);
  });

  it('an account joins as administrator at once, or a member is promoted; both are in the Protokoll', async () => {
    const add = (email: string) =>
      inject({
        method: 'POST',
        url: `${ORGANISATIONS}${gymnasium}/administrators/`,
        headers: as('staff'),
        payload: { email },
      });
    expect((await add('zfsl@zfsl.example')).json()).toEqual({ outcome: 'added', email: 'zfsl@zfsl.example' });
    expect((await add('lehrer@schule.example')).json()).toEqual({
      outcome: 'promoted',
      email: 'lehrer@schule.example',
    });
    const kinds = await server.database.db.execute<{ kind: string; email: string }>(sql`
      select kind, subjects->0->>'email' as email from audit_entries
      where organisation_id = ${gymnasium} and kind in ('memberAdded', 'roleChanged') and actor_email = 'staff@vr-portal.example'
      order by id`);
    expect(kinds.rows).toEqual(
      expect.arrayContaining([
        { kind: 'memberAdded', email: 'zfsl@zfsl.example' },
        { kind: 'roleChanged', email: 'lehrer@schule.example' },
      ]),
    );
    expect((await add('kein-at')).statusCode).toBe(400);
    expect(
      (
        await inject({
          method: 'POST',
          url: `${ORGANISATIONS}999999/administrators/`,
          headers: as('staff'),
          payload: { email: 'x@y.example' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('resends an open invitation with a new link; the old one ends', async () => {
    const before = await server.database.db.execute<{ token_hash: string }>(
      sql`select token_hash from invitations where id = ${invitation}`,
    );
    const resent = await inject({
      method: 'POST',
      url: `${ORGANISATIONS}${gymnasium}/invitations/${invitation}/resend/`,
      headers: as('staff'),
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const after = await server.database.db.execute<{ token_hash: string }>(
      sql`select token_hash from invitations where id = ${invitation}`,
    );
    expect(after.rows[0]?.token_hash).not.toBe(before.rows[0]?.token_hash);
    expect((await readOutbox(outbox, 'eingeladen@schule.example')).length).toBeGreaterThan(0);
    const foreign = await inject({
      method: 'POST',
      url: `${ORGANISATIONS}999999/invitations/${invitation}/resend/`,
      headers: as('staff'),
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('users', () => {
  it('finds users by name or address with their memberships', async () => {
    const found = await inject({
      url: `${USERS}?search=${encodeURIComponent('Schäfer')}`,
      headers: as('staff'),
    });
    expect(found.json()).toEqual([
      expect.objectContaining({
        email: SCHULLEITUNG.email,
        isLocked: false,
        memberships: [
          { organisation: expect.objectContaining({ name: 'Gymnasium Demo' }), isAdministrator: true },
        ],
      }),
    ]);
  });

  it('locks an account: no sign-in, its sessions end at once; unlocking lets it in again', async () => {
    const session = await login(server.app, 'neu@schule.example');
    const locked = await inject({
      method: 'PATCH',
      url: `${USERS}${neu}/`,
      headers: as('staff'),
      payload: { locked: true },
    });
    expect(locked.json()).toMatchObject({ isLocked: true });
    expect((await inject({ url: '/api/v1/users/me/', headers: bearer(session.access) })).statusCode).toBe(
      401,
    );
    const refused = await inject({
      method: 'POST',
      url: '/api/v1/sessions/',
      payload: { username: 'neu@schule.example', password: 'portal2026' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'accountLocked' });
    const wrong = await inject({
      method: 'POST',
      url: '/api/v1/sessions/',
      payload: { username: 'neu@schule.example', password: 'falsch12345' },
    });
    expect(wrong.statusCode).toBe(401);
    await inject({
      method: 'PATCH',
      url: `${USERS}${neu}/`,
      headers: as('staff'),
      payload: { locked: false },
    });
    expect((await login(server.app, 'neu@schule.example')).access).toBeTruthy();
    const self = await server.database.db.execute<{ id: number }>(
      sql`select id from users where email = 'staff@vr-portal.example'`,
    );
    const own = await inject({
      method: 'PATCH',
      url: `${USERS}${self.rows[0]?.id}/`,
      headers: as('staff'),
      payload: { locked: true },
    });
    expect(own.statusCode).toBe(409);
    expect(
      (
        await inject({
          method: 'PATCH',
          url: `${USERS}999999/`,
          headers: as('staff'),
          payload: { locked: true },
        })
      ).statusCode,
    ).toBe(404);
  });
});
