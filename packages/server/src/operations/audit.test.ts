import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { components } from '@portal/api/schema';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAccessSettings } from '../config.ts';
import { SCHULLEITUNG } from '../db/seed.ts';
import { readOutbox } from '../infra/mail.ts';
import { loadCaller } from '../services/access.ts';
import { inviteMember, Throttle } from '../services/accounts/index.ts';
import { deleteExpiredAuditEntries } from '../services/audit/index.ts';
import {
  bearer,
  createTestServer,
  deviceToken,
  login,
  pairHeadset,
  type TestServer,
} from '../test/testServer.ts';

type Schemas = components['schemas'];
type Page = Schemas['AuditEntryPage'];
type Entry = Schemas['AuditEntry'];

/**
 * The Protokoll (issue 24): who reads it (a table over every role), what each recorded change writes (in the
 * transaction of the change: refused changes leave nothing), the final states of logged commands, the filters, the
 * keyset paging, the CSV export and the deletion after the retention time. Over real HTTP on the demo data.
 */

const outbox = mkdtempSync(join(tmpdir(), 'vr-portal-audit-'));
process.env.OUTBOX_DIR = outbox;
delete process.env.SMTP_URL;
delete process.env.PUBLIC_URL;

let server: TestServer;
const tokens: Record<string, string> = {};
let ids: {
  kmz: number;
  gymnasium: number;
  zfsl: number;
  lehrer: number;
  neu: number;
  neuMembership: number;
  gymnasiumContent: number;
  kmzContent: number;
  gymnasiumPlaylist: number;
};
/** The class set by name: id and serial number. */
const classSet = new Map<string, { id: number; serial: string }>();

