import {
  isValidEmail,
  isValidPassword,
  LOGIN_LOCK_DURATION_MS,
  type LoginAttemptsState,
  loginAttemptsAt,
  loginLockEndsAt,
  nextLoginAttempts,
  normaliseEmail,
} from '@portal/domain';
import { type ServerMessage, serverErrorMessage } from '../../lib/serverErrors.ts';

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
 * What the server answered to a sign-in (contract `login`), as far as the attempt counter is concerned. The server
 * decides: it names the attempts left after a wrong password and how long a lock lasts; a server that names neither
 * (any server that honours only spec §7) is counted for locally.
 */
export type LoginAnswer<Tokens> =
  | { kind: 'tokens'; tokens: Tokens }
  /** Wrong email or password (401), with the attempts left when the server names them (`invalidCredentials`). */
  | { kind: 'wrong'; remainingAttempts?: number }
  /** Locked (`loginLocked`: 401 for the failure that used up the last attempt, 429 while locked), for `seconds`. */
  | { kind: 'locked'; seconds?: number }
  /** The credentials were not checked (another 429, 5xx, no answer at all): nothing counts, the reason is shown. */
  | { kind: 'notChecked'; reason: ServerMessage };

function params(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || !('params' in body)) return {};
  const { params } = body as { params: unknown };
  return typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
}

function whole(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** Reads the login call's answer: its status, its data (the token pair of a 201) and its error body. */
export function loginAnswer<Tokens>(
  status: number,
  data: Tokens | undefined,
  body: unknown,
): LoginAnswer<Tokens> {
  if (status === 201 && data !== undefined) return { kind: 'tokens', tokens: data };
  const code = typeof body === 'object' && body !== null && 'code' in body ? body.code : undefined;
  if (code === 'loginLocked' && (status === 401 || status === 429)) {
    const seconds = whole(params(body).seconds);
    return seconds === undefined ? { kind: 'locked' } : { kind: 'locked', seconds };
  }
  if (status === 401) {
    const remainingAttempts =
      code === 'invalidCredentials' ? whole(params(body).remainingAttempts) : undefined;
    return remainingAttempts === undefined ? { kind: 'wrong' } : { kind: 'wrong', remainingAttempts };
  }
  return {
    kind: 'notChecked',
    reason: serverErrorMessage(status, body, { 429: 'auth:toasts.loginThrottled.description' }),
  };
}

/** The stored counter and the end of its block, as strings (or nothing) straight from storage. */
export interface StoredLoginAttempts {
  remaining: string | null;
  lockedUntil: string | null;
}

/** The side effects of a login, injected so the flow can be tested without browser, server or real clock. */
export interface LoginPorts<Tokens> {
  now(): number;
  /** The stored counter of the account (normalised address): a fresh one when what is stored is another's. */
  readAttempts(account: string): StoredLoginAttempts;
  writeAttempts(account: string, state: LoginAttemptsState): void;
  /** The server's answer (a failure without any answer, e.g. no network, resolves to `notChecked`). */
  requestTokens(credentials: { username: string; password: string }): Promise<LoginAnswer<Tokens>>;
  storeTokens(tokens: Tokens): void;
  /** Resolves with the user once loaded (whether the terms in force are accepted); rejects otherwise. */
  loadUser(): Promise<{ hasAcceptedTos: boolean }>;
  /** Undoes storeTokens when the user could not be loaded. */
  discardTokens(): void;
}

export type LoginOutcome =
  /** Signed in; `termsPending`: the terms dialog follows before the portal can be used. */
  | { kind: 'success'; termsPending: boolean }
  /** Not signed in; `remaining` attempts are left (3 after a failed user load: the credentials were right). */
  | { kind: 'failed'; remaining: number }
  /**
   * `requested` tells whether this try reached the server (the failure that locked it, or the server's lock) or
   * was refused locally; `until` is when the block lifts (epoch ms).
   */
  | { kind: 'blocked'; requested: boolean; until: number }
  /** The server did not check the credentials (429 for the address, busy, unreachable): its reason. */
  | { kind: 'notChecked'; reason: ServerMessage };

/**
 * The attempts of an account (an address as typed) as they stand now: a block whose period has passed is over (spec
 * §8: temporär gesperrt).
 */
export function currentLoginAttempts(
  ports: Pick<LoginPorts<unknown>, 'now' | 'readAttempts'>,
  email: string,
): LoginAttemptsState {
  return loginAttemptsAt(ports.readAttempts(normaliseEmail(email)), ports.now());
}

/** What a refusal of the server does to the counter: its count or its lock, else one failure counted here. */
function refusalEvent(
  answer: { kind: 'wrong'; remainingAttempts?: number } | { kind: 'locked'; seconds?: number },
) {
  if (answer.kind === 'locked') {
    return { lockedForMs: (answer.seconds ?? LOGIN_LOCK_DURATION_MS / 1000) * 1000 };
  }
  return answer.remainingAttempts === undefined
    ? ('failure' as const)
    : { remainingAttempts: answer.remainingAttempts };
}

/**
 * Spec §4: a failed login takes one of the remaining attempts of the account — as many as the server says are left —
 * and at 0 the login of that account is blocked, for as long as the server says, and no request leaves the browser meanwhile; a success resets
 * the counter. A user load that fails after the server accepted the credentials says 'Login nicht möglich' (spec §8)
 * but uses up no attempt: the server's counts start afresh with every successful sign-in, and so does the portal's.
 */
export async function runLogin<Tokens>(
  ports: LoginPorts<Tokens>,
  credentials: LoginCredentials,
): Promise<LoginOutcome> {
  const account = normaliseEmail(credentials.email);
  const before = currentLoginAttempts(ports, account);
  const lockEnd = loginLockEndsAt(before);
  if (lockEnd !== null) {
    // A lock of unknown end has just been given one: keep it, so it ends as announced.
    ports.writeAttempts(account, before);
    return { kind: 'blocked', requested: false, until: lockEnd };
  }

  const answer = await ports.requestTokens({
    username: credentials.email.trim(),
    password: credentials.password,
  });
  if (answer.kind === 'notChecked') return { kind: 'notChecked', reason: answer.reason };
  if (answer.kind === 'tokens') {
    const signedIn = nextLoginAttempts(before, 'success', ports.now());
    ports.writeAttempts(account, signedIn);
    ports.storeTokens(answer.tokens);
    try {
      const user = await ports.loadUser();
      return { kind: 'success', termsPending: !user.hasAcceptedTos };
    } catch {
      ports.discardTokens();
      return { kind: 'failed', remaining: signedIn.remaining };
    }
  }

  const next = nextLoginAttempts(before, refusalEvent(answer), ports.now());
  ports.writeAttempts(account, next);
  const until = loginLockEndsAt(next);
  if (until !== null) return { kind: 'blocked', requested: true, until };
  return { kind: 'failed', remaining: next.remaining };
}
