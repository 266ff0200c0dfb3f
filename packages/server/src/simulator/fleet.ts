import { setMaxListeners } from 'node:events';
import { HeadsetClient, HttpStatusError, JsonHttp } from './client.ts';
import {
  type CommandResult,
  DEFAULT_SETTINGS,
  type HeadsetCommand,
  type HeadsetInit,
  SimulatedHeadset,
  type SimulatorSettings,
} from './model.ts';

/**
 * Runs simulated headsets against a server over real HTTP: each holds a long poll, carries out what arrives
 * (model.ts decides how), reports results and its state. Built for thousands in one process: one shared ticker
 * advances every model once a second (no timer or busy loop per headset), one keep-alive agent carries all
 * requests, and a headset only awaits its own HTTP calls.
 */

export interface FleetOptions {
  serverUrl: string;
  settings?: Partial<SimulatorSettings>;
  /** The clock the models run on; Date.now by default. */
  now?: () => number;
  /** How often the ticker advances the models (ms). */
  tickMs?: number;
  /** Spread the headsets' start (first poll and report) over this many ms, so thousands do not start at once. */
  rampMs?: number;
  log?: (message: string) => void;
}

/** A headset to run: paired already (its device token), or with an enrolment code it exchanges first. */
export type FleetMember = HeadsetInit & ({ deviceToken: string } | { enrolmentCode: string });

export interface FleetStats {
  headsets: number;
  polling: number;
  off: number;
  commands: number;
  results: number;
  reports: number;
  errors: number;
}

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 10_000;
const RESULT_ATTEMPTS = 4;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

class Runner {
  started = false;
  polling = false;
  unpaired = false;
  private pollAbort: AbortController | null = null;
  private wakeOnPower: (() => void) | null = null;
  private reporting: Promise<void> | null = null;

  constructor(
    readonly fleet: Fleet,
    readonly model: SimulatedHeadset,
    readonly client: HeadsetClient,
  ) {}

