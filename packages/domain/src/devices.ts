import type { ContentType } from './content.ts';

/** Spec §9, in the spec's order: headsets are named after these stars. */
export const DEVICE_CODE_NAMES = [
  'Sirius',
  'Canopus',
  'Capella',
  'Rigel',
  'Prokyon',
  'Arktur',
  'Achernar',
  'Deneb',
  'Garux',
  'Acrux',
  'Becrux',
  'Pollux',
  'Altair',
  'Spica',
  'Aldebaran',
  'Regulus',
  'Antares',
  'Adhara',
  'Castor',
  'Vega',
] as const;
export type DeviceCodeName = (typeof DEVICE_CODE_NAMES)[number];

/** Spec §7: the command strings sent in `{command}` to /api/v1/mdm/devices/{serial}/command/. */
export const DEVICE_COMMANDS = [
  'CMD.REBOOT',
  'CMD.SHUTDOWN',
  'CMD.SYNC',
  'CMD.SYNC.SOFTWARE',
  'CMD.UPDATE',
  'CMD.MUTE',
  'CMD.TOGGLE.PAUSE',
  'CMD.START.APP',
  'CMD.START.VIDEO',
  'CMD.START.WEBAPP',
  'CMD.STOP.RUNNING',
  'CMD.SET.GUIDED.MODE',
  'CMD.SET.MANUFACTURER.MODE',
  'CMD.ATTENTION',
  'CMD.ATTENTION.END',
] as const;
export type DeviceCommand = (typeof DEVICE_COMMANDS)[number];

export function isDeviceCommand(value: unknown): value is DeviceCommand {
  return (DEVICE_COMMANDS as readonly unknown[]).includes(value);
}

const START_COMMANDS = {
  app: 'CMD.START.APP',
  video: 'CMD.START.VIDEO',
  webApp: 'CMD.START.WEBAPP',
} as const satisfies Record<ContentType, DeviceCommand>;

export type StartCommand = (typeof START_COMMANDS)[ContentType];

/** The start command that plays content of this type on a headset (spec §4, Playback). */
export function startCommandFor(contentType: ContentType): StartCommand {
  return START_COMMANDS[contentType];
}

/** The content type a start command plays; null for every other command. */
export function contentTypeOfStartCommand(command: DeviceCommand): ContentType | null {
  for (const [type, start] of Object.entries(START_COMMANDS) as [ContentType, StartCommand][]) {
    if (start === command) return type;
  }
  return null;
}

/**
 * Commands after which the headset goes down: it reports the command `done` and then stops polling (reboot and
 * update for a few seconds, shutdown until someone switches it on). The server shows it offline from that report on.
 */
export const POWER_CYCLE_COMMANDS = [
  'CMD.REBOOT',
  'CMD.SHUTDOWN',
  'CMD.UPDATE',
] as const satisfies readonly DeviceCommand[];

export function isPowerCycleCommand(command: DeviceCommand): boolean {
  return (POWER_CYCLE_COMMANDS as readonly DeviceCommand[]).includes(command);
}

/**
 * Commands a headset may be handed again when it restarted (a new poll `session`) before it reported their result:
 * carrying them out twice ends as once — a sync loads what the playlist lists, a software sync likewise, a mode switch
 * names the mode it sets. Every other command would do something twice or out of its moment (CMD.MUTE and
 * CMD.TOGGLE.PAUSE toggle, a start would surprise the class after a restart, a power command may have run already):
 * those end `interrupted` ('unterbrochen') at once instead.
 */
export const REPEATABLE_COMMANDS = [
  'CMD.SYNC',
  'CMD.SYNC.SOFTWARE',
  'CMD.SET.GUIDED.MODE',
  'CMD.SET.MANUFACTURER.MODE',
] as const satisfies readonly DeviceCommand[];

export function isRepeatableCommand(command: DeviceCommand): boolean {
  return (REPEATABLE_COMMANDS as readonly DeviceCommand[]).includes(command);
}

/** The lifecycle of a command (contract `CommandStatus`). */
export type CommandStatus = 'queued' | 'delivered' | 'done' | 'failed' | 'expired' | 'interrupted';

/** A headset holds a poll open at most this long (seconds) before it gets an empty answer and polls again. */
export const HEADSET_LONG_POLL_SECONDS = 25;
/** A headset reports its state this often (seconds), and at once after every change. */
export const HEADSET_STATE_INTERVAL_SECONDS = 30;
/**
 * The online rule: a headset counts as online while it polls, i.e. while its last sign of life (a poll, a state
 * report or a command result) is at most this many seconds old. A polling headset renews it at least every
 * {@link HEADSET_LONG_POLL_SECONDS}, so one missed round does not flicker it offline. A headset that reported a
 * power-cycle command done, or hung up a poll it held, is offline at once, until its next sign of life.
 */
export const HEADSET_ONLINE_WINDOW_SECONDS = 60;

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/**
 * How long a command waits for its headset (seconds from queueing). Playback and power commands belong to the
 * moment they were given: a START or SHUTDOWN that reached a headset switched on the next morning would surprise
 * the class, so they expire after 5 minutes. Settings and maintenance still make sense later and wait a day.
 * A command not finished by then becomes `expired` and stays in the history with its reason.
 */
export const COMMAND_EXPIRY_SECONDS = {
  'CMD.REBOOT': 5 * MINUTE,
  'CMD.SHUTDOWN': 5 * MINUTE,
  'CMD.MUTE': 5 * MINUTE,
  'CMD.TOGGLE.PAUSE': 5 * MINUTE,
  'CMD.START.APP': 5 * MINUTE,
  'CMD.START.VIDEO': 5 * MINUTE,
  'CMD.START.WEBAPP': 5 * MINUTE,
  'CMD.STOP.RUNNING': 5 * MINUTE,
  'CMD.SYNC': DAY,
  'CMD.SYNC.SOFTWARE': DAY,
  'CMD.UPDATE': DAY,
  'CMD.SET.GUIDED.MODE': DAY,
  'CMD.SET.MANUFACTURER.MODE': DAY,
  // 'Alle Blicke nach vorn' belongs to the lesson's moment like playback.
  'CMD.ATTENTION': 5 * MINUTE,
  'CMD.ATTENTION.END': 5 * MINUTE,
} as const satisfies Record<DeviceCommand, number>;

/**
 * The name a headset gets when nobody names it: the code names of spec §9 in order, then numbered
 * ('VR-Brille 21', …), so a class set of 30 reads Sirius … Vega, VR-Brille 21 … VR-Brille 30. `index` is 0-based.
 */
export function defaultDeviceName(index: number): string {
  return DEVICE_CODE_NAMES[index] ?? `VR-Brille ${index + 1}`;
}

/**
 * What a headset's status shows, one word for a list (spec: online state with 'zuletzt gesehen'): not paired yet
 * (no device token), offline, online, online and synchronising, or online with a failed sync.
 */
export type HeadsetStatus = 'unpaired' | 'offline' | 'online' | 'syncing' | 'syncFailed';

export function headsetStatus(headset: {
  isEnrolled: boolean;
  isOnline: boolean;
  syncStatus: 'synced' | 'pending' | 'syncing' | 'failed';
}): HeadsetStatus {
  if (!headset.isEnrolled) return 'unpaired';
  if (!headset.isOnline) return 'offline';
  if (headset.syncStatus === 'syncing') return 'syncing';
  return headset.syncStatus === 'failed' ? 'syncFailed' : 'online';
}
