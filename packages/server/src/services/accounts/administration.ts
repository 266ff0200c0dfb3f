import type { components } from '@portal/api/schema';
import { isValidEmail, normaliseEmail, ORGANISATION_TYPE } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/sql.ts';
import { Conflict, InvalidFields, NotFound, Unavailable } from '../../errors.ts';
import { invitationMail, inviterName, MESSAGES } from '../../messages.ts';
import { type Caller, requireStaffForAdministration } from '../access.ts';
import { audit, personSubject } from '../audit/index.ts';
import type { Services } from '../dependencies.ts';
import { nameProblem } from '../names.ts';
import { logMissingPublicUrl, mailLinkOrigin, newLinkToken, type ServiceLog } from './mailedLinks.ts';

/**
 * The Adminbereich (issue 24, item 2), portal staff only: organisations with what they hold and their quota, their
 * first administrator (the onboarding of a new school), users with their memberships, and locking accounts. An
 * organisation's own administrators keep the settings page (organisations.ts, invitations.ts) for the rest.
 */

type Schemas = components['schemas'];
export type AdminOrganisation = Schemas['AdminOrganisation'];
export type AdminOrganisationDetail = Schemas['AdminOrganisationDetail'];
export type AdminUser = Schemas['AdminUser'];
export type AdminInvitation = Schemas['AdminInvitation'];

/** The most rows a search answers (the contract's `maxItems`). */
const ADMIN_LIST_LIMIT = 200;

/** What a mail of this area needs: the request's origin for the link and the log for what only operators read. */
export interface AdminMailRequest {
  requestOrigin: string;
  log: ServiceLog;
}