  async run(): Promise<void> {
    const fleet = this.fleet;
    let failures = 0;
    while (!fleet.stopping.aborted && !this.unpaired) {
      if (this.model.power !== 'on') {
        await new Promise<void>((resolve) => {
          this.wakeOnPower = resolve;
        });
        this.wakeOnPower = null;
        continue;
      }
      this.pollAbort = new AbortController();
      const stop = () => this.pollAbort?.abort();
      fleet.stopping.addEventListener('abort', stop, { once: true });
      this.polling = true;
      try {
        const batch = await this.client.poll(this.pollAbort.signal);
        failures = 0;
        for (const command of batch.commands) await this.execute(command);
        if (batch.pollAfterSeconds > 0) await sleep(batch.pollAfterSeconds * 1000, fleet.stopping);
      } catch (error) {
        if (isAbort(error)) continue;
        if (!this.handle(error)) break;
        failures += 1;
        const wait = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.min(failures, 4));
        await sleep(wait * (0.5 + Math.random() / 2), fleet.stopping);
      } finally {
        this.polling = false;
        this.pollAbort = null;
        fleet.stopping.removeEventListener('abort', stop);
      }
    }
  }

  /** Counts an error; false when the headset lost its pairing (401) and must stop. */
  private handle(error: unknown): boolean {
    this.fleet.counters.errors += 1;
    if (error instanceof HttpStatusError && error.status === 401) {
      this.unpaired = true;
      this.fleet.log(
        `${this.model.name} (${this.model.serialNumber}): nicht mehr gekoppelt (401), angehalten.`,
      );
      return false;
    }
    return true;
  }

  /**
   * Reports results, each retried a few times when the server is busy (503) or out of reach, as a real headset
   * would: a lost result would leave its command to expire as unanswered.
   */
  private async send(results: CommandResult[]): Promise<void> {
    for (const { commandId, ...result } of results) {
      for (let attempt = 0; ; attempt += 1) {
        try {
          await this.client.reportResult(commandId, result);
          this.fleet.counters.results += 1;
          break;
        } catch (error) {
          // 404/409: the command is gone, expired or was answered meanwhile; nothing more to say about it.
          if (error instanceof HttpStatusError && error.status < 500) {
            if (error.status !== 404 && error.status !== 409) this.handle(error);
            break;
          }
          this.handle(error);
          if (attempt >= RESULT_ATTEMPTS - 1 || this.fleet.stopping.aborted) break;
          await sleep(RETRY_MIN_MS * 2 ** attempt, this.fleet.stopping);
        }
      }
    }
  }

  private async execute(command: HeadsetCommand): Promise<void> {
    const fleet = this.fleet;
    fleet.counters.commands += 1;
    const execution = this.model.execute(command, fleet.now());
    if (execution.kind === 'sync') {
      try {
        const configuration = await this.client.configuration();
        await this.send(this.model.startSync(execution.commandId, configuration, fleet.now()));
      } catch (error) {
        this.handle(error);
        await this.send([{ commandId: execution.commandId, status: 'failed', message: String(error) }]);
      }
    } else if (execution.kind === 'result') {
      if (execution.powerAfter) {
        await this.goDown(execution.powerAfter, [execution.result]);
        return;
      }
      await this.send([execution.result]);
    }
    this.reportState();
  }

  /**
   * Last words, then down: interrupted jobs and the power command's own result are reported (after any state
   * report in flight, so nothing reaches the server after the result that announces the power-down).
   */
  async goDown(kind: 'reboot' | 'update' | 'shutdown', lastResults: CommandResult[] = []): Promise<void> {
    const now = this.fleet.now();
    const interrupted = this.model.interruptJobs(now);
    await this.reporting;
    await this.send([...interrupted, ...lastResults]);
    this.model.powerDown(kind, this.fleet.now());
    this.pollAbort?.abort();
  }

  /** Sends the state now unless a report is on its way (then the ticker sends the next one). */
  reportState(): void {
    if (this.reporting || this.unpaired || this.model.power !== 'on') return;
    const state = this.model.report(this.fleet.now());
    this.reporting = this.client
      .reportState(state)
      .then(
        () => {
          this.fleet.counters.reports += 1;
        },
        (error: unknown) => {
          // Sent again at the next tick.
          this.model.changed = true;
          this.handle(error);
        },
      )
      .finally(() => {
        this.reporting = null;
      });
  }

  /** One tick of the shared ticker. */
  tick(now: number): void {
    if (!this.started || this.unpaired) return;
    const finished = this.model.advance(now);
    if (finished.length > 0) void this.send(finished).then(() => this.reportState());
    if (this.model.power === 'on' && this.wakeOnPower) this.wakeOnPower();
    if (this.model.reportDue(now)) this.reportState();
  }

  powerOn(): void {
    this.model.switchOn(this.fleet.now());
    this.wakeOnPower?.();
  }

  release(): void {
    this.wakeOnPower?.();
    this.pollAbort?.abort();
  }
}

export class Fleet {
  readonly http: JsonHttp;
  readonly settings: SimulatorSettings;
  readonly now: () => number;
  readonly log: (message: string) => void;
  readonly counters = { commands: 0, results: 0, reports: 0, errors: 0 };
  private readonly stopController = new AbortController();
  private readonly runners = new Map<string, Runner>();
  private readonly loops: Promise<void>[] = [];
  private readonly ticker: NodeJS.Timeout;
  private readonly rampMs: number;

  constructor(options: FleetOptions) {
    // Every headset listens for the fleet's stop: thousands of listeners on one signal are intended.
    setMaxListeners(0, this.stopController.signal);
    this.http = new JsonHttp(options.serverUrl);
    this.settings = { ...DEFAULT_SETTINGS, ...options.settings };
    this.now = options.now ?? Date.now;
    this.log = options.log ?? (() => {});
    this.rampMs = options.rampMs ?? 0;
    this.ticker = setInterval(() => this.tick(), options.tickMs ?? 1000);
  }

