// `pnpm --filter @portal/server run seed:bulk 2000`: adds generated content items to the configured database
// (PGLITE_DATA_DIR or DATABASE_URL, as the server reads them), after the demo data if the database is empty.
import { sql } from 'drizzle-orm';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateAndSeed } from '../db/migrate.ts';
import { contents } from '../db/schema.ts';
import { seedBulkContent } from '../db/seedBulk.ts';

const count = Number(process.argv[2] ?? 2000);
if (!Number.isInteger(count) || count < 1)
  throw new Error(`usage: seed:bulk <count>, got '${process.argv[2]}'`);
const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateAndSeed(database);
  const added = await seedBulkContent(database.db, count);
  const [total] = await database.db.select({ n: sql<number>`count(*)::int` }).from(contents);
  console.log(`${added} content items added, ${total?.n} in total.`);
} finally {
  await database.close();
}
