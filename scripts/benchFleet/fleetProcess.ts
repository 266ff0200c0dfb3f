// The simulated headsets of bench:fleet run in a child process (headsets.ts) so that the server's CPU and theirs are
// counted apart. This is the parent's handle on it and the messages both sides exchange over the IPC channel.
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FleetStats } from '../../packages/server/src/simulator/fleet.ts';
import type { HeldItem } from '../../packages/server/src/simulator/model.ts';
import { stopProcess } from '../benchHttp.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface HeadsetsOptions {
  serverUrl: string;
  /**
   * The addresses the headsets poll, each taking an equal share (several proxies in front of the same server
   * processes); `serverUrl` alone when not given. Adding and pairing goes through `serverUrl`.
   */
  pollUrls?: string[];
  headsets: number;
  /** The headsets start (first report and poll) spread over this many seconds. */
  rampSeconds: number;
  /** The administrator who adds them to the first organisation they administer. */
  admin: string;
  password: string;
  /** Every headset runs this software, so that no version gate refuses the teachers' commands. */
  softwareVersion: string;
  /** Content every headset holds from the start, as if a playlist had been synced onto it. */
  installed: HeldItem[];
}

/** From the headsets' process to the bench. */
export type FleetMessage =
  | { type: 'ready'; organisationId: number; serialNumbers: string[]; enrolSeconds: number }
  /**
   * A poll handed these commands to a headset at `at` (wall clock, ms); `servedBy` names the server process behind
   * the proxy that answered it (null without one).
   */
  | { type: 'delivered'; commandIds: number[]; at: number; servedBy: string | null }
  | { type: 'stats'; stats: FleetStats }
  /** The headsets whose calls failed since the asked time, with the time of their first failure since. */
  | { type: 'failures'; failures: CallFailure[] }
  | { type: 'failed'; message: string };

/** From the bench to the headsets' process. */
export type FleetRequest = { type: 'stats' } | { type: 'failures'; since: number } | { type: 'stop' };

export interface CallFailure {
  serialNumber: string;
  /** Wall clock, ms. */
  at: number;
}

/** What became of one command on the headsets' side. */
interface Delivery {
  /** When a poll first handed it to its headset (wall clock). */
  at: number;
  /** The process behind the proxy whose poll answer carried it first. */
  servedBy: string | null;
  /** How often polls handed it out: more than once is a command carried out twice. */
  times: number;
}

/**
 * Milliseconds of the wall clock with sub-millisecond precision. Both processes read the same system clock, so a
 * time taken in one can be compared with a time taken in the other.
 */
export const wallClock = () => performance.timeOrigin + performance.now();

/** The answer's header that names the server process behind the proxy (proxy.ts has the proxy set it). */
export const SERVED_BY_HEADER = 'x-served-by';

export class FleetProcess {
  readonly serialNumbers: string[];
  readonly organisationId: number;
  /** Seconds it took to add the headsets through the portal side and pair them. */
  readonly enrolSeconds: number;
  private readonly deliveries = new Map<number, Delivery>();
  private statsWaiters: ((stats: FleetStats) => void)[] = [];
  private failureWaiters: ((failures: CallFailure[]) => void)[] = [];

  private constructor(
    private readonly child: ChildProcess,
    ready: Extract<FleetMessage, { type: 'ready' }>,
  ) {
    this.serialNumbers = ready.serialNumbers;
    this.organisationId = ready.organisationId;
    this.enrolSeconds = ready.enrolSeconds;
    child.on('message', (message: FleetMessage) => {
      if (message.type === 'delivered') {
        for (const id of message.commandIds) {
          const known = this.deliveries.get(id);
          if (known) known.times += 1;
          else this.deliveries.set(id, { at: message.at, servedBy: message.servedBy, times: 1 });
        }
      } else if (message.type === 'stats') {
        const waiters = this.statsWaiters;
        this.statsWaiters = [];
        for (const resolve of waiters) resolve(message.stats);
      } else if (message.type === 'failures') {
        const waiters = this.failureWaiters;
        this.failureWaiters = [];
        for (const resolve of waiters) resolve(message.failures);
      }
    });
  }

  /** Starts the process and resolves once every headset is paired; rejects (and kills it) after `timeoutSeconds`. */
  static start(options: HeadsetsOptions, timeoutSeconds: number): Promise<FleetProcess> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'scripts/benchFleet/headsets.ts'), JSON.stringify(options)],
      { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    return new Promise((resolve, reject) => {
      const fail = (message: string) => {
        clearTimeout(timer);
        void stopProcess(child);
        reject(new Error(`simulated headsets: ${message}`));
      };
      const timer = setTimeout(() => fail(`not paired within ${timeoutSeconds} s`), timeoutSeconds * 1000);
      child.once('exit', (code) => fail(`ended early (code ${code})`));
      const onMessage = (message: FleetMessage) => {
        if (message.type === 'failed') fail(message.message);
        if (message.type !== 'ready') return;
        clearTimeout(timer);
        child.off('message', onMessage);
        child.removeAllListeners('exit');
        resolve(new FleetProcess(child, message));
      };
      child.on('message', onMessage);
    });
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  /** When a headset received the command (wall clock), once it has. */
  deliveredAt(commandId: number): number | undefined {
    return this.deliveries.get(commandId)?.at;
  }

  /** Which process behind the proxy handed the command out first (null without a proxy). */
  deliveredBy(commandId: number): string | null | undefined {
    return this.deliveries.get(commandId)?.servedBy;
  }

  /** How often polls handed the command to its headset (0: not yet). */
  timesDelivered(commandId: number): number {
    return this.deliveries.get(commandId)?.times ?? 0;
  }

  /** The headsets whose calls failed since `since` (wall clock), each with its first failure since then. */
  failuresSince(since: number): Promise<CallFailure[]> {
    return new Promise((resolve, reject) => {
      if (!this.child.connected) return reject(new Error('simulated headsets: process gone'));
      this.failureWaiters.push(resolve);
      this.child.send({ type: 'failures', since } satisfies FleetRequest);
    });
  }

  /** The fleet's counters (headsets polling now, reports, results, errors). */
  stats(): Promise<FleetStats> {
    return new Promise((resolve, reject) => {
      if (!this.child.connected) return reject(new Error('simulated headsets: process gone'));
      this.statsWaiters.push(resolve);
      this.child.send({ type: 'stats' } satisfies FleetRequest);
    });
  }

  /** Every headset stops (held polls are hung up), then the process ends. */
  async stop(): Promise<void> {
    if (this.child.connected) this.child.send({ type: 'stop' } satisfies FleetRequest);
    const exited = new Promise<void>((resolve) => {
      if (this.child.exitCode !== null) resolve();
      else this.child.once('exit', () => resolve());
    });
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 30_000).unref());
    if ((await Promise.race([exited, timeout])) === 'timeout') await stopProcess(this.child);
  }
}
