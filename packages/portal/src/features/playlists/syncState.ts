import type { Device } from '@portal/api';
import { overallSync, type SyncOverall } from '@portal/domain';

/** What a headset reports about its copy of its active playlist, as the portal words it. */
export type HeadsetSync =
  | { kind: 'synced' }
  | { kind: 'syncing'; progress: number | null }
  /** A sync waits for the headset (queued by an activation, an item change or 'Jetzt synchronisieren'). */
  | { kind: 'queued' }
  /** It lacks items (by its last report): not loaded yet, or its last sync failed. */
  | { kind: 'missing'; count: number; failed: boolean }
  /** Not synced and nothing known missing (e.g. a new order waits for its sync). */
  | { kind: 'pending' }
  | { kind: 'failed' };

type SyncFacts = Pick<
  Device,
  'syncStatus' | 'syncProgress' | 'syncQueued' | 'syncTransfer' | 'missingContent'
>;

/**
 * One headset's sync: a download that runs, then one that waits (before what is missing: the waiting sync brings
 * it, issue 22), then what it lacks.
 */
export function headsetSync(device: SyncFacts): HeadsetSync {
  if (device.syncStatus === 'syncing') return { kind: 'syncing', progress: device.syncProgress };
  if (device.syncQueued) return { kind: 'queued' };
  const count = device.missingContent.length;
  if (count > 0) return { kind: 'missing', count, failed: device.syncStatus === 'failed' };
  if (device.syncStatus === 'synced') return { kind: 'synced' };
  return device.syncStatus === 'failed' ? { kind: 'failed' } : { kind: 'pending' };
}

/** A playlist's sync state over the headsets it is active on: the one line of the list and of the detail. */
export type PlaylistSync =
  | { kind: 'none' }
  | { kind: 'synced'; total: number }
  /**
   * Headsets download or wait for their sync: `done` of `total` are synchronised, `overall` adds up the bytes of
   * those downloading (null while none reported bytes yet), `waiting` have not begun.
   */
  | { kind: 'syncing'; done: number; total: number; overall: SyncOverall | null; waiting: number }
  /** One headset lacks items: '3 Inhalte fehlen auf Canopus'. */
  | { kind: 'missing'; count: number; device: string }
  | { kind: 'missingMany'; devices: number }
  | { kind: 'pending'; done: number; total: number };

export function playlistSync(devices: readonly (SyncFacts & Pick<Device, 'name'>)[]): PlaylistSync {
  const total = devices.length;
  if (total === 0) return { kind: 'none' };
  const states = devices.map((device) => ({ device, sync: headsetSync(device) }));
  const done = states.filter((s) => s.sync.kind === 'synced').length;
  const downloading = states.filter((s) => s.sync.kind === 'syncing');
  const waiting = states.filter((s) => s.sync.kind === 'queued').length;
  if (downloading.length > 0 || waiting > 0) {
    const transfers = downloading.flatMap((s) => (s.device.syncTransfer ? [s.device.syncTransfer] : []));
    return { kind: 'syncing', done, total, overall: overallSync(transfers), waiting };
  }
  const missing = states.flatMap((s) => (s.sync.kind === 'missing' ? [{ ...s, count: s.sync.count }] : []));
  const [only] = missing;
  if (missing.length === 1 && only) return { kind: 'missing', count: only.count, device: only.device.name };
  if (missing.length > 1) return { kind: 'missingMany', devices: missing.length };
  return done === total ? { kind: 'synced', total } : { kind: 'pending', done, total };
}

/**
 * Headsets 'Jetzt synchronisieren' asks: every one that is neither synchronised nor downloading nor waiting for a
 * sync already (the teacher is never asked to do what runs).
 */
export function headsetsToSync(devices: readonly (SyncFacts & Pick<Device, 'id'>)[]): number[] {
  return devices
    .filter((device) => !['synced', 'syncing', 'queued'].includes(headsetSync(device).kind))
    .map((device) => device.id);
}

/** True while a headset still has to report (queued or running): the page keeps asking until it has. */
export function isSyncUnderway(devices: readonly SyncFacts[]): boolean {
  return devices.some(
    (device) => device.syncQueued || device.syncStatus === 'pending' || device.syncStatus === 'syncing',
  );
}
