import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAccessSettings } from '../config.ts';
import { Unavailable } from '../errors.ts';
import { readOutbox, type StoredMail } from '../infra/mail.ts';
import { loadCaller } from '../services/access.ts';
import { inviteMember, Throttle } from '../services/accounts/index.ts';
import { bearer, createTestServer, login, type TestServer } from '../test/testServer.ts';

// Issue 12 item 6: administrators invite people by email. This file's mails go to a directory of its own.
const outbox = mkdtempSync(join(tmpdir(), 'vr-portal-invitations-'));
process.env.OUTBOX_DIR = outbox;
delete process.env.SMTP_URL;
delete process.env.PUBLIC_URL;

let server: TestServer;
let kmz: number;
let gymnasium: number;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await createTestServer();
  const ids = await server.database.db.execute<{ kmz: number; gymnasium: number }>(sql`select
    (select id from organisations where name = 'Kreismedienzentrum Demo') as kmz,
    (select id from organisations where name = 'Gymnasium Demo') as gymnasium`);
  kmz = Number(ids.rows[0]?.kmz);
  gymnasium = Number(ids.rows[0]?.gymnasium);
  for (const email of ['admin@kmz.example', 'lehrer@schule.example', 'staff@vr-portal.example']) {
    tokens[email] = (await login(server.app, email)).access;
  }
});
afterAll(async () => {
  await server?.close();
  rmSync(outbox, { recursive: true, force: true });
});

const inject = (options: InjectOptions) => server.app.inject(options);
const as = (email: string) => bearer(tokens[email] ?? '');
// The e2e suite and `npm start` run on this machine: without PUBLIC_URL, links name the request's loopback origin.
const host = { host: '127.0.0.1:8080' };

const invite = (email: string, who = 'admin@kmz.example', organisation = kmz) =>
  inject({
    method: 'POST',
    url: `/api/v1/organisations/${organisation}/invitations/`,
    headers: { ...as(who), ...host },
    payload: { email },
  });
const list = (who = 'admin@kmz.example', organisation = kmz) =>
  inject({ url: `/api/v1/organisations/${organisation}/invitations/`, headers: as(who) });
const details = (token: string) => inject({ url: `/api/v1/invitations/${token}/` });
const accept = (payload: Record<string, unknown>) =>
  inject({ method: 'POST', url: '/api/v1/invitations/accept/', payload });

