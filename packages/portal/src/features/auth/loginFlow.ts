import {
  isValidEmail,
  isValidPassword,
  type LoginAttemptsState,
  loginAttemptsAt,
  loginLockEndsAt,
  nextLoginAttempts,
} from '@portal/domain';
import type { ServerMessage } from '../../lib/serverErrors.ts';

export interface LoginCredentials {
  email: string;
  password: string;
}

/** Translation keys (namespace auth) of the field errors shown before any request is sent. */
export interface LoginFieldErrors {
  email?: 'login.errors.emailRequired' | 'login.errors.emailInvalid';
  password?: 'login.errors.passwordRequired' | 'login.errors.passwordRule';
}

export function validateLoginForm(values: LoginCredentials): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  const email = values.email.trim();
  if (email === '') errors.email = 'login.errors.emailRequired';
  else if (!isValidEmail(email)) errors.email = 'login.errors.emailInvalid';
  if (values.password === '') errors.password = 'login.errors.passwordRequired';
  // Spec §5: a password breaking the rule cannot be anybody's; say so instead of spending an attempt.
  else if (!isValidPassword(values.password)) errors.password = 'login.errors.passwordRule';
  return errors;
}

/**
 * The server refused to check the credentials for now (429): its message is shown, and the portal's own
 * attempt counter is left as it is, since nothing was checked.
 */
export class LoginThrottledError extends Error {
  constructor(readonly reason: ServerMessage) {
    super('login throttled');
    this.name = 'LoginThrottledError';
  }
}

/** The stored counter and the end of its block, as strings (or nothing) straight from storage. */
export interface StoredLoginAttempts {
  remaining: string | null;
  lockedUntil: string | null;
}

/** The side effects of a login, injected so the flow can be tested without browser, server or real clock. */
export interface LoginPorts<Tokens> {
  now(): number;
  readAttempts(): StoredLoginAttempts;
  writeAttempts(state: LoginAttemptsState): void;
  /** Resolves to the token pair on 201, to null on any other answer; rejects with LoginThrottledError on 429. */
  requestTokens(credentials: { username: string; password: string }): Promise<Tokens | null>;
  storeTokens(tokens: Tokens): void;
  /** Resolves when the user has been loaded; rejects otherwise. */
  loadUser(): Promise<void>;
  /** Undoes storeTokens when the user could not be loaded. */
  discardTokens(): void;
}

export type LoginOutcome =
  | { kind: 'success' }
  | { kind: 'failed'; remaining: number }
  /**
   * `requested` tells whether this try reached the server (the third failure) or was refused locally;
   * `until` is when the block lifts (epoch ms).
   */
  | { kind: 'blocked'; requested: boolean; until: number }
  /** The server throttles this account or address (429). */
  | { kind: 'throttled'; reason: ServerMessage };

/** The attempts as they stand now: a block whose period has passed is over (spec §8: temporär gesperrt). */
export function currentLoginAttempts(
  ports: Pick<LoginPorts<unknown>, 'now' | 'readAttempts'>,
): LoginAttemptsState {
  return loginAttemptsAt(ports.readAttempts(), ports.now());
}

/**
 * Spec §4: a failed login or a failed user load takes one of the remaining attempts; at 0 the login is
 * blocked for LOGIN_LOCK_DURATION_MS and no request leaves the browser meanwhile; a success resets the counter.
 */
export async function runLogin<Tokens>(
  ports: LoginPorts<Tokens>,
  credentials: LoginCredentials,
): Promise<LoginOutcome> {
  const before = currentLoginAttempts(ports);
  const lockEnd = loginLockEndsAt(before);
  if (lockEnd !== null) {
    // A lock of unknown start has just been given one: keep it, so it ends as announced.
    ports.writeAttempts(before);
    return { kind: 'blocked', requested: false, until: lockEnd };
  }

  let succeeded = false;
  try {
    const tokens = await ports.requestTokens({
      username: credentials.email.trim(),
      password: credentials.password,
    });
    if (tokens !== null) {
      ports.storeTokens(tokens);
      try {
        await ports.loadUser();
        succeeded = true;
      } catch {
        ports.discardTokens();
      }
    }
  } catch (error) {
    if (error instanceof LoginThrottledError) return { kind: 'throttled', reason: error.reason };
    // A network error counts like a refused login: the user sees the same toast.
  }

  const next = nextLoginAttempts(before, succeeded ? 'success' : 'failure', ports.now());
  ports.writeAttempts(next);
  if (succeeded) return { kind: 'success' };
  const until = loginLockEndsAt(next);
  if (until !== null) return { kind: 'blocked', requested: true, until };
  return { kind: 'failed', remaining: next.remaining };
}
