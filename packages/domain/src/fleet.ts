import { VERSION_GATES } from './gates.ts';
import { compareVersions, isOlderThan } from './version.ts';

/**
 * The health of a fleet at a glance (the dashboard's counts, the headset list's filters, the readiness check): one
 * rule for each, used by the server's filters and counts and by the portal alike.
 */

/**
 * Below this battery level (percent) a headset counts as low: it starts, but may not last the lesson (issue 14: at
 * least 20 %; issue 22 made it a limit of the readiness check, not a reason to leave the headset out).
 */
export const LOW_BATTERY_PERCENT = 20;

/** True when the headset reported a battery level below {@link LOW_BATTERY_PERCENT}; an unknown level is not low. */
export function isBatteryLow(batteryLevel: number | null | undefined): boolean {
  return typeof batteryLevel === 'number' && batteryLevel < LOW_BATTERY_PERCENT;
}

/**
 * At or below this battery level (percent) a headset starts nothing: it is about to switch itself off. Headsets refuse
 * a start then (receipt reason `batteryEmpty`), and the readiness check counts them not ready.
 */
export const EMPTY_BATTERY_PERCENT = 2;

/** True when the headset reported a battery level at or below {@link EMPTY_BATTERY_PERCENT}; unknown is not empty. */
export function isBatteryEmpty(batteryLevel: number | null | undefined): boolean {
  return typeof batteryLevel === 'number' && batteryLevel <= EMPTY_BATTERY_PERCENT;
}

/**
 * The software version that has every feature the portal offers: the highest version gate (today 4.9.4). A headset
 * below it lacks some function ('Software veraltet'); one that never reported a valid version counts as outdated too,
 * since it passes no gate.
 */
export const FULL_FEATURE_SOFTWARE_VERSION: string = Object.values(VERSION_GATES)
  .map((gate) => gate.minVersion as string)
  .reduce((highest, version) => (compareVersions(version, highest) > 0 ? version : highest));

export function isSoftwareOutdated(softwareVersion: string | null | undefined): boolean {
  return isOlderThan(softwareVersion, FULL_FEATURE_SOFTWARE_VERSION);
}

/** A headset's playlist sync state (contract `SyncStatus`). */
export type SyncState = 'synced' | 'pending' | 'syncing' | 'failed';

/** Not synchronised: a sync is queued or runs, content is missing, or the last sync failed. */
export function isOutOfSync(syncStatus: SyncState): boolean {
  return syncStatus !== 'synced';
}

/**
 * The dashboard's counts, each also a filter of the headset list (the contract's `listDevices` parameters
 * `is_online`, `low_battery`, `is_synced`, `outdated_software`), so a count and the list it links to agree.
 */
export const FLEET_HEALTH_FILTERS = [
  'online',
  'offline',
  'lowBattery',
  'outOfSync',
  'outdatedSoftware',
] as const;
export type FleetHealthFilter = (typeof FLEET_HEALTH_FILTERS)[number];
