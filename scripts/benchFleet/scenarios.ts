// The scenarios of bench:fleet. Each measures one thing while the simulated fleet runs and the teachers work in the
// background, and reports printed lines with its aims; the bench (bench-fleet.ts) adds the CPU and memory of every
// process during each scenario. A new scenario is one more entry in SCENARIOS: `idle` (optional) runs on the idle
// server before the headsets start, `run` while they run; a scenario may use `context.teacher` for requests of its
// own and `context.fleet` to see when a headset received a command.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Answer, percentile, sleep, statusCounts } from '../benchHttp.ts';
import type { BareLoadResult } from './bareLoad.ts';
import { type FleetProcess, wallClock } from './fleetProcess.ts';
import type { Teacher, TeacherLoad } from './teachers.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface FleetBenchOptions {
  headsets: number;
  teachers: number;
  /** How long the teachers scenario measures. */
  seconds: number;
  thinkSeconds: number;
  commandShare: number;
  bareSeconds: number;
  bareConnections: number;
  rampSeconds: number;
}

export interface IdleContext {
  port: number;
  options: FleetBenchOptions;
}

export interface FleetContext extends IdleContext {
  fleet: FleetProcess;
  /** The teachers at work in the background: their samples grow all the time. */
  teachers: TeacherLoad;
  /** A signed-in session of the headsets' organisation for the scenario's own requests. */
  teacher: Teacher;
}

export interface Aim {
  text: string;
  met: boolean;
}

export interface ScenarioReport {
  lines: string[];
  aims: Aim[];
}

export interface FleetScenario {
  readonly name: string;
  /** What it measures, in one line. */
  readonly title: string;
  idle?(context: IdleContext): Promise<void>;
  run(context: FleetContext): Promise<ScenarioReport>;
}

/** How long the teachers scenario waits at most for the last commands of its window to reach their headsets. */
const DELIVERY_WAIT_MS = 30_000;
/** A static file: no database, no authentication; what every other request of the server costs besides its work. */
export const BARE_PATH = '/media/previews/erdkunde-app.png';

const ms = (value: number) => `${Number.isFinite(value) ? value.toFixed(0) : '–'} ms`.padStart(8);

/** `n=… p50 … p9x … max …` of a set of timings. */
export function spread(values: readonly number[], high: 95 | 99): string {
  const max = values.length > 0 ? Math.max(...values) : Number.NaN;
  return `n=${String(values.length).padEnd(5)} p50 ${ms(percentile(values, 50))}  p${high} ${ms(percentile(values, high))}  max ${ms(max)}`;
}

const succeeded = (status: Answer['status'], expected: number) => status === expected;

/** Waits until `done()` holds, checking every 100 ms, at most `timeoutMs`. */
async function waitUntil(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!done() && performance.now() < deadline) await sleep(100);
}

/**
 * Device-list latency and command delivery while the fleet runs: the teachers' samples of a window of
 * `--seconds`. Delivery is from just before the portal's POST to the moment the headset's poll hands it the command
 * (the simulator's clock and ours are the same machine's).
 */
