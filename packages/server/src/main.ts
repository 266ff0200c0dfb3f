import { startServer } from './app.ts';
import { readConfig } from './config.ts';

const config = readConfig();
const server = await startServer(config);
const engine =
  server.database.engine === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL (DATABASE_URL)';
console.log(
  `VR-Portal läuft auf ${server.url} · Datenbank: ${engine}${server.seeded ? ' · Demo-Daten geladen' : ''}`,
);
if (!server.portalServed) {
  console.log(
    `Hinweis: kein gebautes Portal in ${config.portalDist} gefunden; nur die API läuft. ` +
      'Bauen Sie es mit `pnpm run build` (oder starten Sie mit `npm start`).',
  );
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} empfangen, Server wird beendet …`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await server.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
