import {
  isLoginBlocked,
  isValidEmail,
  isValidPassword,
  loginAttemptsReducer,
  parseLoginAttempts,
} from '@portal/domain';

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

export function hasFieldErrors(errors: LoginFieldErrors): boolean {
  return errors.email !== undefined || errors.password !== undefined;
}

/**
 * The server refused to check the credentials for now (429): its German `detail` is shown, and the
 * portal's own attempt counter is left as it is, since nothing was checked.
 */
export class LoginThrottledError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'LoginThrottledError';
  }
}

/** The side effects of a login, injected so the flow can be tested without browser or server. */
export interface LoginPorts<Tokens> {
  readAttempts(): string | null;
  writeAttempts(remaining: number): void;
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
  /** `requested` tells whether this try reached the server (the third failure) or was refused locally. */
  | { kind: 'blocked'; requested: boolean }
  /** The server throttles this account or address (429); `detail` is its German message. */
  | { kind: 'throttled'; detail: string };

/**
 * Spec §4: a failed login or a failed user load takes one of the remaining attempts; at 0 the login is
 * blocked and no request leaves the browser; a success resets the counter.
 */
export async function runLogin<Tokens>(
  ports: LoginPorts<Tokens>,
  credentials: LoginCredentials,
): Promise<LoginOutcome> {
  const remaining = parseLoginAttempts(ports.readAttempts());
  if (isLoginBlocked(remaining)) return { kind: 'blocked', requested: false };

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
    if (error instanceof LoginThrottledError) return { kind: 'throttled', detail: error.detail };
    // A network error counts like a refused login: the user sees the same toast.
  }

  const next = loginAttemptsReducer(remaining, succeeded ? 'success' : 'failure');
  ports.writeAttempts(next);
  if (succeeded) return { kind: 'success' };
  if (isLoginBlocked(next)) return { kind: 'blocked', requested: true };
  return { kind: 'failed', remaining: next };
}
