import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './sql.ts';

/**
 * An ordered list kept in a table with 1-based `position_number`s without gaps: a playlist's items, a lesson plan's
 * steps. `table` is the table, `scope` the condition that selects the list's rows, `entry` the one that selects the
 * entry that moves.
 */
export interface PositionedList {
  table: SQL;
  scope: SQL;
  entry: SQL;
}

/**
 * Moves the entry from position `from` to `to`; those in between shift by one towards `from`, so positions stay
 * without gaps. One statement: run it under the list's lock, so a concurrent addition waits and lands after it.
 */
export async function moveToPosition(
  tx: Executor,
  list: PositionedList,
  from: number,
  to: number,
): Promise<void> {
  await tx.execute(sql`update ${list.table} set position_number = case
      when ${list.entry} then ${to}::int
      when ${from}::int < ${to}::int then position_number - 1
      else position_number + 1 end
    where ${list.scope}
      and position_number between least(${from}::int, ${to}::int) and greatest(${from}::int, ${to}::int)`);
}

/** After the entry at `removed` left the list: every later entry moves up by one. */
export async function closeGapAt(
  tx: Executor,
  list: Omit<PositionedList, 'entry'>,
  removed: number,
): Promise<void> {
  await tx.execute(sql`update ${list.table} set position_number = position_number - 1
    where ${list.scope} and position_number > ${removed}::int`);
}
