import type { components } from '@portal/api/schema';
import { isResourceUrl } from '@portal/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { memberships, organisations, tosVersions, users } from '../../db/schema.ts';
import type { Transaction } from '../../db/sql.ts';
import { Conflict, fieldErrors, InvalidFields, NotFound } from '../../errors.ts';
import { MESSAGES } from '../../messages.ts';
import { type Caller, requireAdministrator, requireStaffToPublishTerms } from '../access.ts';
import { type AuditSubject, audit, personSubject } from '../audit/index.ts';
import { nameProblem } from '../names.ts';
import { accountEndsWithRemoval, loadUserView } from './users.ts';

type Organisation = components['schemas']['Organisation'];
type Membership = components['schemas']['Membership'];

/** The organisation as its administrators see it (with its memberships), from the caller's user view. */
async function organisationView(db: Database, caller: Caller, organisationId: number): Promise<Organisation> {
  const organisation = (await loadUserView(db, caller.id))?.organisations.find(
    (o) => o.id === organisationId,
  );
  if (!organisation) throw new NotFound(MESSAGES.request.notFound);
  return organisation;
}

/** The caller's own membership in the organisation, locked until the transaction ends. */
export async function ownMembership(tx: Transaction, caller: Caller, organisationId: number) {
  const [own] = await tx
    .select({ isAdministrator: memberships.isAdministrator })
    .from(memberships)
    .where(and(eq(memberships.userId, caller.id), eq(memberships.organisationId, organisationId)))
    .for('update');
  return own;
}

/** Renames an organisation; administrators of it only (403 for other members, 404 for everybody else). */
export async function renameOrganisation(
  db: Database,
  caller: Caller,
  organisationId: number,
  name: string,
): Promise<Organisation> {
  await db.transaction(async (tx) => {
    requireAdministrator(await ownMembership(tx, caller, organisationId));
    const trimmed = name.trim();
    const nameRefusal = nameProblem(trimmed);
    if (nameRefusal) throw InvalidFields.of('name', nameRefusal);
    await tx.update(organisations).set({ name: trimmed }).where(eq(organisations.id, organisationId));
  });
  return organisationView(db, caller, organisationId);
}

interface MembershipRow {
  id: number;
  userId: number;
  isAdministrator: boolean;
}

/**
 * The organisation's memberships, locked until the transaction ends, after the access rule: the caller must be an
 * administrator of it (403 for other members, 404 for everybody else), and `membershipId` one of its memberships
 * (404). The row locks serialise concurrent changes of roles and members (two administrators demoting or removing
 * each other), so the last-administrator rule below always sees the current state.
 */
async function lockedMemberships(
  tx: Transaction,
  caller: Caller,
  organisationId: number,
  membershipId: number,
) {
  const rows: MembershipRow[] = await tx
    .select({ id: memberships.id, userId: memberships.userId, isAdministrator: memberships.isAdministrator })
    .from(memberships)
    .where(eq(memberships.organisationId, organisationId))
    .for('update');
  requireAdministrator(rows.find((row) => row.userId === caller.id));
  const target = rows.find((row) => row.id === membershipId);
  if (!target) throw new NotFound(MESSAGES.request.notFound);
  return { rows, target };
}

/**
 * An organisation never loses all administrators: 409 `lastAdministrator` when `target`, an administrator, would stop
 * being one and no other remains. Since only administrators may ask, that last one is always the caller.
 */
async function requireAnotherAdministrator(
  tx: Transaction,
  organisationId: number,
  rows: readonly MembershipRow[],
  target: MembershipRow,
): Promise<void> {
  if (!target.isAdministrator || rows.some((row) => row.isAdministrator && row.id !== target.id)) return;
  const [organisation] = await tx
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  throw lastAdministratorConflict(organisation?.name ?? '');
}

/** 409 `lastAdministrator`: the caller would leave `organisation` without administrators (their role, membership, account). */
export function lastAdministratorConflict(organisation: string): Conflict {
  return new Conflict(MESSAGES.users.lastAdministratorOf(organisation), {
    code: 'lastAdministrator',
    params: { organisation },
  });
}

/**
 * Sets a membership's administrator flag; administrators of the organisation only. 404 when the membership is not
 * one of that organisation, 409 when clearing it would leave the organisation without administrators.
 */
