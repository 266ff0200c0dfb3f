// The scenarios of bench:fleet. Each measures one thing while the simulated fleet runs and the teachers work in the
// background, and reports printed lines with its aims; the bench (bench-fleet.ts) adds the CPU and memory of every
// process during each scenario. A new scenario is one more entry in SCENARIOS: `idle` (optional) runs on the idle
// server before the headsets start, `run` while they run; a scenario may use `context.teacher` for requests of its
// own and `context.fleet` to see when a headset received a command.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCommandFor } from '../../packages/domain/src/index.ts';
import type { HeldItem } from '../../packages/server/src/simulator/model.ts';
import { type Answer, percentile, sleep, statusCounts } from '../benchHttp.ts';
import { timedAttention } from './attention.ts';
import type { BareLoadResult } from './bareLoad.ts';
import { type FleetProcess, wallClock } from './fleetProcess.ts';
import { createBenchPlan, planLesson, startPlanStep, timesUntilPlaying } from './lessonPlan.ts';
import { headsetIds, sendToHeadsets, waitForReceipts } from './playback.ts';
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
  /** Measured rounds of the start scenario, each a start on one headset and one on the class set. */
  startRounds: number;
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
  /**
   * The first {@link CLASS_SET_SIZE} headsets (all of them in a smaller fleet), the class set the start scenario
   * plays on; the teachers at work leave them alone (when the fleet has others), so that no pause or stop of theirs
   * falls into a measured start.
   */
  classSet: readonly string[];
  /** The video every headset holds from the start (see mediathekVideo in playback.ts). */
  heldVideo: HeldItem;
}

/** A class set: issue 14 compares starting content on 30 headsets with starting it on one. */
export const CLASS_SET_SIZE = 30;

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

/** How long one start (or stop) waits at most for every headset to report playing (or stopped). */
const START_WAIT_MS = 30_000;

/**
 * Issue 14: starting content on a class set of 30 takes at most 1.5× the time of starting it on one. Each round
 * does what the portal's click does (playback.ts: the same request) for the held video on the first
 * headset, then on the whole class set, timed from just before the request until listCommandReceipts says every
 * one of them plays (receiptOf: the headset reported the command done and then a state that plays the video); then
 * 'Stopp' (STOP.RUNNING to each) and a wait until each reports stopped, so every round starts from the same state.
 * One round first warms the server up and is not counted; the two sizes alternate, so that a change of the
 * machine's load falls on both. Besides the whole, where the time goes: until the request is answered, and until the
 * last headset's poll handed it its command; and, without the bench's receipt step, until the last headset's report
 * arrived (its `stateReportedAt`, the server's clock).
 */
