// The scenarios of bench:fleet. Each measures one thing while the simulated fleet runs and the teachers work in the
// background, and reports printed lines with its aims; the bench (bench-fleet.ts) adds the CPU and memory of every
// process during each scenario. A new scenario is one more entry in SCENARIOS: `idle` (optional) runs on the idle
// server before the headsets start, `run` while they run; a scenario may use `context.teacher` for requests of its
// own and `context.fleet` to see when a headset received a command.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCommandFor } from '../../packages/domain/src/index.ts';
import type { HeldItem } from '../../packages/server/src/simulator/model.ts';
import { type Answer, percentile, sleep, statusCounts } from '../benchHttp.ts';
import { timedAttention } from './attention.ts';
import type { BareLoadResult } from './bareLoad.ts';
import { type FleetProcess, wallClock } from './fleetProcess.ts';
import { createBenchPlan, planLesson, startPlanStep, timesUntilPlaying } from './lessonPlan.ts';
import { allHeadsetIds, headsetIds, sendToHeadsets, waitForReceipts } from './playback.ts';
import type { ProxiedServers } from './proxy.ts';
import type { CommandSample, Teacher, TeacherLoad } from './teachers.ts';

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
  /** The server processes behind the proxy (`--processes` > 1), else null. */
  processes: ProxiedServers | null;
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
  /** Runs only with several server processes behind the proxy. */
  readonly needsProcesses?: boolean;
  /** What it measures, in one line. */
  readonly title: string;
  idle?(context: IdleContext): Promise<void>;
  run(context: FleetContext): Promise<ScenarioReport>;
}

/** The aim for the device list's p99 (issue 25). */
const LIST_AIM_MS = 100;
/** The slow lists are counted by this many seconds of the window: whether they come together or spread out. */
const TIMELINE_STEP_S = 10;