async function newestMailTo(email: string): Promise<StoredMail> {
  const [mail] = await readOutbox(outbox, email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

function tokenIn(mail: StoredMail): string {
  const match = /^http:\/\/127\.0\.0\.1:8080\/invitation\/([A-Za-z0-9_-]{43})$/m.exec(mail.text);
  if (!match?.[1]) throw new Error(`no invitation link in '${mail.text}'`);
  return match[1];
}

describe('inviting a person without an account', () => {
  it('mails a link in German; the invitation is listed as open; only the hash of its token is stored', async () => {
    const response = await invite('Neue.Kollegin@Schule.example');
    expect(response.statusCode).toBe(201);
    const outcome = response.json();
    expect(outcome).toMatchObject({
      outcome: 'invited',
      invitation: {
        email: 'neue.kollegin@schule.example',
        isExpired: false,
        invitedBy: { email: 'admin@kmz.example' },
      },
    });
    const days = (Date.parse(outcome.invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const mail = await newestMailTo('neue.kollegin@schule.example');
    expect(mail.subject).toBe('VR-Portal: Einladung in „Kreismedienzentrum Demo“');
    expect(mail.text).toContain(
      'lädt Sie ein, im VR-Portal Mitglied der Organisation „Kreismedienzentrum Demo“',
    );
    expect(mail.text).toContain('gültig für 7 Tage, nur einmal verwendbar');
    const token = tokenIn(mail);

    const open = await list();
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual([outcome.invitation]);
    const stored = await server.database.db.execute<{ token_hash: string }>(
      sql`select token_hash from invitations where email = 'neue.kollegin@schule.example'`,
    );
    expect(stored.rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0]?.token_hash).not.toContain(token);

    const shown = await details(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      email: 'neue.kollegin@schule.example',
      organisation: { id: kmz, name: 'Kreismedienzentrum Demo' },
      invitedBy: { firstName: expect.any(String), lastName: expect.any(String) },
      expiresAt: outcome.invitation.expiresAt,
      accountExists: false,
    });
  });

  it('the link sets password and name (spec §5), the new member signs in and must accept the terms first', async () => {
    const token = tokenIn(await newestMailTo('neue.kollegin@schule.example'));
    const missing = await accept({ token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      firstName: ['Dieses Feld ist erforderlich.'],
      lastName: ['Dieses Feld ist erforderlich.'],
      password: ['Dieses Feld ist erforderlich.'],
    });
    const weak = await accept({ token, password: 'nurbuchstaben', firstName: 'Nele', lastName: 'Neu' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().password).toEqual([
      'Das Passwort muss mindestens 8 Zeichen lang sein und mindestens eine Ziffer und einen Buchstaben enthalten.',
    ]);
    const blank = await accept({ token, password: 'Sommer2026', firstName: '  ', lastName: 'Neu' });
    expect(blank.json()).toEqual({ firstName: ['Dieses Feld ist erforderlich.'] });

    // The refusals left the link working.
    const accepted = await accept({ token, password: 'Sommer2026', firstName: ' Nele ', lastName: 'Neu' });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toEqual({
      email: 'neue.kollegin@schule.example',
      organisation: { id: kmz, name: 'Kreismedienzentrum Demo' },
      accountExisted: false,
    });

    const { access } = await login(server.app, 'neue.kollegin@schule.example', 'Sommer2026');
    const me = (await inject({ url: '/api/v1/users/me/', headers: bearer(access) })).json();
    expect(me).toMatchObject({ firstName: 'Nele', lastName: 'Neu', hasAcceptedTos: false });
    expect(me.organisations.map((o: { id: number }) => o.id)).toEqual([kmz]);
    const own = me.organisations[0].memberships.find(
      (m: { user: { email: string } }) => m.user.email === 'neue.kollegin@schule.example',
    );
    expect(own.isAdministrator).toBe(false);
    // Like every new user: the terms first.
    const content = await inject({ url: '/api/v2/cms/content/', headers: bearer(access) });
    expect(content.statusCode).toBe(403);
    expect(content.json().code).toBe('termsNotAccepted');

    // The link is used up, and the invitation is no longer open.
    expect((await accept({ token, password: 'Winter2026', firstName: 'X', lastName: 'Y' })).json()).toEqual({
      token: [
        'Diese Einladung ist ungültig, abgelaufen oder wurde zurückgezogen. Bitte lassen Sie sich erneut einladen.',
      ],
    });
    const gone = await details(token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('invitationInvalid');
    expect((await list()).json()).toEqual([]);
  });

  it('inviting the address again sends a new link and ends the old one', async () => {
    await invite('zweimal@schule.example');
    const first = tokenIn(await newestMailTo('zweimal@schule.example'));
    expect((await invite('zweimal@schule.example')).statusCode).toBe(201);
    const second = tokenIn(await newestMailTo('zweimal@schule.example'));
    expect(second).not.toBe(first);
    expect((await details(first)).statusCode).toBe(404);
    expect((await details(second)).statusCode).toBe(200);
    expect((await list()).json().map((i: { email: string }) => i.email)).toEqual(['zweimal@schule.example']);
  });

  it('an expired invitation is listed as expired and its link no longer works', async () => {
    const token = tokenIn(await newestMailTo('zweimal@schule.example'));
    await server.database.db.execute(
      sql`update invitations set expires_at = now() - interval '1 minute' where email = 'zweimal@schule.example'`,
    );
    expect((await list()).json()).toEqual([expect.objectContaining({ isExpired: true })]);
    expect((await details(token)).statusCode).toBe(404);
    const late = await accept({ token, password: 'Sommer2026', firstName: 'Zora', lastName: 'Zwei' });
    expect(late.statusCode).toBe(400);
    expect(late.json().token).toHaveLength(1);
  });

  it('a withdrawn invitation no longer works; withdrawing twice or across organisations answers 404', async () => {
    const [expired] = (await list()).json() as { id: number }[];
    if (!expired) throw new Error('no invitation');
    const url = (organisation: number) => `/api/v1/organisations/${organisation}/invitations/${expired.id}/`;
    expect(
      (await inject({ method: 'DELETE', url: url(gymnasium), headers: as('admin@kmz.example') })).statusCode,
    ).toBe(404);
    const withdrawn = await inject({ method: 'DELETE', url: url(kmz), headers: as('admin@kmz.example') });
    expect(withdrawn.statusCode).toBe(204);
    expect((await list()).json()).toEqual([]);
    expect(
      (await inject({ method: 'DELETE', url: url(kmz), headers: as('admin@kmz.example') })).statusCode,
    ).toBe(404);

    await invite('zurueck@schule.example');
    const token = tokenIn(await newestMailTo('zurueck@schule.example'));
    const [open] = (await list()).json() as { id: number }[];
    await inject({
      method: 'DELETE',
      url: `/api/v1/organisations/${kmz}/invitations/${open?.id}/`,
      headers: as('admin@kmz.example'),
    });
    expect((await details(token)).statusCode).toBe(404);
    expect((await accept({ token, password: 'Sommer2026', firstName: 'A', lastName: 'B' })).statusCode).toBe(
      400,
    );
  });
});

describe('inviting an address that has an account', () => {
  it('adds the account at once and tells them by mail in their language; a member already answers 409', async () => {
    await inject({
      method: 'PATCH',
      url: '/api/v1/users/me/',
      headers: as('lehrer@schule.example'),
      payload: { language: 'en' },
    });
    const response = await invite('LEHRER@schule.example');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      outcome: 'added',
      membership: { isAdministrator: false, user: { email: 'lehrer@schule.example' } },
    });
    const mail = await newestMailTo('lehrer@schule.example');
    expect(mail.subject).toBe('VR-Portal: You are now a member of “Kreismedienzentrum Demo”');
    expect(mail.text).toContain('http://127.0.0.1:8080/login');
    expect(mail.text).not.toMatch(/invitation\//);

    // Her first organisation stays the first (spec §3: it decides her role); the KMZ comes second.
    const me = (await inject({ url: '/api/v1/users/me/', headers: as('lehrer@schule.example') })).json();
    expect(me.organisations.map((o: { id: number }) => o.id)).toEqual([gymnasium, kmz]);
    const admins = (await inject({ url: '/api/v1/users/me/', headers: as('admin@kmz.example') })).json();
    expect(
      admins.organisations[0].memberships.map((m: { user: { email: string } }) => m.user.email),
    ).toContain('lehrer@schule.example');
    expect((await list()).json()).toEqual([]);

    const again = await invite('lehrer@schule.example');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'lehrer@schule.example ist bereits Mitglied dieser Organisation.',
      code: 'alreadyMember',
      params: { email: 'lehrer@schule.example' },
    });
    expect((await invite('admin@kmz.example')).statusCode).toBe(409);
  });

  it('an account created after the invitation joins through the link without a password step', async () => {
    await invite('spaeter@schule.example');
    const token = tokenIn(await newestMailTo('spaeter@schule.example'));
    await server.database.db.execute(sql`insert into users (email, password_hash, first_name, last_name)
      select 'spaeter@schule.example', password_hash, 'Paula', 'Später' from users where email = 'zfsl@zfsl.example'`);
    expect((await details(token)).json().accountExists).toBe(true);
    const joined = await accept({ token });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().accountExisted).toBe(true);
    const { access } = await login(server.app, 'spaeter@schule.example', 'portal2026');
    const me = (await inject({ url: '/api/v1/users/me/', headers: bearer(access) })).json();
    expect(me.organisations.map((o: { id: number }) => o.id)).toEqual([kmz]);
    expect(me.firstName).toBe('Paula');
  });
});