function startScenario(): FleetScenario {
  return {
    name: 'start-1-vs-30',
    title: `a teacher starts a video on 1 and on ${CLASS_SET_SIZE} headsets (the portal's click, receipts until all play)`,
    async run({ options, teacher, fleet, classSet, heldVideo }) {
      const sizes = [1, classSet.length];
      const sent = new Map<number, number[]>(sizes.map((size) => [size, []]));
      const delivered = new Map<number, number[]>(sizes.map((size) => [size, []]));
      const playing = new Map<number, number[]>(sizes.map((size) => [size, []]));
      const reported = new Map<number, number[]>(sizes.map((size) => [size, []]));
      const problems: string[] = [];
      const start = startCommandFor(heldVideo.contentType);
      const classSetIds = await headsetIds(teacher, classSet);
      for (let round = 0; round <= options.startRounds; round += 1) {
        for (const size of sizes) {
          const headsets = classSetIds.slice(0, size);
          const startedAt = performance.now();
          const startedAtWall = wallClock();
          const started = await sendToHeadsets(teacher, headsets, start, heldVideo.uuid);
          const sentMs = performance.now() - startedAt;
          const { reached, receipts, lastReportAt } = await waitForReceipts(
            teacher,
            started.commandIds,
            heldVideo.uuid,
            'playing',
            START_WAIT_MS,
          );
          const playingMs = performance.now() - startedAt;
          if (!reached || started.refused.length > 0) {
            const states = receipts.map((r) => r.reason?.code ?? r.state);
            problems.push(
              `round ${round}, ${size} headset(s): not all playing (${[...started.refused, ...states].join(', ')})`,
            );
          } else if (round > 0) {
            sent.get(size)?.push(sentMs);
            const deliveries = started.commandIds.map((id) => fleet.deliveredAt(id) ?? Number.NaN);
            delivered.get(size)?.push(Math.max(...deliveries) - startedAtWall);
            playing.get(size)?.push(playingMs);
            reported.get(size)?.push(lastReportAt - startedAtWall);
          }
          const stopped = await sendToHeadsets(teacher, headsets, 'CMD.STOP.RUNNING');
          const stop = await waitForReceipts(
            teacher,
            stopped.commandIds,
            heldVideo.uuid,
            'stopped',
            START_WAIT_MS,
          );
          if (!stop.reached) problems.push(`round ${round}, ${size} headset(s): not all stopped`);
        }
      }
      const [one, all] = sizes.map((size) => playing.get(size) ?? []) as [number[], number[]];
      const ratio = percentile(all, 50) / percentile(one, 50);
      const maxRatio = Math.max(...all) / Math.max(...one);
      const reportRatio =
        percentile(reported.get(classSet.length) ?? [], 50) / percentile(reported.get(1) ?? [], 50);
      const complete = problems.length === 0 && one.length > 0 && all.length > 0;
      return {
        lines: [
          `held video "${heldVideo.title}" (${start}), ${options.startRounds} measured rounds per size after one to warm up`,
          ...sizes.flatMap((size) => [
            `${String(size).padStart(2)} headset(s): request answered      ${spread(sent.get(size) ?? [], 95)}`,
            `${String(size).padStart(2)} headset(s): all delivered         ${spread(delivered.get(size) ?? [], 95)}`,
            `${String(size).padStart(2)} headset(s): click → all playing   ${spread(playing.get(size) ?? [], 95)}`,
            `${String(size).padStart(2)} headset(s): click → last report   ${spread(reported.get(size) ?? [], 95)}`,
          ]),
          `ratio ${classSet.length} : 1 (click → all playing)  p50 ${ratio.toFixed(2)}×, max ${maxRatio.toFixed(2)}×`,
          `ratio ${classSet.length} : 1 (click → last report, the server's clock, without the bench's 50 ms receipt step)  p50 ${reportRatio.toFixed(2)}×`,
          ...problems,
        ],
        aims: [
          {
            text: `start on ${classSet.length} headsets ≤ 1.5× start on 1 (p50 click → all playing): ${ratio.toFixed(2)}×, ${problems.length} problems`,
            met: complete && ratio <= 1.5 && classSet.length >= CLASS_SET_SIZE,
          },
        ],
      };
    },
  };
}

/**
 * Issue 26, item 4: 'Weiter' of a lesson plan to every headset of the lesson, timed per headset from just before the
 * request until its receipt says it plays the next step (listCommandReceipts, receiptOf), while the whole fleet runs
 * and the teachers work. The plan is begun on the class set, then 'Weiter' and 'Zurück' alternate for
 * `--start-rounds` × 2 measured moves after one to warm up. Each step is the one item every bench headset holds (the
 * bench installs no other), so a move starts that item again: the server's path is the real one (the plan's step
 * checked, the lesson moved to it, one command per headset queued, delivered, carried out and reported). Aim (printed,
 * never asserted): p95 ≤ 1 s.
 */
