import { normaliseEmail } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { AccessSettings } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, textArray } from '../../db/sql.ts';

/** One counter: at most `limit` attempts within `windowSeconds`; the attempt that reaches the limit locks the key. */
export interface ThrottleRule {
  key: string;
  limit: number;
  /** Attempts are counted from the first one for this long; then the count starts again. */
  windowSeconds: number;
  /** How long the key stays locked once the limit is reached. */
  lockSeconds: number;
}

/** What counting one attempt on a rule found. */
export interface Reservation {
  rule: ThrottleRule;
  /** This attempt's number in the window (1 = the first); beyond `rule.limit` it may not be checked. */
  attempt: number;
  /** Seconds the key is still locked (0 = not locked). A locked key does not count the attempt. */
  lockedSeconds: number;
  /**
   * The counting window this attempt was counted in (its start in microseconds since the epoch, as text: exact, unlike
   * a JavaScript date), so that giving the attempt back touches that window's count and no later one.
   */
  window: string;
}

/** Attempts left on a rule after this one failed (0 = this failure locks it). */
export function attemptsLeft(reservation: Reservation): number {
  return Math.max(0, reservation.rule.limit - reservation.attempt);
}

/**
 * Whether an attempt may go ahead on this rule, and if not for how long to wait: a lock tells its time; an attempt
 * beyond the limit while none is set yet (another request took the last attempt and is being checked right now)
 * waits a whole lock period, which that request's failure is about to start.
 */
export function waitBefore(reservation: Reservation): number {
  if (reservation.lockedSeconds > 0) return reservation.lockedSeconds;
  return reservation.attempt > reservation.rule.limit ? reservation.rule.lockSeconds : 0;
}

/** Reset mails per address and hour, and five times as many per client address. */
export function resetMailRules(settings: AccessSettings, email: string, address: string): ThrottleRule[] {
  const hour = 3600;
  return [
    {
      key: `reset:account:${normaliseEmail(email)}`,
      limit: settings.resetMailMaxPerAccount,
      windowSeconds: hour,
      lockSeconds: hour,
    },
    {
      key: `reset:address:${address}`,
      limit: settings.resetMailMaxPerAccount * 5,
      windowSeconds: hour,
      lockSeconds: hour,
    },
  ];
}

/** Invitation mails one organisation may send per hour. */
export function invitationRule(settings: AccessSettings, organisationId: number): ThrottleRule {
  return {
    key: `invite:organisation:${organisationId}`,
    limit: settings.invitationsPerHour,
    windowSeconds: 3600,
    lockSeconds: 3600,
  };
}