const like = (search: string | undefined) =>
  `%${(search ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type OrganisationRow = {
  id: number;
  name: string;
  organisation_type: number;
  msb_school_number: string | null;
  member_count: number;
  headset_count: number;
  storage_used: string | number;
  storage_quota_bytes: string | number | null;
};

/**
 * Organisations with their counts and stored bytes (files of their items, previews and documents, unfinished
 * uploads: what `requireStorageRoom` counts).
 */
async function selectOrganisations(db: Executor, where: SQL): Promise<OrganisationRow[]> {
  const result = await db.execute<OrganisationRow>(sql`
    select o.id, o.name, o.organisation_type, o.msb_school_number, o.storage_quota_bytes,
      (select count(*)::int from memberships m where m.organisation_id = o.id) as member_count,
      (select count(*)::int from devices d where d.organisation_id = o.id) as headset_count,
      coalesce((select sum(c.file_size) from contents c where c.owner_id = o.id and c.file like '/media/files/%'), 0)
      + coalesce((select sum(f.file_size) from stored_files f join contents c on c.id = f.content_id
        where c.owner_id = o.id), 0)
      + coalesce((select sum(f.file_size) from stored_files f where f.content_id is null and f.organisation_id = o.id), 0)
      + coalesce((select sum(u.file_size) from multipart_uploads u join contents c on c.id = u.target_id
        where u.target_kind = 'content' and c.owner_id = o.id and u.expires_at > now()), 0) as storage_used
    from organisations o
    where ${where}
    order by lower(o.name), o.id
    limit ${ADMIN_LIST_LIMIT}`);
  return result.rows;
}

function organisationView(row: OrganisationRow, defaultQuota: number | null): AdminOrganisation {
  const own = row.storage_quota_bytes === null ? null : Number(row.storage_quota_bytes);
  return {
    id: row.id,
    name: row.name,
    organisationType: row.organisation_type,
    msbSchoolNumber: row.msb_school_number,
    memberCount: row.member_count,
    headsetCount: row.headset_count,
    storageUsedBytes: Number(row.storage_used),
    storageQuotaBytes: own ?? defaultQuota,
    quotaIsDefault: own === null,
  };
}

type AdminServices = Pick<Services, 'db' | 'media'>;

/** listAdminOrganisations: by name or school number. */
export async function listAdminOrganisations(
  { db, media }: AdminServices,
  caller: Caller,
  search: string | undefined,
): Promise<AdminOrganisation[]> {
  requireStaffForAdministration(caller);
  const pattern = like(search);
  const rows = await selectOrganisations(
    db,
    sql`(lower(o.name) like ${pattern} or coalesce(o.msb_school_number, '') like ${pattern})`,
  );
  return rows.map((row) => organisationView(row, media.storageQuotaBytes));
}

/** getAdminOrganisation: with its members and open invitations. */
export async function adminOrganisation(
  { db, media }: AdminServices,
  caller: Caller,
  id: number,
): Promise<AdminOrganisationDetail> {
  requireStaffForAdministration(caller);
  const [row] = await selectOrganisations(db, sql`o.id = ${id}`);
  if (!row) throw new NotFound(MESSAGES.administration.organisationNotFound);
  const members = await db.execute<{
    membershipId: number;
    userId: number;
    name: string;
    email: string;
    isAdministrator: boolean;
    isLocked: boolean;
  }>(sql`
    select m.id as "membershipId", u.id as "userId", trim(u.first_name || ' ' || u.last_name) as name, u.email,
      m.is_administrator as "isAdministrator", u.locked_at is not null as "isLocked"
    from memberships m join users u on u.id = m.user_id
    where m.organisation_id = ${id}
    order by m.is_administrator desc, lower(u.email)`);
  return {
    ...organisationView(row, media.storageQuotaBytes),
    members: members.rows,
    invitations: await openInvitations(db, id),
  };
}

async function openInvitations(
  db: Executor,
  organisationId: number,
  only?: number,
): Promise<AdminInvitation[]> {
  const result = await db.execute<{
    id: number;
    email: string;
    created_at: Date | string;
    expires_at: Date | string;
    is_expired: boolean;
    is_administrator: boolean;
    inviter_id: number | null;
    inviter_email: string | null;
    inviter_first_name: string | null;
    inviter_last_name: string | null;
  }>(sql`
    select i.id, i.email, i.created_at, i.expires_at, i.expires_at <= now() as is_expired, i.is_administrator,
      u.id as inviter_id, u.email as inviter_email, u.first_name as inviter_first_name,
      u.last_name as inviter_last_name
    from invitations i left join users u on u.id = i.invited_by
    where i.organisation_id = ${organisationId} ${only === undefined ? sql`` : sql`and i.id = ${only}`}
    order by i.created_at, i.id`);
  return result.rows.map((row) => ({
    id: row.id,
    email: row.email,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    isExpired: row.is_expired,
    isAdministrator: row.is_administrator,
    invitedBy:
      row.inviter_id === null || row.inviter_email === null
        ? null
        : {
            id: row.inviter_id,
            email: row.inviter_email,
            firstName: row.inviter_first_name ?? '',
            lastName: row.inviter_last_name ?? '',
          },
  }));
}

/** The school number's rules: a school has one, no other type does; no two organisations share one (409). */
function checkSchoolNumber(type: number, number: string | null | undefined): void {
  if (type === ORGANISATION_TYPE.school && !number) {
    throw InvalidFields.of('msbSchoolNumber', MESSAGES.administration.schoolNumberRequired);
  }
  if (type !== ORGANISATION_TYPE.school && number) {
    throw InvalidFields.of('msbSchoolNumber', MESSAGES.administration.schoolNumberOnlySchools);
  }
}

async function requireFreeSchoolNumber(
  tx: Executor,
  number: string | null | undefined,
  except: number | null,
) {
  if (!number) return;
  // Serialises the check of one number across transactions (no unique index: older data may hold duplicates).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`msb:${number}`}))`);
  const taken = await tx.execute(sql`
    select 1 from organisations where msb_school_number = ${number} and id is distinct from ${except}::integer`);
  if (taken.rows.length > 0) throw new Conflict(MESSAGES.administration.schoolNumberTaken(number));
}

function checkedName(name: string): string {
  const problem = nameProblem(name);
  if (problem) throw InvalidFields.of('name', problem);
  return name.trim();
}

