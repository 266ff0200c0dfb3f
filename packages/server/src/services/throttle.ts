import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { throttleCounters } from '../db/schema.ts';

export interface ThrottleRule {
  key: string;
  limit: number;
  windowSeconds: number;
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
    // Now and then forget counters whose window ended long ago, so the table does not grow with every address.
    if (Math.random() < 0.02) {
      await this.db
        .delete(throttleCounters)
        .where(sql`${throttleCounters.windowStartedAt} < now() - interval '1 day'`);
    }
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

  async reset(key: string): Promise<void> {
    await this.db.delete(throttleCounters).where(eq(throttleCounters.key, key));
  }
}
