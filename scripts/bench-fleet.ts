// `npm run bench:fleet`: the NRW fleet against one server, figures printed, never asserted.
// Per database (PGlite in memory, and with BENCH_DATABASE_URL a throwaway database on that PostgreSQL server): the
// real server (src/main.ts, a child process, without the demo fleet) starts on a fresh database; the scenarios that
// compare with an idle server measure it first; then --headsets simulated headsets (default 3,400, the size of the
// NRW fleet) are added to the demo KMZ and paired through the API and run in a second child process, long-polling
// and reporting their state every 30 s, while --teachers signed-in sessions (default 50) list headsets and send
// commands in the background. Each scenario (scenarios.ts) then measures and prints its figures and aims, with the
// CPU and memory of the server, the headsets' process, this process and (on PostgreSQL) the database's backends.
// With --processes N (PostgreSQL only), N server processes run on the one database behind Debian's haproxy
// (benchFleet/proxy.ts) with their uploads in the S3 test store, and everything — headsets, teachers, scenarios —
// goes through the proxy; the kill-one scenario then kills one of them mid-run.
// Aims on a 2-core machine: device list p99 ≤ 100 ms, command delivery p95 ≤ 500 ms, a bare route keeps ≥ 50 % of its
// idle rate, starting a video on 30 headsets takes ≤ 1.5× the time of starting it on one (issue 14). Every loop ends
// by itself; only 127.0.0.1 is spoken to. Figures on a shared machine are noisy: the load average is printed before
// and after.
import type { ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { HEADSET_LONG_POLL_SECONDS } from '../packages/domain/src/index.ts';
import {
  type TableActivity,
  tableActivity,
  vacuumAnalyze,
} from '../packages/server/src/test/benchDatabase.ts';
import { type ThrowawayDatabase, throwawayDatabase } from '../packages/server/src/test/databaseSnapshot.ts';
import { type S3TestServer, startS3TestServer } from '../packages/server/src/test/s3TestServer.ts';
import { FleetProcess } from './benchFleet/fleetProcess.ts';
import { mediathekVideo } from './benchFleet/playback.ts';
import {
  cpuPercent,
  databaseBackends,
  groupCpuPercent,
  megabytes,
  type ProcessUsage,
  processUsage,
} from './benchFleet/processUsage.ts';
import {
  ensureHaproxy,
  HAPROXY,
  HEALTH_PATH,
  type ProxiedServers,
  proxiesFor,
  proxyConnectionLimit,
  startProxiedServers,
} from './benchFleet/proxy.ts';
import {
  type Aim,
  CLASS_SET_SIZE,
  type FleetBenchOptions,
  type FleetContext,
  type FleetScenario,
  SCENARIOS,
  UPLOAD_PART_BYTES,
} from './benchFleet/scenarios.ts';
import { Teacher, TeacherLoad } from './benchFleet/teachers.ts';
import { loadAverage, sleep, stopProcess } from './benchHttp.ts';
import { startBenchServer } from './benchServer.ts';

/** The demo KMZ's administrator adds the headsets; the teachers are sessions of the same account (see README). */
const ADMIN = 'admin@kmz.example';
const PASSWORD = 'portal2026';
/** No version gate refuses a teacher's command on this software. */
const SOFTWARE_VERSION = '5.1.2';

/**
 * The headsets start spread over one long poll, so that their polls stay spread evenly afterwards, as a fleet switched
 * on over a morning is. Each headset polls again when its poll ends: started over 30 s, the headsets of the first and
 * the last 5 s polled together ever after, twice the rate for 5 s of every 25, a beat of the ramp, not of a fleet.
 */
const RAMP_SECONDS = HEADSET_LONG_POLL_SECONDS;

/** Defaults for one server process, and for several behind the proxy (a state-wide service). */
const SIZES = { one: { headsets: 3400, teachers: 50 }, several: { headsets: 10_000, teachers: 100 } };

const USAGE = `npm run bench:fleet -- [options]

  --processes N        server processes behind haproxy on one PostgreSQL database, uploads in the S3 test store (1)
  --headsets N         simulated headsets (${SIZES.one.headsets}, the NRW fleet; ${SIZES.several.headsets} with --processes > 1)
  --teachers N         signed-in teachers working meanwhile (${SIZES.one.teachers}; ${SIZES.several.teachers} with --processes > 1)
  --seconds N          how long the teachers scenario measures (60)
  --think-seconds N    a teacher's mean pause between two actions (4)
  --command-share X    share of the teachers' actions that send a command, the rest list headsets (0.25)
  --bare-seconds N     how long the bare route is measured, idle and with the fleet (10)
  --bare-connections N connections asking for the bare route in a closed loop (8)
  --ramp-seconds N     the headsets start spread over this many seconds (${RAMP_SECONDS}, one long poll)
  --start-rounds N     measured rounds of start-1-vs-30, each a start on 1 and on ${CLASS_SET_SIZE} headsets (5)
  --database X         pglite, postgres or both (both with BENCH_DATABASE_URL, else pglite)
  --scenarios A,B      which scenarios, in this order (${Object.keys(SCENARIOS).join(',')}; kill-one only with
                       --processes > 1, and there by default)
  --port N             port of the server under test, or of the proxy (BENCH_PORT or 8291); more proxies (when
                       one cannot hold every connection here) and the processes behind them on the next ports

BENCH_DATABASE_URL=postgres://user:pw@127.0.0.1:5432/db: a throwaway database is created on that server and dropped.

Several processes (issue 25), the full size, with a PostgreSQL server at hand:
  BENCH_DATABASE_URL=postgres://… npm run bench:fleet -- --processes 3 --database postgres
haproxy is Debian's (${HAPROXY}); when it is missing the bench installs it with apt-get (as root, like .ci/run
installs PostgreSQL). Its configuration is written to a temporary directory: leastconn, a health check on
${HEALTH_PATH} every second, timeouts above the headsets' 25 s long poll, X-Served-By naming the process. A
small run while developing: --processes 3 --database postgres --headsets 300 --teachers 10 --ramp-seconds 5

Only the start on 1 vs ${CLASS_SET_SIZE} headsets (issue 14), on a small fleet, in a minute or two:
  npm run bench:fleet -- --scenarios start-1-vs-30 --headsets 100 --teachers 5 --ramp-seconds 5`;

function readOptions(): {
  options: FleetBenchOptions;
  engines: ('pglite' | 'postgres')[];
  scenarios: string[];
  port: number;
  processes: number;
} | null {
  const { values } = parseArgs({
    options: {
      processes: { type: 'string', default: '1' },
      headsets: { type: 'string' },
      teachers: { type: 'string' },
      seconds: { type: 'string', default: '60' },
      'think-seconds': { type: 'string', default: '4' },
      'command-share': { type: 'string', default: '0.25' },
      'bare-seconds': { type: 'string', default: '10' },
      'bare-connections': { type: 'string', default: '8' },
      'ramp-seconds': { type: 'string', default: String(RAMP_SECONDS) },
      'start-rounds': { type: 'string', default: '5' },
      database: { type: 'string' },
      scenarios: { type: 'string' },
      port: { type: 'string', default: process.env.BENCH_PORT ?? '8291' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return null;
  }
  const number = (name: keyof typeof values, min: number) => {
    const value = Number(values[name]);
    if (!Number.isFinite(value) || value < min) throw new Error(`--${name} needs a number ≥ ${min}`);
    return value;
  };
  const processes = Math.floor(number('processes', 1));
  const size = processes > 1 ? SIZES.several : SIZES.one;
  values.headsets ??= String(size.headsets);
  values.teachers ??= String(size.teachers);
  const database = values.database ?? (process.env.BENCH_DATABASE_URL ? 'both' : 'pglite');
  if (processes > 1 && database !== 'postgres') {
    throw new Error('--processes > 1 needs --database postgres (PGlite serves one process)');
  }
  if (!['pglite', 'postgres', 'both'].includes(database))
    throw new Error('--database: pglite, postgres or both');
  if (database !== 'pglite' && !process.env.BENCH_DATABASE_URL) {
    throw new Error('--database postgres needs BENCH_DATABASE_URL');
  }
  const runnable = Object.keys(SCENARIOS).filter(
    (name) => processes > 1 || !(SCENARIOS[name] as () => FleetScenario)().needsProcesses,
  );
  const scenarios = (values.scenarios ?? runnable.join(',')).split(',').filter(Boolean);
  const unknown = scenarios.filter((name) => !(name in SCENARIOS));
  if (unknown.length > 0) throw new Error(`unknown scenario(s): ${unknown.join(', ')}`);
  const needsProcesses = scenarios.filter((name) => !runnable.includes(name));
  if (needsProcesses.length > 0) throw new Error(`${needsProcesses.join(', ')} needs --processes 2 or more`);
  const commandShare = number('command-share', 0);
  if (commandShare > 1) throw new Error('--command-share is a share between 0 and 1');
  return {
    options: {
      headsets: Math.floor(number('headsets', 1)),
      teachers: Math.floor(number('teachers', 1)),
      seconds: number('seconds', 1),
      thinkSeconds: number('think-seconds', 0),
      commandShare,
      bareSeconds: number('bare-seconds', 1),
      bareConnections: Math.floor(number('bare-connections', 1)),
      rampSeconds: number('ramp-seconds', 0),
      startRounds: Math.floor(number('start-rounds', 1)),
    },
    engines: database === 'both' ? ['pglite', 'postgres'] : [database as 'pglite' | 'postgres'],
    scenarios,
    port: number('port', 1),
    processes,
  };
}

/** The tables every headset's calls write: their updates, and the vacuuming these call for, are read per scenario. */
const HEADSET_TABLES = ['devices', 'device_commands'];

/** The processes whose CPU and memory are printed, read at the start and the end of each scenario. */
interface Readings {
  at: number;
  /** Each server process's (one, or those behind the proxy, in order; null for one that is gone). */
  servers: (ProcessUsage | null)[];
  proxies: (ProcessUsage | null)[];
  headsets: ProcessUsage | null;
  bench: NodeJS.CpuUsage;
  backends: Map<number, ProcessUsage> | null;
  /** PostgreSQL's counts for the tables every headset writes (PostgreSQL only). */
  tables: TableActivity[] | null;
  polls: number;
  reports: number;
  results: number;
  errors: number;
}

/** The processes under test: the server processes by name, and the proxy in front of them (when there is one). */
interface UnderTest {
  servers: { name: string; process: ChildProcess }[];
  proxies: ChildProcess[];
}

async function read(
  underTest: UnderTest,
  fleet: FleetProcess,
  database: ThrowawayDatabase | undefined,
): Promise<Readings> {
  const stats = await fleet.stats();
  const tables = database ? await tableActivity(database.url, HEADSET_TABLES) : null;
  return {
    at: performance.now(),
    servers: underTest.servers.map((server) => processUsage(server.process.pid ?? 0)),
    proxies: underTest.proxies.map((proxy) => processUsage(proxy.pid ?? 0)),
    headsets: processUsage(fleet.pid),
    bench: process.cpuUsage(),
    backends: database ? databaseBackends(database.name) : null,
    tables,
    polls: stats.polls,
    reports: stats.reports,
    results: stats.results,
    errors: stats.errors,
  };
}

function usageLines(before: Readings, after: Readings, polling: number, names: string[]): string[] {
  const seconds = (after.at - before.at) / 1000;
  const percent = (value: number) => `${Number.isFinite(value) ? value.toFixed(0) : '?'} %`;
  const memory = (usage: ProcessUsage | null) =>
    usage ? `RSS ${megabytes(usage.rssBytes)} (peak ${megabytes(usage.peakRssBytes)})` : 'RSS ?';
  const benchCpu = process.cpuUsage(before.bench);
  const perSecond = (key: 'polls' | 'reports' | 'results' | 'errors') =>
    ((after[key] - before[key]) / seconds).toFixed(1);
  // What a headset call costs the server, whatever the machine's load: CPU time does not grow with waiting, as
  // latency does. Everything else the server did meanwhile is counted in: the teachers' few requests, and in the
  // bare-route scenario its thousands of static files (there the figure says little).
  const headsetCalls = ['polls', 'reports', 'results'] as const;
  const calls = headsetCalls.reduce((sum, key) => sum + after[key] - before[key], 0);
  // A process killed during the scenario counts up to its last reading: the sum is a lower bound then.
  const serverCpuMs = after.servers.reduce((sum, usage, i) => {
    const earlier = before.servers[i];
    return sum + (usage && earlier ? (usage.cpuSeconds - earlier.cpuSeconds) * 1000 : 0);
  }, 0);
  const lines = [
    ...after.servers.map((usage, i) => {
      const earlier = before.servers[i] ?? null;
      const label = names.length > 1 ? `server ${names[i]}` : 'server process';
      return `${label.padEnd(19)}CPU ${percent(cpuPercent(earlier, usage, seconds))} of one core (event loop ${percent(cpuPercent(earlier, usage, seconds, true))}, the rest in its other threads: the PGlite worker, garbage collection), ${usage ? memory(usage) : 'gone'}`;
    }),
    `server CPU per answered headset call  ${calls > 0 ? (serverCpuMs / calls).toFixed(2) : '?'} ms (all the server${names.length > 1 ? " processes'" : "'s"} work in the scenario / headset calls answered)`,
    `headsets' process  CPU ${percent(cpuPercent(before.headsets, after.headsets, seconds))}, ${memory(after.headsets)}; ${polling} polling, ${perSecond('polls')} polls answered/s, ${perSecond('reports')} state reports/s, ${perSecond('results')} results/s, ${after.errors - before.errors} errors (refused or failed calls)`,
    `bench process      CPU ${percent(((benchCpu.user + benchCpu.system) / 1e6 / seconds) * 100)}`,
  ];
  after.proxies.forEach((usage, i) => {
    const label = after.proxies.length > 1 ? `haproxy ${i + 1}` : 'haproxy';
    lines.push(
      `${label.padEnd(19)}CPU ${percent(cpuPercent(before.proxies[i] ?? null, usage, seconds))}, ${memory(usage)}`,
    );
  });
  if (before.backends && after.backends) {
    lines.push(
      `PostgreSQL backends of the bench database (${after.backends.size})  CPU ${percent(groupCpuPercent(before.backends, after.backends, seconds))}`,
    );
  }
  for (const table of after.tables ?? []) {
    const earlier = before.tables?.find((t) => t.table === table.table);
    if (!earlier) continue;
    const updates = table.updates - earlier.updates;
    const onTheirPage = updates > 0 ? ((table.hotUpdates - earlier.hotUpdates) / updates) * 100 : Number.NaN;
    lines.push(
      `table ${table.table.padEnd(16)}${(updates / seconds).toFixed(0)} updates/s (${percent(onTheirPage)} on their page, no index touched), ${table.deadRows.toLocaleString('en')} dead rows at the end, autovacuum ${table.autovacuums - earlier.autovacuums}×, autoanalyze ${table.autoanalyzes - earlier.autoanalyzes}× meanwhile`,
    );
  }
  return lines;
}

interface EngineResult {
  engine: string;
  aims: Aim[];
}

async function runEngine(
  engine: 'pglite' | 'postgres',
  options: FleetBenchOptions,
  scenarioNames: string[],
  port: number,
  processes: number,
): Promise<EngineResult> {
  const label =
    engine === 'postgres'
      ? `PostgreSQL (BENCH_DATABASE_URL)${processes > 1 ? `, ${processes} processes behind haproxy` : ''}`
      : 'PGlite (in memory)';
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const database: ThrowawayDatabase | undefined =
    engine === 'postgres' && adminUrl
      ? await throwawayDatabase(adminUrl, { prefix: 'vr_portal_bench' })
      : undefined;
  let underTest: UnderTest | undefined;
  let proxied: ProxiedServers | undefined;
  let store: S3TestServer | undefined;
  let fleet: FleetProcess | undefined;
  let teachers: TeacherLoad | undefined;
  const aims: Aim[] = [];
  try {
    console.log(`\n== ${label} · load average before ${loadAverage()} (2 cores, shared: figures are noisy)`);
    // The teachers' sessions must outlive the run without a refresh (kill-one renews them on purpose).
    const env = { DATABASE_URL: database?.url ?? '', ACCESS_TOKEN_TTL_SECONDS: '3600' };
    if (processes > 1) {
      ensureHaproxy();
      store = await startS3TestServer();
      // Every headset holds a connection (its poll), every teacher up to 6; one proxy process may hold only so many.
      const proxies = proxiesFor(options.headsets + options.teachers * 6 + 100);
      // All at once, as a deployment starts them: they take turns at migrating and seeding the empty database.
      proxied = await startProxiedServers({
        processes,
        proxies,
        port,
        env: { ...env, ...store.env, UPLOAD_PART_SIZE: String(UPLOAD_PART_BYTES) },
        timeoutSeconds: 180,
      });
      underTest = { servers: proxied.servers, proxies: proxied.proxies.map((proxy) => proxy.process) };
      const ports = (list: { port: number }[]) => list.map((item) => item.port).join(', ');
      console.log(
        `${processes} server processes (${proxied.servers.map((s) => s.name).join(', ')}) behind haproxy on ${ports(proxied.proxies)}, uploads in the S3 test store`,
      );
      if (proxies > 1) {
        console.log(
          `  ${proxies} haproxy processes, each in front of all server processes, the headsets split between them: one process may open ${proxyConnectionLimit().toLocaleString('en')} × 2 files here (ulimit -Hn), two per proxied connection`,
        );
      }
    } else {
      underTest = {
        servers: [{ name: 'p1', process: await startBenchServer(port, { env, timeoutSeconds: 180 }) }],
        proxies: [],
      };
    }
    const scenarios: FleetScenario[] = scenarioNames.map((name) =>
      (SCENARIOS[name] as () => FleetScenario)(),
    );
    for (const scenario of scenarios) await scenario.idle?.({ port, options });

    // One after another: the login throttle counts an attempt until its password is checked, so a burst of sign-ins
    // into one account is refused (as it should be).
    const own = await Teacher.signIn(port, ADMIN, PASSWORD);
    const heldVideo = await mediathekVideo(own);
    fleet = await FleetProcess.start(
      {
        serverUrl: `http://127.0.0.1:${port}`,
        pollUrls: proxied?.proxies.map((proxy) => `http://127.0.0.1:${proxy.port}`),
        headsets: options.headsets,
        rampSeconds: options.rampSeconds,
        admin: ADMIN,
        password: PASSWORD,
        softwareVersion: SOFTWARE_VERSION,
        installed: [heldVideo],
      },
      600,
    );
    console.log(
      `${options.headsets.toLocaleString('en')} simulated headsets added and paired through the API in ${fleet.enrolSeconds.toFixed(0)} s`,
    );
    const working: Teacher[] = [];
    for (let i = 0; i < options.teachers; i += 1) working.push(await Teacher.signIn(port, ADMIN, PASSWORD));
    const classSet = fleet.serialNumbers.slice(0, CLASS_SET_SIZE);
    const others = fleet.serialNumbers.slice(CLASS_SET_SIZE);
    teachers = new TeacherLoad(working, {
      thinkSeconds: options.thinkSeconds,
      commandShare: options.commandShare,
      serialNumbers: others.length > 0 ? others : fleet.serialNumbers,
      listedHeadsets: fleet.serialNumbers.length,
    });
    // Steady state: every headset started (the ramp) and holds its poll.
    const running = fleet;
    const deadline = performance.now() + (options.rampSeconds + 60) * 1000;
    let polling = 0;
    while (performance.now() < deadline) {
      polling = (await running.stats()).polling;
      if (polling >= options.headsets * 0.99) break;
      await sleep(1000);
    }
    if (database) {
      const vacuumStarted = performance.now();
      await vacuumAnalyze(database.url);
      console.log(
        `database vacuumed and analysed after the enrolment, as pgbench does before it measures (${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s)`,
      );
    }
    console.log(
      `${polling.toLocaleString('en')} headsets polling, ${options.teachers} teachers at work (a pause of ${options.thinkSeconds} s on average, ${Math.round(options.commandShare * 100)} % commands)`,
    );

    const context: FleetContext = {
      port,
      options,
      fleet,
      teachers,
      teacher: own,
      classSet,
      heldVideo,
      processes: proxied ?? null,
    };
    const names = underTest.servers.map((server) => server.name);
    for (const scenario of scenarios) {
      const before = await read(underTest, fleet, database);
      const report = await scenario.run(context);
      const after = await read(underTest, fleet, database);
      const { polling: pollingNow } = await fleet.stats();
      console.log(`\n-- ${scenario.name}: ${scenario.title}`);
      for (const line of [...report.lines, ...usageLines(before, after, pollingNow, names)])
        console.log(`  ${line}`);
      for (const aim of report.aims) console.log(`  aim: ${aim.text} → ${aim.met ? 'met' : 'NOT met'}`);
      aims.push(...report.aims);
    }
    console.log(`\nload average after ${loadAverage()}`);
    // A process the bench killed ends by its signal; any other end is the server's own.
    const ended = underTest.servers.find((server) => server.process.exitCode !== null);
    if (ended) throw new Error(`server ${ended.name} ended during the run (code ${ended.process.exitCode})`);
  } finally {
    await teachers?.stop();
    await fleet?.stop();
    if (proxied) await proxied.stop();
    else for (const server of underTest?.servers ?? []) await stopProcess(server.process);
    await store?.close();
    await database?.drop();
  }
  return { engine: label, aims };
}

async function main(): Promise<void> {
  const read = readOptions();
  if (!read) return;
  const { options, engines, scenarios, port, processes } = read;
  console.log(
    `bench:fleet · ${options.headsets.toLocaleString('en')} headsets, ${options.teachers} teachers, ${processes} server process${processes > 1 ? 'es' : ''}, scenarios ${scenarios.join(', ')}`,
  );
  const results: EngineResult[] = [];
  for (const engine of engines) results.push(await runEngine(engine, options, scenarios, port, processes));
  console.log('\nAims:');
  for (const { engine, aims } of results) {
    for (const aim of aims)
      console.log(`  ${engine.padEnd(32)} ${aim.text} → ${aim.met ? 'met' : 'NOT met'}`);
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(`bench:fleet: ${error.message}`);
    process.exit(1);
  },
);
