import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, login, type TestServer } from '../test/testServer.ts';

/**
 * removeMembership (issue 12 item 6): who may remove whom, the last administrator, and what the removal does to the
 * removed person — their next call no longer sees the organisation, and an account without organisation is gone.
 * The tests run in order on one database: each names the state it starts from.
 */

let server: TestServer;
let ids: { kmz: number; gymnasium: number; zfsl: number };
const tokens: Record<string, string> = {};

const inject = (options: InjectOptions) => server.app.inject(options);
const as = (who: string) => (who === 'anonymous' ? {} : bearer(tokens[who] ?? ''));
const query = async <Row>(statement: ReturnType<typeof sql>) =>
  (await server.database.db.execute(statement)).rows as Row[];

async function membershipOf(email: string, organisation: number): Promise<number | undefined> {
  const [row] = await query<{
    id: number;
  }>(sql`select m.id from memberships m join users u on u.id = m.user_id
    where u.email = ${email} and m.organisation_id = ${organisation}`);
  return row?.id;
}

async function membershipId(email: string, organisation: number): Promise<number> {
  const id = await membershipOf(email, organisation);
  if (id === undefined) throw new Error(`${email} is no member of ${organisation}`);
  return id;
}

const remove = (who: string, organisation: number, membership: number | string, extra: InjectOptions = {}) =>
  inject({
    method: 'DELETE',
    url: `/api/v1/organisations/${organisation}/memberships/${membership}/`,
    headers: as(who),
    ...extra,
  });

/** The organisation ids the person's own view (users/me) lists, in membership order. */
async function organisationsSeenBy(who: string): Promise<number[]> {
  const me = await inject({ url: '/api/v1/users/me/', headers: as(who) });
  expect(me.statusCode).toBe(200);
  return (me.json().organisations as { id: number }[]).map((organisation) => organisation.id);
}

async function addUser(
  email: string,
  firstName: string,
  memberOf: { organisation: number; admin: boolean }[],
) {
  await query(sql`insert into users (email, password_hash, first_name, last_name, accepted_tos_version)
    select ${email}, password_hash, ${firstName}, 'Test', 1 from users where email = 'lehrer@schule.example'`);
  for (const { organisation, admin } of memberOf) {
    await query(sql`insert into memberships (user_id, organisation_id, is_administrator)
      select id, ${organisation}, ${admin} from users where email = ${email}`);
  }
}

beforeAll(async () => {
  server = await createTestServer();
  [ids] = (await query<typeof ids>(sql`select
      (select id from organisations where name = 'Kreismedienzentrum Demo') as kmz,
      (select id from organisations where name = 'Gymnasium Demo') as gymnasium,
      (select id from organisations where name = 'ZfsL Demo') as zfsl`)) as [typeof ids];
  // The Gymnasium gets a second administrator besides its head (the demo data's 'schulleitung'): a deputy who is a
  // KMZ member as well.
  await addUser('stellvertretung@schule.example', 'Stefan', [
    { organisation: ids.gymnasium, admin: true },
    { organisation: ids.kmz, admin: false },
  ]);
  for (const [who, email] of Object.entries({
    schoolAdmin: 'schulleitung@schule.example',
    deputy: 'stellvertretung@schule.example',
    kmzAdmin: 'admin@kmz.example', // the KMZ's only administrator
    lehrer: 'lehrer@schule.example', // member of the Gymnasium, not administrator
    neu: 'neu@schule.example', // member of the Gymnasium only
    staff: 'staff@vr-portal.example',
  })) {
    tokens[who] = (await login(server.app, email)).access;
  }
});
afterAll(() => server?.close());

