import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/sql.ts';

/** How often each server process deletes the entries past the retention time. */
export const AUDIT_RETENTION_INTERVAL_SECONDS = 3600;

/** Entries deleted per statement: each statement is short, so it never holds the log (or PGlite) for long. */
export const AUDIT_RETENTION_BATCH = 5000;

/**
 * Deletes the entries older than `retentionDays` (AUDIT_RETENTION_DAYS), a bounded batch per statement until none are
 * left; their headsets go with them (cascade). Safe with several server processes and at any time: each statement
 * takes only rows no other process has locked (`skip locked`), and deleting what is already gone deletes nothing.
 * Returns how many it deleted.
 */
export async function deleteExpiredAuditEntries(
  db: Executor,
  retentionDays: number,
  batch = AUDIT_RETENTION_BATCH,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db.execute(sql`delete from audit_entries where id in (
      select id from audit_entries
      where occurred_at < now() - make_interval(days => ${retentionDays})
      order by occurred_at, id
      limit ${batch}
      for update skip locked)`);
    const count = result.rowCount ?? 0;
    deleted += count;
    if (count < batch) return deleted;
  }
}
