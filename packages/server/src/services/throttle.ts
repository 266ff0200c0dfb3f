import { eq, inArray, sql } from 'drizzle-orm';
import type { AccessSettings } from '../config.ts';
import type { Database } from '../db/database.ts';
import { throttleCounters } from '../db/schema.ts';
import { normaliseEmail } from './users.ts';

export interface ThrottleRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Failed sign-ins of one account (unknown addresses too, or a 429 would reveal which accounts exist). A wrong current
 * password in a profile change counts here as well, and a successful sign-in or password reset clears it.
 */
export function loginAccountRule(settings: AccessSettings, email: string): ThrottleRule {
  return {
    key: `login:account:${normaliseEmail(email)}`,
    limit: settings.loginMaxFailuresPerAccount,
    windowSeconds: settings.loginWindowSeconds,
  };
}

/** Failed sign-ins from one client address, over any accounts. */
export function loginAddressRule(settings: AccessSettings, address: string): ThrottleRule {
  return {
    key: `login:address:${address}`,
    limit: settings.loginMaxFailuresPerAddress,
    windowSeconds: settings.loginWindowSeconds,
  };
}

/** Reset mails per address and hour, and five times as many per client address. */
export function resetMailRules(settings: AccessSettings, email: string, address: string): ThrottleRule[] {
  return [
    {
      key: `reset:account:${normaliseEmail(email)}`,
      limit: settings.resetMailMaxPerAccount,
      windowSeconds: 3600,
    },
    { key: `reset:address:${address}`, limit: settings.resetMailMaxPerAccount * 5, windowSeconds: 3600 },
  ];
}

/** Invalid enrolment codes from one client address within 15 minutes before 429: codes cannot be tried out. */
export function enrolAddressRule(address: string): ThrottleRule {
  return { key: `enrol:address:${address}`, limit: 20, windowSeconds: 15 * 60 };
}

/**
 * Fixed-window failure counters in the database. `blockedFor` answers how many seconds the first exhausted rule
 * still blocks (0 = not blocked); `recordFailure` counts one failure atomically, starting a new window when the
 * old one has run out. All state lives in `throttle_counters`, so every server process sees the same counts.
 */
export class Throttle {
  constructor(private readonly db: Database) {}

  async blockedFor(rules: ThrottleRule[]): Promise<number> {
    if (rules.length === 0) return 0;
    const rows = await this.db
      .select({
        key: throttleCounters.key,
        failures: throttleCounters.failures,
        remaining: sql<number>`extract(epoch from (${throttleCounters.windowStartedAt} - now()))::float8`,
      })
      .from(throttleCounters)
      .where(
        inArray(
          throttleCounters.key,
          rules.map((r) => r.key),
        ),
      );
    let wait = 0;
    for (const row of rows) {
      const rule = rules.find((r) => r.key === row.key);
      if (!rule || row.failures < rule.limit) continue;
      // remaining is (window start - now), i.e. minus the window's age.
      const left = Math.ceil(rule.windowSeconds + Number(row.remaining));
      if (left > 0) wait = Math.max(wait, left);
    }
    return wait;
  }

  async recordFailure(rules: ThrottleRule[]): Promise<void> {
    await this.forgetOld();
    for (const rule of rules) {
      const expired = sql`${throttleCounters.windowStartedAt} <= now() - make_interval(secs => ${rule.windowSeconds})`;
      await this.db
        .insert(throttleCounters)
        .values({ key: rule.key, failures: 1 })
        .onConflictDoUpdate({
          target: throttleCounters.key,
          set: {
            failures: sql`case when ${expired} then 1 else ${throttleCounters.failures} + 1 end`,
            windowStartedAt: sql`case when ${expired} then now() else ${throttleCounters.windowStartedAt} end`,
          },
        });
    }
  }

  /**
   * Counts one attempt on every rule first and then answers how many seconds the caller must wait (0 = go ahead).
   * Counting before the check makes concurrent attempts take their slots one by one: a burst of parallel requests
   * cannot all pass a check that none of them has counted yet. A successful attempt gives its slot back (`release`).
   */
  async reserve(rules: ThrottleRule[]): Promise<number> {
    await this.forgetOld();
    let wait = 0;
    for (const rule of rules) {
      const expired = sql`${throttleCounters.windowStartedAt} <= now() - make_interval(secs => ${rule.windowSeconds})`;
      const [row] = await this.db
        .insert(throttleCounters)
        .values({ key: rule.key, failures: 1 })
        .onConflictDoUpdate({
          target: throttleCounters.key,
          set: {
            failures: sql`case when ${expired} then 1 else ${throttleCounters.failures} + 1 end`,
            windowStartedAt: sql`case when ${expired} then now() else ${throttleCounters.windowStartedAt} end`,
          },
        })
        .returning({
          failures: throttleCounters.failures,
          age: sql<number>`extract(epoch from (now() - ${throttleCounters.windowStartedAt}))::float8`,
        });
      if (!row || row.failures <= rule.limit) continue;
      wait = Math.max(wait, Math.max(1, Math.ceil(rule.windowSeconds - Number(row.age))));
    }
    return wait;
  }

  /** Gives back the slot a successful attempt reserved. */
  async release(rule: ThrottleRule): Promise<void> {
    await this.db
      .update(throttleCounters)
      .set({ failures: sql`greatest(${throttleCounters.failures} - 1, 0)` })
      .where(eq(throttleCounters.key, rule.key));
  }

  private async forgetOld(): Promise<void> {
    // Now and then forget counters whose window ended long ago, so the table does not grow with every address.
    if (Math.random() < 0.02) {
      await this.db
        .delete(throttleCounters)
        .where(sql`${throttleCounters.windowStartedAt} < now() - interval '1 day'`);
    }
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(throttleCounters).where(eq(throttleCounters.key, key));
  }
}
