// The simulated headsets of bench:fleet, in a process of their own (started by fleetProcess.ts with its options as
// JSON in argv). They are added and paired through the server's API as an administrator and real headsets would,
// each holding the content of `installed`, then long-poll, carry out commands and report their state every 30 s. Talks to the bench over the IPC channel;
// ends on 'stop' or when the bench goes away.
import { JsonHttp } from '../../packages/server/src/simulator/client.ts';
import { enrolSimulatedHeadsets } from '../../packages/server/src/simulator/enrol.ts';
import { startFleet } from '../../packages/server/src/simulator/fleet.ts';
import type { FleetMessage, FleetRequest, HeadsetsOptions } from './fleetProcess.ts';
import { wallClock } from './fleetProcess.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as HeadsetsOptions;
const tell = (message: FleetMessage) => process.send?.(message);

async function main(): Promise<void> {
  const started = performance.now();
  const http = new JsonHttp(options.serverUrl);
  const { organisation, members } = await enrolSimulatedHeadsets(http, {
    email: options.admin,
    password: options.password,
    count: options.headsets,
    softwareVersion: options.softwareVersion,
  });
  http.close();
  const fleet = await startFleet(
    {
      serverUrl: options.serverUrl,
      rampMs: options.rampSeconds * 1000,
      onCommands: (_serial, commands) =>
        tell({ type: 'delivered', commandIds: commands.map((c) => c.id), at: wallClock() }),
    },
    members.map((member) => ({ ...member, installed: options.installed })),
  );
  tell({
    type: 'ready',
    organisationId: organisation.id,
    serialNumbers: members.map((m) => m.serialNumber),
    enrolSeconds: (performance.now() - started) / 1000,
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await fleet.stop();
    process.exit(0);
  };
  process.on('message', (request: FleetRequest) => {
    if (request.type === 'stats') tell({ type: 'stats', stats: fleet.stats() });
    else void stop();
  });
  // The bench ended (or was killed): no headset outlives it.
  process.on('disconnect', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: Error) => {
  tell({ type: 'failed', message: error.message });
  process.exit(1);
});
