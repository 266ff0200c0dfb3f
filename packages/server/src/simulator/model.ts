import type { components } from '@portal/api/schema';
import {
  contentStorageBytes,
  contentTypeOfStartCommand,
  DEFAULT_ATTENTION_MESSAGE,
  HEADSET_STATE_INTERVAL_SECONDS,
  type HeadsetFailureCode,
  isBatteryEmpty,
  isOlderThan,
  STORAGE_CAPACITY_GB,
  supportsFeature,
  UPDATE_MIN_BATTERY_PERCENT,
  unmetVersionGate,
} from '@portal/domain';

/**
 * The behaviour of one simulated headset as pure code: no timers, no I/O. Every method takes the current time
 * (milliseconds) from the caller, so tests drive it with a fake clock and the fleet (fleet.ts) with the real one.
 * The fleet does the HTTP: it hands commands in, sends the results and state reports this model produces.
 */

type Schemas = components['schemas'];
export type HeadsetCommand = Schemas['HeadsetCommand'];
export type HeadsetState = Schemas['HeadsetState'];
export type HeadsetConfiguration = Schemas['HeadsetConfiguration'];
export type HeadsetOperatingSystem = Schemas['HeadsetOperatingSystem'];
type ContentType = Schemas['ContentType'];

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
/** Bytes per second of one MBit/s, the unit of `--bandwidth-mbps` and DEMO_FLEET_BANDWIDTH_MBPS. */
export const BYTES_PER_MBIT = MiB / 8;

export interface SimulatorSettings {
  /** Download speed of a sync or an operating system image, bytes per second. */
  bandwidthBytesPerSecond: number;
  /** How long a reboot keeps the headset offline. */
  rebootSeconds: number;
  /** How long an update keeps it offline (installing, then restarting) before it returns with the new version. */
  updateSeconds: number;
  /** How long a software sync takes. */
  softwareSyncSeconds: number;
  /** The version an update without an image installs (the manufacturer's own update channel). */
  latestSoftwareVersion: string;
  /** Battery drain while something plays, and charge while nothing does (percent per minute). */
  drainPercentPerMinute: number;
  chargePercentPerMinute: number;
  /** A state report at least this often; changes are reported at once. */
  stateIntervalSeconds: number;
}

export const DEFAULT_SETTINGS: SimulatorSettings = {
  bandwidthBytesPerSecond: 100 * MiB,
  rebootSeconds: 5,
  updateSeconds: 8,
  softwareSyncSeconds: 3,
  latestSoftwareVersion: '5.2.0',
  drainPercentPerMinute: 0.6,
  chargePercentPerMinute: 1,
  stateIntervalSeconds: HEADSET_STATE_INTERVAL_SECONDS,
};

/** A Mediathek item the headset holds. */
export interface HeldItem {
  uuid: string;
  title: string;
  contentType: ContentType;
  packageName: string | null;
  bytes: number;
  /** Seconds, for videos. */
  duration: number | null;
}

export interface HeadsetInit {
  serialNumber: string;
  name: string;
  softwareVersion: string;
  batteryLevel: number;
  storageTotal: number;
  installed?: HeldItem[];
  guidedMode?: boolean;
  manufacturerMode?: boolean;
  muted?: boolean;
}