const inject = (options: InjectOptions) => server.app.inject(options);
const as = (who: string) => (who === 'anonymous' ? {} : bearer(tokens[who] ?? ''));
const ENTRIES = '/api/v1/audit/entries/';
const EXPORT = '/api/v1/audit/entries/export/';
const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
};
async function page(who: string, params: Record<string, string | number | undefined> = {}): Promise<Page> {
  const response = await inject({ url: `${ENTRIES}${query(params)}`, headers: as(who) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}
/** The newest entry of a kind the caller reads. */
async function newest(who: string, params: Record<string, string | number | undefined>): Promise<Entry> {
  const [entry] = (await page(who, { ...params, page_size: 1 })).results;
  if (!entry) throw new Error(`no entry for ${JSON.stringify(params)}`);
  return entry;
}
const headset = (name: string) => {
  const found = classSet.get(name);
  if (!found) throw new Error(`no headset ${name}`);
  return found;
};

beforeAll(async () => {
  server = await createTestServer();
  const { db } = server.database;
  // A content administrator who administers nothing: reads no Protokoll.
  await db.execute(sql`update users set is_content_admin = true where email = 'zfsl@zfsl.example'`);
  const rows = await db.execute(sql`select
      (select id from organisations where name = 'Kreismedienzentrum Demo') as kmz,
      (select id from organisations where name = 'Gymnasium Demo') as gymnasium,
      (select id from organisations where name = 'ZfsL Demo') as zfsl,
      (select id from users where email = 'lehrer@schule.example') as lehrer,
      (select id from users where email = 'neu@schule.example') as neu,
      (select m.id from memberships m join users u on u.id = m.user_id where u.email = 'neu@schule.example')
        as "neuMembership",
      (select c.id from contents c join organisations o on o.id = c.owner_id
        where o.name = 'Gymnasium Demo' order by c.id limit 1) as "gymnasiumContent",
      (select c.id from contents c join organisations o on o.id = c.owner_id
        where o.name = 'Kreismedienzentrum Demo' order by c.id limit 1) as "kmzContent",
      (select g.id from configurations g join organisations o on o.id = g.owner_id
        where o.name = 'Gymnasium Demo' and not exists (select 1 from devices d where d.active_configuration_id = g.id)
        order by g.position_number limit 1) as "gymnasiumPlaylist"`);
  ids = rows.rows[0] as typeof ids;
  const devices = await db.execute<{ id: number; name: string; serial_number: string }>(
    sql`select id, name, serial_number from devices where organisation_id = ${ids.gymnasium} order by id`,
  );
  for (const row of devices.rows) classSet.set(row.name, { id: row.id, serial: row.serial_number });
  for (const [who, email] of Object.entries({
    member: 'lehrer@schule.example',
    administrator: SCHULLEITUNG.email,
    contentAdministrator: 'zfsl@zfsl.example',
    otherAdministrator: 'admin@kmz.example',
    staff: 'staff@vr-portal.example',
  })) {
    tokens[who] = (await login(server.app, email)).access;
  }
});
afterAll(async () => {
  await server?.close();
  rmSync(outbox, { recursive: true, force: true });
});

describe('who reads the Protokoll', () => {
  /** Each role with the answer to the Gymnasium's log and to the log without filter. */
  const ROLES: [role: string, ownLog: number, gymnasiumFilter: number][] = [
    ['anonymous', 401, 401],
    ['member', 403, 403],
    ['contentAdministrator', 403, 404],
    ['administrator', 200, 200],
    ['otherAdministrator', 200, 404],
    ['staff', 200, 200],
  ];

  it.each(ROLES)('%s: list %i, the Gymnasium asked for by name %i', async (role, ownLog, gymnasiumFilter) => {
    const own = await inject({ url: ENTRIES, headers: as(role) });
    expect(own.statusCode, own.body).toBe(ownLog);
    const named = await inject({ url: `${ENTRIES}?organisation=${ids.gymnasium}`, headers: as(role) });
    expect(named.statusCode, named.body).toBe(gymnasiumFilter);
    if (ownLog === 403) {
      expect(own.json().detail).toBe(
        'Das Protokoll können nur die Administratoren einer Organisation und das Portal-Team einsehen.',
      );
    }
  });

  it.each(ROLES)('%s: the CSV export answers %i like the list', async (role, ownLog) => {
    const response = await inject({ url: EXPORT, headers: as(role) });
    expect(response.statusCode).toBe(ownLog);
    if (ownLog !== 200) {
      // A refusal is an error answer, never the start of a file.
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json().detail).toBeTruthy();
    }
  });

  it.each(ROLES)(
    '%s: the privacy policy names how long entries are kept (180 days)',
    async (role, ownLog) => {
      // Everybody may read the privacy page, anonymous visitors and those who have not accepted the terms included.
      const policy = await inject({ url: '/api/v1/organisations/current-pp/', headers: as(role) });
      expect(policy.statusCode, policy.body).toBe(200);
      expect(policy.json().auditRetentionDays).toBe(180);
      if (ownLog === 200) expect((await page(role)).retentionDays).toBe(180);
    },
  );

  it('a configured retention time is what the privacy policy and the Protokoll name', async () => {
    const shorter = await createTestServer({ config: { audit: { retentionDays: 30 } } });
    try {
      const policy = await shorter.app.inject({ url: '/api/v1/organisations/current-pp/' });
      expect(policy.json().auditRetentionDays).toBe(30);
      const { access } = await login(shorter.app, SCHULLEITUNG.email);
      const list = await shorter.app.inject({ url: ENTRIES, headers: bearer(access) });
      expect(list.json<Page>().retentionDays).toBe(30);
    } finally {
      await shorter.close();
    }
  });

  it('an administrator reads their organisation only, staff every organisation and the portal-wide entries', async () => {
    await inject({
      method: 'POST',
      url: '/api/v1/organisations/tos-versions/',
      headers: as('staff'),
      payload: { tosFile: '/media/nutzungsbedingungen-v1.pdf' },
    });
    // Everybody has to accept the new version before reading on; that is not what this file tests.
    await server.database.db.execute(
      sql`update users set accepted_tos_version = (select max(version) from tos_versions)`,
    );
    const school = await page('administrator', { page_size: 100 });
    expect(school.results.length).toBeGreaterThan(0);
    expect(new Set(school.results.map((e) => e.organisation?.name))).toEqual(new Set(['Gymnasium Demo']));
    const kmz = await page('otherAdministrator', { page_size: 100 });
    expect(kmz.results.every((e) => e.organisation?.name === 'Kreismedienzentrum Demo')).toBe(true);
    const terms = await newest('staff', { kind: 'termsPublished' });
    expect(terms).toMatchObject({
      organisation: null,
      actor: { name: 'Stefan Support', email: 'staff@vr-portal.example' },
      details: { termsVersion: 2 },
      outcome: { state: 'done' },
    });
    const all = await page('staff', { page_size: 100 });
    expect(new Set(all.results.map((e) => e.organisation?.name ?? null))).toEqual(
      new Set([null, 'Gymnasium Demo']),
    );
    expect((await page('administrator', { kind: 'termsPublished' })).results).toEqual([]);
  });
});

describe('the demo morning', () => {
  it('holds the lesson on the class set: start, pause, resume, stop and a reboot of all thirty', async () => {
    const lesson = await page('administrator', { kind: 'command', actor: ids.lehrer, page_size: 5 });
    const commands = lesson.results.map((e) => e.details.command);
    expect(commands).toEqual([
      'CMD.REBOOT',
      'CMD.STOP.RUNNING',
      'CMD.TOGGLE.PAUSE',
      'CMD.TOGGLE.PAUSE',
      'CMD.START.VIDEO',
    ]);
    const [reboot] = lesson.results;
    expect(reboot?.actor).toMatchObject({ name: 'Lars Lehrer', email: 'lehrer@schule.example' });
    expect(reboot?.headsets).toHaveLength(30);
    expect(reboot?.outcome).toEqual({
      state: 'partial',
      done: 29,
      failed: 1,
      pending: 0,
      refused: 0,
      unknown: 0,
    });
    const start = lesson.results.at(-1);
    expect(start?.subjects).toEqual([
      expect.objectContaining({ type: 'content', name: 'Unterwegs im Sonnensystem' }),
    ]);
    expect(start?.outcome).toMatchObject({ state: 'partial', done: 27, failed: 2, refused: 1 });
    const pause = lesson.results[3];
    const refused = pause?.headsets.filter((h) => h.refusal !== null).map((h) => h.name);
    expect(refused).toEqual(['Rigel', 'Deneb', 'Garux', 'Altair', 'VR-Brille 25']);
    expect(pause?.headsets.find((h) => h.name === 'Altair')?.refusal?.code).toBe('softwareTooOld');
    const times = lesson.results.map((e) =>
      new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', timeStyle: 'short' }).format(
        new Date(e.occurredAt),
      ),
    );
    expect(times).toEqual(['08:50', '08:45', '08:24', '08:20', '08:05']);
  });

  it('holds the morning’s enrolment, share and role change by the Schulleitung and the teacher', async () => {
    const kinds = (await page('administrator', { page_size: 100 })).results.map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['headsetEnrolled', 'contentShared', 'roleChanged']));
    const role = await newest('administrator', { kind: 'roleChanged' });
    expect(role).toMatchObject({
      actor: { name: 'Jörg Schäfer-Süß' },
      subjects: [{ type: 'person', name: 'Nina Neu', email: 'neu@schule.example' }],
      details: { isAdministrator: false },
    });
  });
});

