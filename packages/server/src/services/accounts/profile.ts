import type { components } from '@portal/api/schema';
import { isResourceUrl, isValidEmail, isValidPassword, normaliseEmail } from '@portal/domain';
import { and, count, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { memberships, organisations, passwordResetTokens, refreshTokens, users } from '../../db/schema.ts';
import {
  addFieldError,
  fieldErrors,
  hasSqlState,
  InvalidFields,
  NotAuthenticated,
  TooManyAttempts,
  throwFieldErrors,
} from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../infra/passwords.ts';
import { MESSAGES } from '../../messages.ts';
import type { Caller } from '../access.ts';
import type { Services } from '../dependencies.ts';
import { nameProblem } from '../names.ts';
import { accountRule } from './loginThrottle.ts';
import { lastAdministratorConflict } from './organisations.ts';
import { currentUser, findUserById, type UserView } from './users.ts';

type UpdateUserRequest = components['schemas']['UpdateUserRequest'];

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  img?: string | null;
  language?: string | null;
  passwordHash?: string;
}

/**
 * Checks the current password a sensitive change (password, email) is confirmed with. A wrong one counts like a
 * failed sign-in of the account, so a stolen access token cannot be used to guess it; while the account is locked the
 * answer is 429 like login's.
 */
async function confirmCurrentPassword(
  { throttle, settings }: Pick<Services, 'throttle' | 'settings'>,
  user: { email: string; passwordHash: string | null },
  currentPassword: string,
): Promise<void> {
  const rule = accountRule(settings, user.email);
  const wait = await throttle.lockedFor([rule]);
  if (wait > 0)
    throw new TooManyAttempts(wait, MESSAGES.users.tooManyPasswordChecks, 'passwordCheckThrottled');
  if (await verifyPassword(currentPassword, user.passwordHash)) return;
  await throttle.recordFailure([rule]);
  throw InvalidFields.of('currentPassword', MESSAGES.users.currentPasswordWrong);
}

/**
 * The caller's own profile change (updateCurrentUser): names, email, picture, language and password, all problems at
 * once as field errors. A different address or a new password needs the current password of a password user: with a
 * stolen access token alone nobody can redirect the account's mail (and then take it over by a password reset) or
 * lock its owner out. A new password ends the user's other sessions; the caller's own goes on.
 */
export async function changeProfile(
  services: Pick<Services, 'db' | 'throttle' | 'settings'>,
  caller: Caller,
  body: UpdateUserRequest,
): Promise<UserView> {
  const { db } = services;
  const user = await findUserById(db, caller.id);
  if (!user) throw new NotAuthenticated(MESSAGES.auth.tokenInvalid);

  const errors = fieldErrors();
  const changes: ProfileChanges = {};
  for (const field of ['firstName', 'lastName'] as const) {
    const value = body[field];
    if (value === undefined) continue;
    const refusal = nameProblem(value);
    if (refusal) addFieldError(errors, field, refusal);
    else changes[field] = value.trim();
  }
  const emailChange =
    body.email !== undefined && !user.isSocialUser && normaliseEmail(body.email) !== user.email;
  if (body.email !== undefined) {
    if (!isValidEmail(body.email.trim())) addFieldError(errors, 'email', MESSAGES.field.email);
    // The provider owns a social user's address and the next sign-in there would overwrite it.
    else if (user.isSocialUser && normaliseEmail(body.email) !== user.email)
      addFieldError(errors, 'email', MESSAGES.users.emailOfSocialAccount);
    // The same address is no change (and leaves open reset links alone).
    else if (emailChange) changes.email = normaliseEmail(body.email);
  }
  if (body.img !== undefined) {
    // Absolute http(s) or root-relative on this server (e.g. an uploaded preview file): the portal's rule.
    if (body.img !== null && !isResourceUrl(body.img)) addFieldError(errors, 'img', MESSAGES.field.url);
    else changes.img = body.img;
  }
  // The contract's enum (PortalLanguage) has already refused anything but 'de', 'en' and null.
  if (body.language !== undefined) changes.language = body.language;
  if (body.password !== undefined) {
    if (!isValidPassword(body.password)) addFieldError(errors, 'password', MESSAGES.field.password);
  } else if (body.currentPassword !== undefined && !emailChange)
    addFieldError(errors, 'password', MESSAGES.field.required);
  if ((body.password !== undefined || emailChange) && body.currentPassword === undefined)
    addFieldError(errors, 'currentPassword', MESSAGES.field.required);
  throwFieldErrors(errors);

  if (body.currentPassword !== undefined && (body.password !== undefined || emailChange)) {
    await confirmCurrentPassword(services, user, body.currentPassword);
    if (body.password !== undefined) changes.passwordHash = await hashPassword(body.password);
  }

  const outcome = await updateProfile(db, caller.id, changes, { keepSession: caller.session });
  if (outcome === 'emailTaken') throw InvalidFields.of('email', MESSAGES.users.emailTaken);
  return currentUser(db, caller.id);
}

/**
 * Returns 'emailTaken' when another account already uses the address (checked first, and by the unique index).
 * A new password ends the user's other sessions in the same transaction: every refresh token not of the family
 * `keepSession` (the caller's session) is revoked; all of them when the caller's session is not known (null).
 * A new email (the caller passes it only when it differs) uses up the user's open password-reset links in the same
 * transaction: a link mailed to the old address must not open the account any more.
 */
async function updateProfile(
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
 * Deletes the caller's account (memberships, refresh and reset tokens go with it by cascade), unless the caller is
 * the last administrator of an organisation that has other members: then 409 naming that organisation.
 */
export async function deleteAccount(db: Database, caller: Caller): Promise<void> {
  const userId = caller.id;
  const outcome = await db.transaction(async (tx) => {
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
      if (others && others.members > 0 && others.admins === 0) return { lastAdministratorOf: name };
    }
    await tx.delete(users).where(eq(users.id, userId));
    return { lastAdministratorOf: null };
  });
  const organisation = outcome.lastAdministratorOf;
  if (organisation !== null) {
    throw lastAdministratorConflict(organisation);
  }
}
