import type { components } from '@portal/api/schema';
import { Forbidden, NotAuthenticated } from '../../errors.ts';
import { dummyPasswordHash, verifyPassword } from '../../infra/passwords.ts';
import { MESSAGES } from '../../messages.ts';
import type { Caller } from '../access.ts';
import type { Services } from '../dependencies.ts';
import { LoginAttempt, loginRules } from './loginThrottle.ts';
import { findUserByEmail } from './users.ts';

type TokenPair = components['schemas']['TokenPair'];

/**
 * Sign-in with email and password from a client address. The attempt is counted before the password is checked
 * (services/accounts/loginThrottle.ts: parallel attempts cannot slip past the limits together; a locked account cannot be
 * probed further, not even with the right password); a wrong password answers 401 with the attempts left, the one
 * that uses up the last answers that the login is locked now. Unknown accounts count alike and cost a hash check
 * too, so neither answers nor response time tell which addresses exist.
 */
export async function signIn(
  { db, tokens, throttle, settings }: Pick<Services, 'db' | 'tokens' | 'throttle' | 'settings'>,
  credentials: { username: string; password: string },
  clientAddress: string,
): Promise<TokenPair> {
  const rules = loginRules(settings, credentials.username, clientAddress);
  const attempt = await LoginAttempt.check({ db, throttle }, rules, credentials.username, clientAddress);
  const user = await findUserByEmail(db, credentials.username);
  const valid = await verifyPassword(credentials.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !valid) throw await attempt.failed();
  // Only the right password learns of the lock: a guesser cannot tell a locked account from a wrong password.
  if (user.lockedAt !== null) throw new Forbidden(MESSAGES.auth.accountLocked, { code: 'accountLocked' });
  await attempt.succeeded(db, user.id, clientAddress);
  const { access, refresh } = await tokens.issue(user.id);
  return { access, refresh };
}

/** A new token pair for a refresh token (rotation; a reused one ends its whole family). */
export async function refreshSession(
  { tokens }: Pick<Services, 'tokens'>,
  refresh: string,
): Promise<TokenPair> {
  const outcome = await tokens.rotate(refresh);
  if (!outcome.ok) throw new NotAuthenticated(MESSAGES.auth.refreshRejected);
  return outcome.tokens;
}

/**
 * Ends the session of the refresh token, or without one every session of the signed-in caller. An unknown or
 * foreign token changes nothing, and signing out still succeeds for the caller.
 */
export async function signOut(
  { tokens }: Pick<Services, 'tokens'>,
  caller: Caller | null,
  refresh: string | undefined,
): Promise<void> {
  if (refresh) await tokens.revokeRefresh(refresh, caller?.id ?? null);
  else if (caller !== null) await tokens.revokeAllForUser(caller.id);
}
