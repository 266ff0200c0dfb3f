import type { Device } from '@portal/api';

/** What a headset reports about its copy of its active playlist, as the portal words it. */
export type HeadsetSync =
  | { kind: 'synced' }
  | { kind: 'syncing'; progress: number | null }
  /** It lacks items (by its last report): not loaded yet, or its last sync failed. */
  | { kind: 'missing'; count: number; failed: boolean }
  /** Not synced and nothing known missing (e.g. a new order waits for its sync). */
  | { kind: 'pending' }
  | { kind: 'failed' };

type SyncFacts = Pick<Device, 'syncStatus' | 'syncProgress' | 'missingContent'>;

export function headsetSync(device: SyncFacts): HeadsetSync {
  if (device.syncStatus === 'syncing') return { kind: 'syncing', progress: device.syncProgress };
  const count = device.missingContent.length;
  if (count > 0) return { kind: 'missing', count, failed: device.syncStatus === 'failed' };
  if (device.syncStatus === 'synced') return { kind: 'synced' };
  return device.syncStatus === 'failed' ? { kind: 'failed' } : { kind: 'pending' };
}

/** A playlist's sync state over the headsets it is active on: the one line of the list and of the detail. */
export type PlaylistSync =
  | { kind: 'none' }
  | { kind: 'synced'; total: number }
  | { kind: 'syncing'; done: number; total: number }
  /** One headset lacks items: '3 Inhalte fehlen auf Canopus'. */
  | { kind: 'missing'; count: number; device: string }
  | { kind: 'missingMany'; devices: number }
  | { kind: 'pending'; done: number; total: number };

export function playlistSync(devices: readonly (SyncFacts & Pick<Device, 'name'>)[]): PlaylistSync {
  const total = devices.length;
  if (total === 0) return { kind: 'none' };
  const states = devices.map((device) => ({ device, sync: headsetSync(device) }));
  const done = states.filter((s) => s.sync.kind === 'synced').length;
  if (states.some((s) => s.sync.kind === 'syncing')) return { kind: 'syncing', done, total };
  const missing = states.flatMap((s) => (s.sync.kind === 'missing' ? [{ ...s, count: s.sync.count }] : []));
  const [only] = missing;
  if (missing.length === 1 && only) return { kind: 'missing', count: only.count, device: only.device.name };
  if (missing.length > 1) return { kind: 'missingMany', devices: missing.length };
  return done === total ? { kind: 'synced', total } : { kind: 'pending', done, total };
}

/** Headsets 'Jetzt synchronisieren' asks: every one that is neither synchronised nor busy downloading. */
export function headsetsToSync(devices: readonly (SyncFacts & Pick<Device, 'id'>)[]): number[] {
  return devices
    .filter((device) => !['synced', 'syncing'].includes(headsetSync(device).kind))
    .map((device) => device.id);
}

/** True while a headset still has to report (queued or running): the page keeps asking until it has. */
export function isSyncUnderway(devices: readonly SyncFacts[]): boolean {
  return devices.some((device) => device.syncStatus === 'pending' || device.syncStatus === 'syncing');
}