describe('who may invite', () => {
  it('administrators of that organisation only: members 403, other organisations and staff 404, anonymous 401', async () => {
    const calls = [
      (who: string, organisation: number) => invite('jemand@schule.example', who, organisation),
      (who: string, organisation: number) => list(who, organisation),
      (who: string, organisation: number) =>
        inject({
          method: 'DELETE',
          url: `/api/v1/organisations/${organisation}/invitations/1/`,
          headers: as(who),
        }),
    ];
    for (const call of calls) {
      expect((await call('lehrer@schule.example', gymnasium)).statusCode).toBe(403);
      expect((await call('admin@kmz.example', gymnasium)).statusCode).toBe(404);
      expect((await call('staff@vr-portal.example', kmz)).statusCode).toBe(404);
      expect((await call('nobody', kmz)).statusCode).toBe(401);
    }
    // No invitation was stored and no mail written by the refused calls.
    expect(await readOutbox(outbox, 'jemand@schule.example')).toEqual([]);
  });

  it('refuses a malformed address with a field error and no mail', async () => {
    const response = await invite('jemand@schule');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['Bitte geben Sie eine gültige E-Mail-Adresse ein.'] });
  });

  it('an organisation that sent too many invitations in an hour gets 429', async () => {
    await server.database.db.execute(sql`insert into throttle_counters (key, failures, locked_until)
      values (${`invite:organisation:${kmz}`}, 50, now() + interval '42 minutes')
      on conflict (key) do update set failures = 50, locked_until = now() + interval '42 minutes'`);
    const response = await invite('viele@schule.example');
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({
      detail:
        'Ihre Organisation hat in kurzer Zeit zu viele Einladungen verschickt. Bitte versuchen Sie es in 42 Minuten erneut.',
      code: 'invitationsThrottled',
    });
    await server.database.db.execute(sql`delete from throttle_counters where key like 'invite:%'`);
  });
});

