import { normaliseEmail } from '@portal/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { passwordResetTokens, refreshTokens, users } from '../../db/schema.ts';
import { InvalidFields, TooManyAttempts } from '../../errors.ts';
import { hashPassword, secretHash } from '../../infra/passwords.ts';
import { MESSAGES, resetPasswordMail } from '../../messages.ts';
import type { Services } from '../dependencies.ts';
import { liftLoginLocks } from './loginThrottle.ts';
import {
  logMissingPublicUrl,
  mailLinkOrigin,
  newLinkToken,
  requireNewPassword,
  type ServiceLog,
} from './mailedLinks.ts';
import { resetMailRules } from './throttle.ts';
import { findUserByEmail, findUserById } from './users.ts';

/** Creates a one-time reset token for the user; only its hash is stored. Returns the token for the link. */
export async function createResetToken(db: Database, userId: number, ttlSeconds: number): Promise<string> {
  const { token, tokenHash } = newLinkToken();
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash,
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
          eq(passwordResetTokens.tokenHash, secretHash(token)),
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

/**
 * sendResetPasswordMail: always the same answer; for an existing password account a one-time link is mailed. Counted
 * per request, whether or not the account exists, so the 429 tells nothing about accounts either. The token and the
 * mail (an SMTP round trip can take seconds) happen after the answer, so its timing does not tell whether the
 * account exists; failures are only logged.
 */
export async function requestResetMail(
  { db, throttle, mailer, settings }: Pick<Services, 'db' | 'throttle' | 'mailer' | 'settings'>,
  email: string,
  request: { clientAddress: string; requestOrigin: string; log: ServiceLog },
): Promise<void> {
  const address = normaliseEmail(email);
  const rules = resetMailRules(settings, address, request.clientAddress);
  const wait = await throttle.lockedFor(rules);
  if (wait > 0) throw new TooManyAttempts(wait, MESSAGES.users.tooManyResetMails, 'resetMailThrottled');
  await throttle.recordFailure(rules);

  const user = await findUserByEmail(db, address);
  // Social users sign in at their provider, which owns their credentials: no password to reset here.
  if (!user || user.isSocialUser) return;
  const origin = mailLinkOrigin(settings.publicUrl, request.requestOrigin);
  if (origin === null) return logMissingPublicUrl(request.log, 'reset mail', request.requestOrigin);
  void (async () => {
    const token = await createResetToken(db, user.id, settings.resetTokenTtlSeconds);
    const link = `${origin}/reset-password/${token}`;
    await mailer.send({
      to: user.email,
      ...resetPasswordMail(link, settings.resetTokenTtlSeconds, user.language),
    });
  })().catch((error: unknown) => request.log.error({ err: error }, 'reset mail not sent'));
}

/**
 * resetPassword: checks the spec §5 rule, uses the link up and sets the password (every session of the user ends in
 * the same transaction). A forgotten password often follows a lockout: the new password opens the account at once.
 */
export async function resetPassword(
  { db, throttle }: Pick<Services, 'db' | 'throttle'>,
  password: string,
  urlHash: string,
): Promise<void> {
  requireNewPassword(password);
  const userId = await resetPasswordWithToken(db, urlHash, password);
  if (userId === null) throw InvalidFields.of('urlHash', MESSAGES.users.resetLinkInvalid);
  const user = await findUserById(db, userId);
  if (user) await liftLoginLocks(throttle, user.email);
}
