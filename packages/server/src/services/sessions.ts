import type { components } from '@portal/api/schema';
import { NotAuthenticated, TooManyAttempts } from '../errors.ts';
import { dummyPasswordHash, verifyPassword } from '../infra/passwords.ts';
import { MESSAGES } from '../messages.ts';
import type { Caller } from './access.ts';
import type { Services } from './dependencies.ts';
import { loginAccountRule, loginAddressRule } from './throttle.ts';
import { findUserByEmail } from './users.ts';

type TokenPair = components['schemas']['TokenPair'];

/**
 * Sign-in with email and password from a client address. Every attempt is counted before the password is checked (a
 * failure keeps its count; unknown addresses count too, or the 429 would reveal which accounts exist), so a blocked
 * account cannot be probed further, not even with the right password, and parallel attempts cannot slip past the
 * limit together. Unknown accounts cost a hash check too, so response time does not tell which addresses exist.
 */
export async function signIn(
  { db, tokens, throttle, settings }: Pick<Services, 'db' | 'tokens' | 'throttle' | 'settings'>,
  credentials: { username: string; password: string },
  clientAddress: string,
): Promise<TokenPair> {
  const account = loginAccountRule(settings, credentials.username);
  const address = loginAddressRule(settings, clientAddress);
  const wait = await throttle.reserve([account, address]);
  if (wait > 0) throw new TooManyAttempts(wait, MESSAGES.auth.tooManyLogins, 'loginThrottled');
  const user = await findUserByEmail(db, credentials.username);
  const valid = await verifyPassword(credentials.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !valid) throw new NotAuthenticated(MESSAGES.auth.wrongCredentials);
  await throttle.reset(account.key);
  await throttle.release(address);
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
