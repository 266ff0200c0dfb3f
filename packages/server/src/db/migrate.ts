import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR } from '../paths.ts';
import type { Database, DatabaseHandle } from './database.ts';
import { seedIfEmpty } from './seed.ts';

/** Applies the committed drizzle-kit migrations (packages/server/drizzle) that are not applied yet. */
export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}

/** The advisory lock every process of the portal takes on its database while it prepares it (any fixed number). */
const START_LOCK_KEY = 7_466_031_025;

/**
 * What every start does to its database: migrate, then on an empty one load the demo data (and
 * `bulkContentCount` generated items, SEED_CONTENT_COUNT); answers whether it seeded. Several processes started at
 * once on one PostgreSQL (a deployment starts them together) take turns under a session advisory lock: without it
 * two of them ran the same migration and failed on the table the other had just made, or both found the database
 * empty and seeded. The lock goes with its connection, so a process killed meanwhile does not keep it. PGlite serves
 * one process: no lock.
 */
export async function migrateAndSeed(
  database: Pick<DatabaseHandle, 'db' | 'pool' | 'engine'>,
  options: { bulkContentCount?: number } = {},
): Promise<boolean> {
  const prepare = async () => {
    await migrateDatabase(database.db);
    return seedIfEmpty(database.db, options);
  };
  if (database.engine !== 'postgres') return prepare();
  const holder = await database.pool.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
    try {
      return await prepare();
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [START_LOCK_KEY]);
    }
  } finally {
    holder.release();
  }
}