/** createAdminOrganisation: a school with its number, a KMZ or a ZfsL, without members yet. */
export async function createAdminOrganisation(
  services: AdminServices,
  caller: Caller,
  fields: Schemas['AdminOrganisationCreate'],
): Promise<AdminOrganisation> {
  requireStaffForAdministration(caller);
  const name = checkedName(fields.name);
  checkSchoolNumber(fields.organisationType, fields.msbSchoolNumber);
  const id = await services.db.transaction(async (tx) => {
    await requireFreeSchoolNumber(tx, fields.msbSchoolNumber, null);
    const inserted = await tx.execute<{ id: number }>(sql`
      insert into organisations (name, organisation_type, msb_school_number)
      values (${name}, ${fields.organisationType}, ${fields.msbSchoolNumber ?? null}) returning id`);
    const newId = inserted.rows[0]?.id;
    if (newId === undefined) throw new Error('organisation not stored');
    return newId;
  });
  const {
    members: _members,
    invitations: _invitations,
    ...organisation
  } = await adminOrganisation(services, caller, id);
  return organisation;
}

/** updateAdminOrganisation: name, school number and quota (null: the server's default). */
export async function updateAdminOrganisation(
  services: AdminServices,
  caller: Caller,
  id: number,
  fields: Schemas['AdminOrganisationUpdate'],
): Promise<AdminOrganisationDetail> {
  requireStaffForAdministration(caller);
  const name = fields.name === undefined ? undefined : checkedName(fields.name);
  await services.db.transaction(async (tx) => {
    const current = await tx.execute<{ organisation_type: number }>(
      sql`select organisation_type from organisations where id = ${id} for update`,
    );
    const type = current.rows[0]?.organisation_type;
    if (type === undefined) throw new NotFound(MESSAGES.administration.organisationNotFound);
    if (fields.msbSchoolNumber !== undefined) {
      checkSchoolNumber(type, fields.msbSchoolNumber);
      await requireFreeSchoolNumber(tx, fields.msbSchoolNumber, id);
    }
    const changes: SQL[] = [];
    if (name !== undefined) changes.push(sql`name = ${name}`);
    if (fields.msbSchoolNumber !== undefined)
      changes.push(sql`msb_school_number = ${fields.msbSchoolNumber}`);
    if (fields.storageQuotaBytes !== undefined)
      changes.push(sql`storage_quota_bytes = ${fields.storageQuotaBytes}`);
    if (changes.length > 0) {
      await tx.execute(sql`update organisations set ${sql.join(changes, sql`, `)} where id = ${id}`);
    }
  });
  return adminOrganisation(services, caller, id);
}

type AdministratorOutcome = Schemas['AdminAdministratorOutcome'];

/**
 * addOrganisationAdministrator: an account becomes an administrator of the organisation at once (added or promoted);
 * an address without one gets an invitation whose link creates the account as administrator. The invitation mail
 * goes out before the answer; when it cannot, the invitation is removed again and staff hear so (503).
 */
export async function addOrganisationAdministrator(
  { db, mailer, settings }: Pick<Services, 'db' | 'mailer' | 'settings'>,
  caller: Caller,
  organisationId: number,
  rawEmail: string,
  request: AdminMailRequest,
): Promise<AdministratorOutcome> {
  requireStaffForAdministration(caller);
  const email = normaliseEmail(rawEmail);
  if (!isValidEmail(email)) throw InvalidFields.of('email', MESSAGES.field.email);
  const origin = mailLinkOrigin(settings.publicUrl, request.requestOrigin);
  const planned = await db.transaction(async (tx) => {
    const organisation = await tx.execute<{ name: string }>(
      sql`select name from organisations where id = ${organisationId} for update`,
    );
    const organisationName = organisation.rows[0]?.name;
    if (organisationName === undefined) throw new NotFound(MESSAGES.administration.organisationNotFound);
    const account = await tx.execute<{ id: number; first_name: string; last_name: string; email: string }>(
      sql`select id, first_name, last_name, email from users where email = ${email} for update`,
    );
    const person = account.rows[0];
    if (person) {
      const membership = await tx.execute<{ inserted: boolean }>(sql`
        insert into memberships (user_id, organisation_id, is_administrator)
        values (${person.id}, ${organisationId}, true)
        on conflict (user_id, organisation_id) do update set is_administrator = true
        returning (xmax = 0) as inserted`);
      const added = membership.rows[0]?.inserted === true;
      const subject = personSubject({
        id: person.id,
        firstName: person.first_name,
        lastName: person.last_name,
        email: person.email,
      });
      if (added) {
        await audit.record(tx, { kind: 'memberAdded', actor: caller, organisationId, subjects: [subject] });
      }
      await audit.record(tx, {
        kind: 'roleChanged',
        actor: caller,
        organisationId,
        subjects: [subject],
        details: { isAdministrator: true },
      });
      return { outcome: added ? ('added' as const) : ('promoted' as const) };
    }
    if (origin === null) {
      logMissingPublicUrl(request.log, 'administrator invitation mail', request.requestOrigin);
      throw new Unavailable(MESSAGES.invitations.mailNotSent, { code: 'mailNotSent' });
    }
    const { token, tokenHash } = await storeInvitation(tx, caller, organisationId, email, settings);
    return { outcome: 'invited' as const, token, tokenHash, organisationName };
  });
  if (planned.outcome !== 'invited') return { outcome: planned.outcome, email };
  await sendInvitation({ db, mailer, settings }, caller, {
    email,
    organisationName: planned.organisationName,
    token: planned.token,
    tokenHash: planned.tokenHash,
    origin: origin ?? '',
    log: request.log,
  });
  return { outcome: 'invited', email };
}

