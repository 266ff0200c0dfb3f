/**
 * Role rules of spec §3 and §6. The types are the minimal structure these rules read, so objects of the
 * API's User / Organisation / Content shapes can be passed as they are.
 */

export const ORGANISATION_TYPE = { school: 2, kmz: 4, zfsl: 5 } as const;
export type KnownOrganisationType = (typeof ORGANISATION_TYPE)[keyof typeof ORGANISATION_TYPE];

export interface DomainMembershipUser {
  email: string;
}

export interface DomainMembership {
  isAdministrator: boolean;
  user: DomainMembershipUser;
}

export interface DomainOrganisation {
  id: number;
  organisationType: number;
  msbSchoolNumber?: string | null;
  memberships?: readonly DomainMembership[];
}

export interface DomainUser {
  email: string;
  isSocialUser?: boolean;
  isStaff?: boolean;
  isContentAdmin?: boolean;
  organisations: readonly DomainOrganisation[];
}

export interface DomainOwnedContent {
  owner: { id: number } | null;
}

/** Servers and mail systems treat addresses case-insensitively, so 'Admin@KMZ.example' is the same person. */
function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function firstOrganisation(user: DomainUser | null | undefined): DomainOrganisation | undefined {
  return user?.organisations[0];
}

function firstOrganisationHasType(user: DomainUser | null | undefined, type: number): boolean {
  return firstOrganisation(user)?.organisationType === type;
}

/** Administrator = a membership of the FIRST organisation, flagged isAdministrator, for the user's own email. */
export function isAdministrator(user: DomainUser | null | undefined): boolean {
  if (!user) return false;
  const memberships = firstOrganisation(user)?.memberships ?? [];
  return memberships.some((m) => m.isAdministrator && sameEmail(m.user.email, user.email));
}

/** MSB user = social user, or first organisation is a school (type 2) with a non-blank school number. */
export function isMsbUser(user: DomainUser | null | undefined): boolean {
  if (!user) return false;
  if (user.isSocialUser === true) return true;
  const first = firstOrganisation(user);
  return first?.organisationType === ORGANISATION_TYPE.school && (first.msbSchoolNumber ?? '').trim() !== '';
}

/** Like the administrator and MSB rules, the type checks look at the first organisation only. */
export function isKmzUser(user: DomainUser | null | undefined): boolean {
  return firstOrganisationHasType(user, ORGANISATION_TYPE.kmz);
}

export function isZfslUser(user: DomainUser | null | undefined): boolean {
  return firstOrganisationHasType(user, ORGANISATION_TYPE.zfsl);
}

/** The 'MSB' group: MSB users plus KMZ (type 4) and ZfsL (type 5) users. */
export function isInMsbGroup(user: DomainUser | null | undefined): boolean {
  return isMsbUser(user) || isKmzUser(user) || isZfslUser(user);
}

/** Owner = one of the user's organisations (any, not only the first) is the content's owner. */
export function isContentOwner(
  user: DomainUser | null | undefined,
  content: DomainOwnedContent | null | undefined,
): boolean {
  const ownerId = content?.owner?.id;
  if (!user || ownerId === undefined) return false;
  return user.organisations.some((o) => o.id === ownerId);
}

export interface RoleFlags {
  isAdministrator: boolean;
  isMsbUser: boolean;
  isKmzUser: boolean;
  isZfslUser: boolean;
  isInMsbGroup: boolean;
  isStaff: boolean;
  isContentAdmin: boolean;
}

/** Every flag at once; a missing user (signed out) has none. */
export function deriveRoleFlags(user: DomainUser | null | undefined): RoleFlags {
  return {
    isAdministrator: isAdministrator(user),
    isMsbUser: isMsbUser(user),
    isKmzUser: isKmzUser(user),
    isZfslUser: isZfslUser(user),
    isInMsbGroup: isInMsbGroup(user),
    isStaff: user?.isStaff === true,
    isContentAdmin: user?.isContentAdmin === true,
  };
}

/**
 * Who may create content: a signed-in user with at least one organisation, as the server decides (createContent
 * gives new content to the caller's first organisation and refuses a caller without one). Staff without an
 * organisation may not.
 */
export function mayCreateContent(user: DomainUser | null | undefined): boolean {
  return (user?.organisations.length ?? 0) > 0;
}

/**
 * Playlists follow the same two rules on the server (createConfiguration, the owner check of every change): a user
 * with an organisation creates them, and only the owner organisation's members change one (a shared one is
 * read-only).
 */
export const mayCreatePlaylist = mayCreateContent;

/**
 * Who decides the requests to make content public and withdraws public items (Moderieren, /moderate): content
 * administrators and portal staff, as the server's rule reads it. Everybody else with an organisation proposes.
 */
export function mayModerateContent(user: DomainUser | null | undefined): boolean {
  return user?.isContentAdmin === true || user?.isStaff === true;
}

/** Who runs the Adminbereich (/administration: organisations, users, terms versions): portal staff only. */
export function mayAdministerPortal(user: DomainUser | null | undefined): boolean {
  return user?.isStaff === true;
}
export const isPlaylistOwner = isContentOwner;

/** Lesson plans (Unterrichtsablauf) too: only the owner organisation's members change one; a shared one is read-only. */
export const isLessonPlanOwner = isContentOwner;

/**
 * The organisations whose membership of the user is flagged isAdministrator, in membership order (not only the
 * first, as spec §6's administrator check reads): administrators of an organisation add, pair and remove its
 * headsets, the server's rule (enrolDevice, revokeDeviceToken, deleteDevice).
 */
export function administeredOrganisations<Organisation extends DomainOrganisation>(
  user: (Omit<DomainUser, 'organisations'> & { organisations: readonly Organisation[] }) | null | undefined,
): Organisation[] {
  if (!user) return [];
  return user.organisations.filter((organisation) =>
    (organisation.memberships ?? []).some((m) => m.isAdministrator && sameEmail(m.user.email, user.email)),
  );
}
