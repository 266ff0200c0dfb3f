import type { operations } from '@portal/api/schema';
import { type DomainUser, deriveRoleFlags, type RoleFlags } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { intArray } from '../db/sql.ts';
import { Forbidden, InvalidFields, NotAuthenticated, NotFound } from '../errors.ts';
import { MESSAGES } from '../messages.ts';

/**
 * The access policy: every rule of who may see or change what, in one place. The auth hook loads the caller once per
 * request (`loadCaller`); services ask the rules below, for changes inside the transaction that writes, with the facts
 * of the row they read (and lock) there. Visibility in lists is the SQL fragments at the end, the same rules for
 * single rows and whole pages.
 */

export interface CallerOrganisation {
  id: number;
  organisationType: number;
  msbSchoolNumber: string | null;
  /** The caller's own membership is flagged administrator. */
  isAdministrator: boolean;
}

/** The signed-in user of a request as the rules need them. */
export interface Caller {
  id: number;
  email: string;
  isStaff: boolean;
  isContentAdmin: boolean;
  isSocialUser: boolean;
  /** The newest terms version is accepted (or none is published). */
  hasAcceptedTos: boolean;
  /** The session (refresh-token family) of the access token. */
  session: string;
  /** In membership order: the first is "the" organisation of spec §3. */
  organisations: readonly CallerOrganisation[];
  organisationIds: readonly number[];
  /** The derived flags of spec §6 (@portal/domain): administrator, MSB, KMZ, ZfsL, staff, content admin. */
  roles: RoleFlags;
}

/** Spec: accepted when the user's accepted version is the newest one; nothing to accept while none is published. */
export function hasAcceptedTerms(acceptedVersion: number | null, currentVersion: number | null): boolean {
  return currentVersion === null || (acceptedVersion !== null && acceptedVersion >= currentVersion);
}

interface CallerFacts {
  id: number;
  email: string;
  isStaff: boolean;
  isContentAdmin: boolean;
  isSocialUser: boolean;
  acceptedTosVersion: number | null;
  currentTosVersion: number | null;
  organisations: readonly CallerOrganisation[];
}

/** The caller from what the database holds about them (`loadCaller`), with the derived flags of @portal/domain. */
export function callerFrom(facts: CallerFacts, session: string): Caller {
  // The domain's rules read memberships with their user's email; the caller's own membership is all they need.
  const domainUser: DomainUser = {
    email: facts.email,
    isSocialUser: facts.isSocialUser,
    isStaff: facts.isStaff,
    isContentAdmin: facts.isContentAdmin,
    organisations: facts.organisations.map((organisation) => ({
      id: organisation.id,
      organisationType: organisation.organisationType,
      msbSchoolNumber: organisation.msbSchoolNumber,
      memberships: [{ isAdministrator: organisation.isAdministrator, user: { email: facts.email } }],
    })),
  };
  return {
    id: facts.id,
    email: facts.email,
    isStaff: facts.isStaff,
    isContentAdmin: facts.isContentAdmin,
    isSocialUser: facts.isSocialUser,
    hasAcceptedTos: hasAcceptedTerms(facts.acceptedTosVersion, facts.currentTosVersion),
    session,
    organisations: facts.organisations,
    organisationIds: facts.organisations.map((organisation) => organisation.id),
    roles: deriveRoleFlags(domainUser),
  };
}

/**
 * The caller of a valid access token, in one statement; null when the account is gone or the token's session has
 * ended (issue 10, item 6): an access token lives only as long as its refresh family has a live refresh token, so
 * logout, a revoked family and a password change end it at once, not after its 300 s. One indexed lookup
 * (refresh_tokens_family_idx), folded into loading the caller. Tokens that name no session are not accepted.
 */
