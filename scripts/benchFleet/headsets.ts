// The simulated headsets of bench:fleet, in a process of their own (started by fleetProcess.ts with its options as
// JSON in argv). They are added and paired through the server's API as an administrator and real headsets would,
// each holding the content of `installed`, then long-poll, carry out commands and report their state every 30 s. Talks to the bench over the IPC channel;
// ends on 'stop' or when the bench goes away.
import { JsonHttp } from '../../packages/server/src/simulator/client.ts';
import { enrolSimulatedHeadsets } from '../../packages/server/src/simulator/enrol.ts';
import {
  type FleetMember,
  type FleetOptions,
  type FleetStats,
  startFleet,
} from '../../packages/server/src/simulator/fleet.ts';
import type { CallFailure, FleetMessage, FleetRequest, HeadsetsOptions } from './fleetProcess.ts';
import { SERVED_BY_HEADER, wallClock } from './fleetProcess.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as HeadsetsOptions;
const tell = (message: FleetMessage) => process.send?.(message);

/** Failed calls, oldest first; the oldest half goes when it grows past this (the bench asks for recent ones). */
const KEPT_FAILURES = 200_000;
const failures: CallFailure[] = [];

/** The first failure of each headset since `since`. */
function failuresSince(since: number): CallFailure[] {
  const first = new Map<string, CallFailure>();
  for (const failure of failures)
    if (failure.at >= since && !first.has(failure.serialNumber)) first.set(failure.serialNumber, failure);
  return [...first.values()];
}

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
  // Behind several proxies each takes its share of the headsets (every proxy reaches every server process).
  const urls = options.pollUrls ?? [options.serverUrl];
  const shares = urls.map((_, i) => members.filter((_, n) => n % urls.length === i));
  const fleets = await Promise.all(
    urls.map((serverUrl, i) => startFleet(fleetOptions(serverUrl), share(shares[i] ?? []))),
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
    await Promise.all(fleets.map((fleet) => fleet.stop()));
    process.exit(0);
  };
  process.on('message', (request: FleetRequest) => {
    if (request.type === 'stats') tell({ type: 'stats', stats: sumOf(fleets.map((fleet) => fleet.stats())) });
    else if (request.type === 'failures') tell({ type: 'failures', failures: failuresSince(request.since) });
    else void stop();
  });
  // The bench ended (or was killed): no headset outlives it.
  process.on('disconnect', () => void stop());
  process.on('SIGTERM', () => void stop());
}

function share(members: FleetMember[]): FleetMember[] {
  return members.map((member) => ({ ...member, installed: options.installed }));
}

function sumOf(stats: FleetStats[]): FleetStats {
  const sum = (key: keyof FleetStats) => stats.reduce((total, s) => total + s[key], 0);
  return {
    headsets: sum('headsets'),
    polling: sum('polling'),
    off: sum('off'),
    polls: sum('polls'),
    commands: sum('commands'),
    results: sum('results'),
    reports: sum('reports'),
    errors: sum('errors'),
  };
}

function fleetOptions(serverUrl: string): FleetOptions {
  return {
    serverUrl,
    rampMs: options.rampSeconds * 1000,
    onCommands: (_serial, commands, headers) => {
      const servedBy = headers[SERVED_BY_HEADER];
      tell({
        type: 'delivered',
        commandIds: commands.map((c) => c.id),
        at: wallClock(),
        servedBy: typeof servedBy === 'string' ? servedBy : null,
      });
    },
    onCallFailed: (serialNumber) => {
      if (failures.length >= KEPT_FAILURES) failures.splice(0, KEPT_FAILURES / 2);
      failures.push({ serialNumber, at: wallClock() });
    },
  };
}

main().catch((error: Error) => {
  tell({ type: 'failed', message: error.message });
  process.exit(1);
});
