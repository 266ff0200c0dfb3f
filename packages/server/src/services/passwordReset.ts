import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { passwordResetTokens, refreshTokens, users } from '../db/schema.ts';
import { hashPassword } from '../infra/passwords.ts';

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a one-time reset token for the user; only its hash is stored. Returns the token for the link. */
export async function createResetToken(db: Database, userId: number, ttlSeconds: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: hashResetToken(token),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return token;
}

/**
 * Uses up the token and sets the new password in one transaction: the token (and every other open token of the
 * user) is marked used and all of the user's refresh tokens are revoked, so sessions on other devices end.
 * Returns the user id, or null when the token is unknown, used or expired.
 */
export async function resetPasswordWithToken(
  db: Database,
  token: string,
  password: string,
): Promise<number | null> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashResetToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) return null;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.userId, claimed.userId), isNull(refreshTokens.revokedAt)));
    return claimed.userId;
  });
}
