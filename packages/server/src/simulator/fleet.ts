import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { HeadsetClient, HttpStatusError, JsonHttp } from './client.ts';
import {
  type CommandResult,
  DEFAULT_SETTINGS,
  type HeadsetCommand,
  type HeadsetInit,
  MESSAGES,
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
  /**
   * Called when a poll hands commands to a headset, before it carries them out, with the poll answer's headers (the
   * fleet benchmark times the delivery from the portal's POST to here, and reads which process behind its proxy
   * answered).
   */
  onCommands?: (serialNumber: string, commands: HeadsetCommand[], headers: IncomingHttpHeaders) => void;
  /** Called when a call of a headset failed (refused, or the connection broke), before it tries again. */
  onCallFailed?: (serialNumber: string, error: unknown) => void;
}

/** A headset to run: paired already (its device token), or with an enrolment code it exchanges first. */
export type FleetMember = HeadsetInit & ({ deviceToken: string } | { enrolmentCode: string });

export interface FleetStats {
  headsets: number;
  polling: number;
  off: number;
  /** Polls the server answered (with commands or without). */
  polls: number;
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

/**
 * How long a headset waits before it tries again after `failures` failed calls in a row: as long as a 503 asks
 * (Retry-After) plus up to half of it, else 1 s doubling up to 10 s, less up to half. The spread matters: a
 * fleet of thousands refused at once must not come back at once.
 */
export function retryDelayMs(error: unknown, failures: number): number {
  const asked = error instanceof HttpStatusError ? error.retryAfterSeconds : undefined;
  if (asked !== undefined) return asked * 1000 * (1 + Math.random() / 2);
  return Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.min(failures, 4)) * (0.5 + Math.random() / 2);
}

/** How often a call that sets headsets up (adding, pairing) is tried in all while the server answers 503. */
const BUSY_ATTEMPTS = 6;

/**
 * Runs `call`, and again after {@link retryDelayMs} while the server answers 503 (busy), at most `attempts` times in
 * all. Adding and pairing thousands of headsets must ride out a busy moment as a person would, by trying again when
 * asked to; the server's 503 means the work was refused before it reached the database, so trying again is safe.
 * Every other error is thrown at once.
 */
export async function retryWhileBusy<T>(call: () => Promise<T>, attempts = BUSY_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof HttpStatusError) || error.status !== 503 || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(error, attempt)));
    }
  }
}

/** A new `session` for the polls of a headset's run: a real headset chooses one at every start of its software. */
const newSession = () => randomUUID();

class Runner {
  started = false;
  polling = false;
  unpaired = false;
  /** Out of the network (`Fleet.loseConnection`): switched on, but no call of it reaches the server. */
  disconnected = false;
  /**
   * Sent with every poll; a new one after each time the headset was down (and for every new Runner, as a server
   * restart that runs its demo fleet anew), so the server learns that what it delivered before was not carried out.
   */
  private session = newSession();
  /** The ids of the commands it carried out, in order (a command carried out twice shows twice). */
  readonly executed: number[] = [];
  private pollAbort: AbortController | null = null;
  private wakeOnPower: (() => void) | null = null;
  private reporting: Promise<void> | null = null;
  /** The image download under way: stopped when the headset goes down, paced by the ticker. */
  private download: { abort: AbortController; pause(): void; resume(): void; paused: boolean } | null = null;
  /** Failed state reports in a row, and when the next may be sent (fleet clock). */
  private reportFailures = 0;
  private reportRetryAt = Number.NEGATIVE_INFINITY;

  constructor(
    readonly fleet: Fleet,
    readonly model: SimulatedHeadset,
    readonly client: HeadsetClient,
  ) {}