describe('what is recorded', () => {
  it('a command to a class set: who, which headsets, each one’s command or refusal, then their final states', async () => {
    const [sirius, canopus, capella] = ['Sirius', 'Canopus', 'Capella'].map(headset);
    // Nothing of the class set polls in this test: a start is refused for each (offline), a reboot is queued.
    const start = await inject({
      method: 'POST',
      url: '/api/v3/mdm/devices/command-queue/',
      headers: as('member'),
      payload: {
        devices: [sirius?.id, canopus?.id],
        command: 'CMD.STOP.RUNNING',
        extras: {},
      },
    });
    expect(start.statusCode, start.body).toBe(200);
    const refused = await newest('administrator', { kind: 'command' });
    expect(refused).toMatchObject({
      actor: { name: 'Lars Lehrer' },
      details: { command: 'CMD.STOP.RUNNING' },
      outcome: { state: 'failed', refused: 2 },
    });
    expect(refused.headsets.map((h) => [h.name, h.command, h.refusal?.code])).toEqual([
      ['Sirius', null, 'deviceOffline'],
      ['Canopus', null, 'deviceOffline'],
    ]);

    const token = await pairHeadset(server, sirius?.serial ?? '');
    const reboot = await inject({
      method: 'POST',
      url: '/api/v3/mdm/devices/command-queue/',
      headers: as('member'),
      payload: { devices: [sirius?.id, canopus?.id, capella?.id], command: 'CMD.REBOOT', extras: {} },
    });
    expect(reboot.statusCode, reboot.body).toBe(200);
    const queued = await newest('administrator', { kind: 'command' });
    expect(queued.outcome).toMatchObject({ state: 'pending', pending: 3 });
    expect(queued.headsets.every((h) => h.command?.status === 'queued')).toBe(true);

    // Sirius picks its command up and reports it done: the entry shows it without anybody writing to the log.
    const polled = await inject({ url: '/api/v1/headset/commands/?wait=0', headers: deviceToken(token) });
    const [command] = polled.json<{ commands: { id: number }[] }>().commands;
    await inject({
      method: 'POST',
      url: `/api/v1/headset/commands/${command?.id}/result/`,
      headers: deviceToken(token),
      payload: { status: 'done' },
    });
    // The other two never pick theirs up: past its expiry a command reads as expired at once.
    await server.database.db.execute(sql`update device_commands set expires_at = now() - interval '1 second'
      where id = any(${sql.param(queued.headsets.map((h) => h.command?.id ?? 0))}::int[])
        and status = 'queued'`);
    const ended = await newest('administrator', { kind: 'command' });
    expect(ended.id).toBe(queued.id);
    expect(ended.headsets.map((h) => [h.name, h.command?.status])).toEqual([
      ['Sirius', 'done'],
      ['Canopus', 'expired'],
      ['Capella', 'expired'],
    ]);
    expect(ended.outcome).toMatchObject({ state: 'partial', done: 1, failed: 2 });
  });

  it('a single command, a sync and a playlist’s syncs name what they were about', async () => {
    const vega = headset('Vega');
    const single = await inject({
      method: 'POST',
      url: `/api/v1/mdm/devices/${vega.serial}/command/`,
      headers: as('member'),
      payload: {
        command: 'CMD.SET.GUIDED.MODE',
        extras: { guidedModeState: false, manufacturerModeState: false },
      },
    });
    expect(single.statusCode, single.body).toBe(201);
    expect(await newest('administrator', { kind: 'command' })).toMatchObject({
      details: { command: 'CMD.SET.GUIDED.MODE', modeState: false },
      headsets: [{ name: 'Vega', command: { status: 'queued' } }],
    });
    const sync = await inject({
      method: 'POST',
      url: '/api/v3/mdm/devices/sync-queue/',
      headers: as('member'),
      payload: { devices: [vega.id] },
    });
    expect(sync.statusCode, sync.body).toBe(202);
    expect(await newest('administrator', { kind: 'command' })).toMatchObject({
      details: { command: 'CMD.SYNC' },
      subjects: [],
    });
    const activate = await inject({
      method: 'PUT',
      url: `/api/v2/mdm/device-configurations/${ids.gymnasiumPlaylist}/activate/`,
      headers: as('member'),
      payload: { sdmDevices: [headset('Spica').id], acceptStorageWarning: true },
    });
    expect(activate.statusCode, activate.body).toBeLessThan(300);
    const playlistSync = await newest('administrator', { kind: 'command' });
    expect(playlistSync).toMatchObject({
      details: { command: 'CMD.SYNC' },
      subjects: [{ type: 'playlist', id: ids.gymnasiumPlaylist }],
      headsets: [{ name: 'Spica' }],
    });
  });

  it('adding, re-pairing, unpairing and removing a headset; a removed headset’s entries stay findable', async () => {
    const enrol = await inject({
      method: 'POST',
      url: '/api/v3/mdm/devices/',
      headers: as('administrator'),
      payload: { serialNumber: 'AUDIT-0001', deviceTypeId: 1, name: 'Protokoll-Brille' },
    });
    expect(enrol.statusCode, enrol.body).toBe(201);
    const id = enrol.json<{ device: { id: number } }>().device.id;
    await inject({
      method: 'POST',
      url: `/api/v3/mdm/devices/${id}/enrolment-code/`,
      headers: as('administrator'),
    });
    await inject({ method: 'DELETE', url: `/api/v3/mdm/devices/${id}/token/`, headers: as('administrator') });
    await inject({
      method: 'POST',
      url: '/api/v3/mdm/devices/command-queue/',
      headers: as('administrator'),
      payload: { devices: [id], command: 'CMD.REBOOT', extras: {} },
    });
    const removed = await inject({
      method: 'DELETE',
      url: `/api/v3/mdm/devices/${id}/`,
      headers: as('administrator'),
    });
    expect(removed.statusCode).toBe(204);
    const entries = (await page('administrator', { device: id })).results;
    expect(entries.map((e) => e.kind)).toEqual([
      'headsetRemoved',
      'command',
      'headsetUnpaired',
      'enrolmentCodeRenewed',
      'headsetEnrolled',
    ]);
    expect(entries.every((e) => e.headsets[0]?.name === 'Protokoll-Brille')).toBe(true);
    expect(entries.at(-1)?.details).toEqual({ serialNumber: 'AUDIT-0001' });
    // The reboot's command went with the headset: its part is unknown now, not lost.
    expect(entries[1]?.outcome).toMatchObject({ state: 'failed', unknown: 1 });
    expect(entries[0]?.outcome.state).toBe('done');
  });

  it('sharing and withdrawing content and playlists, with the organisations by name', async () => {
    for (const [url, kind] of [
      [`/api/v1/cms/content/${ids.gymnasiumContent}/add-share/`, 'contentShared'],
      [`/api/v1/cms/content/${ids.gymnasiumContent}/remove-share/`, 'contentUnshared'],
      [`/api/v1/mdm/device-configurations/${ids.gymnasiumPlaylist}/add-share/`, 'playlistShared'],
      [`/api/v1/mdm/device-configurations/${ids.gymnasiumPlaylist}/remove-share/`, 'playlistUnshared'],
    ] as const) {
      const response = await inject({
        method: 'POST',
        url,
        headers: as('member'),
        payload: { organisation_ids: [ids.kmz, ids.zfsl] },
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
      const entry = await newest('administrator', { kind });
      expect(entry.actor?.name).toBe('Lars Lehrer');
      expect(entry.subjects.filter((s) => s.type === 'organisation').map((s) => s.name)).toEqual([
        'Kreismedienzentrum Demo',
        'ZfsL Demo',
      ]);
    }
  });

  it('a refused change leaves no entry: it is written in the change’s own transaction', async () => {
    const before = (await page('administrator', { page_size: 1 })).results[0]?.id;
    const withOwner = await inject({
      method: 'POST',
      url: `/api/v1/cms/content/${ids.gymnasiumContent}/add-share/`,
      headers: as('member'),
      payload: { organisation_ids: [ids.gymnasium] },
    });
    expect(withOwner.statusCode).toBe(400);
    const lastAdministrator = await inject({
      method: 'DELETE',
      url: `/api/v1/organisations/${ids.gymnasium}/memberships/${await membershipOf(SCHULLEITUNG.email)}/`,
      headers: as('administrator'),
    });
    expect(lastAdministrator.statusCode).toBe(409);
    expect((await page('administrator', { page_size: 1 })).results[0]?.id).toBe(before);
  });

  it('roles, members and invitations', async () => {
    const promote = await inject({
      method: 'PATCH',
      url: `/api/v1/organisations/${ids.gymnasium}/memberships/${ids.neuMembership}/`,
      headers: as('administrator'),
      payload: { isAdministrator: true },
    });
    expect(promote.statusCode, promote.body).toBe(200);
    expect(await newest('administrator', { kind: 'roleChanged' })).toMatchObject({
      actor: { name: 'Jörg Schäfer-Süß' },
      subjects: [{ type: 'person', id: ids.neu, name: 'Nina Neu' }],
      details: { isAdministrator: true },
    });

    const invite = (email: string) =>
      inject({
        method: 'POST',
        url: `/api/v1/organisations/${ids.gymnasium}/invitations/`,
        headers: { ...as('administrator'), host: '127.0.0.1:8080' },
        payload: { email },
      });
    expect((await invite('zfsl@zfsl.example')).statusCode).toBe(201);
    expect(await newest('administrator', { kind: 'memberAdded' })).toMatchObject({
      subjects: [{ type: 'person', name: 'Zoe Seminar', email: 'zfsl@zfsl.example' }],
    });
    const invited = await invite('neue.kollegin@schule.example');
    expect(invited.statusCode, invited.body).toBe(201);
    expect(await newest('administrator', { kind: 'memberInvited' })).toMatchObject({
      subjects: [{ type: 'invitation', name: 'neue.kollegin@schule.example' }],
    });
    const invitationId = invited.json<{ invitation: { id: number } }>().invitation.id;
    const withdrawn = await inject({
      method: 'DELETE',
      url: `/api/v1/organisations/${ids.gymnasium}/invitations/${invitationId}/`,
      headers: as('administrator'),
    });
    expect(withdrawn.statusCode).toBe(204);
    expect(await newest('administrator', { kind: 'invitationWithdrawn' })).toMatchObject({
      subjects: [{ name: 'neue.kollegin@schule.example' }],
      details: {},
    });

    // The ZfsL member added above leaves again; Nina Neu's only organisation goes, and her account with it.
    const removeNeu = await inject({
      method: 'DELETE',
      url: `/api/v1/organisations/${ids.gymnasium}/memberships/${ids.neuMembership}/`,
      headers: as('administrator'),
    });
    expect(removeNeu.statusCode, removeNeu.body).toBe(204);
    expect(await newest('administrator', { kind: 'memberRemoved' })).toMatchObject({
      subjects: [{ type: 'person', id: null, name: 'Nina Neu', email: 'neu@schule.example' }],
      details: { accountDeleted: true },
    });
  });

  it('an invitation whose mail could not be sent is recorded as withdrawn for that reason', async () => {
    const { db } = server.database;
    const caller = await loadCaller(
      db,
      (await userId(SCHULLEITUNG.email)) ?? 0,
      await sessionOf(SCHULLEITUNG.email),
    );
    if (!caller) throw new Error('no caller');
    const attempt = inviteMember(
      {
        db,
        throttle: new Throttle(db),
        settings: readAccessSettings({}),
        mailer: {
          send: async () => {
            throw new Error('SMTP 451');
          },
        },
      },
      caller,
      ids.gymnasium,
      'ausfall@schule.example',
      { requestOrigin: 'http://127.0.0.1:8080', log: { error: () => undefined } },
    );
    await expect(attempt).rejects.toMatchObject({ clientReason: { code: 'mailNotSent' } });
    const [withdrawn, invited] = (await page('administrator', { page_size: 2 })).results;
    expect(invited).toMatchObject({ kind: 'memberInvited', subjects: [{ name: 'ausfall@schule.example' }] });
    expect(withdrawn).toMatchObject({
      kind: 'invitationWithdrawn',
      actor: { name: 'Jörg Schäfer-Süß' },
      subjects: [{ name: 'ausfall@schule.example' }],
      details: { mailNotSent: true },
    });
  });

  it('accepting an invitation is recorded with the new member as the one who acted', async () => {
    const email = 'referendar@schule.example';
    const invited = await inject({
      method: 'POST',
      url: `/api/v1/organisations/${ids.gymnasium}/invitations/`,
      headers: { ...as('administrator'), host: '127.0.0.1:8080' },
      payload: { email },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const link = await mailedLinkTo(email);
    const accepted = await inject({
      method: 'POST',
      url: '/api/v1/invitations/accept/',
      payload: { token: link, firstName: 'Rüdiger', lastName: 'Referendar', password: 'sicher2026' },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await newest('administrator', { kind: 'invitationAccepted' })).toMatchObject({
      actor: { name: 'Rüdiger Referendar', email },
      subjects: [
        { type: 'person', name: 'Rüdiger Referendar' },
        { type: 'invitation', name: email },
      ],
    });
  });

  it('a content administrator’s publication decision, with the item’s title', async () => {
    for (const [isPublic, kind] of [
      [false, 'contentUnpublished'],
      [true, 'contentPublished'],
    ] as const) {
      const response = await inject({
        method: 'PATCH',
        url: `/api/v1/cms/content/${ids.kmzContent}/`,
        headers: as('otherAdministrator'),
        payload: { isPublic },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await newest('otherAdministrator', { kind })).toMatchObject({
        actor: { name: 'Anna Admin' },
        subjects: [{ type: 'content', id: ids.kmzContent, name: 'Unterwegs im Sonnensystem' }],
      });
    }
    // Sending the same value again decides nothing and records nothing.
    const before = (await page('otherAdministrator', { page_size: 1 })).results[0]?.id;
    await inject({
      method: 'PATCH',
      url: `/api/v1/cms/content/${ids.kmzContent}/`,
      headers: as('otherAdministrator'),
      payload: { isPublic: true },
    });
    expect((await page('otherAdministrator', { page_size: 1 })).results[0]?.id).toBe(before);
  });
});

describe('filters and pages', () => {
  it('filter by kind, person, headset and time range; a range ending before it begins is refused', async () => {
    const lars = await page('administrator', { actor: ids.lehrer, page_size: 100 });
    expect(lars.results.every((e) => e.actor?.email === 'lehrer@schule.example')).toBe(true);
    const garux = await page('administrator', { device: headset('Garux').id, page_size: 100 });
    expect(garux.results.length).toBeGreaterThanOrEqual(5);
    expect(garux.results.every((e) => e.headsets.some((h) => h.name === 'Garux'))).toBe(true);
    const [newestEntry] = (await page('administrator', { page_size: 1 })).results;
    const at = new Date(newestEntry?.occurredAt ?? 0);
    const window = await page('administrator', {
      from: new Date(at.getTime() - 1).toISOString(),
      to: new Date(at.getTime() + 1).toISOString(),
    });
    expect(window.results.map((e) => e.id)).toContain(newestEntry?.id);
    expect(window.results.every((e) => Math.abs(new Date(e.occurredAt).getTime() - at.getTime()) <= 1)).toBe(
      true,
    );
    const backwards = await inject({
      url: `${ENTRIES}${query({ from: at.toISOString(), to: new Date(at.getTime() - 1000).toISOString() })}`,
      headers: as('administrator'),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ to: ['Das Ende des Zeitraums muss nach seinem Anfang liegen.'] });
    // A headset or person outside what the caller reads gives an empty page, not another organisation's entries.
    expect((await page('otherAdministrator', { device: headset('Garux').id })).results).toEqual([]);
    expect((await page('otherAdministrator', { actor: ids.lehrer })).results).toEqual([]);
    const unknownKind = await inject({ url: `${ENTRIES}?kind=login`, headers: as('administrator') });
    expect(unknownKind.statusCode).toBe(400);
  });

  it('pages forward to the end and back without repeating or skipping an entry, also through one headset', async () => {
    for (const filter of [{}, { device: headset('Garux').id }]) {
      const all = (await page('administrator', { ...filter, page_size: 100 })).results.map((e) => e.id);
      expect(all.length).toBeGreaterThanOrEqual(5);
      const forward: number[] = [];
      let current = await page('administrator', { ...filter, page_size: 2 });
      expect(current.previous).toBeNull();
      const cursors: string[] = [];
      for (;;) {
        forward.push(...current.results.map((e) => e.id));
        if (!current.next) break;
        cursors.push(current.next);
        current = await page('administrator', { ...filter, page_size: 2, cursor: current.next });
      }
      expect(forward).toEqual(all);
      // Back from the end, page by page, to the first page.
      const backward: number[] = [];
      for (;;) {
        backward.unshift(...current.results.map((e) => e.id));
        if (!current.previous) break;
        current = await page('administrator', { ...filter, page_size: 2, cursor: current.previous });
      }
      expect(backward).toEqual(all);
      // The last page holds the oldest entries and has nothing older.
      const last = await page('administrator', { ...filter, page_size: 2, cursor: current.last });
      expect(last.results.map((e) => e.id)).toEqual(all.slice(-2));
      expect(last.next).toBeNull();
      expect(last.previous).not.toBeNull();
    }
  });

  it('a cursor that was not handed out is a 400 on cursor', async () => {
    for (const cursor of ['abc', Buffer.from('{"d":"o","t":"gestern","i":1}').toString('base64url')]) {
      const response = await inject({ url: `${ENTRIES}?cursor=${cursor}`, headers: as('administrator') });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['cursor']);
    }
  });
});

describe('the CSV export', () => {
  it('is UTF-8 with a byte order mark, `;`-separated, German, with every row of the filter', async () => {
    const response = await inject({
      url: `${EXPORT}?actor=${ids.lehrer}&kind=command`,
      headers: as('administrator'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="protokoll-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('Zeit;Person;E-Mail;Organisation;Art;Was;VR-Brillen;Ergebnis');
    const rows = lines.slice(1, -1);
    const listed = await page('administrator', { actor: ids.lehrer, kind: 'command', page_size: 100 });
    expect(rows).toHaveLength(listed.results.length);
    const reboot = rows.find((row) => row.includes('Neu starten') && row.includes('29 von 30'));
    expect(reboot).toMatch(
      /^\d{2}\.\d{2}\.\d{4}, 08:50:40;Lars Lehrer;lehrer@schule\.example;Gymnasium Demo;Befehl;/,
    );
    expect(reboot).toContain(
      'Garux (fehlgeschlagen: Die VR-Brille hat den Befehl nicht abgeholt, bevor er ablief.)',
    );
  });

  it('keeps names with umlauts and neutralises a cell that a spreadsheet would run as a formula', async () => {
    // A teacher who calls herself a formula: her name must stay text in the administrator's spreadsheet.
    const renamed = await inject({
      method: 'PATCH',
      url: '/api/v1/users/me/',
      headers: as('member'),
      payload: { firstName: '=HYPERLINK("https://evil.example";"Klick")', lastName: 'Weiß' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await inject({
      method: 'POST',
      url: '/api/v3/mdm/devices/command-queue/',
      headers: as('member'),
      payload: { devices: [headset('Vega').id], command: 'CMD.MUTE', extras: {} },
    });
    const text = (await inject({ url: EXPORT, headers: as('administrator') })).rawPayload.toString('utf8');
    const rows = text.split('\r\n');
    expect(rows[1]).toMatch(
      /;"'=HYPERLINK\(""https:\/\/evil\.example"";""Klick""\) Weiß";lehrer@schule\.example;/,
    );
    expect(rows.some((row) => row.includes(';Jörg Schäfer-Süß;schulleitung@schule.example;'))).toBe(true);
  });
});

describe('retention', () => {
  it('deletes entries past the retention time with their headsets, in bounded batches, and again finds nothing', async () => {
    const { db } = server.database;
    const count = async (where: ReturnType<typeof sql>) =>
      (await db.execute<{ n: number }>(sql`select count(*)::int as n from audit_entries where ${where}`))
        .rows[0]?.n;
    // The demo lesson's five commands and the morning's three other entries, moved back 181 days.
    await db.execute(sql`update audit_entries set occurred_at = occurred_at - interval '181 days'
      where actor_name in ('Lars Lehrer', 'Jörg Schäfer-Süß') and occurred_at < now() - interval '1 hour'`);
    const old = await count(sql`occurred_at < now() - interval '180 days'`);
    expect(old).toBe(8);
    const total = await count(sql`true`);
    expect(await deleteExpiredAuditEntries(db, 180, 3)).toBe(8);
    expect(await count(sql`true`)).toBe((total ?? 0) - 8);
    const orphans = await db.execute<{ n: number }>(sql`select count(*)::int as n from audit_entry_devices x
      where not exists (select 1 from audit_entries e where e.id = x.entry_id)`);
    expect(orphans.rows[0]?.n).toBe(0);
    // Idempotent, and two processes at once are harmless.
    expect(
      await Promise.all([deleteExpiredAuditEntries(db, 180), deleteExpiredAuditEntries(db, 180)]),
    ).toEqual([0, 0]);
    // The recent entries stay under a shorter retention too, unless they are older than it.
    expect(await deleteExpiredAuditEntries(db, 1)).toBe(0);
  });
});

async function userId(email: string): Promise<number | undefined> {
  const rows = await server.database.db.execute<{ id: number }>(
    sql`select id from users where email = ${email}`,
  );
  return rows.rows[0]?.id;
}

/** A live session of the user (a refresh-token family), as the auth hook would load the caller with. */
async function sessionOf(email: string): Promise<string> {
  await login(server.app, email);
  const rows = await server.database.db.execute<{
    family_id: string;
  }>(sql`select r.family_id from refresh_tokens r
    join users u on u.id = r.user_id where u.email = ${email} and r.revoked_at is null order by r.created_at desc limit 1`);
  return rows.rows[0]?.family_id ?? '';
}

async function membershipOf(email: string): Promise<number> {
  const rows = await server.database.db.execute<{ id: number }>(sql`select m.id from memberships m
    join users u on u.id = m.user_id where u.email = ${email} and m.organisation_id = ${ids.gymnasium}`);
  return rows.rows[0]?.id ?? 0;
}

/** The token of the newest invitation link mailed to `email` (this file's outbox). */
async function mailedLinkTo(email: string): Promise<string> {
  const [mail] = await readOutbox(outbox, email);
  const match = mail && /\/invitation\/([A-Za-z0-9_-]+)$/m.exec(mail.text);
  if (!match?.[1]) throw new Error(`no invitation mailed to ${email}`);
  return match[1];
}