export const MESSAGES = {
  contentMissing: 'Inhalt ist nicht auf der VR-Brille',
  nothingRunning: 'Auf der VR-Brille läuft gerade nichts.',
  batteryEmpty: 'Der Akku der VR-Brille ist leer.',
  softwareTooOld: (version: string) => `Die Software der VR-Brille ist zu alt (mindestens ${version} nötig).`,
  alreadyLatest: 'Die Software ist bereits aktuell.',
  updating: (version: string) => `Die Software ${version} wird installiert; die VR-Brille startet neu.`,
  imageInstalled: (version: string) =>
    `Das Betriebssystem ${version} ist geladen und wird installiert; die VR-Brille startet neu.`,
  batteryTooLowForUpdate: `Der Akku ist unter ${UPDATE_MIN_BATTERY_PERCENT} %; für ein Update bitte zuerst aufladen.`,
  updateRunning: 'Auf der VR-Brille läuft schon ein Update.',
  imageUnavailable: 'Das Betriebssystem ist nicht mehr verfügbar.',
  imageNoSpace: 'Nicht genug Speicherplatz für das Betriebssystem.',
  imageDownloadFailed: (reason: string) => `Das Betriebssystem konnte nicht geladen werden: ${reason}`,
  rebooting: 'Die VR-Brille startet neu.',
  shuttingDown: 'Die VR-Brille schaltet sich aus.',
  muted: 'Ton aus.',
  unmuted: 'Ton an.',
  attention: 'Die Nachricht wird angezeigt.',
  attentionEnded: 'Weiter geht es.',
  softwareSynced: 'Die Software ist synchronisiert.',
  synced: (name: string, count: number) => `Wiedergabeliste „${name}“ synchronisiert (${count} Inhalte).`,
  noPlaylist: 'Keine Wiedergabeliste aktiv; nichts zu synchronisieren.',
  notLoaded: (titles: string[]) => `Nicht geladen: ${titles.join(', ')}.`,
  noFile: 'Datei fehlt auf dem Server',
  noSpace: 'kein Speicherplatz mehr',
  replaced: 'Durch eine neuere Synchronisierung ersetzt.',
  interrupted: 'Abgebrochen, weil die VR-Brille ausgeschaltet oder neu gestartet wurde.',
} as const;

export type Power = 'on' | 'rebooting' | 'updating' | 'off';

/** A result the fleet reports for a command. */
export interface CommandResult {
  commandId: number;
  status: 'done' | 'failed';
  message?: string;
  /** With a failure the portal words itself (contract HeadsetFailureCode). */
  code?: HeadsetFailureCode;
}

/** What executing a command means for the fleet. */
export type Execution =
  | { kind: 'result'; result: CommandResult; powerAfter?: 'reboot' | 'update' | 'shutdown' }
  /** CMD.SYNC: the fleet reads the configuration and calls {@link SimulatedHeadset.startSync}. */
  | { kind: 'sync'; commandId: number }
  /**
   * CMD.UPDATE with an image: the fleet reads the image and calls {@link SimulatedHeadset.startUpdate}, then
   * downloads its file and hands the bytes to {@link SimulatedHeadset.downloaded}.
   */
  | { kind: 'update'; commandId: number; operatingSystemId: number }
  /** Runs on; its result comes from {@link SimulatedHeadset.advance}. */
  | { kind: 'pending' };

interface Download {
  item: HeldItem;
  done: number;
}

/**
 * An operating system image on its way: its bytes arrive over HTTP (`received`, from the fleet's real download) but
 * count only as fast as the headset's bandwidth allows (`allowed`), so progress follows the bandwidth; then it installs.
 */
interface UpdateJob {
  commandId: number;
  operatingSystemId: number;
  version: string;
  bytes: number;
  received: number;
  allowed: number;
  phase: 'downloading' | 'installing';
  /** When it switched to installing (the fleet reports that, then the headset goes down). */
  installingSince: number | null;
}

/** How far the real download may run ahead of the bandwidth before the fleet pauses it. */
const DOWNLOAD_WINDOW_BYTES = 4 * MiB;

interface SyncJob {
  commandId: number;
  name: string;
  total: number;
  queue: Download[];
  missing: { title: string; reason: string }[];
  count: number;
}

