import type { Device, DeviceType } from '@portal/api';
import {
  type DeviceCommand,
  elapsedSince,
  formatBytes,
  type HeadsetStatus,
  headsetStatus,
  unmetVersionGate,
} from '@portal/domain';
import type { DeviceStatus } from '@portal/ui';
import type { TFunction } from 'i18next';

type T = TFunction<'devices'>;

/** The StatusDot of each headset status: colour and shape for online, offline, syncing and a failed sync. */
const DOTS = {
  unpaired: 'offline',
  offline: 'offline',
  online: 'online',
  syncing: 'syncing',
  syncFailed: 'error',
} as const satisfies Record<HeadsetStatus, DeviceStatus>;

/** 'zuletzt gesehen vor 5 Min.' (or 'noch nie verbunden'). */
export function lastSeenText(t: T, lastSeen: string | null, now: number): string {
  const elapsed = elapsedSince(lastSeen, now);
  if (!elapsed) return t('lastSeen.never');
  return elapsed.unit === 'seconds'
    ? t('lastSeen.seconds')
    : t(`lastSeen.${elapsed.unit}`, { count: elapsed.count });
}

/** The status in words and its dot; offline and unpaired headsets also say when they were last seen. */
export function statusOf(
  t: T,
  device: Pick<Device, 'isEnrolled' | 'isOnline' | 'syncStatus' | 'lastSeen'>,
  now: number,
): { dot: DeviceStatus; label: string; lastSeen: string | null } {
  const status = headsetStatus(device);
  return {
    dot: DOTS[status],
    label: t(`status.${status}`),
    lastSeen: status === 'offline' || status === 'unpaired' ? lastSeenText(t, device.lastSeen, now) : null,
  };
}

/** '80 %' in the user's number format; 'unbekannt' before the first report. */
export function batteryText(t: T, level: number | null, locale: string): string {
  if (level === null) return t('battery.unknown');
  return t('battery.value', { percent: new Intl.NumberFormat(locale).format(level) });
}

/**
 * Storage against the model's capacity (spec §3: the capacities of the models, `listDeviceTypes`), else against
 * what the headset reported; byte sizes 1024-based with two decimals (spec §9).
 */
export function storageOf(
  t: T,
  device: Pick<Device, 'storageUsed' | 'storageTotal' | 'deviceType'>,
  deviceTypes: readonly DeviceType[],
  locale: string,
): { used: number; capacity: number; text: string } | null {
  const model = deviceTypes.find((type) => type.id === device.deviceType.id);
  const capacity =
    model?.storageCapacityGb != null ? Math.round(model.storageCapacityGb * 1024 ** 3) : device.storageTotal;
  if (device.storageUsed === null || capacity === null || capacity <= 0) return null;
  const used = Math.min(device.storageUsed, capacity);
  return {
    used,
    capacity,
    text: t('storage.value', {
      used: formatBytes(used, locale) ?? '',
      capacity: formatBytes(capacity, locale) ?? '',
    }),
  };
}

/** The active playlist's sync state: 'synchronisiert', 'wird synchronisiert (40 %)', '2 Inhalte fehlen', … */
export function syncText(
  t: T,
  device: Pick<Device, 'syncStatus' | 'syncProgress' | 'missingContent'>,
): string {
  const missing = device.missingContent.length;
  switch (device.syncStatus) {
    case 'syncing':
      return t('sync.syncing', { progress: device.syncProgress ?? 0 });
    case 'failed':
      return missing > 0 ? `${t('sync.failed')}: ${t('sync.missing', { count: missing })}` : t('sync.failed');
    case 'pending':
      return missing > 0
        ? `${t('sync.pending')}: ${t('sync.missing', { count: missing })}`
        : t('sync.pending');
    default:
      return t('sync.synced');
  }
}

/** What runs now: 'Korallenriff (läuft)', 'Korallenriff (pausiert)' or 'Nichts'. */
export function runningText(t: T, device: Pick<Device, 'currentApp' | 'playbackState'>): string {
  if (device.currentApp === null || device.playbackState === 'stopped') return t('running.nothing');
  return t(`running.${device.playbackState}`, { what: device.currentApp });
}

/**
 * Why a command is not available on this headset (a version gate of @portal/domain, the same rule the server
 * refuses by): 'Benötigt Software 4.9.4 oder neuer (installiert: 4.2.3).'; undefined when it is available.
 */
export function gateReason(t: T, softwareVersion: string | null, command: DeviceCommand): string | undefined {
  const gate = unmetVersionGate(softwareVersion, command);
  if (!gate) return undefined;
  return softwareVersion === null
    ? t('gate.reasonUnknown', { version: gate.requiredVersion })
    : t('gate.reason', { version: gate.requiredVersion, installed: softwareVersion });
}

/** A date and time in the user's format ('24.11.2026, 14:05'). */
export function dateTimeText(value: string | null, locale: string): string {
  if (value === null) return '–';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}
