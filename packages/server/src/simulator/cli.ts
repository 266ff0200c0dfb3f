import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { JsonHttp } from './client.ts';
import { controlCommand, startControlServer } from './control.ts';
import { enrolSimulatedHeadsets } from './enrol.ts';
import { startFleet } from './fleet.ts';
import { BYTES_PER_MBIT, DEFAULT_SETTINGS } from './model.ts';

const DEFAULT_MBPS = DEFAULT_SETTINGS.bandwidthBytesPerSecond / BYTES_PER_MBIT;

const USAGE = `npm run simulate -- [Optionen]

Simulierte VR-Brillen gegen einen laufenden Server: jede fragt Befehle per Long-Poll ab, führt sie aus und
meldet Ergebnis und Zustand. Die VR-Brillen werden von einem Administrator der Organisation angelegt (Seriennummer
SIM-<Organisation>-<n>); vorhandene bekommen einen neuen Kopplungscode.

  --devices N            Anzahl VR-Brillen (10)
  --server URL           Server (http://localhost:8080)
  --organisation X       Id oder Name der Organisation (die erste, die der Administrator verwaltet)
  --admin E-MAIL         Administrator (admin@kmz.example, der Demo-Administrator)
  --password PASSWORT    sein Passwort (portal2026)
  --version X.Y.Z        Software-Version aller VR-Brillen (sonst gemischt)
  --bandwidth-mbps N     Download beim Synchronisieren in MBit/s (${DEFAULT_MBPS})
  --reboot-seconds N     so lange ist eine VR-Brille beim Neustart offline (${DEFAULT_SETTINGS.rebootSeconds})
  --update-seconds N     so lange dauert ein Update (${DEFAULT_SETTINGS.updateSeconds})
  --ramp-seconds N       Start der VR-Brillen über so viele Sekunden verteilen (N/100, höchstens 30)
  --control-port N       Steuerung per HTTP auf 127.0.0.1 (POST /headsets/<Name>/off|on, GET /status)
  --quiet                keine Statuszeile alle 30 Sekunden

Auf der Standardeingabe: off <Name|Seriennummer|all>, on <…>, status.`;

function number(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0)
    throw new Error(`--${name} braucht eine Zahl ≥ 0, nicht „${value}“.`);
  return parsed;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string' },
      server: { type: 'string' },
      organisation: { type: 'string' },
      admin: { type: 'string' },
      password: { type: 'string' },
      version: { type: 'string' },
      'bandwidth-mbps': { type: 'string' },
      'reboot-seconds': { type: 'string' },
      'update-seconds': { type: 'string' },
      'ramp-seconds': { type: 'string' },
      'control-port': { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const count = Math.floor(number(values.devices, 'devices', 10));
  const serverUrl = values.server ?? 'http://localhost:8080';
  const http = new JsonHttp(serverUrl);
  const { organisation, members } = await enrolSimulatedHeadsets(http, {
    email: values.admin ?? 'admin@kmz.example',
    password: values.password ?? 'portal2026',
    organisation: values.organisation,
    count,
    softwareVersion: values.version,
  });
  http.close();

  const fleet = await startFleet(
    {
      serverUrl,
      rampMs: number(values['ramp-seconds'], 'ramp-seconds', Math.min(30, count / 100)) * 1000,
      settings: {
        bandwidthBytesPerSecond:
          number(values['bandwidth-mbps'], 'bandwidth-mbps', DEFAULT_MBPS) * BYTES_PER_MBIT,
        rebootSeconds: number(values['reboot-seconds'], 'reboot-seconds', DEFAULT_SETTINGS.rebootSeconds),
        updateSeconds: number(values['update-seconds'], 'update-seconds', DEFAULT_SETTINGS.updateSeconds),
      },
      log: (message) => console.log(message),
    },
    members,
  );
  const control = values['control-port']
    ? await startControlServer(fleet, number(values['control-port'], 'control-port', 0))
    : null;
  // Parents (tests, the fleet benchmark) wait for this line.
  console.log(
    `Simulator: ${count} VR-Brillen von „${organisation.name}“ verbunden mit ${serverUrl}` +
      (control ? ` · Steuerung auf http://127.0.0.1:${control.port}` : ''),
  );

  let cpu = process.cpuUsage();
  let at = performance.now();
  const status = values.quiet
    ? null
    : setInterval(() => {
        const used = process.cpuUsage(cpu);
        const elapsed = (performance.now() - at) * 1000;
        cpu = process.cpuUsage();
        at = performance.now();
        const s = fleet.stats();
        const percent = Math.round(((used.user + used.system) / elapsed) * 100);
        let rss = '?';
        try {
          rss = String(Math.round(process.memoryUsage.rss() / 1024 ** 2));
        } catch {
          // Reading it needs a file descriptor; when all are in use (EMFILE) the status line still comes.
        }
        console.log(
          `VR-Brillen ${s.headsets} · fragen ab ${s.polling} · aus ${s.off} · Befehle ${s.commands} · ` +
            `Ergebnisse ${s.results} · Berichte ${s.reports} · Fehler ${s.errors} · CPU ${percent} % · ${rss} MB`,
        );
      }, 30_000);

  const input = createInterface({ input: process.stdin });
  input.on('line', (line) => {
    if (line.trim() === '') return;
    controlCommand(fleet, line).then(
      (message) => console.log(message),
      (error: Error) => console.log(error.message),
    );
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    if (status) clearInterval(status);
    input.close();
    await control?.close();
    await fleet.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: Error) => {
  console.error(`Simulator: ${error.message}`);
  process.exit(1);
});