export class SimulatedHeadset {
  readonly serialNumber: string;
  readonly name: string;
  softwareVersion: string;
  power: Power = 'on';
  /** When a reboot or update is over. */
  backOnlineAt: number | null = null;
  private battery: number;
  readonly storageTotal: number;
  private readonly installed = new Map<string, HeldItem>();
  current: { item: HeldItem; startedAt: number; position: number } | null = null;
  playbackState: HeadsetState['playbackState'] = 'stopped';
  guidedMode: boolean;
  manufacturerMode: boolean;
  muted: boolean;
  /**
   * 'Alle Blicke nach vorn': the message on the screen and what CMD.ATTENTION paused and muted, so that
   * CMD.ATTENTION.END resumes and unmutes only that; null when no message shows.
   */
  attention: { message: string; paused: boolean; muted: boolean } | null = null;
  syncStatus: HeadsetState['syncStatus'] = 'synced';
  private sync: SyncJob | null = null;
  private softwareSync: { commandId: number; finishAt: number } | null = null;
  private update: UpdateJob | null = null;
  /** The version an update in progress installs, set when the headset goes down for it. */
  private installingVersion: string | null = null;
  /** Something the portal should see changed since the last report. */
  changed = true;
  lastReportAt = Number.NEGATIVE_INFINITY;
  private lastAdvance: number;

  constructor(
    init: HeadsetInit,
    readonly settings: SimulatorSettings,
    now: number,
  ) {
    this.serialNumber = init.serialNumber;
    this.name = init.name;
    this.softwareVersion = init.softwareVersion;
    this.battery = init.batteryLevel;
    this.storageTotal = init.storageTotal;
    for (const item of init.installed ?? []) this.installed.set(item.uuid, item);
    this.guidedMode = init.guidedMode ?? false;
    this.manufacturerMode = init.manufacturerMode ?? false;
    this.muted = init.muted ?? false;
    this.lastAdvance = now;
  }

  get batteryLevel(): number {
    return Math.round(this.battery);
  }

  get storageUsed(): number {
    let bytes = Math.round(STORAGE_CAPACITY_GB.baseStorageUsed * GiB);
    for (const item of this.installed.values()) bytes += item.bytes;
    return bytes;
  }

  /** The running sync's bytes: loaded so far of all it needs (issue 22: the portal's bar and time left). */
  get syncBytes(): { done: number; total: number } | null {
    if (!this.sync) return null;
    const left = this.sync.queue.reduce((sum, d) => sum + d.item.bytes - d.done, 0);
    return { done: this.sync.total - left, total: this.sync.total };
  }

  get syncProgress(): number | null {
    const bytes = this.syncBytes;
    if (!bytes) return null;
    if (bytes.total === 0) return 0;
    return Math.min(99, Math.floor((bytes.done / bytes.total) * 100));
  }

  holds(uuid: string): boolean {
    return this.installed.has(uuid);
  }

