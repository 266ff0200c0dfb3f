import type { TFunction } from 'i18next';
import { timeLeftText } from '../../lib/timeLeft.ts';
import type { HeadsetSync, PlaylistSync } from './syncState.ts';

type T = TFunction<'playlists'>;

/**
 * A playlist's sync line in a teacher's words: 'synchronisiert', 'wird synchronisiert · 45 % · noch etwa 2 Min.',
 * '3 Inhalte fehlen auf Canopus', …
 */
export function playlistSyncText(t: T, sync: PlaylistSync): string {
  switch (sync.kind) {
    case 'none':
      return t('sync.none');
    case 'synced':
      return t('sync.synced');
    case 'syncing':
      return [t('sync.syncing'), ...syncingDetails(t, sync)].join(' · ');
    case 'missing':
      return t('sync.missingOn', { count: sync.count, device: sync.device });
    case 'missingMany':
      return t('sync.missingOnMany', { count: sync.devices });
    case 'pending':
      return t('sync.pending');
  }
}

/** What a running sync of a playlist's headsets has come to: '45 %', 'noch etwa 2 Min.', '3 von 30 fertig'. */
export function syncingDetails(t: T, sync: Extract<PlaylistSync, { kind: 'syncing' }>): string[] {
  const details: string[] = [];
  if (sync.overall) {
    details.push(t('sync.percent', { percent: sync.overall.percent }));
    const left = timeLeftText(t, sync.overall.secondsLeft);
    if (left) details.push(left);
  } else {
    details.push(t('sync.waiting'));
  }
  details.push(t('sync.doneOf', { done: sync.done, total: sync.total }));
  return details;
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
    case 'queued':
      return t('sync.queued');
    case 'missing':
      return t('sync.missingOn', { count: sync.count, device });
    case 'pending':
      return t('sync.pending');
    case 'failed':
      return t('sync.failed');
  }
}
