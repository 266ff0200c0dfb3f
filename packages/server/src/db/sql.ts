import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { QueryResult } from 'pg';
import type { Database } from './database.ts';

// Defined beside the tables: the headsets' name index is built on the same expression, so the lists can use it.
export { germanSortKey } from './schema.ts';

/** Inside `db.transaction` only the transaction may be used (the PGlite pool has one connection). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The database or a transaction: both run the same statements. */
export type Executor = Database | Transaction;

const dialect = new PgDialect();

/** Postgres text array parameter (`= any(...)`). */
export const textArray = (values: readonly string[]) => sql`${sql.param(values)}::text[]`;

/**
 * Runs a statement as a named prepared statement: each connection parses and plans it once, later runs only bind
 * the values. On PGlite that is most of a small statement's cost (an indexed lookup: 0.2 instead of 0.6 ms of CPU),
 * so the headset side's statements, which thousands of headsets run all the time, go through here. The name comes
 * from the text, so every variant of a statement gets its own. Only for statements whose best plan does not depend
 * on the values (lookups by key): PostgreSQL may plan a prepared statement once for all values.
 */
export function executePrepared<Row extends Record<string, unknown>>(
  db: Executor,
  query: SQL,
): Promise<QueryResult<Row>> {
  const compiled = dialect.sqlToQuery(query);
  const name = `p_${createHash('sha1').update(compiled.sql).digest('base64url').slice(0, 16)}`;
  return db._.session
    .prepareQuery<PreparedQueryConfig & { execute: QueryResult<Row> }>(compiled, undefined, name, false)
    .execute();
}

/** Postgres integer array parameter (`= any(...)`), which unlike `in (...)` also works for an empty list. */
export const intArray = (ids: readonly number[]) => sql`${sql.param(ids)}::int[]`;

/**
 * `column = any(ids)`, beside a join with `jsonb_to_recordset` on the same keys. PostgreSQL cannot know how many rows
 * such a function gives (it assumes 100) and joined the whole table by a hash instead: every batch of headset polls or
 * state reports read all 10,000 headsets (3–6 ms each, the most of the database's work under a fleet). With the keys
 * as a condition of their own it looks the rows up by index (0.1 ms), in its custom and its generic plans alike.
 */
export const keyedBy = (column: SQL, ids: readonly number[]) => sql`${column} = any(${intArray(ids)})`;

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
 * the page, and answers rows that carry the list's total as `total` (`count(*) over ()`, or a subquery). Beyond the last page there
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