const ENROL_TIMING = { limit: 20, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;

/**
 * Invalid enrolment codes given for one headset (its serial number) within 15 minutes, from any addresses; the one
 * that reaches the limit locks that headset's code, which is then not looked at until the lock ends or a new code is
 * issued (`enrolCodeKey` is forgotten then). This bounds the guesses at any one code: 80 an hour against 32⁸ codes.
 */
export function enrolCodeRule(serialNumber: string): ThrottleRule {
  return { key: enrolCodeKey(serialNumber), ...ENROL_TIMING };
}

export function enrolCodeKey(serialNumber: string): string {
  return `enrol:code:${serialNumber}`;
}

/**
 * Invalid enrolment codes from one client address within 15 minutes; from the 20th on its invalid codes answer 429.
 * A valid code from there still pairs: a school's headsets share one NAT address with whoever mistyped.
 */
export function enrolAddressRule(address: string): ThrottleRule {
  return { key: `enrol:address:${address}`, ...ENROL_TIMING };
}

/**
 * The counters of these keys, their rows locked in key order. Every statement that changes several counters takes its
 * rows through this (as `reserve` inserts its keys sorted): two statements that lock the same rows in different orders
 * wait for each other for ever, and PostgreSQL ends one of them as a deadlock (a 500 of a parallel sign-in).
 */
function lockedInKeyOrder(keys: readonly string[], condition = sql`true`) {
  return sql`select key from throttle_counters t where key = any(${textArray(keys)}) and ${condition}
    order by key for update`;
}

/** Forgets these counters (and their locks); in the caller's transaction when given one. */
export async function forgetCounters(db: Executor, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(sql`delete from throttle_counters where key in (${lockedInKeyOrder(keys)})`);
}

/** A counter's window as `Reservation.window` names it: its start in whole microseconds since the epoch, as text. */
const WINDOW_OF_ROW = sql`(extract(epoch from t.window_started_at) * 1000000)::bigint::text`;

function groupBy<Item, Key>(items: readonly Item[], keyOf: (item: Item) => Key): Map<Key, Item[]> {
  const groups = new Map<Key, Item[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}

/**
 * Attempt counters with locks, in the database (`throttle_counters`), so every server process sees the same counts.
 * A counter counts attempts from its first one for `windowSeconds`; the attempt that reaches the limit and fails
 * locks the key for `lockSeconds` (`lockReached`); once a lock has ended, or the window has passed, counting starts
 * again at 1.
 *
 * Attempts are counted before they are checked (`reserve`): concurrent requests take their numbers one by one, so a
 * burst cannot slip past a check that none of them has counted yet. An attempt that is refused or succeeds gives its
 * number back (`release`), so only real failures use up attempts.
 */
export class Throttle {
  constructor(private readonly db: Database) {}

  /**
   * Counts one attempt on each rule (a locked key does not count it) and answers what each count found. One statement
   * for all rules of one window (a sign-in's two), its keys in one order for every caller, so concurrent attempts
   * that share keys wait for each other and never deadlock.
   */
  async reserve(rules: readonly ThrottleRule[]): Promise<Reservation[]> {
    await this.forgetOld();
    const counted = new Map<string, { failures: number; lockedSeconds: number; window: string }>();
    for (const [windowSeconds, group] of groupBy(rules, (rule) => rule.windowSeconds)) {
      const keys = group.map((rule) => rule.key).sort();
      const locked = sql`t.locked_until > now()`;
      const fresh = sql`(t.locked_until is not null or t.window_started_at <= now() - make_interval(secs => ${windowSeconds}))`;
      const result = await this.db.execute<{
        key: string;
        failures: number;
        locked_seconds: number;
        window_start: string;
      }>(sql`
        insert into throttle_counters as t (key, failures, window_started_at, locked_until)
        select key, 1, now(), null from unnest(${textArray(keys)}) with ordinality as k(key, n) order by n
        on conflict (key) do update set
          failures = case when ${locked} then t.failures when ${fresh} then 1 else t.failures + 1 end,
          window_started_at = case when ${locked} then t.window_started_at when ${fresh} then now()
            else t.window_started_at end,
          locked_until = case when ${locked} then t.locked_until else null end
        returning key, failures,
          coalesce(ceil(greatest(extract(epoch from (locked_until - now())), 0)), 0)::int as locked_seconds,
          ${WINDOW_OF_ROW} as window_start`);
      for (const row of result.rows) {
        counted.set(row.key, {
          failures: Number(row.failures),
          lockedSeconds: Number(row.locked_seconds),
          window: row.window_start,
        });
      }
    }
    return rules.map((rule) => ({
      rule,
      attempt: counted.get(rule.key)?.failures ?? 1,
      lockedSeconds: counted.get(rule.key)?.lockedSeconds ?? 0,
      window: counted.get(rule.key)?.window ?? '',
    }));
  }

  /**
   * Gives back the attempts these reservations counted (refused or successful attempts use up nothing). A locked key's
   * attempt was not counted, so nothing is given back there. An attempt counted before a lock is given back even when
   * another attempt's failure has locked the key meanwhile (parallel attempts: the third fails and locks while a fourth,
   * refused unchecked, gives its number back — the count stays at the three real failures), but only within the window
   * it was counted in: once the lock has ended and counting started again, the new window's count is not touched.
   */
  async release(reservations: readonly Reservation[]): Promise<void> {
    const counted = reservations.filter((r) => r.lockedSeconds === 0);
    if (counted.length === 0) return;
    const keys = counted.map((r) => r.rule.key);
    await this.db.execute(sql`
      with ordered as (${lockedInKeyOrder(keys)})
      update throttle_counters t set failures = greatest(t.failures - 1, 0)
      from ordered, unnest(${textArray(keys)}, ${textArray(counted.map((r) => r.window))}) as given(key, window_start)
      where t.key = ordered.key and t.key = given.key and ${WINDOW_OF_ROW} = given.window_start`);
  }

  /** After a failed attempt: every rule it brought to its limit is locked for its lock period (one statement). */
  async lockReached(reservations: readonly Reservation[]): Promise<void> {
    const reached = reservations
      .filter((r) => r.lockedSeconds === 0 && attemptsLeft(r) === 0)
      .map((r) => r.rule);
    for (const [lockSeconds, group] of groupBy(reached, (rule) => rule.lockSeconds)) {
      const unlocked = sql`(t.locked_until is null or t.locked_until <= now())`;
      await this.db.execute(sql`
        with ordered as (${lockedInKeyOrder(
          group.map((rule) => rule.key),
          unlocked,
        )})
        update throttle_counters t set locked_until = now() + make_interval(secs => ${lockSeconds})
        from ordered where t.key = ordered.key`);
    }
  }

  /** Counts a failure that was not reserved before (a wrong current password, a reset mail) and locks at the limit. */
  async recordFailure(rules: readonly ThrottleRule[]): Promise<void> {
    await this.lockReached(await this.reserve(rules));
  }

  /** Seconds the longest lock among these rules still lasts (0 = none is locked); counts nothing. */
  async lockedFor(rules: readonly ThrottleRule[]): Promise<number> {
    if (rules.length === 0) return 0;
    const result = await this.db.execute<{ seconds: number | null }>(sql`
      select ceil(max(extract(epoch from (locked_until - now()))))::int as seconds from throttle_counters
      where key = any(${textArray(rules.map((r) => r.key))}) and locked_until > now()`);
    return Number(result.rows[0]?.seconds ?? 0);
  }

  /** Forgets these counters (and their locks). */
  async reset(keys: readonly string[]): Promise<void> {
    await forgetCounters(this.db, keys);
  }

  /** Forgets every counter whose key starts with `prefix` (e.g. all addresses of one account). */
  async resetPrefix(prefix: string): Promise<void> {
    await this.db.execute(sql`delete from throttle_counters where left(key, ${prefix.length}) = ${prefix}`);
  }

  private async forgetOld(): Promise<void> {
    // Now and then forget counters whose window and lock ended long ago, so the table does not grow with every address.
    if (Math.random() < 0.02) {
      await this.db.execute(sql`
        delete from throttle_counters where window_started_at < now() - interval '1 day'
          and (locked_until is null or locked_until < now())`);
    }
  }
}
