import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './database.ts';

/** Inside `db.transaction` only the transaction may be used (the PGlite pool has one connection). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The database or a transaction: both run the same statements. */
export type Executor = Database | Transaction;

/** Postgres integer array parameter (`= any(...)`), which unlike `in (...)` also works for an empty list. */
export const intArray = (ids: readonly number[]) => sql`${sql.param(ids)}::int[]`;

/** Postgres text array parameter (`= any(...)`). */
export const textArray = (values: readonly string[]) => sql`${sql.param(values)}::text[]`;

/**
 * German sort key (DIN 5007-1: ä as a, ß as s) that does not depend on the database's collation, which is
 * bytewise in PGlite. Callers break ties by id so that pages never overlap or skip items.
 */
export const germanSortKey = (column: SQL) =>
  sql`lower(translate(${column}, 'ÄÖÜäöüßÉéÈèÀàÂâ', 'AOUaousEeEeAaAa'))`;

/** A `like`/`ilike` pattern that finds `value` anywhere, with the pattern's own characters taken literally. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** A list's 1-based page and its size. */
export interface Paging {
  page: number;
  pageSize: number;
}

/**
 * One page of a list in one statement: `select` gets the conditions joined with `and`, the limit and the offset of
 * the page, and answers rows that carry the list's total as `total` (`count(*) over ()`). Beyond the last page there
 * are no rows and the count is 0; the operation answers 404 there, as DRF does (http/urls.ts `paginated`).
 */
export async function selectPage<Row extends { total: string }, View>(
  conditions: readonly SQL[],
  paging: Paging,
  select: (where: SQL, limit: number, offset: number) => Promise<Row[]>,
  toView: (row: Row) => View,
): Promise<{ count: number; results: View[] }> {
  const { page, pageSize } = paging;
  const rows = await select(sql.join([...conditions], sql` and `), pageSize, (page - 1) * pageSize);
  return { count: Number(rows[0]?.total ?? 0), results: rows.map(toView) };
}
