import { and, count, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { memberships, organisations, passwordResetTokens, refreshTokens, users } from '../db/schema.ts';
import { hasSqlState } from '../errors.ts';

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  img?: string | null;
  language?: string | null;
  passwordHash?: string;
}

/**
 * Returns 'emailTaken' when another account already uses the address (checked first, and by the unique index).
 * A new password ends the user's other sessions in the same transaction: every refresh token not of the family
 * `keepSession` (the caller's session) is revoked; all of them when the caller's session is not known (null).
 * A new email (the caller passes it only when it differs) uses up the user's open password-reset links in the same
 * transaction: a link mailed to the old address must not open the account any more.
 */
export async function updateProfile(
  db: Database,
  userId: number,
  changes: ProfileChanges,
  options: { keepSession?: string | null } = {},
): Promise<'ok' | 'emailTaken'> {
  if (changes.email !== undefined) {
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, changes.email), ne(users.id, userId)));
    if (other) return 'emailTaken';
  }
  if (Object.keys(changes).length === 0) return 'ok';
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set(changes).where(eq(users.id, userId));
      if (changes.email !== undefined)
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
      if (changes.passwordHash === undefined) return;
      const others: SQL[] = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
      if (options.keepSession) others.push(ne(refreshTokens.familyId, options.keepSession));
      await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(...others));
    });
  } catch (error) {
    if (hasSqlState(error, '23505')) return 'emailTaken';
    throw error;
  }
  return 'ok';
}

/**
 * Deletes the account (memberships, refresh and reset tokens go with it by cascade), unless the user is the last
 * administrator of an organisation that has other members: then the name of that organisation is returned.
 */
export async function deleteAccount(
  db: Database,
  userId: number,
): Promise<{ deleted: true } | { deleted: false; organisation: string }> {
  return db.transaction(async (tx) => {
    const adminOf = await tx
      .select({ organisationId: memberships.organisationId, name: organisations.name })
      .from(memberships)
      .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
      .where(and(eq(memberships.userId, userId), eq(memberships.isAdministrator, true)));
    for (const { organisationId, name } of adminOf) {
      const [others] = await tx
        .select({
          members: count(),
          admins: sql<number>`count(*) filter (where ${memberships.isAdministrator})::int`,
        })
        .from(memberships)
        .where(and(eq(memberships.organisationId, organisationId), ne(memberships.userId, userId)));
      if (others && others.members > 0 && others.admins === 0) return { deleted: false, organisation: name };
    }
    await tx.delete(users).where(eq(users.id, userId));
    return { deleted: true };
  });
}