/** An administrator's invitation (a new link and expiry for an open one), recorded in the Protokoll. */
async function storeInvitation(
  tx: Executor,
  caller: Caller,
  organisationId: number,
  email: string,
  settings: Services['settings'],
): Promise<{ token: string; tokenHash: string }> {
  const { token, tokenHash } = newLinkToken();
  await tx.execute(sql`
    insert into invitations (organisation_id, email, token_hash, invited_by, is_administrator, expires_at, created_at)
    values (${organisationId}, ${email}, ${tokenHash}, ${caller.id}, true,
      now() + make_interval(secs => ${settings.invitationTtlSeconds}), now())
    on conflict (organisation_id, email) do update set token_hash = excluded.token_hash,
      invited_by = excluded.invited_by, is_administrator = true, expires_at = excluded.expires_at,
      created_at = excluded.created_at`);
  await audit.record(tx, {
    kind: 'memberInvited',
    actor: caller,
    organisationId,
    subjects: [{ type: 'invitation', id: null, name: email }],
    details: { isAdministrator: true },
  });
  return { token, tokenHash };
}

/** Sends the invitation mail in the staff member's language; when it fails, this link's invitation goes again. */
async function sendInvitation(
  { db, mailer, settings }: Pick<Services, 'db' | 'mailer' | 'settings'>,
  caller: Caller,
  invitation: {
    email: string;
    organisationName: string;
    token: string;
    tokenHash: string;
    origin: string;
    log: ServiceLog;
  },
): Promise<void> {
  const inviter = await db.execute<{
    first_name: string;
    last_name: string;
    email: string;
    language: string | null;
  }>(sql`select first_name, last_name, email, language from users where id = ${caller.id}`);
  const staff = inviter.rows[0];
  try {
    await mailer.send({
      to: invitation.email,
      ...invitationMail({
        link: `${invitation.origin}/invitation/${invitation.token}`,
        email: invitation.email,
        organisation: invitation.organisationName,
        inviter: staff
          ? inviterName({ firstName: staff.first_name, lastName: staff.last_name, email: staff.email })
          : caller.email,
        ttlSeconds: settings.invitationTtlSeconds,
        language: staff?.language ?? null,
      }),
    });
  } catch (error) {
    invitation.log.error({ err: error }, 'administrator invitation mail not sent');
    await db.execute(sql`delete from invitations where token_hash = ${invitation.tokenHash}`);
    throw new Unavailable(MESSAGES.invitations.mailNotSent, { code: 'mailNotSent' });
  }
}

