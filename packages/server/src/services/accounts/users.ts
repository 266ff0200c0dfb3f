import { isPortalLanguage, normaliseEmail, ORGANISATION_TYPE, type PortalLanguage } from '@portal/domain';
import { type AnyColumn, asc, eq, max, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { memberships, organisations, tosVersions, users } from '../../db/schema.ts';
import { NotAuthenticated, NotFound } from '../../errors.ts';
import { MESSAGES } from '../../messages.ts';
import { hasAcceptedTerms } from '../access.ts';

export interface MembershipView {
  id: number;
  isAdministrator: boolean;
  user: { id: number; email: string; firstName: string; lastName: string };
  removalDeletesAccount: boolean;
}

export interface OrganisationView {
  id: number;
  name: string;
  organisationType: number;
  msbSchoolNumber: string | null;
  memberships: MembershipView[];
}

export interface UserView {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  hasAcceptedTos: boolean;
  tosUpdate: boolean;
  isStaff: boolean;
  isSocialUser: boolean;
  isKMZUser: boolean;
  isContentAdmin: boolean;
  arixSchoolid: string | null;
  img: string | null;
  language: PortalLanguage | null;
  organisations: OrganisationView[];
}

/**
 * Whether the account of a member ends when they leave the organisation: it is their only one, and they are not
 * portal staff (staff work without organisation). An account without organisation could do nothing in the portal,
 * so removeMembership deletes it, as deleteCurrentUser would; the settings page says so before. `userId` and
 * `organisationId` are columns or values of the surrounding statement.
 */
export function accountEndsWithRemoval(
  userId: AnyColumn | number,
  organisationId: AnyColumn | number,
): SQL<boolean> {
  return sql<boolean>`(not (select ${users.isStaff} from ${users} where ${users.id} = ${userId})
    and not exists (select 1 from ${memberships} other where other.user_id = ${userId}
      and other.organisation_id <> ${organisationId}))`;
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      email: users.email,
      isSocialUser: users.isSocialUser,
      language: users.language,
      lockedAt: users.lockedAt,
    })
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  return row ?? null;
}

export async function currentTosVersion(db: Database): Promise<number | null> {
  const [row] = await db.select({ version: max(tosVersions.version) }).from(tosVersions);
  return row?.version ?? null;
}

/**
 * The user as the portal sees it, with every organisation (in membership order: the first one decides the
 * administrator flag, spec §3) and all of that organisation's memberships. Two queries whatever the size.
 */
export async function loadUserView(db: Database, userId: number): Promise<UserView | null> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isStaff: users.isStaff,
      isSocialUser: users.isSocialUser,
      isContentAdmin: users.isContentAdmin,
      arixSchoolid: users.arixSchoolid,
      img: users.img,
      language: users.language,
      acceptedTosVersion: users.acceptedTosVersion,
      currentTos: sql<number | null>`(select max(${tosVersions.version}) from ${tosVersions})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;

  const own = alias(memberships, 'own');
  const rows = await db
    .select({
      organisationId: organisations.id,
      name: organisations.name,
      organisationType: organisations.organisationType,
      msbSchoolNumber: organisations.msbSchoolNumber,
      membershipId: memberships.id,
      isAdministrator: memberships.isAdministrator,
      memberId: users.id,
      memberEmail: users.email,
      memberFirstName: users.firstName,
      memberLastName: users.lastName,
      removalDeletesAccount: accountEndsWithRemoval(memberships.userId, organisations.id),
    })
    .from(own)
    .innerJoin(organisations, eq(organisations.id, own.organisationId))
    .innerJoin(memberships, eq(memberships.organisationId, organisations.id))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(own.userId, userId))
    .orderBy(asc(own.id), asc(memberships.id));

  const byOrganisation = new Map<number, OrganisationView>();
  for (const row of rows) {
    let organisation = byOrganisation.get(row.organisationId);
    if (!organisation) {
      organisation = {
        id: row.organisationId,
        name: row.name,
        organisationType: row.organisationType,
        msbSchoolNumber: row.msbSchoolNumber,
        memberships: [],
      };
      byOrganisation.set(row.organisationId, organisation);
    }
    organisation.memberships.push({
      id: row.membershipId,
      isAdministrator: row.isAdministrator,
      user: {
        id: row.memberId,
        email: row.memberEmail,
        firstName: row.memberFirstName,
        lastName: row.memberLastName,
      },
      removalDeletesAccount: row.removalDeletesAccount,
    });
  }
  const organisationList = [...byOrganisation.values()];
  const { acceptedTosVersion, currentTos, language, ...fields } = user;
  const hasAcceptedTos = hasAcceptedTerms(acceptedTosVersion, currentTos);
  return {
    ...fields,
    language: isPortalLanguage(language) ? language : null,
    hasAcceptedTos,
    // Accepted before, but not the version that is current now: the portal announces updated terms.
    tosUpdate: !hasAcceptedTos && acceptedTosVersion !== null,
    isKMZUser: organisationList.some((o) => o.organisationType === ORGANISATION_TYPE.kmz),
    organisations: organisationList,
  };
}

/** The signed-in user as the portal sees them; a valid token of a deleted account has no session any more (401). */
export async function currentUser(db: Database, userId: number): Promise<UserView> {
  const user = await loadUserView(db, userId);
  if (!user) throw new NotAuthenticated(MESSAGES.auth.tokenInvalid);
  return user;
}

/** Records acceptance of the terms version that is current now; answers the user as they are now. */
export async function acceptCurrentTos(db: Database, userId: number): Promise<UserView> {
  await db
    .update(users)
    .set({ acceptedTosVersion: sql`(select max(${tosVersions.version}) from ${tosVersions})` })
    .where(eq(users.id, userId));
  return currentUser(db, userId);
}

/** The newest terms version; 404 while none is published. */
export async function currentTerms(db: Database) {
  const documents = await currentLegalDocuments(db);
  if (!documents) throw new NotFound(MESSAGES.users.noTos);
  return documents;
}

export async function currentLegalDocuments(db: Database) {
  const [row] = await db
    .select({
      version: tosVersions.version,
      file: tosVersions.file,
      privacyPolicyFile: tosVersions.privacyPolicyFile,
    })
    .from(tosVersions)
    .orderBy(sql`${tosVersions.version} desc`)
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Database, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      isStaff: users.isStaff,
      isSocialUser: users.isSocialUser,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
