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
