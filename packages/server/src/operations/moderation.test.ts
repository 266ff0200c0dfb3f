import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { components } from '@portal/api/schema';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHULLEITUNG, SEED_FACTS } from '../db/seed.ts';
import { readOutbox } from '../infra/mail.ts';
import { bearer, createTestServer, login, type TestServer } from '../test/testServer.ts';

type Schemas = components['schemas'];
type Request = Schemas['PublicationRequest'];
type Publication = Schemas['ContentPublication'];

/**
 * Moderieren (issue 24, item 1): a member proposes an item of their organisation for every school, content
 * administrators and staff decide in the review queue, the proposer reads the decision on the item and by mail, the
 * Protokoll records each step. A table over every role for every operation, then the flows. Real HTTP on the demo data.
 */

const outbox = mkdtempSync(join(tmpdir(), 'vr-portal-moderation-'));
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
type Role = keyof typeof ROLE_EMAILS | 'anonymous';
const ROLES: Role[] = [
  'anonymous',
  'member',
  'administrator',
  'contentAdministrator',
  'staff',
  'otherOrganisation',
];

/** Content ids by title. */
const items = new Map<string, number>();
const idOf = (title: string) => {
  const id = items.get(title);
  if (id === undefined) throw new Error(`no item ${title}`);
  return id;
};
/** A fresh private item of the Gymnasium, so each case proposes its own. */
async function gymnasiumItem(title: string): Promise<number> {
  const result = await server.database.db.execute<{ id: number }>(sql`
    insert into contents (title, content_type, owner_id)
    select ${title}, 'video', id from organisations where name = 'Gymnasium Demo' returning id`);
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('item not stored');
  return id;
}
const publication = (id: number) => `/api/v1/cms/content/${id}/publication/`;
const QUEUE = '/api/v1/moderation/publication-requests/';
const decision = (id: number) => `${QUEUE}${id}/decision/`;
const withdrawal = (id: number) => `/api/v1/moderation/content/${id}/withdraw/`;

