import { LOGIN_ATTEMPTS, LOGIN_LOCK_DURATION_MS } from './constants.ts';

/**
 * Login attempts of spec §4: the counter starts at 3, each failure takes one, at 0 login is blocked,
 * a success resets it to 3. Counts are whole numbers from 0 to 3; anything else is brought into range.
 * The block is temporary (spec §8): it lifts LOGIN_LOCK_DURATION_MS after it began.
 */

function clampAttempts(remaining: number): number {
  if (Number.isNaN(remaining)) return LOGIN_ATTEMPTS;
  return Math.min(LOGIN_ATTEMPTS, Math.max(0, Math.floor(remaining)));
}

export function remainingAfterFailure(remaining: number): number {
  return Math.max(0, clampAttempts(remaining) - 1);
}

export function isLoginBlocked(remaining: number): boolean {
  return clampAttempts(remaining) <= 0;
}

export function resetLoginAttempts(): number {
  return LOGIN_ATTEMPTS;
}

export type LoginAttemptEvent = 'failure' | 'success';

export function loginAttemptsReducer(remaining: number, event: LoginAttemptEvent): number {
  return event === 'success' ? resetLoginAttempts() : remainingAfterFailure(remaining);
}

/**
 * Reads the counter back from storage (a string or nothing). A missing or unreadable value means a fresh
 * start (3); a value someone raised by hand is capped at 3.
 */
export function parseLoginAttempts(stored: string | null | undefined): number {
  if (stored === null || stored === undefined || stored.trim() === '') return LOGIN_ATTEMPTS;
  return clampAttempts(Number(stored));
}

/** The counter together with the moment it reached 0 (epoch ms); `lockedAt` is null while attempts remain. */
export interface LoginAttemptsState {
  remaining: number;
  lockedAt: number | null;
}

function parseTimestamp(stored: string | null | undefined): number | null {
  if (stored === null || stored === undefined || stored.trim() === '') return null;
  const value = Number(stored);
  return Number.isFinite(value) ? value : null;
}

/**
 * The state as it holds at `now`, read from the two stored strings. A lock whose period has passed is over
 * (3 attempts again). A lock without a readable start (stored before locks expired, or edited by hand) and a
 * start in the future (a clock set back) count as beginning `now`: every lock ends some time.
 */
export function loginAttemptsAt(
  stored: { remaining: string | null | undefined; lockedAt: string | null | undefined },
  now: number,
): LoginAttemptsState {
  const remaining = parseLoginAttempts(stored.remaining);
  if (!isLoginBlocked(remaining)) return { remaining, lockedAt: null };
  const began = parseTimestamp(stored.lockedAt);
  const lockedAt = began === null || began > now ? now : began;
  if (now - lockedAt >= LOGIN_LOCK_DURATION_MS) return { remaining: LOGIN_ATTEMPTS, lockedAt: null };
  return { remaining: 0, lockedAt };
}

/** After a login try at `now`: a success (or a new password) resets; the failure that reaches 0 starts the lock. */
export function nextLoginAttempts(
  state: LoginAttemptsState,
  event: LoginAttemptEvent,
  now: number,
): LoginAttemptsState {
  const remaining = loginAttemptsReducer(state.remaining, event);
  if (!isLoginBlocked(remaining)) return { remaining, lockedAt: null };
  return { remaining, lockedAt: state.lockedAt ?? now };
}

/** When the lock ends (epoch ms), or null when the login is not blocked. */
export function loginLockEndsAt(state: LoginAttemptsState): number | null {
  if (!isLoginBlocked(state.remaining) || state.lockedAt === null) return null;
  return state.lockedAt + LOGIN_LOCK_DURATION_MS;
}
