import { randomBytes } from 'node:crypto';
import { isValidPassword } from '@portal/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { passwordResetTokens, refreshTokens, users } from '../db/schema.ts';
import { InvalidFields, TooManyAttempts } from '../errors.ts';
import { hashPassword, secretHash } from '../infra/passwords.ts';
import { MESSAGES, resetPasswordMail } from '../messages.ts';
import type { Services } from './dependencies.ts';
import { isLoopbackUrl } from './loopback.ts';
import { loginAccountRule, resetMailRules } from './throttle.ts';
import { findUserByEmail, findUserById, normaliseEmail } from './users.ts';

/** Where a service reports what only operators need to know. */
export interface ServiceLog {
  error(details: object, message: string): void;
}

/**
 * The origin of reset links: PUBLIC_URL only. The request's Host header is the client's word, so a link built from it
 * could send the secret token to any host an attacker names. Without PUBLIC_URL only development on this machine
 * gets a link (the request named a loopback host: the link cannot lead anywhere else); null means no mail.
 */
export function resetLinkOrigin(publicUrl: string | undefined, requestOrigin: string): string | null {
  if (publicUrl !== undefined) return publicUrl;
  return isLoopbackUrl(requestOrigin) ? requestOrigin : null;
}

/** Creates a one-time reset token for the user; only its hash is stored. Returns the token for the link. */
export async function createResetToken(db: Database, userId: number, ttlSeconds: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: secretHash(token),
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
  const wait = await throttle.blockedFor(rules);
  if (wait > 0) throw new TooManyAttempts(wait, MESSAGES.users.tooManyResetMails, 'resetMailThrottled');
  await throttle.recordFailure(rules);

  const user = await findUserByEmail(db, address);
  // Social users sign in at their provider, which owns their credentials: no password to reset here.
  if (!user || user.isSocialUser) return;
  const origin = resetLinkOrigin(settings.publicUrl, request.requestOrigin);
  if (origin === null) {
    request.log.error(
      { requestOrigin: request.requestOrigin },
      'reset mail not sent: PUBLIC_URL is not set, and without it reset links go only to requests for this machine ' +
        '(localhost). Set PUBLIC_URL to the origin users open the portal at.',
    );
    return;
  }
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
  { db, throttle, settings }: Pick<Services, 'db' | 'throttle' | 'settings'>,
  password: string,
  urlHash: string,
): Promise<void> {
  if (!isValidPassword(password)) throw InvalidFields.of('password', MESSAGES.field.password);
  const userId = await resetPasswordWithToken(db, urlHash, password);
  if (userId === null) throw InvalidFields.of('urlHash', MESSAGES.users.resetLinkInvalid);
  const user = await findUserById(db, userId);
  if (user) await throttle.reset(loginAccountRule(settings, user.email).key);
}