/** resendAdminInvitation: a new link with a new expiry; the old link ends. */
export async function resendAdminInvitation(
  { db, mailer, settings }: Pick<Services, 'db' | 'mailer' | 'settings'>,
  caller: Caller,
  organisationId: number,
  invitationId: number,
  request: AdminMailRequest,
): Promise<Schemas['Invitation']> {
  requireStaffForAdministration(caller);
  const origin = mailLinkOrigin(settings.publicUrl, request.requestOrigin);
  if (origin === null) {
    logMissingPublicUrl(request.log, 'invitation mail', request.requestOrigin);
    throw new Unavailable(MESSAGES.invitations.mailNotSent, { code: 'mailNotSent' });
  }
  const { token, tokenHash } = newLinkToken();
  const renewed = await db.transaction(async (tx) => {
    const updated = await tx.execute<{ email: string; name: string }>(sql`
      update invitations i set token_hash = ${tokenHash}, created_at = now(),
        expires_at = now() + make_interval(secs => ${settings.invitationTtlSeconds})
      from organisations o
      where i.id = ${invitationId} and i.organisation_id = ${organisationId} and o.id = i.organisation_id
      returning i.email, o.name`);
    const row = updated.rows[0];
    if (!row) throw new NotFound(MESSAGES.administration.invitationNotFound);
    await audit.record(tx, {
      kind: 'memberInvited',
      actor: caller,
      organisationId,
      subjects: [{ type: 'invitation', id: null, name: row.email }],
    });
    return row;
  });
  await sendInvitation({ db, mailer, settings }, caller, {
    email: renewed.email,
    organisationName: renewed.name,
    token,
    tokenHash,
    origin,
    log: request.log,
  });
  const [invitation] = await openInvitations(db, organisationId, invitationId);
  if (!invitation) throw new NotFound(MESSAGES.administration.invitationNotFound);
  const { isAdministrator: _isAdministrator, ...plain } = invitation;
  return plain;
}

type UserRow = {
  id: number;
  name: string;
  email: string;
  is_staff: boolean;
  is_content_admin: boolean;
  is_locked: boolean;
  memberships: {
    organisation: { id: number; name: string; organisationType: number };
    isAdministrator: boolean;
  }[];
};

async function selectUsers(db: Executor, where: SQL): Promise<AdminUser[]> {
  const result = await db.execute<UserRow>(sql`
    select u.id, trim(u.first_name || ' ' || u.last_name) as name, u.email, u.is_staff, u.is_content_admin,
      u.locked_at is not null as is_locked,
      coalesce((select json_agg(json_build_object('organisation', json_build_object('id', o.id, 'name', o.name,
          'organisationType', o.organisation_type), 'isAdministrator', m.is_administrator) order by m.id)
        from memberships m join organisations o on o.id = m.organisation_id where m.user_id = u.id), '[]'::json)
        as memberships
    from users u
    where ${where}
    order by u.email, u.id
    limit ${ADMIN_LIST_LIMIT}`);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    isStaff: row.is_staff,
    isContentAdmin: row.is_content_admin,
    isLocked: row.is_locked,
    memberships: row.memberships,
  }));
}

/** listAdminUsers: by name or address. */
export async function listAdminUsers(
  db: Database,
  caller: Caller,
  search: string | undefined,
): Promise<AdminUser[]> {
  requireStaffForAdministration(caller);
  const pattern = like(search);
  return selectUsers(
    db,
    sql`(u.email like ${pattern} or lower(u.first_name || ' ' || u.last_name) like ${pattern})`,
  );
}

/**
 * updateAdminUser: locks an account (no sign-in; its sessions end at once, as its refresh tokens are revoked in the
 * same transaction) or unlocks it. Staff do not lock themselves out.
 */
export async function lockAccount(
  db: Database,
  caller: Caller,
  userId: number,
  locked: boolean,
): Promise<AdminUser> {
  requireStaffForAdministration(caller);
  if (locked && userId === caller.id) throw new Conflict(MESSAGES.administration.lockSelf);
  await db.transaction(async (tx) => {
    const updated = await tx.execute(sql`
      update users set locked_at = ${locked ? sql`coalesce(locked_at, now())` : sql`null`} where id = ${userId}
      returning id`);
    if (updated.rows.length === 0) throw new NotFound(MESSAGES.administration.userNotFound);
    if (locked) {
      await tx.execute(
        sql`update refresh_tokens set revoked_at = now() where user_id = ${userId} and revoked_at is null`,
      );
    }
  });
  const [user] = await selectUsers(db, sql`u.id = ${userId}`);
  if (!user) throw new NotFound(MESSAGES.administration.userNotFound);
  return user;
}
