// `pnpm --filter @portal/server run publish-terms <tosFile> [privacyPolicyFile|-]`: publishes the next terms
// version in the configured database (PGLITE_DATA_DIR or DATABASE_URL, as the server reads them), like the
// staff-only publishTos operation. With PGlite, stop the server first (one process per data directory) or use
// the API. Files are URLs, absolute http(s) or root-relative ('/media/…'); '-' removes the privacy policy,
// leaving it out keeps the current one. Everybody then has to accept the terms again.
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateAndSeed } from '../db/migrate.ts';
import { publishTosVersion } from '../services/accounts/index.ts';

const [tosFile, privacyPolicyArgument] = process.argv.slice(2);
const isUrl = (value: string) => /^(https?:\/\/|\/)/.test(value);
if (
  !tosFile ||
  !isUrl(tosFile) ||
  (privacyPolicyArgument && privacyPolicyArgument !== '-' && !isUrl(privacyPolicyArgument))
) {
  console.error('usage: publish-terms <tosFile URL> [privacyPolicyFile URL | -]');
  process.exit(2);
}
const privacyPolicyFile =
  privacyPolicyArgument === undefined
    ? undefined
    : privacyPolicyArgument === '-'
      ? null
      : privacyPolicyArgument;
const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  // As the server would on its first start: the demo data (with terms version 1) comes before any new version.
  await migrateAndSeed(database);
  const version = await publishTosVersion(database.db, tosFile, privacyPolicyFile, null);
  console.log(`Nutzungsbedingungen Version ${version} veröffentlicht: ${tosFile}`);
} finally {
  await database.close();
}
