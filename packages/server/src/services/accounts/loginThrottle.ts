import { LOGIN_ATTEMPTS, normaliseEmail } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { AccessSettings } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { NotAuthenticated, TooManyAttempts } from '../../errors.ts';
import { MESSAGES, wholeMinutes } from '../../messages.ts';
import { attemptsLeft, type Reservation, type Throttle, type ThrottleRule, waitBefore } from './throttle.ts';

/**
 * The rules of sign-in throttling (README "Login throttling"). Three counters per failed sign-in:
 *
 * - account and address (`login:pair:<email>|<ip>`): spec §9's 3 attempts, then this account is locked from this
 *   address for the lock period. This is the count the portal shows ('Noch 2 Versuche'): a person at one computer.
 * - account (`login:account:<email>`): failures from all addresses together; at the limit the account is locked
 *   everywhere (guessing from many addresses).
 * - address (`login:address:<ip>`): failures over all accounts; at the limit the address is throttled for the
 *   lock period, but only for accounts that have not signed in from it successfully within KNOWN_ADDRESS_DAYS. A
 *   school behind one NAT address therefore keeps signing in while somebody there sprays many accounts.
 *
 * Unknown accounts are counted exactly like existing ones, so no answer tells which addresses have an account.
 */

/** An account that signed in from an address within this many days may still sign in when that address is throttled. */
export const KNOWN_ADDRESS_DAYS = 30;

const PAIR_SEPARATOR = '|';

function accountKey(email: string): string {
  return `login:account:${normaliseEmail(email)}`;
}

/** The prefix of every account-and-address counter of one account (an email address contains no '|'). */
function pairPrefix(email: string): string {
  return `login:pair:${normaliseEmail(email)}${PAIR_SEPARATOR}`;
}

export interface LoginRules {
  pair: ThrottleRule;
  account: ThrottleRule;
  address: ThrottleRule;
}

export function loginRules(settings: AccessSettings, email: string, address: string): LoginRules {
  const timing = { windowSeconds: settings.loginWindowSeconds, lockSeconds: settings.loginLockSeconds };
  return {
    pair: { key: `${pairPrefix(email)}${address}`, limit: LOGIN_ATTEMPTS, ...timing },
    account: { key: accountKey(email), limit: settings.loginMaxFailuresPerAccount, ...timing },
    address: { key: `login:address:${address}`, limit: settings.loginMaxFailuresPerAddress, ...timing },
  };
}

/**
 * The account counter alone: a wrong current password in a profile change counts here like a failed sign-in, and
 * while the account is locked such a check is refused too.
 */
export function accountRule(settings: AccessSettings, email: string): ThrottleRule {
  return loginRules(settings, email, '').account;
}

/**
 * One sign-in attempt as the throttle counted it: `check` before the password, then `failed` or `succeeded`.
 *
 * The account's two counters are reserved before the password is checked, so parallel attempts on one account take
 * their numbers one by one and never slip past its limit together. The address counter counts failures only, once
 * they are known: a school's teachers signing in at the same moment behind one NAT address would otherwise fill it
 * with attempts in flight, and be refused, or lock it with the first typo among them.
 */
export class LoginAttempt {
  private constructor(
    private readonly throttle: Throttle,
    private readonly pair: Reservation,
    private readonly account: Reservation,
    private readonly addressRule: ThrottleRule,
  ) {}

  /**
   * Counts the attempt on the account's rules and refuses it (429, counting nothing) when the account is locked — from
   * this address or everywhere — or when the address is throttled and the account has not signed in from it before.
   */
  static async check(
    { db, throttle }: { db: Database; throttle: Throttle },
    rules: LoginRules,
    email: string,
    address: string,
  ): Promise<LoginAttempt> {
    const [pair, account] = await throttle.reserve([rules.pair, rules.account]);
    if (!pair || !account) throw new Error('throttle answered fewer rules than asked');
    const accountWait = Math.max(waitBefore(pair), waitBefore(account));
    if (accountWait > 0) {
      await throttle.release([pair, account]);
      throw new TooManyAttempts(accountWait, MESSAGES.auth.loginLocked, 'loginLocked');
    }
    const addressLock = await throttle.lockedFor([rules.address]);
    if (addressLock > 0 && !(await signedInFromBefore(db, email, address))) {
      await throttle.release([pair, account]);
      throw new TooManyAttempts(addressLock, MESSAGES.auth.tooManyLogins, 'loginThrottled');
    }
    return new LoginAttempt(throttle, pair, account, rules.address);
  }

  /**
   * The password was wrong: the attempt stays counted, the rules it used up are locked, and the error says how many
   * attempts are left for this account at this address (the smaller of the two counts that can lock it) or, when
   * none are, that the login is locked now and for how long.
   */
  async failed(): Promise<NotAuthenticated> {
    await this.throttle.lockReached([this.pair, this.account]);
    await this.throttle.recordFailure([this.addressRule]);
    const remainingAttempts = Math.min(attemptsLeft(this.pair), attemptsLeft(this.account));
    if (remainingAttempts > 0) {
      return new NotAuthenticated(MESSAGES.auth.wrongCredentials(remainingAttempts), {
        code: 'invalidCredentials',
        params: { remainingAttempts },
      });
    }
    const seconds = this.pair.rule.lockSeconds;
    const minutes = wholeMinutes(seconds);
    return new NotAuthenticated(MESSAGES.request.retryIn(MESSAGES.auth.loginLocked, minutes), {
      code: 'loginLocked',
      params: { minutes, seconds },
    });
  }

  /**
   * Signed in: the account's counters of this address and of all addresses start again (the lock another address
   * earned stays), and the address is remembered as one this account uses.
   */
  async succeeded(db: Database, userId: number, address: string): Promise<void> {
    await this.throttle.reset([this.pair.rule.key, this.account.rule.key]);
    await db.execute(sql`
      insert into sign_in_addresses (user_id, address, last_success_at) values (${userId}, ${address}, now())
      on conflict (user_id, address) do update set last_success_at = now()`);
    // Now and then forget addresses nobody signed in from for a long time (they are personal data).
    if (Math.random() < 0.02) {
      await db.execute(sql`
        delete from sign_in_addresses where last_success_at < now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`);
    }
  }
}

async function signedInFromBefore(db: Database, email: string, address: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from sign_in_addresses a join users u on u.id = a.user_id
    where u.email = ${normaliseEmail(email)} and a.address = ${address}
      and a.last_success_at > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`);
  return result.rows.length > 0;
}

/**
 * A new password (reset link) proves the owner: every sign-in lock of the account ends, from every address, and its
 * counters start again.
 */
export async function liftLoginLocks(throttle: Throttle, email: string): Promise<void> {
  await throttle.reset([accountKey(email)]);
  await throttle.resetPrefix(pairPrefix(email));
}