export async function loadCaller(
  db: Database,
  userId: number,
  session: string | null,
): Promise<Caller | null> {
  if (session === null) return null;
  const result = await db.execute<{
    id: number;
    email: string;
    is_staff: boolean;
    is_content_admin: boolean;
    is_social_user: boolean;
    accepted_tos_version: number | null;
    current_tos_version: number | null;
    organisations: CallerOrganisation[];
  }>(sql`
    select u.id, u.email, u.is_staff, u.is_content_admin, u.is_social_user, u.accepted_tos_version,
      (select max(version) from tos_versions) as current_tos_version,
      coalesce((select json_agg(json_build_object('id', o.id, 'organisationType', o.organisation_type,
          'msbSchoolNumber', o.msb_school_number, 'isAdministrator', m.is_administrator) order by m.id)
        from memberships m join organisations o on o.id = m.organisation_id where m.user_id = u.id), '[]'::json)
        as organisations
    from users u
    where u.id = ${userId} and u.locked_at is null
      and exists (select 1 from refresh_tokens r where r.family_id = ${session} and r.user_id = u.id
        and r.revoked_at is null and r.expires_at > now())`);
  const row = result.rows[0];
  if (!row) return null;
  return callerFrom(
    {
      id: row.id,
      email: row.email,
      isStaff: row.is_staff,
      isContentAdmin: row.is_content_admin,
      isSocialUser: row.is_social_user,
      acceptedTosVersion: row.accepted_tos_version,
      currentTosVersion: row.current_tos_version === null ? null : Number(row.current_tos_version),
      organisations: row.organisations,
    },
    session,
  );
}

