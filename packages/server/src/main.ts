import { startServer } from './app.ts';
import { readConfig } from './config.ts';
import { MESSAGES } from './messages.ts';

const config = readConfig();
const server = await startServer(config);
const engine =
  server.database.engine === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL (DATABASE_URL)';
console.log(MESSAGES.console.listening(server.url, engine, server.seeded));
if (!server.portalServed) console.log(MESSAGES.console.noPortalBuild(config.portalDist));
if (server.demoFleet) {
  console.log(MESSAGES.console.demoFleet(server.demoFleet.headsets, server.demoFleet.controlPort));
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(MESSAGES.console.stopping(signal));
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await server.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