function teachersScenario(): FleetScenario {
  return {
    name: 'teachers',
    title: 'teachers list headsets and send commands',
    async run({ options, teachers, fleet }) {
      const from = wallClock();
      await sleep(options.seconds * 1000);
      const to = wallClock();
      const inWindow = <T extends { at: number }>(samples: readonly T[]) =>
        samples.filter((sample) => sample.at >= from && sample.at < to);
      const lists = inWindow(teachers.lists);
      const commands = inWindow(teachers.commands);
      const queued = commands.flatMap((c) => (c.commandId === null ? [] : [{ ...c, id: c.commandId }]));
      await waitUntil(() => queued.every((c) => fleet.deliveredAt(c.id) !== undefined), DELIVERY_WAIT_MS);
      const deliveries = queued.flatMap((c) => {
        const at = fleet.deliveredAt(c.id);
        return at === undefined ? [] : [at - c.at];
      });
      const undelivered = queued.length - deliveries.length;

      const listTimes = lists.map((s) => s.ms);
      const listFailures = lists.filter((s) => !succeeded(s.status, 200)).length;
      const commandFailures = commands.filter((c) => !succeeded(c.status, 201)).length;
      const views = [...new Set(lists.map((s) => s.view))];
      const listP99 = percentile(listTimes, 99);
      const deliveryP95 = percentile(deliveries, 95);
      return {
        lines: [
          `device list (page of 100 of ${fleet.serialNumbers.length.toLocaleString('en')})  ${spread(listTimes, 99)}  ${statusCounts(lists.map((s) => s.status))}`,
          ...views.map((view) => {
            const times = lists.filter((s) => s.view === view).map((s) => s.ms);
            return `  ${view.padEnd(38)}${spread(times, 99)}`;
          }),
          `send command (POST answered)${''.padEnd(16)}${spread(
            commands.map((c) => c.ms),
            95,
          )}  ${statusCounts(commands.map((c) => c.status))}`,
          `command delivery (POST → headset has it)${''.padEnd(4)}${spread(deliveries, 95)}  ${
            undelivered > 0
              ? `${undelivered} not delivered within ${DELIVERY_WAIT_MS / 1000} s`
              : 'all delivered'
          }`,
        ],
        aims: [
          {
            text: `device list p99 ≤ 100 ms, all answered: ${ms(listP99).trim()}, ${listFailures} not 200`,
            met: listP99 <= 100 && listFailures === 0 && lists.length > 0,
          },
          {
            text: `command delivery p95 ≤ 500 ms, all delivered: ${ms(deliveryP95).trim()}, ${undelivered + commandFailures} not`,
            met: deliveryP95 <= 500 && undelivered === 0 && commandFailures === 0 && queued.length > 0,
          },
        ],
      };
    },
  };
}

/** Runs bareLoad.ts in a process of its own and reads its result. */
function bareLoad(port: number, options: FleetBenchOptions): Promise<BareLoadResult> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'scripts/benchFleet/bareLoad.ts'),
      String(port),
      BARE_PATH,
      String(options.bareSeconds),
      String(options.bareConnections),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`bare load ended with code ${code}`);
        resolve(JSON.parse(output) as BareLoadResult);
      } catch (error) {
        reject(error);
      }
    });
  });
}

const rate = (result: BareLoadResult) => result.ok / result.seconds;

/**
 * A bare route's rate (a static file through the whole HTTP stack, `--bare-connections` in a closed loop for
 * `--bare-seconds`) on the idle server, and again while the fleet runs and the teachers work: what the headsets
 * leave of the server for everything else.
 */
function bareRouteScenario(): FleetScenario {
  let idle: BareLoadResult | undefined;
  return {
    name: 'bare-route',
    title: `a bare route (GET ${BARE_PATH}) while the fleet runs vs idle`,
    async idle({ port, options }) {
      // A first round warms the server up (JIT, file handles); only the second one counts.
      await bareLoad(port, { ...options, bareSeconds: Math.min(3, options.bareSeconds) });
      idle = await bareLoad(port, options);
    },
    async run({ port, options }) {
      if (!idle) throw new Error('the bare route was not measured idle');
      const busy = await bareLoad(port, options);
      const share = rate(busy) / rate(idle);
      const line = (label: string, result: BareLoadResult) =>
        `${label.padEnd(44)}${Math.round(rate(result)).toLocaleString('en').padStart(6)} requests/s  (${result.ok} in ${result.seconds.toFixed(1)} s, ${result.failed} failed)`;
      return {
        lines: [line('bare route, idle server', idle), line('bare route, fleet and teachers running', busy)],
        aims: [
          {
            text: `bare route keeps ≥ 50 % of its idle rate: ${(share * 100).toFixed(0)} %`,
            met: share >= 0.5 && busy.failed === 0,
          },
        ],
      };
    },
  };
}

/** Every scenario by name, in the order they run. */
export const SCENARIOS: Record<string, () => FleetScenario> = {
  teachers: teachersScenario,
  'bare-route': bareRouteScenario,
};