  /** Carries out a command that a poll delivered. */
  execute(command: HeadsetCommand, now: number): Execution {
    this.advance(now);
    const done = (message?: string, powerAfter?: 'reboot' | 'update' | 'shutdown'): Execution => ({
      kind: 'result',
      result: { commandId: command.id, status: 'done', ...(message ? { message } : {}) },
      ...(powerAfter ? { powerAfter } : {}),
    });
    const failed = (message: string, code?: HeadsetFailureCode): Execution => ({
      kind: 'result',
      result: { commandId: command.id, status: 'failed', message, ...(code ? { code } : {}) },
    });
    // The server refuses these already; a headset checks for itself all the same.
    const gate = unmetVersionGate(this.softwareVersion, command.command);
    if (gate) return failed(MESSAGES.softwareTooOld(gate.requiredVersion), 'softwareTooOld');

    const startType = contentTypeOfStartCommand(command.command);
    if (startType !== null) return this.start(command, startType, now, done, failed);
    switch (command.command) {
      case 'CMD.REBOOT':
        return done(MESSAGES.rebooting, 'reboot');
      case 'CMD.SHUTDOWN':
        return done(MESSAGES.shuttingDown, 'shutdown');
      case 'CMD.UPDATE':
        // The server refuses these already; a headset checks for itself all the same.
        if (this.battery < UPDATE_MIN_BATTERY_PERCENT) return failed(MESSAGES.batteryTooLowForUpdate);
        if (this.update) return failed(MESSAGES.updateRunning);
        if (command.extras.operatingSystemId !== undefined) {
          return {
            kind: 'update',
            commandId: command.id,
            operatingSystemId: command.extras.operatingSystemId,
          };
        }
        if (!isOlderThan(this.softwareVersion, this.settings.latestSoftwareVersion)) {
          return done(MESSAGES.alreadyLatest);
        }
        this.installingVersion = this.settings.latestSoftwareVersion;
        return done(MESSAGES.updating(this.settings.latestSoftwareVersion), 'update');
      case 'CMD.SYNC':
        return { kind: 'sync', commandId: command.id };
      case 'CMD.SYNC.SOFTWARE':
        this.softwareSync = {
          commandId: command.id,
          finishAt: now + this.settings.softwareSyncSeconds * 1000,
        };
        return { kind: 'pending' };
      case 'CMD.MUTE':
        this.muted = !this.muted;
        this.changed = true;
        return done(this.muted ? MESSAGES.muted : MESSAGES.unmuted);
      case 'CMD.TOGGLE.PAUSE':
        if (this.playbackState === 'stopped') return failed(MESSAGES.nothingRunning, 'nothingRunning');
        this.playbackState = this.playbackState === 'playing' ? 'paused' : 'playing';
        this.changed = true;
        return done();
      case 'CMD.STOP.RUNNING':
        this.stopPlayback();
        return done();
      case 'CMD.SET.GUIDED.MODE':
        this.guidedMode = command.extras.guidedModeState;
        this.changed = true;
        return done();
      case 'CMD.SET.MANUFACTURER.MODE':
        this.manufacturerMode = command.extras.manufacturerModeState;
        this.changed = true;
        return done();
      case 'CMD.ATTENTION': {
        // A second message replaces the first; what the first paused and muted stays to be undone.
        const paused = this.playbackState === 'playing';
        if (paused) this.playbackState = 'paused';
        this.attention = {
          message: command.extras.message ?? DEFAULT_ATTENTION_MESSAGE,
          paused: paused || (this.attention?.paused ?? false),
          muted: !this.muted || (this.attention?.muted ?? false),
        };
        this.muted = true;
        this.changed = true;
        return done(MESSAGES.attention);
      }
      case 'CMD.ATTENTION.END':
        if (this.attention) {
          if (this.attention.paused && this.playbackState === 'paused') this.playbackState = 'playing';
          if (this.attention.muted) this.muted = false;
          this.attention = null;
          this.changed = true;
        }
        return done(MESSAGES.attentionEnded);
      default:
        return failed(`Unbekannter Befehl ${command.command}.`);
    }
  }

  private start(
    command: HeadsetCommand,
    type: ContentType,
    now: number,
    done: () => Execution,
    failed: (message: string, code?: HeadsetFailureCode) => Execution,
  ): Execution {
    const { contentUuid, packageName } = command.extras;
    const held = contentUuid
      ? this.installed.get(contentUuid)
      : [...this.installed.values()].find((i) => i.contentType === 'app' && i.packageName === packageName);
    if (!held || held.contentType !== type) return failed(MESSAGES.contentMissing, 'contentMissing');
    if (isBatteryEmpty(this.batteryLevel)) return failed(MESSAGES.batteryEmpty, 'batteryEmpty');
    this.current = { item: held, startedAt: now, position: 0 };
    this.playbackState = 'playing';
    this.changed = true;
    return done();
  }

  private stopPlayback(): void {
    if (this.playbackState !== 'stopped' || this.current) this.changed = true;
    this.current = null;
    this.playbackState = 'stopped';
  }