  get stopping(): AbortSignal {
    return this.stopController.signal;
  }

  /** Pairs (with an enrolment code) and starts headsets; resolves once all are paired. */
  async add(members: FleetMember[]): Promise<void> {
    const concurrency = 32;
    let next = 0;
    const pair = async () => {
      while (next < members.length) {
        const member = members[next++] as FleetMember;
        const client =
          'deviceToken' in member
            ? new HeadsetClient(this.http, member.deviceToken)
            : (await HeadsetClient.enrol(this.http, member.enrolmentCode, member.serialNumber)).client;
        const runner = new Runner(this, new SimulatedHeadset(member, this.settings, this.now()), client);
        this.runners.set(member.serialNumber, runner);
        const delay = this.rampMs * Math.random();
        this.loops.push(
          sleep(delay, this.stopping).then(() => {
            if (this.stopping.aborted) return;
            runner.started = true;
            runner.reportState();
            return runner.run();
          }),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, members.length) }, pair));
  }

  private tick(): void {
    const now = this.now();
    for (const runner of this.runners.values()) runner.tick(now);
  }

  /** By serial number, or by name when that is unique (the demo fleet has a Sirius in each organisation). */
  private runner(serialOrName: string): Runner {
    const bySerial = this.runners.get(serialOrName);
    if (bySerial) return bySerial;
    const named = [...this.runners.values()].filter(
      (r) => r.model.name.toLowerCase() === serialOrName.toLowerCase(),
    );
    if (named.length > 1) {
      const serials = named.map((r) => r.model.serialNumber).join(', ');
      throw new Error(
        `Mehrere VR-Brillen heißen ${serialOrName} (${serials}); bitte die Seriennummer nennen.`,
      );
    }
    const [runner] = named;
    if (!runner) throw new Error(`Keine simulierte VR-Brille ${serialOrName}.`);
    return runner;
  }

  /** The model of a headset (by serial number or name), to read its state. */
  headset(serialOrName: string): SimulatedHeadset {
    return this.runner(serialOrName).model;
  }

  get serialNumbers(): string[] {
    return [...this.runners.keys()];
  }

  /** The power button: off (it stops polling at once) … */
  async switchOff(serialOrName: string): Promise<void> {
    const runner = this.runner(serialOrName);
    if (runner.model.power === 'on') await runner.goDown('shutdown');
  }

  /** … and on again (it reports and polls at once). */
  switchOn(serialOrName: string): void {
    this.runner(serialOrName).powerOn();
  }

  /** Sets a headset's battery level (percent), as if it ran down or was charged; it reports at once. */
  setBattery(serialOrName: string, percent: number): void {
    const runner = this.runner(serialOrName);
    runner.model.setBattery(percent, this.now());
    runner.reportState();
  }

  /** Deletes content from a headset, as if its storage was cleared; it reports at once. False: it did not hold it. */
  forget(serialOrName: string, contentUuid: string): boolean {
    const runner = this.runner(serialOrName);
    const forgotten = runner.model.forget(contentUuid, this.now());
    runner.reportState();
    return forgotten;
  }

  stats(): FleetStats {
    const runners = [...this.runners.values()];
    return {
      headsets: runners.length,
      polling: runners.filter((r) => r.polling).length,
      off: runners.filter((r) => r.model.power !== 'on').length,
      ...this.counters,
    };
  }

  async stop(): Promise<void> {
    clearInterval(this.ticker);
    this.stopController.abort();
    for (const runner of this.runners.values()) runner.release();
    await Promise.allSettled(this.loops);
    this.http.close();
  }
}

/** Starts a fleet and adds its members. */
export async function startFleet(options: FleetOptions, members: FleetMember[]): Promise<Fleet> {
  const fleet = new Fleet(options);
  try {
    await fleet.add(members);
  } catch (error) {
    await fleet.stop();
    throw error;
  }
  return fleet;
}