/** How many of `samples` fall into each {@link TIMELINE_STEP_S} of the window from `from` to `to` (wall clock, ms). */
function timeline(samples: readonly { at: number }[], from: number, to: number): number[] {
  const counts = new Array<number>(Math.max(1, Math.ceil((to - from) / (TIMELINE_STEP_S * 1000)))).fill(0);
  for (const { at } of samples) {
    const step = Math.floor((at - from) / (TIMELINE_STEP_S * 1000));
    counts[step] = (counts[step] ?? 0) + 1;
  }
  return counts;
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

/** The commands the server acknowledged (201), with their ids. */
const acknowledged = (commands: readonly CommandSample[]) =>
  commands.flatMap((c) => (c.commandId === null ? [] : [{ ...c, id: c.commandId }]));

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
      const queued = acknowledged(commands);
      await waitUntil(() => queued.every((c) => fleet.deliveredAt(c.id) !== undefined), DELIVERY_WAIT_MS);
      const delivery = (c: (typeof queued)[number]) => {
        const at = fleet.deliveredAt(c.id);
        return at === undefined ? [] : [at - c.at];
      };
      const deliveries = queued.flatMap(delivery);
      const undelivered = queued.length - deliveries.length;
      // Behind the proxy: the process that took the command (the POST's answer) and the one whose poll handed it
      // out. The aim is about the other processes: a wake-up that reached only the taking process would show here.
      const severalProcesses = queued.some((c) => c.servedBy !== undefined);
      const acrossProcesses = queued.filter((c) => {
        const by = fleet.deliveredBy(c.id);
        return by != null && c.servedBy !== undefined && by !== c.servedBy;
      });
      const withinProcess = queued.filter((c) => fleet.deliveredBy(c.id) === c.servedBy);
      const aimed = severalProcesses ? acrossProcesses.flatMap(delivery) : deliveries;

      const listTimes = lists.map((s) => s.ms);
      const listFailures = lists.filter((s) => !succeeded(s.status, 200)).length;
      const commandFailures = commands.filter((c) => !succeeded(c.status, 201)).length;
      const views = [...new Set(lists.map((s) => s.view))];
      const listP99 = percentile(listTimes, 99);
      const slow = lists.filter((s) => s.ms > LIST_AIM_MS);
      const deliveryP95 = percentile(aimed, 95);
      return {
        lines: [
          `device list (page of 100 of ${fleet.serialNumbers.length.toLocaleString('en')})  ${spread(listTimes, 99)}  ${statusCounts(lists.map((s) => s.status))}`,
          ...views.map((view) => {
            const times = lists.filter((s) => s.view === view).map((s) => s.ms);
            return `  ${view.padEnd(38)}${spread(times, 99)}`;
          }),
          `  over ${LIST_AIM_MS} ms, by ${TIMELINE_STEP_S} s of the window   ${timeline(slow, from, to).join(' ')}${
            severalProcesses
              ? `; by the process that answered: ${statusCounts(slow.map((s) => s.servedBy ?? '?')) || 'none'}`
              : ''
          }`,
          `send command (POST answered)${''.padEnd(16)}${spread(
            commands.map((c) => c.ms),
            95,
          )}  ${statusCounts(commands.map((c) => c.status))}`,
          `command delivery (POST → headset has it)${''.padEnd(4)}${spread(deliveries, 95)}  ${
            undelivered > 0
              ? `${undelivered} not delivered within ${DELIVERY_WAIT_MS / 1000} s`
              : 'all delivered'
          }`,
          ...(severalProcesses
            ? [
                `  to a headset polling another process than the one that took it  ${spread(acrossProcesses.flatMap(delivery), 95)}`,
                `  to a headset polling the process that took it                  ${spread(withinProcess.flatMap(delivery), 95)}`,
              ]
            : []),
        ],
        aims: [
          {
            text: `device list p99 ≤ ${LIST_AIM_MS} ms, all answered: ${ms(listP99).trim()}, ${listFailures} not 200`,
            met: listP99 <= LIST_AIM_MS && listFailures === 0 && lists.length > 0,
          },
          {
            text: `command delivery p95 ≤ 500 ms${severalProcesses ? ' (to a headset polling another process)' : ''}, all delivered: ${ms(deliveryP95).trim()}, ${undelivered + commandFailures} not`,
            met: deliveryP95 <= 500 && undelivered === 0 && commandFailures === 0 && aimed.length > 0,
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

/**
 * Parts of the upload scenario's file, each of S3's least part size (the bench sets UPLOAD_PART_SIZE to it), so
 * that each process may get one.
 */
const UPLOAD_PARTS = 3;
export const UPLOAD_PART_BYTES = 5 * 1024 ** 2;

/**
 * An upload through the proxy while the fleet runs (several processes, S3 test store): a teacher uploads a video of
 * {@link UPLOAD_PARTS} parts as the portal's upload engine does (start, a part URL and a PUT with its Content-Digest
 * per part, complete), the proxy spreading the requests; then the file is fetched through the proxy and compared.
 * Printed: which process took each part and the completion, the time, and whether the bytes came back the same.
 */
function uploadScenario(): FleetScenario {
  return {
    name: 'upload',
    needsProcesses: true,
    title: `an upload of ${UPLOAD_PARTS} parts of 5 MiB at once through the proxy, which spreads them over the processes`,
    async run({ teacher }) {
      const started = performance.now();
      const data = randomBytes(UPLOAD_PARTS * UPLOAD_PART_BYTES);
      const name = 'bench-upload.mp4';
      const problems: string[] = [];
      const expect = (answer: Answer, status: number, step: string) => {
        if (answer.status !== status) throw new Error(`${step}: ${answer.status} ${answer.body}`);
        return JSON.parse(answer.body) as Record<string, unknown>;
      };
      const created = expect(
        await teacher.post('/api/v1/cms/content/', { title: 'Bench-Upload', contentType: 'video' }),
        201,
        'createContent',
      );
      const base = `/api/v1/cms/content/${created.id}`;
      const upload = expect(
        await teacher.post(`${base}/pre-signed-url-content-multipart/`, {
          file_name: name,
          file_size: data.length,
        }),
        201,
        'createContentMultipartUpload',
      );
      // The parts at once, as the portal's upload engine sends them: the proxy spreads them over the processes.
      const sent = await Promise.all(
        Array.from({ length: UPLOAD_PARTS }, async (_, i) => {
          const part = i + 1;
          const { url } = expect(
            await teacher.post(`${base}/upload-part-url/`, {
              file_name: name,
              upload_id: upload.upload_id,
              part_number: part,
            }),
            200,
            'getContentUploadPartUrl',
          ) as { url: string };
          const bytes = data.subarray(i * UPLOAD_PART_BYTES, part * UPLOAD_PART_BYTES);
          const digest = createHash('sha256').update(bytes).digest('base64');
          const put = await teacher.put(String(url), bytes, { 'content-digest': `sha-256=:${digest}:` });
          const { etag } = expect(put, 200, `uploadPart ${part}`) as { etag: string };
          return { part: { part_number: part, etag }, servedBy: put.servedBy ?? '?' };
        }),
      );
      const parts = sent.map((s) => s.part);
      const takenBy = sent.map((s) => s.servedBy);
      const completion = await teacher.post(`${base}/complete-multipart-upload/`, {
        file_name: name,
        upload_id: upload.upload_id,
        parts,
      });
      const { file } = expect(completion, 200, 'completeContentMultipartUpload') as { file: string };
      const uploadMs = performance.now() - started;
      const fetched = await teacher.getBytes(file);
      const same = fetched.status === 200 && fetched.bytes.equals(data);
      if (!same) problems.push(`the file fetched back (${fetched.status}) differs from what was uploaded`);
      const processes = new Set(takenBy).size;
      return {
        lines: [
          `parts taken by ${takenBy.join(', ')}, completed by ${completion.servedBy ?? '?'}, fetched back from ${fetched.servedBy ?? '?'}: ${same ? 'the same bytes' : 'NOT the same bytes'}`,
          `${(data.length / 1024 ** 2).toFixed(0)} MiB uploaded and completed in ${ms(uploadMs).trim()}`,
          ...problems,
        ],
        aims: [
          {
            text: `an upload whose parts went to ${processes} process(es) completes with its bytes: ${same ? 'yes' : 'no'}`,
            met: same,
          },
        ],
      };
    },
  };
}

/** How long the kill-one scenario watches after the kill: the aim for the headsets' return. */
const KILL_WATCH_MS = 30_000;
/** The teachers work this long before the kill, so that commands are in flight when it comes. */
const BEFORE_KILL_MS = 5_000;
/** Failures this soon after the kill are the killed process's held polls breaking (later ones: something else). */
const KILL_FAILURES_MS = 3_000;
/** Headsets per probe request (the contract's bound of queueDeviceCommand). */
const PROBE_BATCH = 1_000;

/**
 * kill -9 of the last server process while the headsets poll and the teachers work (issue 25). The headsets whose
 * held poll broke with it (their calls failed within {@link KILL_FAILURES_MS}) get a probe command ('Stopp') at once,
 * sent through the proxy: the time from the kill until a poll hands it to its headset is how long the headset was
 * without a process. Then every teacher renews the session through the proxy, as the portal does every few minutes.
 * At the end, the commands the teachers got 201 for from {@link BEFORE_KILL_MS} before the kill on, and the probes,
 * are compared with what the simulated headsets were handed: lost (never) and twice (a poll handed it out again).
 * Teachers signed out: a renewal refused, or any answer 401 meanwhile.
 */
function killOneScenario(): FleetScenario {
  return {
    name: 'kill-one',
    needsProcesses: true,
    title: 'kill -9 of one server process mid-run: its headsets, the acknowledged commands, the teachers',
    async run({ teachers, fleet, teacher, processes }) {
      if (!processes || processes.servers.length < 2) throw new Error('kill-one needs --processes 2 or more');
      const ids = await allHeadsetIds(teacher);
      const from = wallClock();
      await sleep(BEFORE_KILL_MS);
      const pollingBefore = (await fleet.stats()).polling;
      const victim = processes.servers.length - 1;
      const killedAt = processes.kill(victim);

      /** Each probe command's id, and when the bench sent its request (wall clock). */
      const probes = new Map<number, number>();
      const probeRefusals: string[] = [];
      const broken = new Set<string>();
      while (wallClock() < killedAt + KILL_FAILURES_MS) {
        await sleep(200);
        const failed = (await fleet.failuresSince(killedAt)).filter(
          (f) => f.at < killedAt + KILL_FAILURES_MS && !broken.has(f.serialNumber),
        );
        for (const { serialNumber } of failed) broken.add(serialNumber);
        const deviceIds = failed.flatMap((f) => ids.get(f.serialNumber) ?? []);
        for (let i = 0; i < deviceIds.length; i += PROBE_BATCH) {
          const sentAt = wallClock();
          const sent = await sendToHeadsets(teacher, deviceIds.slice(i, i + PROBE_BATCH), 'CMD.STOP.RUNNING');
          for (const id of sent.commandIds) probes.set(id, sentAt);
          probeRefusals.push(...sent.refused);
        }
      }
      const renewals = await Promise.all(teachers.teachers.map((t) => t.renew()));
      await sleep(Math.max(0, killedAt + KILL_WATCH_MS - wallClock()));
      const to = wallClock();
      const pollingAfter = (await fleet.stats()).polling;

      const inWindow = <T extends { at: number }>(samples: readonly T[]) =>
        samples.filter((sample) => sample.at >= from && sample.at < to);
      const commands = inWindow(teachers.commands);
      const acked = [...acknowledged(commands).map((c) => c.id), ...probes.keys()];
      await waitUntil(() => acked.every((id) => fleet.deliveredAt(id) !== undefined), DELIVERY_WAIT_MS);
      const lost = acked.filter((id) => fleet.deliveredAt(id) === undefined).length;
      const twice = acked.filter((id) => fleet.timesDelivered(id) > 1).length;
      const back = [...probes.keys()].flatMap((id) => {
        const at = fleet.deliveredAt(id);
        return at === undefined ? [] : [at - killedAt];
      });
      // The bench's own share of it: sending thousands of probes takes a while on a busy machine.
      const sinceProbe = [...probes].flatMap(([id, sentAt]) => {
        const at = fleet.deliveredAt(id);
        return at === undefined ? [] : [at - sentAt];
      });
      const notBack = probes.size - back.length;
      const unanswered = commands.filter((c) => c.status !== 201);
      const signedOut = new Set([
        ...renewals.flatMap((answer, i) => (answer.status === 200 ? [] : [i])),
        ...[...commands, ...inWindow(teachers.lists)].flatMap((s) => (s.status === 401 ? [s.teacher] : [])),
      ]);
      const slowest = back.length > 0 ? Math.max(...back) : Number.NaN;
      const victimName = processes.servers[victim]?.name;
      return {
        lines: [
          `${victimName} killed (kill -9) with ${pollingBefore.toLocaleString('en')} headsets polling; ${pollingAfter.toLocaleString('en')} polling ${KILL_WATCH_MS / 1000} s later`,
          `${broken.size.toLocaleString('en')} headsets lost their held poll with it; ${probes.size.toLocaleString('en')} probed ('Stopp' through the proxy at once)${probeRefusals.length > 0 ? `, ${probeRefusals.length} probes refused (${[...new Set(probeRefusals)].join(', ')})` : ''}`,
          `kill → probe handed to its headset by another process  ${spread(back, 95)}  ${notBack > 0 ? `${notBack} not within ${DELIVERY_WAIT_MS / 1000} s more` : 'all'}`,
          `  of it from the probe's request on                    ${spread(sinceProbe, 95)}`,
          `commands acknowledged (201) from ${BEFORE_KILL_MS / 1000} s before the kill on, with the probes: ${acked.length}; lost ${lost}, carried out twice ${twice}`,
          `teachers' commands not acknowledged meanwhile (the killed process's, answered by the proxy): ${unanswered.length}  ${statusCounts(unanswered.map((c) => c.status))}`,
          `teachers renewed their sessions through the proxy: ${renewals.filter((a) => a.status === 200).length} of ${renewals.length}; signed out ${signedOut.size}`,
        ],
        aims: [
          {
            text: `headsets of the killed process served by the others within 30 s: slowest ${ms(slowest).trim()}, ${notBack} not at all`,
            met: probes.size > 0 && notBack === 0 && slowest <= KILL_WATCH_MS,
          },
          {
            text: `no acknowledged command lost or carried out twice: ${lost} lost, ${twice} twice`,
            met: lost === 0 && twice === 0 && acked.length > 0,
          },
          { text: `no teacher signed out: ${signedOut.size}`, met: signedOut.size === 0 },
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
  upload: uploadScenario,
  'kill-one': killOneScenario,
};