  /**
   * CMD.SYNC with the configuration the fleet read: items no longer in it are removed, missing ones download at
   * the set bandwidth (in playlist order); items without a file or beyond the free space cannot load. A running
   * sync is replaced: its command fails (returned, for the fleet to report).
   */
  startSync(commandId: number, configuration: HeadsetConfiguration, now: number): CommandResult[] {
    this.advance(now);
    const results: CommandResult[] = [];
    if (this.sync) {
      results.push({ commandId: this.sync.commandId, status: 'failed', message: MESSAGES.replaced });
    }
    const wanted = new Set(configuration.items.map((i) => i.contentUuid));
    for (const uuid of [...this.installed.keys()]) {
      if (!wanted.has(uuid) && this.current?.item.uuid !== uuid) this.installed.delete(uuid);
    }
    let free = this.storageTotal - this.storageUsed;
    const queue: Download[] = [];
    const missing: SyncJob['missing'] = [];
    for (const item of configuration.items) {
      if (this.installed.has(item.contentUuid)) continue;
      const bytes = contentStorageBytes(item);
      if (item.contentType !== 'webApp' && !item.file) {
        missing.push({ title: item.title, reason: MESSAGES.noFile });
      } else if (bytes > free) {
        missing.push({ title: item.title, reason: MESSAGES.noSpace });
      } else {
        free -= bytes;
        queue.push({
          done: 0,
          item: {
            uuid: item.contentUuid,
            title: item.title,
            contentType: item.contentType,
            packageName: item.packageName,
            bytes,
            duration: item.duration,
          },
        });
      }
    }
    this.sync = {
      commandId,
      name: configuration.name ?? '',
      total: queue.reduce((sum, d) => sum + d.item.bytes, 0),
      queue,
      missing,
      count: configuration.items.length,
    };
    this.syncStatus = 'syncing';
    this.changed = true;
    if (configuration.id === null) {
      this.sync = null;
      this.syncStatus = 'synced';
      results.push({ commandId, status: 'done', message: MESSAGES.noPlaylist });
      return results;
    }
    return [...results, ...this.finishSyncIfDone()];
  }

  /**
   * CMD.UPDATE with the image the fleet read: refused when the headset runs that version or a newer one, or lacks the
   * space for it; else its download begins (the fleet fetches the file and reports the bytes). Returns the result of a
   * refusal, nothing when the download begins.
   */
  startUpdate(commandId: number, image: HeadsetOperatingSystem, now: number): CommandResult[] {
    this.advance(now);
    if (!isOlderThan(this.softwareVersion, image.version)) {
      return [{ commandId, status: 'failed', message: MESSAGES.alreadyLatest }];
    }
    if (image.fileSize > this.storageTotal - this.storageUsed) {
      return [{ commandId, status: 'failed', message: MESSAGES.imageNoSpace }];
    }
    this.update = {
      commandId,
      operatingSystemId: image.id,
      version: image.version,
      bytes: image.fileSize,
      received: 0,
      allowed: 0,
      phase: 'downloading',
      installingSince: null,
    };
    this.changed = true;
    return [];
  }

  /** Bytes of the image arrived (the fleet's download). */
  downloaded(bytes: number): void {
    if (this.update?.phase === 'downloading') this.update.received += bytes;
  }

  /** Whether the download may go on: it does not run further ahead of the bandwidth than a few MiB. */
  get downloadWanted(): boolean {
    return this.update !== null && this.update.received < this.update.allowed + DOWNLOAD_WINDOW_BYTES;
  }

  /** The download broke off (or brought the wrong size): the update fails with the reason. */
  downloadFailed(reason: string): CommandResult[] {
    const update = this.update;
    if (!update) return [];
    this.update = null;
    this.changed = true;
    return [{ commandId: update.commandId, status: 'failed', message: MESSAGES.imageDownloadFailed(reason) }];
  }

  private get updateProgress(): number {
    const update = this.update;
    if (!update) return 0;
    if (update.phase === 'installing' || update.bytes === 0) return 100;
    return Math.min(99, Math.floor((Math.min(update.received, update.allowed) / update.bytes) * 100));
  }

