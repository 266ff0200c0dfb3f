import type { TFunction } from 'i18next';
import type { HeadsetSync, PlaylistSync } from './syncState.ts';

type T = TFunction<'playlists'>;

/** A playlist's sync line in a teacher's words: 'synchronisiert', '3 Inhalte fehlen auf Canopus', … */
export function playlistSyncText(t: T, sync: PlaylistSync): string {
  switch (sync.kind) {
    case 'none':
      return t('sync.none');
    case 'synced':
      return t('sync.synced');
    case 'syncing':
      return t('sync.syncingOf', { done: sync.done, total: sync.total });
    case 'missing':
      return t('sync.missingOn', { count: sync.count, device: sync.device });
    case 'missingMany':
      return t('sync.missingOnMany', { count: sync.devices });
    case 'pending':
      return t('sync.pending');
  }
}

/** One headset's sync line: 'synchronisiert', 'wird synchronisiert (45 %)', '3 Inhalte fehlen auf Canopus', … */
export function headsetSyncText(t: T, sync: HeadsetSync, device: string): string {
  switch (sync.kind) {
    case 'synced':
      return t('sync.synced');
    case 'syncing':
      return sync.progress === null
        ? t('sync.syncing')
        : t('sync.syncingProgress', { progress: sync.progress });
    case 'missing':
      return t('sync.missingOn', { count: sync.count, device });
    case 'pending':
      return t('sync.pending');
    case 'failed':
      return t('sync.failed');
  }
}