async function propose(id: number, note = 'Für alle nützlich.'): Promise<Request> {
  const response = await inject({
    method: 'POST',
    url: publication(id),
    headers: as('member'),
    payload: { note },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Request>();
}
async function queue(who: Role, state?: string): Promise<Request[]> {
  const response = await inject({ url: `${QUEUE}${state ? `?state=${state}` : ''}`, headers: as(who) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Request[]>();
}
async function isPublic(id: number): Promise<boolean> {
  const result = await server.database.db.execute<{ is_public: boolean }>(
    sql`select is_public from contents where id = ${id}`,
  );
  return result.rows[0]?.is_public === true;
}
/** Whether the ZfsL member finds the item in the Mediathek. */
async function zfslSees(id: number): Promise<boolean> {
  return (
    (await inject({ url: `/api/v2/cms/content/${id}/`, headers: as('otherOrganisation') })).statusCode === 200
  );
}
async function auditKinds(contentId: number): Promise<{ kind: string; details: Record<string, unknown> }[]> {
  const result = await server.database.db.execute<{ kind: string; details: Record<string, unknown> }>(sql`
    select kind, details from audit_entries
    where subjects @> ${JSON.stringify([{ type: 'content', id: contentId }])}::jsonb order by id`);
  return result.rows;
}

beforeAll(async () => {
  server = await createTestServer();
  const rows = await server.database.db.execute<{ id: number; title: string }>(
    sql`select id, title from contents`,
  );
  for (const row of rows.rows) items.set(row.title, row.id);
  for (const [role, email] of Object.entries(ROLE_EMAILS))
    tokens[role] = (await login(server.app, email)).access;
});
afterAll(async () => {
  await server?.close();
  rmSync(outbox, { recursive: true, force: true });
});

describe('who may do what (every role)', () => {
  it.each<[Role, number]>([
    ['anonymous', 401],
    ['member', 403],
    ['administrator', 403],
    ['contentAdministrator', 200],
    ['staff', 200],
    ['otherOrganisation', 403],
  ])('listPublicationRequests: %s %i', async (role, status) => {
    const response = await inject({ url: QUEUE, headers: as(role) });
    expect(response.statusCode, response.body).toBe(status);
    if (status === 403) {
      expect(response.json().detail).toBe(
        'Anträge auf Freigabe prüfen nur Inhalts-Administratoren und das Portal-Team.',
      );
    }
  });

  it.each<[Role, number, number]>([
    // Role, the Gymnasium's private item, its item shared with the ZfsL.
    ['anonymous', 401, 401],
    ['member', 201, 201],
    ['administrator', 201, 201],
    ['contentAdministrator', 404, 404],
    ['staff', 404, 404],
    ['otherOrganisation', 404, 403],
  ])('requestContentPublication: %s, private item %i, shared item %i', async (role, own, shared) => {
    const item = await gymnasiumItem(`Vorschlag von ${role}`);
    const sharedItem = await gymnasiumItem(`Geteilter Vorschlag von ${role}`);
    await server.database.db.execute(sql`
      insert into content_shares (content_id, organisation_id)
      select ${sharedItem}, id from organisations where name = 'ZfsL Demo'`);
    for (const [id, status] of [
      [item, own],
      [sharedItem, shared],
    ] as const) {
      const response = await inject({
        method: 'POST',
        url: publication(id),
        headers: as(role),
        payload: { note: 'Bitte freigeben.' },
      });
      expect(response.statusCode, response.body).toBe(status);
      const stored = await server.database.db.execute(
        sql`select 1 from publication_requests where content_id = ${id}`,
      );
      expect(stored.rows.length).toBe(status === 201 ? 1 : 0);
      expect(await isPublic(id)).toBe(false);
    }
  });

  it.each<[Role, number]>([
    ['anonymous', 401],
    ['member', 200],
    ['administrator', 200],
    // The private item is not theirs to see; the queue shows them what they decide on.
    ['contentAdministrator', 404],
    ['staff', 404],
    ['otherOrganisation', 404],
  ])('getContentPublication of the waiting demo proposal: %s %i', async (role, status) => {
    const response = await inject({
      url: publication(idOf(SEED_FACTS.pendingProposal.title)),
      headers: as(role),
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status === 200) {
      expect(response.json<Publication>()).toMatchObject({
        isPublic: false,
        mayRequest: false,
        mayModerate: false,
        request: { state: 'pending', note: SEED_FACTS.pendingProposal.note, reason: null },
      });
    }
  });

  it('getContentPublication: a public item is read by moderators (who may withdraw it), members of others 403', async () => {
    const kmzItem = idOf('Unterwegs im Sonnensystem');
    const answers: Record<string, number> = {};
    for (const role of ROLES) {
      answers[role] = (await inject({ url: publication(kmzItem), headers: as(role) })).statusCode;
    }
    expect(answers).toEqual({
      anonymous: 401,
      member: 403,
      administrator: 403,
      contentAdministrator: 200,
      staff: 200,
      otherOrganisation: 403,
    });
    const staff = await inject({ url: publication(kmzItem), headers: as('staff') });
    expect(staff.json<Publication>()).toMatchObject({ isPublic: true, mayModerate: true, mayRequest: false });
  });

  it.each<[Role, number]>([
    ['anonymous', 401],
    ['member', 403],
    ['administrator', 403],
    ['contentAdministrator', 200],
    ['staff', 200],
    ['otherOrganisation', 403],
  ])('decidePublicationRequest: %s %i', async (role, status) => {
    const item = await gymnasiumItem(`Zur Entscheidung durch ${role}`);
    const request = await propose(item);
    const response = await inject({
      method: 'POST',
      url: decision(request.id),
      headers: as(role),
      payload: { approve: true },
    });
    expect(response.statusCode, response.body).toBe(status);
    expect(await isPublic(item)).toBe(status === 200);
  });

  it.each<[Role, number]>([
    ['anonymous', 401],
    ['member', 403],
    ['administrator', 403],
    ['contentAdministrator', 200],
    ['staff', 200],
    ['otherOrganisation', 403],
  ])('withdrawContentPublication: %s %i', async (role, status) => {
    const item = await gymnasiumItem(`Zurückzuziehen durch ${role}`);
    await server.database.db.execute(sql`update contents set is_public = true where id = ${item}`);
    const response = await inject({
      method: 'POST',
      url: withdrawal(item),
      headers: as(role),
      payload: { reason: 'Urheberrecht ungeklärt.' },
    });
    expect(response.statusCode, response.body).toBe(status);
    expect(await isPublic(item)).toBe(status !== 200);
  });
});

describe('a proposal from the Mediathek to every school', () => {
  it('the demo data has one proposal waiting in the queue', async () => {
    const waiting = await queue('contentAdministrator');
    const demo = waiting.find((r) => r.content.title === SEED_FACTS.pendingProposal.title);
    expect(demo).toMatchObject({
      state: 'pending',
      note: SEED_FACTS.pendingProposal.note,
      requestedBy: { name: 'Lars Lehrer', email: 'lehrer@schule.example' },
      content: {
        owner: { name: 'Gymnasium Demo', organisationType: 2 },
        isPublic: false,
        contentType: 'video',
      },
    });
    const preview = await inject({ url: demo?.content.previewImage ?? '' });
    expect(preview.statusCode).toBe(200);
  });

  it('approved: the item becomes public, the ZfsL sees it, the proposer reads it and gets a mail, the log has it', async () => {
    const item = await gymnasiumItem('Sternwarte Bochum');
    expect(await zfslSees(item)).toBe(false);
    const request = await propose(item, 'Die Sternwarte hat uns die Aufnahmen geschenkt.');
    expect(request).toMatchObject({ state: 'pending', decidedAt: null, decidedBy: null });
    const waiting = await queue('staff');
    expect(waiting.map((r) => r.id)).toContain(request.id);

    const approved = await inject({
      method: 'POST',
      url: decision(request.id),
      headers: as('contentAdministrator'),
      payload: { approve: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Request>()).toMatchObject({
      state: 'approved',
      reason: null,
      decidedBy: { email: 'admin@kmz.example' },
      content: { isPublic: true },
    });
    expect(await isPublic(item)).toBe(true);
    expect(await zfslSees(item)).toBe(true);
    expect((await queue('staff')).map((r) => r.id)).not.toContain(request.id);
    expect((await queue('staff', 'approved')).map((r) => r.id)).toContain(request.id);

    const seen = await inject({ url: publication(item), headers: as('member') });
    expect(seen.json<Publication>()).toMatchObject({ isPublic: true, request: { state: 'approved' } });
    const [mail] = await readOutbox(outbox, 'lehrer@schule.example');
    expect(mail?.subject).toBe('VR-Portal: „Sternwarte Bochum“ ist für alle Schulen freigegeben');
    expect(await auditKinds(item)).toEqual([
      { kind: 'publicationRequested', details: { note: 'Die Sternwarte hat uns die Aufnahmen geschenkt.' } },
      { kind: 'contentPublished', details: {} },
    ]);

    const again = await inject({
      method: 'POST',
      url: decision(request.id),
      headers: as('staff'),
      payload: { approve: false, reason: 'Zu spät.' },
    });
    expect(again.statusCode).toBe(409);
    expect(await isPublic(item)).toBe(true);
  });

  it('rejected: stays private, the proposer reads the reason on the item and in the mail, and may propose again', async () => {
    const item = await gymnasiumItem('Pausenhof 360');
    const request = await propose(item);
    const noReason = await inject({
      method: 'POST',
      url: decision(request.id),
      headers: as('staff'),
      payload: { approve: false, reason: '   ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({
      reason: ['Bitte geben Sie einen Grund an; die antragstellende Person liest ihn.'],
    });
    const rejected = await inject({
      method: 'POST',
      url: decision(request.id),
      headers: as('staff'),
      payload: { approve: false, reason: 'Auf dem Video sind Schülerinnen und Schüler zu erkennen.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await isPublic(item)).toBe(false);
    expect(await zfslSees(item)).toBe(false);

    const seen = (await inject({ url: publication(item), headers: as('member') })).json<Publication>();
    expect(seen).toMatchObject({
      isPublic: false,
      mayRequest: true,
      request: { state: 'rejected', reason: 'Auf dem Video sind Schülerinnen und Schüler zu erkennen.' },
    });
    const [mail] = await readOutbox(outbox, 'lehrer@schule.example');
    expect(mail?.subject).toBe('VR-Portal: „Pausenhof 360“ wurde nicht für alle Schulen freigegeben');
    expect(mail?.text).toContain('Begründung: Auf dem Video sind Schülerinnen und Schüler zu erkennen.');
    expect((await auditKinds(item)).at(-1)).toEqual({
      kind: 'publicationRejected',
      details: { reason: 'Auf dem Video sind Schülerinnen und Schüler zu erkennen.' },
    });
    expect((await propose(item, 'Jetzt ohne erkennbare Personen.')).state).toBe('pending');
  });

  it('refuses a second waiting request, a public item, a blank note and a member making it public directly', async () => {
    const item = await gymnasiumItem('Doppelt beantragt');
    await propose(item);
    const twice = await inject({
      method: 'POST',
      url: publication(item),
      headers: as('administrator'),
      payload: { note: 'Ich auch.' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('Für diesen Inhalt wartet bereits ein Antrag auf Freigabe.');
    const blank = await inject({
      method: 'POST',
      url: publication(item),
      headers: as('member'),
      payload: { note: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    const tooLong = await inject({
      method: 'POST',
      url: publication(item),
      headers: as('member'),
      payload: { note: 'x'.repeat(1001) },
    });
    expect(tooLong.statusCode).toBe(400);
    const publicItem = await inject({
      method: 'POST',
      url: publication(idOf('Unterwegs im Sonnensystem')),
      headers: as('contentAdministrator'),
      payload: { note: 'Schon öffentlich.' },
    });
    expect(publicItem.statusCode).toBe(409);
    // Until approved nothing is public: the member's own isPublic stays refused, as before.
    const direct = await inject({
      method: 'PATCH',
      url: `/api/v1/cms/content/${item}/`,
      headers: as('member'),
      payload: { isPublic: true },
    });
    expect(direct.statusCode).toBe(400);
    expect(direct.json()).toEqual({
      isPublic: ['Nur Inhalts-Administratoren dürfen Inhalte für alle sichtbar machen.'],
    });
    expect(await isPublic(item)).toBe(false);
  });

  it('two proposals of one item at the same moment: one waits, the other hears 409', async () => {
    const item = await gymnasiumItem('Gleichzeitig beantragt');
    const answers = await Promise.all(
      ['member', 'administrator'].map((who) =>
        inject({ method: 'POST', url: publication(item), headers: as(who), payload: { note: who } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const stored = await server.database.db.execute(
      sql`select 1 from publication_requests where content_id = ${item}`,
    );
    expect(stored.rows).toHaveLength(1);
  });

  it('withdrawn: a public item goes back to its organisation and out of other playlists; the proposer is told why', async () => {
    const item = await gymnasiumItem('Klassenfahrt Xanten');
    const request = await propose(item);
    await inject({
      method: 'POST',
      url: decision(request.id),
      headers: as('staff'),
      payload: { approve: true },
    });
    const zfslPlaylist = await server.database.db.execute<{ id: number }>(sql`
      select g.id from configurations g join organisations o on o.id = g.owner_id where o.name = 'ZfsL Demo'
      order by g.id limit 1`);
    const playlistId = zfslPlaylist.rows[0]?.id ?? 0;
    await server.database.db.execute(sql`
      insert into configuration_items (configuration_id, content_id, position_number)
      values (${playlistId}, ${item}, 99)`);

    const blank = await inject({
      method: 'POST',
      url: withdrawal(item),
      headers: as('staff'),
      payload: { reason: '' },
    });
    expect(blank.statusCode).toBe(400);
    const withdrawn = await inject({
      method: 'POST',
      url: withdrawal(item),
      headers: as('contentAdministrator'),
      payload: { reason: 'Die Rechte an der Musik sind ungeklärt.' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<Publication>()).toMatchObject({
      isPublic: false,
      request: { state: 'withdrawn', reason: 'Die Rechte an der Musik sind ungeklärt.' },
    });
    expect(await zfslSees(item)).toBe(false);
    const left = await server.database.db.execute(
      sql`select 1 from configuration_items where configuration_id = ${playlistId} and content_id = ${item}`,
    );
    expect(left.rows).toHaveLength(0);
    const [mail] = await readOutbox(outbox, 'lehrer@schule.example');
    expect(mail?.subject).toBe('VR-Portal: Die Freigabe von „Klassenfahrt Xanten“ wurde zurückgezogen');
    expect((await auditKinds(item)).at(-1)).toEqual({
      kind: 'contentUnpublished',
      details: { reason: 'Die Rechte an der Musik sind ungeklärt.' },
    });
    const twice = await inject({
      method: 'POST',
      url: withdrawal(item),
      headers: as('staff'),
      payload: { reason: 'Noch einmal.' },
    });
    expect(twice.statusCode).toBe(404);
  });

  it('answers 404 for unknown requests and items', async () => {
    const unknown = await inject({
      method: 'POST',
      url: decision(999_999),
      headers: as('staff'),
      payload: { approve: true },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await inject({ url: publication(999_999), headers: as('member') })).statusCode).toBe(404);
  });
});