describe('removeMembership', () => {
  it('refuses everybody but the organisation’s administrators, and memberships of other organisations', async () => {
    const lehrer = await membershipId('lehrer@schule.example', ids.gymnasium);
    const kmzAdmin = await membershipId('admin@kmz.example', ids.kmz);
    expect((await remove('anonymous', ids.gymnasium, lehrer)).statusCode).toBe(401);
    const member = await remove('lehrer', ids.gymnasium, lehrer);
    expect(member.statusCode).toBe(403);
    expect(member.json().detail).toMatch(/nur von Administratoren/);
    // Administrators of another organisation and staff do not learn that the organisation or membership exists.
    expect((await remove('kmzAdmin', ids.gymnasium, lehrer)).statusCode).toBe(404);
    expect((await remove('staff', ids.gymnasium, lehrer)).statusCode).toBe(404);
    // A membership of another organisation is not reached through one's own.
    expect((await remove('schoolAdmin', ids.gymnasium, kmzAdmin)).statusCode).toBe(404);
    expect((await remove('schoolAdmin', ids.gymnasium, 2147483647)).statusCode).toBe(404);
    expect((await remove('schoolAdmin', ids.gymnasium, 'abc')).statusCode).toBe(400);
    expect((await remove('schoolAdmin', ids.gymnasium, 0)).statusCode).toBe(400);
    const withBody = await remove('schoolAdmin', ids.gymnasium, lehrer, {
      headers: { ...as('schoolAdmin'), 'content-type': 'application/json' },
      payload: '{"force":true}',
    });
    expect(withBody.statusCode).toBe(415);
    // Nothing was removed.
    expect(await membershipOf('lehrer@schule.example', ids.gymnasium)).toBe(lehrer);
    expect(await membershipOf('admin@kmz.example', ids.kmz)).toBe(kmzAdmin);
  });

  it('tells administrators whose removal deletes the account (their only organisation)', async () => {
    // The Gymnasium's administrator is whoever won the race of the test before.
    const [remaining] = await query<{ email: string }>(sql`select u.email from memberships m
      join users u on u.id = m.user_id where m.organisation_id = ${ids.gymnasium} and m.is_administrator`);
    const administrator = remaining?.email === 'zweite@schule.example' ? 'second' : 'schoolAdmin';
    const me = await inject({ url: '/api/v1/users/me/', headers: as(administrator) });
    const gymnasium = (
      me.json().organisations as {
        id: number;
        memberships: { user: { email: string }; removalDeletesAccount: boolean }[];
      }[]
    ).find((organisation) => organisation.id === ids.gymnasium);
    const deletes = Object.fromEntries(
      (gymnasium?.memberships ?? []).map((m) => [m.user.email, m.removalDeletesAccount]),
    );
    expect(deletes).toEqual({
      'lehrer@schule.example': true,
      'neu@schule.example': true,
      'schulleitung@schule.example': true,
      'stellvertretung@schule.example': false,
    });
  });

  it('never removes the last administrator, not even themselves (409 lastAdministrator)', async () => {
    const own = await membershipId('admin@kmz.example', ids.kmz);
    const refused = await remove('kmzAdmin', ids.kmz, own);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: expect.stringMatching(
        /letzte Administratorin bzw. der letzte Administrator von „Kreismedienzentrum Demo“/,
      ),
      code: 'lastAdministrator',
      params: { organisation: 'Kreismedienzentrum Demo' },
    });
    expect(await membershipOf('admin@kmz.example', ids.kmz)).toBe(own);
    // Clearing the role answers the same: one rule for both.
    const demoted = await inject({
      method: 'PATCH',
      url: `/api/v1/organisations/${ids.kmz}/memberships/${own}/`,
      headers: as('kmzAdmin'),
      payload: { isAdministrator: false },
    });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json()).toMatchObject({
      code: 'lastAdministrator',
      params: { organisation: 'Kreismedienzentrum Demo' },
    });
  });

  it('the removed member’s next call no longer sees the organisation; other organisations stay', async () => {
    await query(sql`insert into memberships (user_id, organisation_id, is_administrator)
      select id, ${ids.zfsl}, false from users where email = 'lehrer@schule.example'`);
    const [item] = await query<{ id: number }>(
      sql`select id from contents where owner_id = ${ids.gymnasium} and not is_public order by id limit 1`,
    );
    const [playlist] = await query<{ id: number }>(
      sql`select id from configurations where owner_id = ${ids.gymnasium} order by id limit 1`,
    );
    if (!item || !playlist) throw new Error('the demo Gymnasium has private content and a playlist');
    const sees = async () => ({
      content: (await inject({ url: `/api/v2/cms/content/${item.id}/`, headers: as('lehrer') })).statusCode,
      playlist: (
        await inject({ url: `/api/v3/mdm/device-configurations/${playlist.id}/`, headers: as('lehrer') })
      ).statusCode,
      headsets: (
        await inject({ url: `/api/v3/mdm/devices/?organisation=${ids.gymnasium}`, headers: as('lehrer') })
      ).statusCode,
    });
    expect(await sees()).toEqual({ content: 200, playlist: 200, headsets: 200 });

    const removed = await remove(
      'schoolAdmin',
      ids.gymnasium,
      await membershipId('lehrer@schule.example', ids.gymnasium),
    );
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    // The same access token, the very next call: the caller is loaded per request.
    expect(await sees()).toEqual({ content: 404, playlist: 404, headsets: 404 });
    expect(await organisationsSeenBy('lehrer')).toEqual([ids.zfsl]);
    // What the Gymnasium owns stays with it.
    const [left] = await query<{ items: number; playlists: number }>(sql`select
      (select count(*)::int from contents where id = ${item.id} and owner_id = ${ids.gymnasium}) as items,
      (select count(*)::int from configurations where id = ${playlist.id}) as playlists`);
    expect(left).toEqual({ items: 1, playlists: 1 });
    const list = await inject({ url: '/api/v1/users/me/', headers: as('schoolAdmin') });
    const emails = (list.json().organisations[0].memberships as { user: { email: string } }[]).map(
      (m) => m.user.email,
    );
    expect(emails).not.toContain('lehrer@schule.example');
  });

  it('a member whose only organisation it was loses the account with every session', async () => {
    const [before] = await query<{ items: number }>(
      sql`select count(*)::int as items from contents where owner_id = ${ids.gymnasium}`,
    );
    const removed = await remove(
      'schoolAdmin',
      ids.gymnasium,
      await membershipId('neu@schule.example', ids.gymnasium),
    );
    expect(removed.statusCode).toBe(204);
    expect((await inject({ url: '/api/v1/users/me/', headers: as('neu') })).statusCode).toBe(401);
    const [gone] = await query<{ users: number; tokens: number }>(sql`select
      (select count(*)::int from users where email = 'neu@schule.example') as users,
      (select count(*)::int from refresh_tokens r where not exists (select 1 from users u where u.id = r.user_id)) as tokens`);
    expect(gone).toEqual({ users: 0, tokens: 0 });
    const signIn = await inject({
      method: 'POST',
      url: '/api/v1/sessions/',
      payload: { username: 'neu@schule.example', password: 'portal2026' },
    });
    expect(signIn.statusCode).toBe(401);
    const [after] = await query<{ items: number }>(
      sql`select count(*)::int as items from contents where owner_id = ${ids.gymnasium}`,
    );
    expect(after).toEqual(before);
  });

  it('an administrator may remove themselves while another administrator remains', async () => {
    const own = await membershipId('stellvertretung@schule.example', ids.gymnasium);
    const removed = await remove('deputy', ids.gymnasium, own);
    expect(removed.statusCode).toBe(204);
    expect(await organisationsSeenBy('deputy')).toEqual([ids.kmz]);
    // The settings of the Gymnasium are closed to them at once.
    const invitations = await inject({
      url: `/api/v1/organisations/${ids.gymnasium}/invitations/`,
      headers: as('deputy'),
    });
    expect(invitations.statusCode).toBe(404);
    // Now the head is the last administrator of the Gymnasium.
    const last = await remove(
      'schoolAdmin',
      ids.gymnasium,
      await membershipId('schulleitung@schule.example', ids.gymnasium),
    );
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('lastAdministrator');
  });

  it('two administrators removing each other at once leave one administrator', async () => {
    await addUser('zweite@schule.example', 'Zora', [{ organisation: ids.gymnasium, admin: true }]);
    tokens.second = (await login(server.app, 'zweite@schule.example')).access;
    const head = await membershipId('schulleitung@schule.example', ids.gymnasium);
    const second = await membershipId('zweite@schule.example', ids.gymnasium);
    const answers = await Promise.all([
      remove('schoolAdmin', ids.gymnasium, second),
      remove('second', ids.gymnasium, head),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // The later one is no member any more when its turn comes: 404 (or 401 when its account went first).
    expect(statuses[0]).toBe(204);
    expect([401, 404]).toContain(statuses[1]);
    const [admins] = await query<{ count: number }>(sql`select count(*)::int as count from memberships
      where organisation_id = ${ids.gymnasium} and is_administrator`);
    expect(admins?.count).toBe(1);
  });

  it('portal staff keep their account when their only organisation removes them', async () => {
    await query(sql`insert into memberships (user_id, organisation_id, is_administrator)
      select id, ${ids.gymnasium}, false from users where email = 'staff@vr-portal.example'`);
    // The Gymnasium's administrator is whoever won the race of the test before.
    const [remaining] = await query<{ email: string }>(sql`select u.email from memberships m
      join users u on u.id = m.user_id where m.organisation_id = ${ids.gymnasium} and m.is_administrator`);
    const administrator = remaining?.email === 'zweite@schule.example' ? 'second' : 'schoolAdmin';
    const me = await inject({ url: '/api/v1/users/me/', headers: as(administrator) });
    const staffMembership = (
      me.json().organisations[0].memberships as {
        id: number;
        user: { email: string };
        removalDeletesAccount: boolean;
      }[]
    ).find((m) => m.user.email === 'staff@vr-portal.example');
    expect(staffMembership?.removalDeletesAccount).toBe(false);
    expect((await remove(administrator, ids.gymnasium, staffMembership?.id ?? 0)).statusCode).toBe(204);
    expect(await organisationsSeenBy('staff')).toEqual([]);
  });
});