function lessonPlanNextScenario(): FleetScenario {
  return {
    name: 'lesson-plan-next',
    title: `'Weiter' of a lesson plan on ${CLASS_SET_SIZE} headsets (per headset: click → plays the next step)`,
    async run({ options, teacher, fleet, classSet, heldVideo }) {
      const ids = await headsetIds(teacher, classSet);
      const plan = await createBenchPlan(teacher, heldVideo, 2);
      const problems: string[] = [];
      const begun = await startPlanStep(teacher, ids, heldVideo, { plan, step: 1 });
      const first = await timesUntilPlaying(
        teacher,
        begun.commandIds,
        heldVideo.uuid,
        performance.now(),
        START_WAIT_MS,
      );
      if (first.missing > 0 || begun.refused.length > 0) problems.push(`begin: ${first.missing} not playing`);
      const times: number[] = [];
      const answered: number[] = [];
      const delivered: number[] = [];
      let missing = 0;
      for (let move = 0; move <= options.startRounds * 2; move += 1) {
        const lesson = await planLesson(teacher, plan);
        if (!lesson) {
          problems.push(`move ${move}: the plan's lesson is not running`);
          break;
        }
        const step = lesson.step === 1 ? 2 : 1;
        const startedAt = performance.now();
        const startedAtWall = wallClock();
        const sent = await startPlanStep(teacher, ids, heldVideo, { plan, step }, lesson.id);
        const answeredMs = performance.now() - startedAt;
        const reached = await timesUntilPlaying(
          teacher,
          sent.commandIds,
          heldVideo.uuid,
          startedAt,
          START_WAIT_MS,
        );
        if (sent.refused.length > 0) problems.push(`move ${move}: refused ${sent.refused.join(', ')}`);
        if (move === 0) continue;
        answered.push(answeredMs);
        for (const id of sent.commandIds)
          delivered.push((fleet.deliveredAt(id) ?? Number.NaN) - startedAtWall);
        times.push(...reached.times);
        missing += reached.missing + sent.refused.length;
      }
      const stopped = await sendToHeadsets(teacher, ids, 'CMD.STOP.RUNNING');
      const stop = await waitForReceipts(
        teacher,
        stopped.commandIds,
        heldVideo.uuid,
        'stopped',
        START_WAIT_MS,
      );
      if (!stop.reached) problems.push('not all stopped after the plan');
      const p95 = percentile(times, 95);
      return {
        lines: [
          `plan of 2 steps on ${ids.length} headsets, ${options.startRounds * 2} measured moves ('Weiter' / 'Zurück') after one to warm up`,
          `request answered (per move)          ${spread(answered, 95)}`,
          `per headset: click → has its command ${spread(delivered, 95)}`,
          `per headset: click → plays the step   ${spread(times, 95)}  ${missing} not playing within ${START_WAIT_MS / 1000} s`,
          ...problems,
        ],
        aims: [
          {
            text: `'Weiter' p95 ≤ 1 s per headset, all playing: ${ms(p95).trim()}, ${missing} not`,
            met: times.length > 0 && p95 <= 1000 && missing === 0 && problems.length === 0,
          },
        ],
      };
    },
  };
}

/**
 * attention-1-vs-30: the portal's click on 'Alle Blicke nach vorn' (one queueDeviceCommand of CMD.ATTENTION) until
 * every headset reported it carried it out, on one headset and on the class set, then 'Weitermachen' the same way.
 * The bench's headsets run software above the attention gate, so each shows the message itself (no fallback).
 */
function attentionScenario(): FleetScenario {
  return {
    name: 'attention-1-vs-30',
    title: "'Alle Blicke nach vorn' on 1 and on a class set (click → every headset carried it out)",
    async run({ options, teacher, classSet }) {
      const sizes = [1, classSet.length];
      const reached = new Map<number, number[]>(sizes.map((size) => [size, []]));
      const problems: string[] = [];
      const ids = await headsetIds(teacher, classSet);
      for (let round = 0; round <= options.startRounds; round += 1) {
        for (const size of sizes) {
          const headsets = ids.slice(0, size);
          const attention = await timedAttention(teacher, headsets, 'CMD.ATTENTION');
          if (!attention.done) {
            problems.push(
              `round ${round}, ${size} headset(s): not all reached (${attention.refused.join(', ')})`,
            );
          } else if (round > 0) reached.get(size)?.push(attention.ms);
          const end = await timedAttention(teacher, headsets, 'CMD.ATTENTION.END');
          if (!end.done) problems.push(`round ${round}, ${size} headset(s): 'Weitermachen' not carried out`);
        }
      }
      const [one, all] = sizes.map((size) => reached.get(size) ?? []) as [number[], number[]];
      const ratio = percentile(all, 50) / percentile(one, 50);
      const complete = problems.length === 0 && one.length > 0 && all.length > 0;
      return {
        lines: [
          `${options.startRounds} measured rounds per size after one to warm up`,
          ...sizes.map(
            (size) =>
              `${String(size).padStart(2)} headset(s): click → all carried it out  ${spread(reached.get(size) ?? [], 95)}`,
          ),
          `ratio ${classSet.length} : 1 (click → all carried it out)  p50 ${ratio.toFixed(2)}×`,
          ...problems,
        ],
        aims: [
          {
            text: `attention on ${classSet.length} headsets ≤ 1.5× attention on 1 (p50): ${ratio.toFixed(2)}×, ${problems.length} problems`,
            met: complete && ratio <= 1.5,
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
  'start-1-vs-30': startScenario,
  'lesson-plan-next': lessonPlanNextScenario,
  'attention-1-vs-30': attentionScenario,
};
