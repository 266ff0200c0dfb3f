import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { newLinkToken } from '../services/accounts/index.ts';
import { bearer, deviceToken, pairHeadset, type TestServer } from './testServer.ts';

/**
 * The demo data as the authorization matrix and the fuzzer see it (issue 25): the organisations, who plays each role
 * towards the Gymnasium's things, and fresh objects of the Gymnasium made on demand, so that a request that changes
 * or deletes one never takes away what a later request needs.
 *
 * The roles are people towards the Gymnasium (the organisation every object of the matrix belongs to):
 *
 * | Role                  | Who                                                                               |
 * | --------------------- | --------------------------------------------------------------------------------- |
 * | `anonymous`           | nobody signed in                                                                  |
 * | `member`              | lehrer@schule.example (demo), a teacher                                           |
 * | `administrator`       | schulleitung@schule.example, the Gymnasium's administrator (added here)           |
 * | `contentAdministrator`| medien@schule.example, a teacher with `isContentAdmin` (added here)               |
 * | `staff`               | staff@vr-portal.example (demo), portal staff without organisation                 |
 * | `otherOrganisation`   | zfsl@zfsl.example (demo), a member of the ZfsL, which shares a playlist with it    |
 * | `headset`             | the class set's VR-Brille PA7GY0002 with its device token (`X-Device-Token`)       |
 */

export const ROLES = [
  'anonymous',
  'member',
  'administrator',
  'contentAdministrator',
  'staff',
  'otherOrganisation',
  'headset',
] as const;
export type Role = (typeof ROLES)[number];

/** The demo account behind each signed-in role. */
export const ROLE_ACCOUNTS = {
  member: 'lehrer@schule.example',
  administrator: 'schulleitung@schule.example',
  contentAdministrator: 'medien@schule.example',
  staff: 'staff@vr-portal.example',
  otherOrganisation: 'zfsl@zfsl.example',
} as const satisfies Partial<Record<Role, string>>;

/** The demo password of every role's account (and of the fresh ones made like them). */
const PASSWORD = 'portal2026';
/** Where the roles sign in from (a documentation address, RFC 5737). */
const SIGN_IN_ADDRESS = '192.0.2.25';

/** The headset the `headset` role speaks for, and the one the portal's commands go to. */
export const HEADSET_SERIAL = 'PA7GY0002';
export const COMMANDED_SERIAL = 'PA7GY0001';

export interface Caller {
  role: Role;
  /** The account of a signed-in role (a fresh one where the cell asked for it). */
  email?: string;
  /** What the caller sends with each request: a bearer token, a device token or nothing. */
  headers: Record<string, string>;
  /** The refresh token of the caller's session (signed-in roles). */
  refresh?: string;
}

