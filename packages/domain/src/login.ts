import { LOGIN_ATTEMPTS, LOGIN_LOCK_DURATION_MS } from './constants.ts';

/**
 * Login attempts of spec §4: the counter starts at 3, each failure takes one, at 0 login is blocked,
 * a success resets it to 3. Counts are whole numbers from 0 to 3; anything else is brought into range.
 * The block is temporary (spec §8). The server decides (contract `login`): when it names the attempts left or the
 * time a lock lasts, the counter takes its word; a server that names nothing is counted for locally, with a lock of
 * LOGIN_LOCK_DURATION_MS.
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

/**
 * What one login try ended with: a success; a failure the server said nothing more about; a failure after which the
 * server names the attempts left; or a lock whose time left (ms) the server names.
 */
export type LoginAttemptEvent =
  | 'failure'
  | 'success'
  | { remainingAttempts: number }
  | { lockedForMs: number };

export function loginAttemptsReducer(remaining: number, event: 'failure' | 'success'): number {
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

/** The counter together with the moment its block ends (epoch ms); `lockedUntil` is null while attempts remain. */
export interface LoginAttemptsState {
  remaining: number;
  lockedUntil: number | null;
}

/** The longest block the portal believes (a longer stored end is a clock set back or an edit by hand). */
const LONGEST_LOCK_MS = 24 * 60 * 60 * 1000;

function parseTimestamp(stored: string | null | undefined): number | null {
  if (stored === null || stored === undefined || stored.trim() === '') return null;
  const value = Number(stored);
  return Number.isFinite(value) ? value : null;
}

/**
 * The state as it holds at `now`, read from the two stored strings. A block whose end has passed is over
 * (3 attempts again). A block without a readable end, or with one further away than any lock lasts, ends
 * LOGIN_LOCK_DURATION_MS from `now`: every block ends some time.
 */
export function loginAttemptsAt(
  stored: { remaining: string | null | undefined; lockedUntil: string | null | undefined },
  now: number,
): LoginAttemptsState {
  const remaining = parseLoginAttempts(stored.remaining);
  if (!isLoginBlocked(remaining)) return { remaining, lockedUntil: null };
  const end = parseTimestamp(stored.lockedUntil);
  const lockedUntil = end === null || end - now > LONGEST_LOCK_MS ? now + LOGIN_LOCK_DURATION_MS : end;
  if (now >= lockedUntil) return { remaining: LOGIN_ATTEMPTS, lockedUntil: null };
  return { remaining: 0, lockedUntil };
}

/**
 * After a login try at `now`: a success (or a new password) resets; a failure counts down, or takes the server's
 * count; the try that reaches 0 starts the block, for as long as the server says or LOGIN_LOCK_DURATION_MS.
 */
export function nextLoginAttempts(
  state: LoginAttemptsState,
  event: LoginAttemptEvent,
  now: number,
): LoginAttemptsState {
  if (event === 'success') return { remaining: resetLoginAttempts(), lockedUntil: null };
  if (typeof event === 'object' && 'lockedForMs' in event) {
    return { remaining: 0, lockedUntil: now + Math.max(0, Math.min(event.lockedForMs, LONGEST_LOCK_MS)) };
  }
  const remaining =
    event === 'failure' ? remainingAfterFailure(state.remaining) : clampAttempts(event.remainingAttempts);
  if (!isLoginBlocked(remaining)) return { remaining, lockedUntil: null };
  return { remaining, lockedUntil: state.lockedUntil ?? now + LOGIN_LOCK_DURATION_MS };
}

/** When the lock ends (epoch ms), or null when the login is not blocked. */
export function loginLockEndsAt(state: LoginAttemptsState): number | null {
  if (!isLoginBlocked(state.remaining) || state.lockedUntil === null) return null;
  return state.lockedUntil;
}