  async run(): Promise<void> {
    const fleet = this.fleet;
    let failures = 0;
    while (!fleet.stopping.aborted && !this.unpaired) {
      if (this.model.power !== 'on' || this.disconnected) {
        const restarts = this.model.power !== 'on';
        await new Promise<void>((resolve) => {
          this.wakeOnPower = resolve;
        });
        this.wakeOnPower = null;
        if (restarts && this.model.power === 'on') this.session = newSession();
        continue;
      }
      this.pollAbort = new AbortController();
      const stop = () => this.pollAbort?.abort();
      fleet.stopping.addEventListener('abort', stop, { once: true });
      this.polling = true;
      try {
        let headers: IncomingHttpHeaders = {};
        const batch = await this.client.poll(this.pollAbort.signal, this.session, undefined, (answered) => {
          headers = answered;
        });
        failures = 0;
        fleet.counters.polls += 1;
        if (batch.commands.length > 0) fleet.onCommands?.(this.model.serialNumber, batch.commands, headers);
        for (const command of batch.commands) await this.execute(command);
        if (batch.pollAfterSeconds > 0) await sleep(batch.pollAfterSeconds * 1000, fleet.stopping);
      } catch (error) {
        if (isAbort(error)) continue;
        if (!this.handle(error)) break;
        failures += 1;
        await sleep(retryDelayMs(error, failures), fleet.stopping);
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
    this.fleet.onCallFailed?.(this.model.serialNumber, error);
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
          await sleep(retryDelayMs(error, attempt), this.fleet.stopping);
        }
      }
    }
  }

  private async execute(command: HeadsetCommand): Promise<void> {
    const fleet = this.fleet;
    fleet.counters.commands += 1;
    this.executed.push(command.id);
    const execution = this.model.execute(command, fleet.now());
    if (execution.kind === 'sync') {
      try {
        const configuration = await this.client.configuration();
        await this.send(this.model.startSync(execution.commandId, configuration, fleet.now()));
      } catch (error) {
        this.handle(error);
        await this.send([{ commandId: execution.commandId, status: 'failed', message: String(error) }]);
      }
    } else if (execution.kind === 'update') {
      await this.startUpdate(execution.commandId, execution.operatingSystemId);
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
   * CMD.UPDATE with an image: read the image (a withdrawn one fails the command), let the model judge it, then
   * download its file over real HTTP without awaiting it, so the headset keeps polling; the bytes count at the
   * headset's bandwidth ({@link tick} paces the stream) and the ticker finishes the update once they are in.
   */
  private async startUpdate(commandId: number, operatingSystemId: number): Promise<void> {
    let image: Awaited<ReturnType<HeadsetClient['operatingSystem']>>;
    try {
      image = await this.client.operatingSystem(operatingSystemId);
    } catch (error) {
      this.handle(error);
      await this.send([{ commandId, status: 'failed', message: MESSAGES.imageUnavailable }]);
      return;
    }
    const refused = this.model.startUpdate(commandId, image, this.fleet.now());
    if (refused.length > 0) {
      await this.send(refused);
      return;
    }
    const abort = new AbortController();
    const transfer = this.fleet.http.download(
      image.file,
      (bytes) => this.model.downloaded(bytes),
      abort.signal,
    );
    const download = { abort, pause: transfer.pause, resume: transfer.resume, paused: false };
    this.download = download;
    transfer.done.then(
      (bytes) => {
        if (this.download === download) this.download = null;
        if (bytes !== image.fileSize)
          void this.send(this.model.downloadFailed(`${bytes} von ${image.fileSize} Bytes`));
      },
      (error: unknown) => {
        if (this.download === download) this.download = null;
        if (isAbort(error)) return;
        this.handle(error);
        const reason = error instanceof HttpStatusError ? `HTTP ${error.status}` : String(error);
        void this.send(this.model.downloadFailed(reason)).then(() => this.reportState());
      },
    );
  }

  /** Holds the image's download back while it runs ahead of the headset's bandwidth, and lets it go on after. */
  private paceDownload(): void {
    const download = this.download;
    if (!download) return;
    const wanted = this.model.downloadWanted;
    if (wanted && download.paused) download.resume();
    else if (!wanted && !download.paused) download.pause();
    download.paused = !wanted;
  }

  /**
   * Last words, then down: interrupted jobs and the power command's own result are reported (after any state
   * report in flight, so nothing reaches the server after the result that announces the power-down).
   */
  async goDown(kind: 'reboot' | 'update' | 'shutdown', lastResults: CommandResult[] = []): Promise<void> {
    this.download?.abort.abort();
    this.download = null;
    const now = this.fleet.now();
    const interrupted = this.model.interruptJobs(now);
    await this.reporting;
    await this.send([...interrupted, ...lastResults]);
    this.model.powerDown(kind, this.fleet.now());
    this.pollAbort?.abort();
  }

  /**
   * Sends the state now unless a report is on its way (then the ticker sends the next one) or the last one failed
   * a moment ago (then the ticker sends it after {@link retryDelayMs}).
   */
  reportState(): void {
    if (this.reporting || this.unpaired || this.disconnected || this.model.power !== 'on') return;
    if (this.fleet.now() < this.reportRetryAt) return;
    const state = this.model.report(this.fleet.now());
    this.reporting = this.client
      .reportState(state)
      .then(
        () => {
          this.fleet.counters.reports += 1;
          this.reportFailures = 0;
        },
        (error: unknown) => {
          // Still to be reported: the ticker sends it again once the wait is over.
          this.model.changed = true;
          this.reportFailures += 1;
          this.reportRetryAt = this.fleet.now() + retryDelayMs(error, this.reportFailures);
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
    this.paceDownload();
    const installed = this.model.finishedUpdate();
    if (installed) void this.goDown('update', [installed]);
    if (this.model.power === 'on' && !this.disconnected && this.wakeOnPower) this.wakeOnPower();
    if (this.model.reportDue(now)) this.reportState();
  }

  powerOn(): void {
    this.model.switchOn(this.fleet.now());
    if (!this.disconnected) this.wakeOnPower?.();
  }

  /** Out of reach: the held poll breaks off (as a lost network ends its connection), no more calls until reconnected. */
  loseConnection(): void {
    this.disconnected = true;
    this.pollAbort?.abort();
  }

  reconnect(): void {
    this.disconnected = false;
    if (this.model.power === 'on') this.wakeOnPower?.();
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
  readonly onCommands: FleetOptions['onCommands'];
  readonly onCallFailed: FleetOptions['onCallFailed'];
  readonly counters = { polls: 0, commands: 0, results: 0, reports: 0, errors: 0 };
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
    this.onCommands = options.onCommands;
    this.onCallFailed = options.onCallFailed;
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
            : (
                await retryWhileBusy(() =>
                  HeadsetClient.enrol(this.http, member.enrolmentCode, member.serialNumber),
                )
              ).client;
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

  /**
   * The headset loses its network while it runs (Wi-Fi gone): its held poll breaks off and it calls nothing …
   */
  loseConnection(serialOrName: string): void {
    this.runner(serialOrName).loseConnection();
  }

  /** … until it is back: it polls at once, in the same session (it did not restart). */
  reconnect(serialOrName: string): void {
    this.runner(serialOrName).reconnect();
  }

  /** The ids of the commands a headset carried out since the fleet started, in order. */
  executedCommands(serialOrName: string): readonly number[] {
    return this.runner(serialOrName).executed;
  }

  /** Sets a headset's battery level (percent), as if it ran down or was charged; it reports at once. */
  setBattery(serialOrName: string, percent: number): void {
    const runner = this.runner(serialOrName);
    runner.model.setBattery(percent, this.now());
    runner.reportState();
  }

  /**
   * Installs a software version on a headset, as the manufacturer's tool would (an older one too); it reports at
   * once. Tests that update headsets put their version back with it.
   */
  setSoftware(serialOrName: string, version: string): void {
    const runner = this.runner(serialOrName);
    runner.model.setSoftware(version, this.now());
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
