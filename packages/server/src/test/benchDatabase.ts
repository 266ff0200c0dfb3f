// What the benchmarks read from their PostgreSQL database, and the upkeep they do on it before they measure.
import { withClient } from './databaseSnapshot.ts';

/** What PostgreSQL counted for one table since its statistics began (pg_stat_user_tables). */
export interface TableActivity {
  table: string;
  updates: number;
  /** Updates that stayed on their page without touching an index (heap-only tuples). */
  hotUpdates: number;
  deadRows: number;
  autovacuums: number;
  autoanalyzes: number;
}

/**
 * The activity of `tables` in the database `databaseUrl` names, for benchmarks that show what the database did during
 * a window (two readings apart). The statistics reach the view with a delay of up to a second (stats_fetch_consistency
 * aside): a reading is a lower bound of what happened until it.
 */
export async function tableActivity(
  databaseUrl: string,
  tables: readonly string[],
): Promise<TableActivity[]> {
  return withClient(databaseUrl, async (client) => {
    const result = await client.query<Record<keyof TableActivity, string>>(
      `select relname as "table", n_tup_upd as "updates", n_tup_hot_upd as "hotUpdates", n_dead_tup as "deadRows",
         autovacuum_count as "autovacuums", autoanalyze_count as "autoanalyzes"
       from pg_stat_user_tables where relname = any($1) order by relname`,
      [tables],
    );
    return result.rows.map((row) => ({
      table: row.table,
      updates: Number(row.updates),
      hotUpdates: Number(row.hotUpdates),
      deadRows: Number(row.deadRows),
      autovacuums: Number(row.autovacuums),
      autoanalyzes: Number(row.autoanalyzes),
    }));
  });
}

/**
 * VACUUM (ANALYZE) of the whole database, as pgbench does before it measures: a bulk load just before (bench:fleet
 * adds and pairs 10,000 headsets in under a minute) leaves its tables for an autovacuum that would otherwise fall into
 * the first measured window. The vacuuming that the measured load itself calls for still happens in the windows.
 */
export async function vacuumAnalyze(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, (client) => client.query('vacuum (analyze)'));
}
