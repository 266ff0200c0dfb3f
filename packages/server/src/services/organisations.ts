import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { memberships, organisations, tosVersions } from '../db/schema.ts';

/** The caller's membership in the organisation: null = not a member (404), else whether they administer it. */
export async function membershipOf(db: Database, userId: number, organisationId: number) {
  const [row] = await db
    .select({ isAdministrator: memberships.isAdministrator })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organisationId, organisationId)));
  return row ?? null;
}

export async function renameOrganisation(db: Database, organisationId: number, name: string): Promise<void> {
  await db.update(organisations).set({ name }).where(eq(organisations.id, organisationId));
}

/**
 * Sets a membership's administrator flag. 'notFound' when the membership is not one of that organisation,
 * 'lastAdministrator' when clearing it would leave the organisation without administrators.
 */
export async function setAdministrator(
  db: Database,
  organisationId: number,
  membershipId: number,
  isAdministrator: boolean,
): Promise<'ok' | 'notFound' | 'lastAdministrator'> {
  return db.transaction(async (tx) => {
    // Row locks on the organisation's memberships serialise concurrent demotions (two admins demoting each other).
    const rows = await tx
      .select({ id: memberships.id, isAdministrator: memberships.isAdministrator })
      .from(memberships)
      .where(eq(memberships.organisationId, organisationId))
      .for('update');
    const target = rows.find((row) => row.id === membershipId);
    if (!target) return 'notFound';
    if (!isAdministrator && target.isAdministrator) {
      const otherAdmins = rows.filter((row) => row.isAdministrator && row.id !== membershipId);
      if (otherAdmins.length === 0) return 'lastAdministrator';
    }
    await tx
      .update(memberships)
      .set({ isAdministrator })
      .where(and(eq(memberships.id, membershipId), eq(memberships.organisationId, organisationId)));
    return 'ok';
  });
}

/** Publishes the next terms version; every user's acceptance then refers to an older one. */
export async function publishTosVersion(
  db: Database,
  file: string,
  privacyPolicyFile: string | null | undefined,
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
