import { LOGIN_ATTEMPTS } from './constants.ts';

/**
 * Login attempts of spec §4: the counter starts at 3, each failure takes one, at 0 login is blocked,
 * a success resets it to 3. Counts are whole numbers from 0 to 3; anything else is brought into range.
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