describe('addresses a mail system would refuse (issue 20)', () => {
  const storedFor = async (email: string) =>
    (
      await server.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from invitations where email = ${email.toLowerCase()}`,
      )
    ).rows[0]?.n;
  /** 254 characters, the most an address may have, but a local part of 239 (a mail server takes 64). */
  const longLocalPart = `${'a'.repeat(239)}@schule.example`;
  /** 254 characters with a domain label of 64 (DNS takes 63). */
  const longLabel = `${'a'.repeat(64)}@${'b'.repeat(64)}.${'c'.repeat(63)}.${'d'.repeat(52)}.example`;

  it.each([
    ['a@-b.example', 'a@-b.example'],
    ['a@b-.example', 'a@b-.example'],
    ['a@schule.-b.example', 'a@schule.-b.example'],
    ['.a@schule.example', '.a@schule.example'],
    ['a.@schule.example', 'a.@schule.example'],
    ['a..b@schule.example', 'a..b@schule.example'],
    ['254 characters with a local part of 239', longLocalPart],
    ['254 characters with a domain label of 64', longLabel],
  ])('refuses %s with 400 on email, and stores or mails nothing, also when asked again', async (_, email) => {
    for (const attempt of [1, 2]) {
      const response = await invite(email);
      expect(response.statusCode, `attempt ${attempt}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual({ email: ['Bitte geben Sie eine gültige E-Mail-Adresse ein.'] });
    }
    expect(await storedFor(email)).toBe(0);
    expect(await readOutbox(outbox, email)).toEqual([]);
  });

  it('carries in its answer every address it accepts, up to 254 characters', async () => {
    expect(longLocalPart).toHaveLength(254);
    expect(longLabel).toHaveLength(254);
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(53)}.example`;
    expect(longest).toHaveLength(254);
    for (const email of [longest, 'o.k_1%2+3-x@sub-domain.schule.example']) {
      const response = await invite(email);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ outcome: 'invited', invitation: { email } });
      expect(await storedFor(email)).toBe(1);
      const token = tokenIn(await newestMailTo(email));
      expect((await details(token)).json().email).toBe(email);
      expect((await list()).json()).toContainEqual(expect.objectContaining({ email }));
    }
    await server.database.db.execute(sql`delete from invitations where organisation_id = ${kmz}`);
  });
});

describe('the invitation budget of an organisation', () => {
  it('is named only to its administrators: others hear 404 or 403 first, as without a budget (issue 20)', async () => {
    await server.database.db.execute(sql`insert into throttle_counters (key, failures, locked_until)
      values (${`invite:organisation:${gymnasium}`}, 50, now() + interval '42 minutes')
      on conflict (key) do update set failures = 50, locked_until = now() + interval '42 minutes'`);
    try {
      const stranger = await invite('fremd@schule.example', 'admin@kmz.example', gymnasium);
      expect(stranger.statusCode, stranger.body).toBe(404);
      expect(stranger.json()).toEqual({ detail: 'Nicht gefunden.' });
      expect((await invite('fremd@schule.example', 'staff@vr-portal.example', gymnasium)).statusCode).toBe(
        404,
      );
      const member = await invite('fremd@schule.example', 'lehrer@schule.example', gymnasium);
      expect(member.statusCode, member.body).toBe(403);
      expect(member.json()).not.toHaveProperty('code');
      expect(await readOutbox(outbox, 'fremd@schule.example')).toEqual([]);
    } finally {
      await server.database.db.execute(sql`delete from throttle_counters where key like 'invite:%'`);
    }
  });
});

describe('when the mail cannot go out', () => {
  async function adminCaller() {
    const { db } = server.database;
    const user = await db.execute<{ id: number; family_id: string }>(sql`select u.id, r.family_id
      from users u join refresh_tokens r on r.user_id = u.id and r.revoked_at is null
      where u.email = 'admin@kmz.example' limit 1`);
    const row = user.rows[0];
    const caller = row ? await loadCaller(db, row.id, row.family_id) : null;
    if (!caller) throw new Error('no caller');
    return caller;
  }

  it('answers 503 mailNotSent and keeps no invitation when the mail server fails', async () => {
    const { db } = server.database;
    const logged: string[] = [];
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
      await adminCaller(),
      kmz,
      'ausfall@schule.example',
      { requestOrigin: 'http://127.0.0.1:8080', log: { error: (_d, message) => void logged.push(message) } },
    );
    await expect(attempt).rejects.toBeInstanceOf(Unavailable);
    await expect(attempt).rejects.toMatchObject({ clientReason: { code: 'mailNotSent' } });
    expect(logged).toEqual(['invitation mail not sent']);
    expect((await list()).json()).toEqual([]);
  });

  it('without PUBLIC_URL a request for another host gets 503 and a log line naming PUBLIC_URL', async () => {
    const { db } = server.database;
    const logged: string[] = [];
    const sent: string[] = [];
    const attempt = inviteMember(
      {
        db,
        throttle: new Throttle(db),
        settings: readAccessSettings({}),
        mailer: { send: async (mail) => void sent.push(mail.to) },
      },
      await adminCaller(),
      kmz,
      'fremd@schule.example',
      {
        requestOrigin: 'https://attacker.example',
        log: { error: (_d, message) => void logged.push(message) },
      },
    );
    await expect(attempt).rejects.toBeInstanceOf(Unavailable);
    expect(logged).toEqual([expect.stringMatching(/^invitation mail not sent: PUBLIC_URL is not set/)]);
    expect(sent).toEqual([]);
    expect((await list()).json()).toEqual([]);
  });
});