export interface DemoIds {
  kmz: number;
  gymnasium: number;
  zfsl: number;
  /** A private item of the Gymnasium, shared with nobody ('Unterrichtsbeobachtung …' is the ZfsL's). */
  content: { id: number; uuid: string };
  /** The Gymnasium's playlist 'Erdkunde 8b' (not active, not shared). */
  playlist: number;
  /** The ZfsL's playlist shared with the Gymnasium. */
  sharedPlaylist: number;
  commandedDevice: { id: number; serial: string };
  headsetDevice: { id: number; serial: string };
  /** The demo's published operating system image for the `headset` role's model (Pico OS 5.3.0 for the Neo 3 Pro). */
  headsetImage: number;
  deviceType: number;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A multipart body with one file part (and optionally `file_name`), as the portal's upload forms send it. */
export function multipartFile(file: Buffer, fileName: string, type: string) {
  const boundary = `matrix-${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const previewUpload = () => multipartFile(PNG, 'vorschau.png', 'image/png');
export const documentUpload = () => multipartFile(PDF, 'arbeitsblatt.pdf', 'application/pdf');

let serialCounter = 0;
/** A name no other fresh object of this worker has. */
export const unique = (prefix: string) => `${prefix}-${process.pid}-${++serialCounter}`;

/** What a role's account is, as {@link DemoWorld.freshAccount} copies it. */
type AccountTemplate = {
  password_hash: string;
  is_staff: boolean;
  is_content_admin: boolean;
  memberships: { organisation: number; administrator: boolean }[];
};

export class DemoWorld {
  private readonly callers = new Map<Role, Caller>();
  private readonly accounts = new Map<Role, AccountTemplate>();

  private constructor(
    readonly server: TestServer,
    readonly ids: DemoIds,
  ) {}

  /**
   * The demo world on a test server: adds the Gymnasium's content administrator (its administrator, the Schulleitung,
   * is in the demo data), signs every role in and pairs the headset.
   */
  static async open(server: TestServer): Promise<DemoWorld> {
    const { db } = server.database;
    await db.execute(sql`insert into users (email, password_hash, first_name, last_name, is_content_admin,
        accepted_tos_version)
      select 'medien@schule.example', u.password_hash, 'Mia', 'Medien', true, u.accepted_tos_version
      from users u where u.email = 'lehrer@schule.example'`);
    await db.execute(sql`insert into memberships (user_id, organisation_id, is_administrator)
      select u.id, o.id, false from users u, organisations o
      where u.email = 'medien@schule.example' and o.name = 'Gymnasium Demo'`);
    const { rows } = await db.execute<{
      kmz: number;
      gymnasium: number;
      zfsl: number;
      content_id: number;
      content_uuid: string;
      playlist: number;
      shared_playlist: number;
      commanded: number;
      headset: number;
      headset_image: number;
      device_type: number;
    }>(sql`select
        (select id from organisations where name = 'Kreismedienzentrum Demo') as kmz,
        (select id from organisations where name = 'Gymnasium Demo') as gymnasium,
        (select id from organisations where name = 'ZfsL Demo') as zfsl,
        (select c.id from contents c join organisations o on o.id = c.owner_id where o.name = 'Gymnasium Demo'
          and not c.is_public and not exists (select 1 from content_shares s where s.content_id = c.id)
          order by c.id limit 1) as content_id,
        (select c.uuid from contents c join organisations o on o.id = c.owner_id where o.name = 'Gymnasium Demo'
          and not c.is_public and not exists (select 1 from content_shares s where s.content_id = c.id)
          order by c.id limit 1) as content_uuid,
        (select id from configurations where name = 'Erdkunde 8b') as playlist,
        (select id from configurations where name = 'Fortbildung Klassenführung') as shared_playlist,
        (select id from devices where serial_number = ${COMMANDED_SERIAL}) as commanded,
        (select id from devices where serial_number = ${HEADSET_SERIAL}) as headset,
        (select o.id from operating_systems o
          join operating_system_device_types m on m.operating_system_id = o.id
          join devices d on d.device_type_id = m.device_type_id
          where d.serial_number = ${HEADSET_SERIAL} and o.is_published order by o.id limit 1) as headset_image,
        (select id from device_types order by id limit 1) as device_type`);
    const row = rows[0];
    if (!row || Object.values(row).some((value) => value === null)) {
      throw new Error(`the demo data lacks what the matrix needs: ${JSON.stringify(row)}`);
    }
    const world = new DemoWorld(server, {
      kmz: row.kmz,
      gymnasium: row.gymnasium,
      zfsl: row.zfsl,
      content: { id: row.content_id, uuid: row.content_uuid },
      playlist: row.playlist,
      sharedPlaylist: row.shared_playlist,
      commandedDevice: { id: row.commanded, serial: COMMANDED_SERIAL },
      headsetDevice: { id: row.headset, serial: HEADSET_SERIAL },
      headsetImage: row.headset_image,
      deviceType: row.device_type,
    });
    world.callers.set('anonymous', { role: 'anonymous', headers: {} });
    for (const [role, email] of Object.entries(ROLE_ACCOUNTS) as [Role, string][]) {
      const account =
        await db.execute<AccountTemplate>(sql`select u.password_hash, u.is_staff, u.is_content_admin,
          coalesce((select json_agg(json_build_object('organisation', m.organisation_id,
            'administrator', m.is_administrator)) from memberships m where m.user_id = u.id), '[]') as memberships
        from users u where u.email = ${email}`);
      const template = account.rows[0];
      if (!template) throw new Error(`the demo data has no ${email}`);
      world.accounts.set(role, template);
      world.callers.set(role, await world.signIn(role, email));
    }
    const token = await pairHeadset(server, HEADSET_SERIAL);
    world.callers.set('headset', { role: 'headset', headers: deviceToken(token) });
    return world;
  }

  /**
   * Puts every role back where a run of random requests may have moved it (the fuzzer): a role whose session ended
   * signs in again; a role whose account is gone, locked or no longer what the role is (another administrator flag,
   * other organisations) gets a new account like the role's standing one was; a headset that was unpaired or removed
   * is paired again (another of the class set, if need be).
   */
  async revive(): Promise<void> {
    for (const role of Object.keys(ROLE_ACCOUNTS) as Role[]) {
      const caller = this.caller(role);
      const template = this.accounts.get(role);
      const memberships = [...(template?.memberships ?? [])].sort((a, b) => a.organisation - b.organisation);
      const { rows } = await this.server.database.db.execute<{ same: boolean }>(sql`select
          coalesce((select jsonb_agg(jsonb_build_object('organisation', m.organisation_id,
            'administrator', m.is_administrator) order by m.organisation_id)
            from memberships m join users u on u.id = m.user_id where u.email = ${caller.email ?? ''}), '[]'::jsonb)
          = ${JSON.stringify(memberships)}::jsonb as same`);
      const me = await this.inject({ url: '/api/v1/users/me/', headers: caller.headers });
      if (rows[0]?.same && me.statusCode === 200) continue;
      const again = rows[0]?.same && caller.email ? await this.trySignIn(role, caller.email) : null;
      this.callers.set(role, again ?? (await this.freshAccount(role)));
    }
    const headset = await this.inject({
      url: '/api/v1/headset/configuration/',
      headers: this.caller('headset').headers,
    });
    if (headset.statusCode === 200) return;
    const { rows } = await this.server.database.db.execute<{ serial_number: string }>(sql`select serial_number
      from devices where organisation_id = ${this.ids.gymnasium} order by serial_number = ${HEADSET_SERIAL} desc, id
      limit 1`);
    const serial = rows[0]?.serial_number;
    if (serial)
      this.callers.set('headset', {
        role: 'headset',
        headers: deviceToken(await pairHeadset(this.server, serial)),
      });
  }

  private async trySignIn(role: Role, email: string): Promise<Caller | null> {
    try {
      return await this.signIn(role, email);
    } catch {
      return null;
    }
  }

  /** The standing caller of a role (signed in once for the whole run). */
  caller(role: Role): Caller {
    const caller = this.callers.get(role);
    if (!caller) throw new Error(`no caller for ${role}`);
    return caller;
  }

  /** A new session of the role's account: for a cell that ends or rotates the caller's session. */
  async freshSession(role: Role): Promise<Caller> {
    const standing = this.caller(role);
    return standing.email ? this.signIn(role, standing.email) : standing;
  }

  /**
   * A new account that is what the role's account is (same organisations, administrator and content-admin flags,
   * staff flag, terms accepted), signed in: for a cell that changes or deletes the caller's own account.
   */
  async freshAccount(role: Role): Promise<Caller> {
    const account = this.accounts.get(role);
    if (!account) return this.caller(role);
    const email = `${unique(role.toLowerCase())}@matrix.example`;
    const { db } = this.server.database;
    await db.execute(sql`insert into users (email, password_hash, first_name, last_name, is_staff, is_content_admin,
        accepted_tos_version)
      values (${email}, ${account.password_hash}, 'Neu', 'Angelegt', ${account.is_staff}, ${account.is_content_admin},
        (select max(version) from tos_versions))`);
    for (const membership of account.memberships) {
      await db.execute(sql`insert into memberships (user_id, organisation_id, is_administrator)
        select id, ${membership.organisation}, ${membership.administrator} from users where email = ${email}`);
    }
    return this.signIn(role, email);
  }

  /**
   * Signs in from an address of its own: the fuzzer's failed sign-ins (from the default 127.0.0.1) throttle that
   * address, which must not keep the roles from signing in again.
   */
  private async signIn(role: Role, email: string): Promise<Caller> {
    const response = await this.server.app.inject({
      method: 'POST',
      url: '/api/v1/sessions/',
      remoteAddress: SIGN_IN_ADDRESS,
      payload: { username: email, password: PASSWORD },
    });
    if (response.statusCode !== 201) {
      throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
    }
    const { access, refresh } = response.json<{ access: string; refresh: string }>();
    return { role, email, headers: bearer(access), refresh };
  }

  /** A request as one of the roles (for setting up fresh objects), failing unless it succeeds. */
  async as<T>(role: Role, options: InjectOptions): Promise<T> {
    const response = await this.server.app.inject({
      ...options,
      headers: { ...this.caller(role).headers, ...options.headers },
    });
    if (response.statusCode >= 300) {
      throw new Error(
        `setting up failed: ${options.method ?? 'GET'} ${options.url} → ${response.statusCode} ${response.body}`,
      );
    }
    return (response.body ? response.json() : undefined) as T;
  }

  inject(options: InjectOptions): Promise<LightMyRequestResponse> {
    return this.server.app.inject(options);
  }

  // --- Fresh objects of the Gymnasium ------------------------------------------------------------------------------

  /** A new private video of the Gymnasium. */
  freshContent(): Promise<{ id: number; uuid: string }> {
    return this.as('member', {
      method: 'POST',
      url: '/api/v1/cms/content/',
      payload: { title: unique('Matrix-Video'), contentType: 'video' },
    });
  }

  /** A new playlist of the Gymnasium holding `items` (content ids). */
  async freshPlaylist(items: number[] = []): Promise<number> {
    const created = await this.as<{ id: number }>('member', {
      method: 'POST',
      url: '/api/v2/mdm/device-configurations/',
      payload: {
        name: unique('Matrix-Liste'),
        ownerId: this.ids.gymnasium,
        contentIds: items,
        activeState: false,
        sdmDevices: [],
      },
    });
    return created.id;
  }

  /** A new playlist of the Gymnasium shared with the ZfsL. */
  async freshSharedPlaylist(): Promise<number> {
    const id = await this.freshPlaylist();
    await this.as('member', {
      method: 'POST',
      url: `/api/v1/mdm/device-configurations/${id}/add-share/`,
      payload: { organisation_ids: [this.ids.zfsl] },
    });
    return id;
  }

  /** A new lesson plan of the Gymnasium with one step per item of `items` (content ids): its id and its steps' ids. */
  async freshLessonPlan(items: number[] = []): Promise<{ id: number; steps: number[] }> {
    let plan = await this.as<{ id: number; steps: { id: number }[] }>('member', {
      method: 'POST',
      url: '/api/v3/mdm/lesson-plans/',
      payload: { name: unique('Matrix-Ablauf') },
    });
    for (const contentId of items) {
      plan = await this.as('member', {
        method: 'POST',
        url: `/api/v3/mdm/lesson-plans/${plan.id}/steps/`,
        payload: { contentId, note: 'Matrix', plannedMinutes: 5 },
      });
    }
    return { id: plan.id, steps: plan.steps.map((step) => step.id) };
  }

  /** A new lesson plan of the Gymnasium shared with the ZfsL. */
  async freshSharedLessonPlan(): Promise<number> {
    const { id } = await this.freshLessonPlan();
    await this.as('member', {
      method: 'POST',
      url: `/api/v3/mdm/lesson-plans/${id}/add-share/`,
      payload: { organisation_ids: [this.ids.zfsl] },
    });
    return id;
  }

  /** A new item of the Gymnasium shared with the ZfsL. */
  async freshSharedContent(): Promise<{ id: number; uuid: string }> {
    const content = await this.freshContent();
    await this.as('member', {
      method: 'POST',
      url: `/api/v1/cms/content/${content.id}/add-share/`,
      payload: { organisation_ids: [this.ids.zfsl] },
    });
    return content;
  }

  /** A new group of the Gymnasium holding the commanded headset. */
  async freshGroup(): Promise<number> {
    const created = await this.as<{ id: number }>('member', {
      method: 'POST',
      url: '/api/v3/mdm/device-groups/',
      payload: { name: unique('Matrix-Gruppe'), devices: [this.ids.commandedDevice.id] },
    });
    return created.id;
  }

  /** A new headset of the Gymnasium, added by its administrator: its id, serial number and enrolment code. */
  async freshDevice(): Promise<{ id: number; serial: string; enrolmentCode: string }> {
    const serial = unique('MATRIX').replaceAll('-', '');
    const created = await this.as<{ device: { id: number }; enrolmentCode: string }>('administrator', {
      method: 'POST',
      url: '/api/v3/mdm/devices/',
      payload: { serialNumber: serial, deviceTypeId: this.ids.deviceType },
    });
    return { id: created.device.id, serial, enrolmentCode: created.enrolmentCode };
  }

  /** A new operating system entry (staff). */
  async freshOperatingSystem(): Promise<number> {
    const created = await this.as<{ id: number }>('staff', {
      method: 'POST',
      url: '/api/v1/support/operating-systems/',
      payload: { name: unique('Matrix-OS'), version: '1.0.0', deviceTypeIds: [this.ids.deviceType] },
    });
    return created.id;
  }

  /** A preview image the Gymnasium uploaded (not attached to an item). */
  async freshPreviewFile(): Promise<number> {
    const created = await this.as<{ id: number }>('member', {
      method: 'POST',
      url: '/api/v1/cms/preview-files/',
      ...previewUpload(),
    });
    return created.id;
  }

  /** A document the Gymnasium uploaded (not attached to an item). */
  async freshDocumentFile(): Promise<number> {
    const created = await this.as<{ id: number }>('member', {
      method: 'POST',
      url: '/api/v1/cms/document-files/',
      ...documentUpload(),
    });
    return created.id;
  }

  /**
   * An upload of 16 bytes begun on a new item of the Gymnasium (a member's) or a new operating system entry (staff),
   * with its one part uploaded when `withPart`: what the upload operations act on.
   */
  async freshUpload(
    kind: 'content' | 'operatingSystem',
    options: { withPart?: boolean } = {},
  ): Promise<{ targetId: number; uploadId: string; fileName: string; partUrl: string; etag?: string }> {
    const role: Role = kind === 'content' ? 'member' : 'staff';
    const targetId = kind === 'content' ? (await this.freshContent()).id : await this.freshOperatingSystem();
    const base =
      kind === 'content'
        ? `/api/v1/cms/content/${targetId}`
        : `/api/v1/support/operating-systems/${targetId}`;
    const start = kind === 'content' ? 'pre-signed-url-content-multipart' : 'pre-signed-url-os-multipart';
    const fileName = kind === 'content' ? 'matrix.mp4' : 'matrix.img';
    const started = await this.as<{ upload_id: string }>(role, {
      method: 'POST',
      url: `${base}/${start}/`,
      payload: { file_name: fileName, file_size: 16 },
    });
    const part = await this.as<{ url: string }>(role, {
      method: 'POST',
      url: `${base}/upload-part-url/`,
      payload: { file_name: fileName, upload_id: started.upload_id, part_number: 1 },
    });
    const upload = { targetId, uploadId: started.upload_id, fileName, partUrl: part.url };
    if (!options.withPart) return upload;
    const stored = await this.server.app.inject({
      method: 'PUT',
      url: part.url,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(16, 7),
    });
    if (stored.statusCode !== 200) throw new Error(`part not stored: ${stored.statusCode} ${stored.body}`);
    return { ...upload, etag: stored.json<{ etag: string }>().etag };
  }

  /** An open invitation of the Gymnasium to an address without account: its id and the link's token. */
  async freshInvitation(): Promise<{ id: number; token: string }> {
    const { token, tokenHash } = newLinkToken();
    const { rows } = await this.server.database.db.execute<{ id: number }>(sql`insert into invitations
        (organisation_id, email, token_hash, expires_at)
      values (${this.ids.gymnasium}, ${`${unique('eingeladen')}@matrix.example`}, ${tokenHash},
        now() + interval '1 day') returning id`);
    return { id: rows[0]?.id as number, token };
  }

  /** A new item of the Gymnasium its member proposes for every school: the item's and the waiting request's ids. */
  private async freshProposal(): Promise<{ contentId: number; requestId: number }> {
    const content = await this.freshContent();
    const request = await this.as<{ id: number }>('member', {
      method: 'POST',
      url: `/api/v1/cms/content/${content.id}/publication/`,
      payload: { note: 'Matrix' },
    });
    return { contentId: content.id, requestId: request.id };
  }

  /** A waiting request of the Gymnasium's member to make a new item of the Gymnasium public: the request's id. */
  async freshPublicationRequest(): Promise<number> {
    return (await this.freshProposal()).requestId;
  }

  /** A new item of the Gymnasium made public through the review queue: its id. */
  async freshPublicItem(): Promise<number> {
    const { contentId, requestId } = await this.freshProposal();
    await this.as('staff', {
      method: 'POST',
      url: `/api/v1/moderation/publication-requests/${requestId}/decision/`,
      payload: { approve: true },
    });
    return contentId;
  }

  /** A new KMZ created by staff in the Adminbereich: its id. */
  async freshOrganisation(): Promise<number> {
    const created = await this.as<{ id: number }>('staff', {
      method: 'POST',
      url: '/api/v1/administration/organisations/',
      payload: { name: unique('Matrix-KMZ'), organisationType: 4 },
    });
    return created.id;
  }

  /** An invitation as administrator of a new organisation (staff onboarding a school): both ids. */
  async freshAdministratorInvitation(): Promise<{ organisation: number; invitation: number }> {
    const organisation = await this.freshOrganisation();
    await this.as('staff', {
      method: 'POST',
      url: `/api/v1/administration/organisations/${organisation}/administrators/`,
      payload: { email: `${unique('schulleitung')}@matrix.example` },
    });
    const { rows } = await this.server.database.db.execute<{ id: number }>(
      sql`select id from invitations where organisation_id = ${organisation} order by id desc limit 1`,
    );
    return { organisation, invitation: rows[0]?.id as number };
  }

  /** A new account without organisation: its user id. */
  async freshUser(): Promise<number> {
    const { rows } = await this.server.database.db.execute<{ id: number }>(sql`insert into users
        (email, first_name, last_name) values (${`${unique('konto')}@matrix.example`}, 'Mia', 'Matrix') returning id`);
    return rows[0]?.id as number;
  }

  /** A new member of the Gymnasium (no administrator): its membership id. */
  async freshMembership(): Promise<number> {
    const email = `${unique('mitglied')}@matrix.example`;
    const { rows } = await this.server.database.db.execute<{ id: number }>(sql`with account as (
        insert into users (email, first_name, last_name) values (${email}, 'Max', 'Matrix') returning id)
      insert into memberships (user_id, organisation_id, is_administrator)
      select id, ${this.ids.gymnasium}, false from account returning id`);
    return rows[0]?.id as number;
  }

  /** A password reset link's token for a new account of the Gymnasium (resetting ends that account's sessions). */
  async freshResetToken(): Promise<string> {
    const { token, tokenHash } = newLinkToken();
    await this.server.database.db.execute(sql`with account as (
        insert into users (email, first_name, last_name) values (${`${unique('vergessen')}@matrix.example`},
          'Vera', 'Vergessen') returning id)
      insert into password_reset_tokens (user_id, token_hash, expires_at)
      select id, ${tokenHash}, now() + interval '1 hour' from account`);
    return token;
  }

  /** A social login's browser session (the `sessionid` cookie) of a new social user, as the callback leaves it. */
  async freshSocialSession(): Promise<string> {
    const id = randomBytes(24).toString('base64url');
    const idHash = createHash('sha256').update(id).digest('hex');
    await this.server.database.db.execute(sql`with account as (
        insert into users (email, first_name, last_name, is_social_user)
        values (${`${unique('sozial')}@matrix.example`}, 'Sina', 'Sozial', true) returning id)
      insert into social_sessions (id_hash, user_id, expires_at)
      select ${idHash}, id, now() + interval '10 minutes' from account`);
    return id;
  }

  /** A command the headset has picked up (delivered) and not yet answered: its id. */
  async freshDeliveredCommand(): Promise<number> {
    await this.as('member', {
      method: 'POST',
      url: `/api/v1/mdm/devices/${this.ids.headsetDevice.serial}/command/`,
      payload: { command: 'CMD.MUTE', extras: { guidedModeState: true, manufacturerModeState: false } },
    });
    const delivered = await this.as<{ commands: { id: number }[] }>('headset', {
      url: '/api/v1/headset/commands/',
    });
    const command = delivered.commands.at(-1);
    if (!command) throw new Error('the headset got no command');
    return command.id;
  }

  /** A command sent to the commanded headset (queued): its id. */
  async freshCommand(): Promise<number> {
    const sent = await this.as<{ id: number }>('member', {
      method: 'POST',
      url: `/api/v1/mdm/devices/${this.ids.commandedDevice.serial}/command/`,
      payload: { command: 'CMD.MUTE', extras: { guidedModeState: true, manufacturerModeState: false } },
    });
    return sent.id;
  }
}

/** A uuid no item has. */
export const unknownUuid = () => randomUUID();