  /**
   * The image is loaded and the portal has seen it install (a report since): the command is done and the headset goes
   * down to install and restart, returning with the image's version. Null while there is nothing to finish.
   */
  finishedUpdate(): CommandResult | null {
    const update = this.update;
    if (update?.installingSince == null || this.lastReportAt < update.installingSince) return null;
    this.update = null;
    this.installingVersion = update.version;
    return { commandId: update.commandId, status: 'done', message: MESSAGES.imageInstalled(update.version) };
  }

  private finishSyncIfDone(): CommandResult[] {
    const sync = this.sync;
    if (!sync || sync.queue.length > 0) return [];
    this.sync = null;
    this.changed = true;
    if (sync.missing.length > 0) {
      this.syncStatus = 'failed';
      const titles = sync.missing.map((m) => `${m.title} (${m.reason})`);
      return [{ commandId: sync.commandId, status: 'failed', message: MESSAGES.notLoaded(titles) }];
    }
    this.syncStatus = 'synced';
    return [{ commandId: sync.commandId, status: 'done', message: MESSAGES.synced(sync.name, sync.count) }];
  }

  /**
   * Lets time pass: battery, playback position, downloads, timed jobs, the end of a reboot or update. Returns
   * the results of commands that finished meanwhile.
   */
  advance(now: number): CommandResult[] {
    const seconds = Math.max(0, (now - this.lastAdvance) / 1000);
    this.lastAdvance = now;
    const results: CommandResult[] = [];
    if (this.backOnlineAt !== null && now >= this.backOnlineAt) {
      if (this.power === 'updating' && this.installingVersion !== null)
        this.softwareVersion = this.installingVersion;
      this.installingVersion = null;
      this.power = 'on';
      this.backOnlineAt = null;
      this.changed = true;
    }
    if (this.playbackState === 'playing' && this.current) {
      this.battery = Math.max(0, this.battery - (this.settings.drainPercentPerMinute * seconds) / 60);
      this.current.position += seconds;
      const ended =
        this.current.item.duration !== null && this.current.position >= this.current.item.duration;
      if (ended || this.battery <= 0) this.stopPlayback();
    } else {
      this.battery = Math.min(100, this.battery + (this.settings.chargePercentPerMinute * seconds) / 60);
    }
    if (this.power !== 'on') return results;
    if (this.sync) {
      let budget = this.settings.bandwidthBytesPerSecond * seconds;
      const before = this.syncProgress;
      // Items load one after the other; one that needs no bytes (a web app) is there at once.
      for (let download = this.sync.queue[0]; download; download = this.sync.queue[0]) {
        const step = Math.min(budget, download.item.bytes - download.done);
        download.done += step;
        budget -= step;
        if (download.done < download.item.bytes) break;
        this.installed.set(download.item.uuid, download.item);
        this.sync.queue.shift();
      }
      if (this.syncProgress !== before) this.changed = true;
      results.push(...this.finishSyncIfDone());
    }
    if (this.update?.phase === 'downloading') {
      const update = this.update;
      const before = this.updateProgress;
      update.allowed = Math.min(
        update.bytes,
        update.allowed + this.settings.bandwidthBytesPerSecond * seconds,
      );
      if (Math.min(update.received, update.allowed) >= update.bytes) {
        update.phase = 'installing';
        update.installingSince = now;
      }
      if (this.updateProgress !== before || update.phase === 'installing') this.changed = true;
    }
    if (this.softwareSync && now >= this.softwareSync.finishAt) {
      results.push({
        commandId: this.softwareSync.commandId,
        status: 'done',
        message: MESSAGES.softwareSynced,
      });
      this.softwareSync = null;
    }
    return results;
  }