export async function setAdministrator(
  db: Database,
  caller: Caller,
  organisationId: number,
  membershipId: number,
  isAdministrator: boolean,
): Promise<Membership> {
  await db.transaction(async (tx) => {
    const { rows, target } = await lockedMemberships(tx, caller, organisationId, membershipId);
    if (!isAdministrator) await requireAnotherAdministrator(tx, organisationId, rows, target);
    await tx
      .update(memberships)
      .set({ isAdministrator })
      .where(and(eq(memberships.id, membershipId), eq(memberships.organisationId, organisationId)));
    await audit.record(tx, {
      kind: 'roleChanged',
      actor: caller,
      organisationId,
      subjects: [await personOf(tx, target.userId)],
      details: { isAdministrator },
    });
  });
  return membershipView(db, caller, organisationId, membershipId);
}

/**
 * Removes a member from the organisation; administrators of it only (as setAdministrator, 409 for its last
 * administrator). The person loses the organisation at once: the caller is loaded per request. When it was their
 * only organisation (`accountEndsWithRemoval`) their account goes too, with sessions and tokens by cascade, as in
 * deleteAccount; what they made belongs to the organisation and stays.
 */
export async function removeMember(
  db: Database,
  caller: Caller,
  organisationId: number,
  membershipId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows, target } = await lockedMemberships(tx, caller, organisationId, membershipId);
    await requireAnotherAdministrator(tx, organisationId, rows, target);
    // Locked first and asked afterwards, in a statement of its own: a membership another transaction was adding
    // meanwhile (an invitation of an existing account) has committed by then and is seen.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, target.userId)).for('update');
    const [account] = await tx
      .select({ ends: accountEndsWithRemoval(target.userId, organisationId) })
      .from(users)
      .where(eq(users.id, target.userId));
    // Named before the account may go with the membership.
    const person = await personOf(tx, target.userId);
    await tx.delete(memberships).where(eq(memberships.id, target.id));
    if (account?.ends) await tx.delete(users).where(eq(users.id, target.userId));
    await audit.record(tx, {
      kind: 'memberRemoved',
      actor: caller,
      organisationId,
      subjects: [{ ...person, id: account?.ends ? null : person.id }],
      details: { accountDeleted: account?.ends === true },
    });
  });
}

/** A person as the Protokoll names them: their name and address now. */
export async function personOf(tx: Transaction, userId: number): Promise<AuditSubject> {
  const [person] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) throw new NotFound(MESSAGES.request.notFound);
  return personSubject(person);
}

/** A membership of the organisation as the settings page lists it (from the caller's view of the organisation). */
export async function membershipView(
  db: Database,
  caller: Caller,
  organisationId: number,
  membershipId: number,
): Promise<Membership> {
  const membership = (await organisationView(db, caller, organisationId)).memberships.find(
    (m) => m.id === membershipId,
  );
  if (!membership) throw new NotFound(MESSAGES.request.notFound);
  return membership;
}

/** publishTos: staff only. */
export async function publishTerms(
  db: Database,
  caller: Caller,
  file: string,
  privacyPolicyFile: string | null | undefined,
): Promise<number> {
  requireStaffToPublishTerms(caller);
  // The contract's pattern is the rule's shape; an absolute URL must also parse ('https://' is no address).
  const notUrls = (
    [
      ['tosFile', file],
      ['privacyPolicyFile', privacyPolicyFile],
    ] as const
  ).filter(([, url]) => typeof url === 'string' && !isResourceUrl(url));
  if (notUrls.length > 0)
    throw new InvalidFields(fieldErrors(notUrls.map(([field]) => [field, MESSAGES.field.url])));
  return publishTosVersion(db, file, privacyPolicyFile, caller);
}

/**
 * Publishes the next terms version; every user's acceptance then refers to an older one. `publisher` is the staff
 * member, or null from the command line (the Protokoll names the server then).
 */
export async function publishTosVersion(
  db: Database,
  file: string,
  privacyPolicyFile: string | null | undefined,
  publisher: Caller | null,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ version: tosVersions.version, privacyPolicyFile: tosVersions.privacyPolicyFile })
      .from(tosVersions)
      .orderBy(sql`${tosVersions.version} desc`)
      .limit(1)
      .for('update');
    const version = (current?.version ?? 0) + 1;
    await tx.insert(tosVersions).values({
      version,
      file,
      privacyPolicyFile:
        privacyPolicyFile === undefined ? (current?.privacyPolicyFile ?? null) : privacyPolicyFile,
    });
    await audit.record(tx, {
      kind: 'termsPublished',
      actor: publisher,
      organisationId: null,
      details: { termsVersion: version },
    });
    return version;
  });
}

/** Every organisation by name, as the sharing dialogs offer them (names and types only, no memberships). */
export async function listOrganisationSummaries(db: Database) {
  return db
    .select({
      id: organisations.id,
      name: organisations.name,
      organisationType: organisations.organisationType,
    })
    .from(organisations)
    .orderBy(asc(organisations.name), asc(organisations.id));
}
