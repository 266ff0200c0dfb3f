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
  /** A poll handed these commands to a headset at `at` (wall clock, ms). */
  | { type: 'delivered'; commandIds: number[]; at: number }
  | { type: 'stats'; stats: FleetStats }
  | { type: 'failed'; message: string };

/** From the bench to the headsets' process. */
export type FleetRequest = { type: 'stats' } | { type: 'stop' };

/**
 * Milliseconds of the wall clock with sub-millisecond precision. Both processes read the same system clock, so a
 * time taken in one can be compared with a time taken in the other.
 */
export const wallClock = () => performance.timeOrigin + performance.now();

export class FleetProcess {
  readonly serialNumbers: string[];
  readonly organisationId: number;
  /** Seconds it took to add the headsets through the portal side and pair them. */
  readonly enrolSeconds: number;
  private readonly deliveries = new Map<number, number>();
  private statsWaiters: ((stats: FleetStats) => void)[] = [];

  private constructor(
    private readonly child: ChildProcess,
    ready: Extract<FleetMessage, { type: 'ready' }>,
  ) {
    this.serialNumbers = ready.serialNumbers;
    this.organisationId = ready.organisationId;
    this.enrolSeconds = ready.enrolSeconds;
    child.on('message', (message: FleetMessage) => {
      if (message.type === 'delivered') {
        for (const id of message.commandIds)
          if (!this.deliveries.has(id)) this.deliveries.set(id, message.at);
      } else if (message.type === 'stats') {
        const waiters = this.statsWaiters;
        this.statsWaiters = [];
        for (const resolve of waiters) resolve(message.stats);
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
    return this.deliveries.get(commandId);
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