/** A headset on the headset side of the contract, loaded from its device token by the auth hook. */
export interface HeadsetCaller {
  id: number;
  organisationId: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Rules. Each either answers or throws the domain error the caller gets (404 where the thing must stay unknown).

/** For operations whose contract requires a bearer token (the auth hook has refused anonymous calls already). */
export function signedIn(caller: Caller | null): Caller {
  if (caller === null) throw new NotAuthenticated(MESSAGES.auth.notAuthenticated);
  return caller;
}

/** For operations of the headset side (the auth hook has refused calls without a valid device token already). */
export function pairedHeadset(headset: HeadsetCaller | null): HeadsetCaller {
  if (headset === null) throw new NotAuthenticated(MESSAGES.headsets.tokenMissing);
  return headset;
}

/**
 * What a signed-in caller may do before accepting the current terms (spec §4: the portal is usable only after
 * acceptance): read the terms and the privacy policy, accept them, sign out and read their own user.
 */
export const OPERATIONS_BEFORE_TERMS: ReadonlySet<string> = new Set<keyof operations>([
  'getCurrentTos',
  'getCurrentPrivacyPolicy',
  'acceptTos',
  'logout',
  'getCurrentUser',
]);

/** Every other operation answers 403 with the code `termsNotAccepted` until the current terms are accepted. */
export function requireAcceptedTerms(caller: Caller, operationId: string): void {
  if (caller.hasAcceptedTos || OPERATIONS_BEFORE_TERMS.has(operationId)) return;
  throw new Forbidden(MESSAGES.auth.termsNotAccepted, { code: 'termsNotAccepted' });
}

export function isMember(caller: Caller, organisationId: number): boolean {
  return caller.organisationIds.includes(organisationId);
}

/**
 * Administrators of an organisation change it. `membership` is the caller's own membership in it, read where the
 * change is made: none answers 404 (not theirs to see), one without the flag 403.
 */
export function requireAdministrator(membership: { isAdministrator: boolean } | undefined): void {
  if (!membership) throw new NotFound(MESSAGES.request.notFound);
  if (!membership.isAdministrator) throw new Forbidden(MESSAGES.auth.administratorsOnly);
}

/** Only portal staff publish new terms versions. */
export function requireStaffToPublishTerms(caller: Caller): void {
  if (!caller.isStaff) throw new Forbidden(MESSAGES.users.staffOnlyTerms);
}

/** Only portal staff use the Adminbereich (organisations, users, their first administrators). */
export function requireStaffForAdministration(caller: Caller): void {
  if (!caller.isStaff) throw new Forbidden(MESSAGES.administration.staffOnly);
}

/** Only portal staff manage operating system images. */
export function requireStaffForOperatingSystems(caller: Caller): void {
  if (!caller.isStaff) throw new Forbidden(MESSAGES.operatingSystems.staffOnly);
}

/** The organisations whose membership of the caller is flagged administrator. */
const administeredBy = (caller: Caller) =>
  caller.organisations.filter((o) => o.isAdministrator).map((o) => o.id);

/**
 * Operating system images are read by staff (all of them) and by administrators (those {@link operatingSystemsVisibleTo}
 * lets through, the ones they may roll out); any other member is refused (403).
 */
export function requireOperatingSystemReader(caller: Caller): void {
  if (!caller.isStaff && administeredBy(caller).length === 0) {
    throw new Forbidden(MESSAGES.operatingSystems.readersOnly);
  }
}

/**
 * Images the caller sees (rows aliased `o`): staff every one, drafts included; an administrator the published images
 * for the models of the headsets of the organisations they administer; anybody else none.
 */
export function operatingSystemsVisibleTo(caller: Caller): SQL {
  if (caller.isStaff) return sql`true`;
  return sql`(o.is_published and exists (select 1 from operating_system_device_types ot
    join devices d on d.device_type_id = ot.device_type_id
    where ot.operating_system_id = o.id and d.organisation_id = any(${intArray(administeredBy(caller))})))`;
}

/**
 * Content administrators and staff may make content public (visible to every organisation): they decide the requests
 * of the review queue (Moderieren) and withdraw public items. Everybody else proposes (`requirePublicationProposer`).
 */
export function mayMakeContentPublic(caller: Caller): boolean {
  return caller.isContentAdmin || caller.isStaff;
}

/** The review queue and its decisions are for those who may make content public; every other member 403. */
export function requireContentModerator(caller: Caller): void {
  if (!mayMakeContentPublic(caller)) throw new Forbidden(MESSAGES.moderation.moderatorsOnly);
}

/**
 * Members of the item's owner organisation propose it for every school (the owner check of spec §3 with its own
 * words); others who see it 403, who do not 404.
 */
export function requirePublicationProposer<Item extends OwnedItem>(
  caller: Caller,
  item: Item | undefined,
): Item {
  return requireOwner(caller, item, {
    notFound: MESSAGES.content.notFound,
    notOwner: MESSAGES.moderation.notOwner,
  });
}

/** Where an item's request stands is read by its organisation's members and by moderators; others who see it 403. */
export function requirePublicationReader<Item extends OwnedItem>(
  caller: Caller,
  item: Item | undefined,
): Item {
  if (item?.visible && mayMakeContentPublic(caller)) return item;
  return requirePublicationProposer(caller, item);
}

/**
 * The organisation a new item (content, playlist) belongs to: the one asked for, which must be one of the caller's
 * (400 on `ownerId`), or the first. A caller without organisation (staff) creates none: 403 with `noOrganisation`.
 */
export function ownerOfNewItem(
  caller: Caller,
  requested: number | undefined,
  noOrganisation: string,
): number {
  const ownerId = requested ?? requireOrganisation(caller, noOrganisation);
  if (!isMember(caller, ownerId)) throw InvalidFields.of('ownerId', MESSAGES.content.notMember);
  return ownerId;
}

/** Content and playlists belong to organisations: a caller without one (staff) creates none (403). Answers the first. */
export function requireOrganisation(caller: Caller, noOrganisation: string): number {
  const first = caller.organisationIds[0];
  if (first === undefined) throw new Forbidden(noOrganisation);
  return first;
}

/** The organisation preview images and documents are uploaded for: the caller's first (403 without one). */
export function uploadingOrganisation(caller: Caller): number {
  return requireOrganisation(caller, MESSAGES.files.noOrganisation);
}

/** Where a duplicated playlist goes: the caller's first organisation; without one the caller sees no playlists (404). */
export function duplicatingOrganisation(caller: Caller): number {
  const organisationId = caller.organisationIds[0];
  if (organisationId === undefined) throw new NotFound(MESSAGES.configurations.notFound);
  return organisationId;
}

/** What a service read about an item before changing it: whether the caller sees it, and who owns it. */
export interface OwnedItem {
  visible: boolean;
  ownerId: number;
}

/**
 * Owner check of spec §3 for content and playlists: only the owner organisation changes an item. An item the caller
 * cannot see answers 404 (ids cannot be probed), a visible but foreign one 403. Answers the item.
 */
export function requireOwner<Item extends OwnedItem>(
  caller: Caller,
  item: Item | undefined,
  messages: { notFound: string; notOwner: string },
): Item {
  if (!item?.visible) throw new NotFound(messages.notFound);
  if (!isMember(caller, item.ownerId)) throw new Forbidden(messages.notOwner);
  return item;
}

/**
 * Preview images and documents are deleted by their organisation only. As for items, a file the caller cannot see —
 * another organisation's, attached to no item the caller sees ({@link storedFileItemVisibleTo}) — answers 404 like
 * an unknown id (file ids cannot be probed), a visible file of another organisation 403.
 */
export function requireFileOwner(
  caller: Caller,
  file: { organisationId: number; itemVisible: boolean },
): void {
  if (isMember(caller, file.organisationId)) return;
  if (!file.itemVisible) throw new NotFound(MESSAGES.files.notFound);
  throw new Forbidden(MESSAGES.files.notOwner);
}

// ---------------------------------------------------------------------------------------------------------------
// Headsets. Every member of an organisation sees, lists and commands its headsets; administrators of it add, pair,
// unpair and remove them. A headset of another organisation is 404 for everybody else, so ids and serial numbers
// cannot be probed.

/** What a service read about a headset before acting on it. */
export interface DeviceFacts {
  organisationId: number;
}

/** Members of the headset's organisation see and command it; for everybody else it does not exist (404). */
export function requireDeviceMember<Device extends DeviceFacts>(
  caller: Caller,
  device: Device | undefined,
): Device {
  if (!device || !isMember(caller, device.organisationId)) throw new NotFound(MESSAGES.devices.notFound);
  return device;
}

/** Administrators of the headset's organisation pair, unpair and remove it; other members get 403, others 404. */
export function requireDeviceAdministrator(caller: Caller, device: DeviceFacts | undefined): void {
  const membership = device && caller.organisations.find((o) => o.id === device.organisationId);
  if (!membership) throw new NotFound(MESSAGES.devices.notFound);
  if (!membership.isAdministrator) throw new Forbidden(MESSAGES.enrolment.notAdministrator);
}

/**
 * The organisation a new headset is added to: the one asked for, which the caller must administer, or the first one
 * they administer. A caller who administers none adds no headsets (403).
 */
export function enrolmentOrganisation(caller: Caller, requested: number | undefined): number {
  const administered = administeredBy(caller);
  const first = administered[0];
  if (first === undefined) throw new Forbidden(MESSAGES.enrolment.notAdministrator);
  if (requested === undefined) return first;
  if (!administered.includes(requested)) throw new Forbidden(MESSAGES.enrolment.notAdministratorOf);
  return requested;
}

/** The headset list's `organisation` filter names one of the caller's organisations (404 for any other). */
export function requireListedOrganisation(caller: Caller, organisationId: number): void {
  if (!isMember(caller, organisationId)) throw new NotFound(MESSAGES.devices.organisationNotFound);
}

// ---------------------------------------------------------------------------------------------------------------
// Groups (Gruppierungen) of headsets: the same organisation checks as for headsets. Every member of an organisation
// sees, creates, changes and deletes its groups; a group of another organisation is 404.

/** Members of the group's organisation see and change it; for everybody else it does not exist (404). */
export function requireGroupMember<Group extends { organisationId: number }>(
  caller: Caller,
  group: Group | undefined,
): Group {
  if (!group || !isMember(caller, group.organisationId)) throw new NotFound(MESSAGES.groups.notFound);
  return group;
}

/**
 * The organisation a new group belongs to: the one asked for, which must be one of the caller's (400 on
 * `organisationId`), or the first. A caller without organisation (staff) creates none (403).
 */
export function groupOrganisation(caller: Caller, requested: number | undefined): number {
  const organisationId = requested ?? requireOrganisation(caller, MESSAGES.groups.noOrganisation);
  if (!isMember(caller, organisationId)) {
    throw InvalidFields.of('organisationId', MESSAGES.content.notMember);
  }
  return organisationId;
}

// ---------------------------------------------------------------------------------------------------------------
// Visibility in SQL. Content rows are aliased `c`, playlists `g`, headsets `d`, groups `dg`.

/** The caller's organisation ids as an array parameter (`= any(…)`). */
export const organisationsOf = (caller: Caller) => intArray(caller.organisationIds);

/** Content of the viewer's organisations. */
export function contentOwnedBy(viewer: Caller): SQL {
  return sql`c.owner_id = any(${organisationsOf(viewer)})`;
}

/** Content shared with one of the viewer's organisations (whoever owns it). */
export function contentSharedWith(viewer: Caller): SQL {
  return sql`exists (select 1 from content_shares s where s.content_id = c.id
        and s.organisation_id = any(${organisationsOf(viewer)}))`;
}

/** Who may see content: everybody public content; members their organisations' content and what is shared with them. */
export function contentVisibleTo(viewer: Caller | null): SQL {
  if (viewer === null) return sql`c.is_public`;
  return sql`(c.is_public or ${contentOwnedBy(viewer)} or ${contentSharedWith(viewer)})`;
}

/**
 * What one organisation sees: public content, its own, and what is shared with it. The rule for playlists, which hold
 * only what their owner organisation sees (whoever of its members adds an item). `organisationId` is a number or a
 * column such as `p.owner_id`.
 */
export function contentVisibleToOrganisation(organisationId: number | SQL): SQL {
  return sql`(c.is_public
      or c.owner_id = ${organisationId}
      or exists (select 1 from content_shares s where s.content_id = c.id and s.organisation_id = ${organisationId}))`;
}

/**
 * Headsets the caller sees, lists and commands: those of their organisations (rows aliased `d`). For the usual caller
 * with one organisation the same rule is written as an equality, which lets the database read a page of the fleet
 * in name order from its index (`= any(…)` makes it sort every headset of the organisation first).
 */
export function devicesVisibleTo(caller: Caller): SQL {
  const [only, ...more] = caller.organisationIds;
  if (only !== undefined && more.length === 0) return sql`d.organisation_id = ${only}`;
  return sql`d.organisation_id = any(${organisationsOf(caller)})`;
}

/**
 * Lessons the caller sees, pauses and stops: those of their organisations (rows aliased `l`), as every member commands
 * the organisation's headsets. A caller without organisation sees none.
 */
export function lessonsVisibleTo(caller: Caller): SQL {
  return sql`l.organisation_id = any(${organisationsOf(caller)})`;
}

/** Groups the caller sees and changes: those of their organisations (rows aliased `dg`). */
export function deviceGroupsVisibleTo(caller: Caller): SQL {
  return sql`dg.organisation_id = any(${organisationsOf(caller)})`;
}

/** Playlists of the caller's organisations. */
export function configurationOwnedBy(caller: Caller): SQL {
  return sql`g.owner_id = any(${organisationsOf(caller)})`;
}

/** Playlists an organisation sees: its own and those shared with it. */
export function configurationVisibleTo(caller: Caller): SQL {
  return sql`(${configurationOwnedBy(caller)}
    or exists (select 1 from configuration_shares s where s.configuration_id = g.id
      and s.organisation_id = any(${organisationsOf(caller)})))`;
}

/** Lesson plans (Unterrichtsablauf) of the caller's organisations (rows aliased `lp`). */
export function lessonPlanOwnedBy(caller: Caller): SQL {
  return sql`lp.owner_id = any(${organisationsOf(caller)})`;
}

/** Lesson plans an organisation sees: its own and those shared with it, as for playlists. */
export function lessonPlanVisibleTo(caller: Caller): SQL {
  return sql`(${lessonPlanOwnedBy(caller)}
    or exists (select 1 from lesson_plan_shares s where s.lesson_plan_id = lp.id
      and s.organisation_id = any(${organisationsOf(caller)})))`;
}

// ---------------------------------------------------------------------------------------------------------------
// The Protokoll (audit log). Administrators read their organisations' entries, portal staff every entry (also those of
// no organisation: terms versions); a member without the administrator flag, content administrators included, reads
// none (403). Rows aliased `e`.

/**
 * The entries the caller reads, as SQL, with the `organisation` filter applied: it must name an organisation the
 * caller administers (staff: any), else 403 for one the caller is a member of and 404 for any other. For an
 * administrator of one organisation the rule is an equality, which the database reads a page of from its index in
 * order (as for headsets).
 */
export function auditEntriesVisibleTo(caller: Caller, organisation?: number): SQL {
  if (organisation !== undefined) {
    if (!caller.isStaff) {
      const membership = caller.organisations.find((o) => o.id === organisation);
      if (!membership) throw new NotFound(MESSAGES.audit.organisationNotFound);
      if (!membership.isAdministrator) throw new Forbidden(MESSAGES.audit.administratorsOnly);
    }
    return sql`e.organisation_id = ${organisation}`;
  }
  if (caller.isStaff) return sql`true`;
  const administered = caller.organisations.filter((o) => o.isAdministrator).map((o) => o.id);
  const [only, ...more] = administered;
  if (only === undefined) throw new Forbidden(MESSAGES.audit.administratorsOnly);
  if (more.length === 0) return sql`e.organisation_id = ${only}`;
  return sql`e.organisation_id = any(${intArray(administered)})`;
}

// ---------------------------------------------------------------------------------------------------------------
// Stored files (content files, previews, documents, operating system images), delivered at /media/files/<key>.

/** Whether the item a preview or document is attached to is one the viewer sees (stored_files rows aliased `f`). */
export function storedFileItemVisibleTo(viewer: Caller): SQL {
  return sql`exists (select 1 from contents c where c.id = f.content_id and ${contentVisibleTo(viewer)})`;
}

/**
 * On whose behalf a signed media URL was handed out (services/content/mediaLinks.ts): an organisation that may see the item
 * the file belongs to (a member's organisation, or a headset's), or any signed-in user (operating system images,
 * which every signed-in user may read).
 */
export type FileGrant = { organisationId: number } | 'signedIn';

/**
 * The organisation a viewer is granted a content item's files through: none for public items (their URLs are not
 * signed), else the owner when it is one of the viewer's, else the lowest of the viewer's organisations the item is
 * shared with. Content rows aliased `c`; only meaningful for rows `contentVisibleTo(viewer)` lets through.
 */
export function contentFileGrantOf(viewer: Caller | null): SQL {
  if (viewer === null) return sql`null::integer`;
  return sql`case when c.is_public then null
      when ${contentOwnedBy(viewer)} then c.owner_id
      else (select min(s.organisation_id) from content_shares s where s.content_id = c.id
        and s.organisation_id = any(${organisationsOf(viewer)})) end`;
}

/**
 * Who may fetch a stored file, checked on every request for it (http/mediaFiles.ts), so a withdrawn share, a
 * deleted item or an item made private ends access at once, whatever URLs are still around. Without a grant
 * (an unsigned URL): files of public items only. With an organisation's grant: files of items that organisation
 * sees now (`contentVisibleToOrganisation`), and previews and documents it uploaded that are not attached to an
 * item yet. With the signed-in grant: operating system images and files of public items. A boolean SQL expression
 * over the file's key and its URL (`mediaUrl(key)`, as items store it).
 */
export function storedFileVisibleTo(grant: FileGrant | null, file: { key: string; url: string }): SQL {
  const organisation = grant !== null && grant !== 'signedIn' ? grant.organisationId : null;
  const item = organisation === null ? sql`c.is_public` : contentVisibleToOrganisation(organisation);
  const unattached = organisation === null ? sql`false` : sql`f.organisation_id = ${organisation}`;
  return sql`(exists (select 1 from contents c where c.file = ${file.url} and ${item})
    or exists (select 1 from stored_files f left join contents c on c.id = f.content_id
      where f.storage_key = ${file.key} and (case when c.id is null then ${unattached} else ${item} end))
    or exists (select 1 from operating_systems o where o.file = ${file.url} and ${grant !== null}))`;
}
