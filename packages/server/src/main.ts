import { readConfig } from './config.ts';
import { startServer } from './server.ts';
import { startDemoFleet } from './simulator/demoFleet.ts';

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

// The portal works without it; a fleet that cannot start is reported, not fatal.
const demoFleet = config.demoFleet
  ? await startDemoFleet(server, { controlPort: config.demoFleetControlPort }).catch((error: Error) => {
      console.error(`Demo-VR-Brillen konnten nicht starten: ${error.message}`);
      return null;
    })
  : null;
if (demoFleet) {
  console.log(
    `Demo-VR-Brillen: ${demoFleet.fleet.serialNumbers.length} simuliert (DEMO_FLEET=off schaltet sie ab)` +
      (demoFleet.controlPort === null ? '' : ` · Steuerung auf http://127.0.0.1:${demoFleet.controlPort}`),
  );
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} empfangen, Server wird beendet …`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await demoFleet?.stop();
  await server.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