  /**
   * Before the headset goes down (a power-cycle command, or switched off): a running sync or software sync fails.
   * Returns their results, which the fleet reports before it reports the power-cycle command itself.
   */
  interruptJobs(now: number): CommandResult[] {
    this.advance(now);
    const results: CommandResult[] = [];
    if (this.sync) {
      results.push({ commandId: this.sync.commandId, status: 'failed', message: MESSAGES.interrupted });
      this.sync = null;
      this.syncStatus = 'pending';
    }
    if (this.softwareSync) {
      results.push({
        commandId: this.softwareSync.commandId,
        status: 'failed',
        message: MESSAGES.interrupted,
      });
      this.softwareSync = null;
    }
    if (this.update) {
      results.push({ commandId: this.update.commandId, status: 'failed', message: MESSAGES.interrupted });
      this.update = null;
    }
    return results;
  }

  /**
   * Down for a reboot or update (back after their seconds), or off until {@link switchOn}. What ran stops. Call
   * {@link interruptJobs} first.
   */
  powerDown(kind: 'reboot' | 'update' | 'shutdown', now: number): void {
    this.interruptJobs(now);
    this.stopPlayback();
    if (kind === 'shutdown') {
      this.power = 'off';
      this.backOnlineAt = null;
    } else {
      this.power = kind === 'reboot' ? 'rebooting' : 'updating';
      const seconds = kind === 'reboot' ? this.settings.rebootSeconds : this.settings.updateSeconds;
      this.backOnlineAt = now + seconds * 1000;
    }
    this.changed = true;
  }

  /**
   * What a person does to a headset that the portal cannot: the battery runs down to `percent` (or is charged to it),
   * for a lesson's readiness check. Reported at once.
   */
  setBattery(percent: number, now: number): void {
    this.advance(now);
    this.battery = Math.min(100, Math.max(0, percent));
    this.changed = true;
  }

  /** A software version installed from outside (the manufacturer's tool, a test putting a version back). Reported at once. */
  setSoftware(version: string, now: number): void {
    this.advance(now);
    this.softwareVersion = version;
    this.changed = true;
  }

  /**
   * The content is deleted on the headset (someone cleared its storage): it no longer holds it, so a start fails and
   * the portal names it missing until a sync loads it again. False when it did not hold it. Reported at once.
   */
  forget(uuid: string, now: number): boolean {
    this.advance(now);
    if (!this.installed.delete(uuid)) return false;
    if (this.current?.item.uuid === uuid) this.stopPlayback();
    this.changed = true;
    return true;
  }

  /** Someone pressed the power button (the simulator's `on`). */
  switchOn(now: number): void {
    this.advance(now);
    if (this.power !== 'off') return;
    this.power = 'on';
    this.changed = true;
  }

  /** A state report is due: something changed, or the interval passed since the last one. */
  reportDue(now: number): boolean {
    return (
      this.power === 'on' &&
      (this.changed || now - this.lastReportAt >= this.settings.stateIntervalSeconds * 1000)
    );
  }

  /** The report to send now; marks it sent. */
  report(now: number): HeadsetState {
    this.advance(now);
    this.changed = false;
    this.lastReportAt = now;
    return {
      softwareVersion: this.softwareVersion,
      batteryLevel: this.batteryLevel,
      storageTotal: this.storageTotal,
      storageUsed: this.storageUsed,
      currentApp: this.current ? this.current.item.title : null,
      currentContentUuid: this.current ? this.current.item.uuid : null,
      playbackState: this.playbackState,
      currentTime: this.current ? Math.floor(this.current.position) : null,
      syncStatus: this.syncStatus,
      syncProgress: this.syncProgress,
      syncBytesDone: this.syncBytes?.done ?? null,
      syncBytesTotal: this.syncBytes?.total ?? null,
      installedContent: [...this.installed.keys()],
      guidedMode: this.guidedMode,
      manufacturerMode: this.manufacturerMode,
      muted: this.muted,
      // Only software with the feature knows the field, as a real headset below the gate would not send it.
      ...(supportsFeature(this.softwareVersion, 'attention') && {
        attention: this.attention?.message ?? null,
      }),
      ...(this.update && {
        softwareUpdate: {
          operatingSystemId: this.update.operatingSystemId,
          version: this.update.version,
          phase: this.update.phase,
          progress: this.updateProgress,
        },
      }),
    };
  }
}
