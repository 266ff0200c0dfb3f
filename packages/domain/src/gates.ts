import type { DeviceCommand } from './devices.ts';
import { isOlderThan } from './version.ts';

/**
 * Version gates (spec §5 compares headset software against 4.0.1, 4.5.0, 4.7.0 and 4.9.4 without saying what for):
 * each headset feature that older software lacks, the version it needs, and the commands that use it. The server
 * refuses such a command for an older headset (409 `softwareTooOld`); the portal disables its control with a
 * tooltip naming the version. Commands not listed here (reboot, shutdown, sync, update, start of apps and videos,
 * stop) work on every version: an old headset must still be reachable, playable and updatable.
 */
export const VERSION_GATES = {
  /** Geführter Modus: the headset runs only what the teacher starts (the oldest gated feature). */
  guidedMode: { minVersion: '4.0.1', commands: ['CMD.SET.GUIDED.MODE'] },
  /** Pausieren / Fortsetzen of what runs. */
  pauseResume: { minVersion: '4.5.0', commands: ['CMD.TOGGLE.PAUSE'] },
  /** Web-Apps: the headset's built-in browser opens a web app of the Mediathek. */
  webApps: { minVersion: '4.5.0', commands: ['CMD.START.WEBAPP'] },
  /** Herstellermodus: the manufacturer's own menus and settings. */
  manufacturerMode: { minVersion: '4.7.0', commands: ['CMD.SET.MANUFACTURER.MODE'] },
  /** Software synchronisieren: the portal's apps and system software onto the headset. */
  softwareSync: { minVersion: '4.7.0', commands: ['CMD.SYNC.SOFTWARE'] },
  /** Stummschalten from the portal. */
  remoteMute: { minVersion: '4.9.4', commands: ['CMD.MUTE'] },
  /**
   * 'Alle Blicke nach vorn' (issue 26): pause, mute and a full-screen message in one command. Newer than every gate of
   * spec §5; the server falls back to pause + mute for older headsets (attention.ts).
   */
  attention: { minVersion: '5.0.0', commands: ['CMD.ATTENTION', 'CMD.ATTENTION.END'] },
} as const satisfies Record<string, { minVersion: string; commands: readonly DeviceCommand[] }>;

export type DeviceFeature = keyof typeof VERSION_GATES;

export const DEVICE_FEATURES = Object.keys(VERSION_GATES) as DeviceFeature[];

/** The feature a command needs, or null when every software version may run it. */
export function featureOfCommand(command: DeviceCommand): DeviceFeature | null {
  for (const feature of DEVICE_FEATURES) {
    if ((VERSION_GATES[feature].commands as readonly DeviceCommand[]).includes(command)) return feature;
  }
  return null;
}

/** True when a headset with this software has the feature; an unknown or invalid version has none. */
export function supportsFeature(softwareVersion: string | null | undefined, feature: DeviceFeature): boolean {
  return !isOlderThan(softwareVersion, VERSION_GATES[feature].minVersion);
}

export interface UnmetVersionGate {
  feature: DeviceFeature;
  /** The version the headset needs at least, e.g. '4.9.4'. */
  requiredVersion: string;
}

/**
 * Why a headset with this software may not run the command: the feature and the version it needs; null when it may.
 * One rule for the server's 409 and the portal's disabled controls.
 */
export function unmetVersionGate(
  softwareVersion: string | null | undefined,
  command: DeviceCommand,
): UnmetVersionGate | null {
  const feature = featureOfCommand(command);
  if (feature === null || supportsFeature(softwareVersion, feature)) return null;
  return { feature, requiredVersion: VERSION_GATES[feature].minVersion };
}
