import type { Device } from '@portal/api';
import {
  formatDuration,
  HEADSET_LONG_POLL_SECONDS,
  isBatteryLow,
  isolateBidi,
  isSoftwareOutdated,
} from '@portal/domain';
import type { HeadsetTileProblem, HeadsetTileProps, HeadsetTileStatus } from '@portal/ui';
import type { TFunction } from 'i18next';

type T = TFunction<'devices'>;

/** A headset that polls renews its sign of life at least this often; silent for longer, it is not answering. */
const NO_ANSWER_AFTER_MS = (HEADSET_LONG_POLL_SECONDS + 5) * 1000;

/** Storage this full leaves no room for the next item of a playlist: the tile warns. */
export const STORAGE_NEARLY_FULL_RATIO = 0.95;

/**
 * The status picture: offline by the server's online rule (never paired counts as offline), 'no answer' while it still
 * counts as online but missed its last poll (out of reach, hanging): the teacher should look at it before it drops
 * out.
 */
export function tileStatusOf(
  device: Pick<Device, 'isOnline' | 'isEnrolled' | 'lastSeen'>,
  now: number,
): HeadsetTileStatus {
  if (!device.isEnrolled || !device.isOnline) return 'offline';
  const lastSeen = device.lastSeen === null ? Number.NaN : Date.parse(device.lastSeen);
  return now - lastSeen > NO_ANSWER_AFTER_MS ? 'noAnswer' : 'online';
}

/** Problems a tile shows: software older than its model's newest image, content of its playlist missing, storage full. */
export function tileProblemsOf(t: T, device: Device): HeadsetTileProblem[] {
  const problems: HeadsetTileProblem[] = [];
  if (isSoftwareOutdated(device.softwareVersion, device.newestOperatingSystem?.version)) {
    problems.push({ key: 'outdated', label: t('classroom.problems.outdated') });
  }
  if (device.missingContent.length > 0) {
    problems.push({ key: 'contentMissing', label: t('classroom.problems.contentMissing') });
  }
  if (
    device.storageTotal !== null &&
    device.storageUsed !== null &&
    device.storageTotal > 0 &&
    device.storageUsed / device.storageTotal >= STORAGE_NEARLY_FULL_RATIO
  ) {
    problems.push({ key: 'storage', label: t('classroom.problems.storage') });
  }
  return problems;
}

/** A tile's words and pictures, without its selection. */
export type TileView = Omit<HeadsetTileProps, 'selected' | 'onSelectedChange' | 'children'>;

/**
 * One headset as its tile shows it: status, battery, what plays with its progress (against the content's duration
 * when a running lesson names it), attention (its own message or the server's fallback) and problems. The accessible
 * name says all of it in one sentence.
 */
export function tileOf(t: T, device: Device, now: number, durations: ReadonlyMap<string, number>): TileView {
  const status = tileStatusOf(device, now);
  const statusLabel = t(`classroom.status.${status}`);
  // The tile shows the percent beside the battery glyph; the accessible name says 'Akku' too.
  const batteryWords =
    device.batteryLevel === null
      ? t('classroom.battery.unknown')
      : t('classroom.battery.level', { percent: device.batteryLevel });
  const batteryLabel =
    device.batteryLevel === null
      ? batteryWords
      : t('classroom.battery.short', { percent: device.batteryLevel });
  const online = status !== 'offline';
  const playing = online && device.playbackState !== 'stopped' && device.currentApp !== null;
  const duration = device.currentContentUuid ? durations.get(device.currentContentUuid) : undefined;
  const progress =
    playing && device.currentTime !== null && duration !== undefined && duration > 0
      ? Math.min(100, Math.round((device.currentTime / duration) * 100))
      : null;
  const paused = device.playbackState === 'paused';
  const position = device.currentTime === null ? null : formatDuration(device.currentTime);
  const stateLabel = paused
    ? t('classroom.playback.paused', { position: position ?? '' })
    : t('classroom.playback.playing', { position: position ?? '' });
  const attention = online && (device.attention !== null || device.attentionFallback);
  const attentionLabel = attention ? t('classroom.attentionMark') : undefined;
  const problems = tileProblemsOf(t, device);
  const parts = [
    statusLabel,
    batteryWords,
    ...(playing
      ? [t('classroom.playback.named', { title: device.currentApp ?? '', state: stateLabel })]
      : []),
    ...(attentionLabel ? [attentionLabel] : []),
    ...problems.map((problem) => problem.label),
  ];
  return {
    name: device.name,
    status,
    statusLabel,
    batteryLevel: device.batteryLevel,
    batteryLabel,
    batteryLow: isBatteryLow(device.batteryLevel),
    playback:
      playing && device.currentApp !== null
        ? {
            title: device.currentApp,
            progress,
            paused,
            stateLabel: progress === null ? stateLabel : `${stateLabel} · ${progress} %`,
          }
        : undefined,
    attentionLabel,
    problems,
    accessibleName: `${isolateBidi(device.name)}: ${parts.join(', ')}`,
    selectLabel: t('classroom.select', { name: device.name }),
  };
}

/**
 * The selection after a click on the tile at `index` of `order`: one tile toggled, or with Shift the tiles from the
 * last clicked one (`anchor`) to it set to the clicked tile's new state, as file managers do.
 */
export function selectionAfterClick(
  order: readonly number[],
  selected: ReadonlySet<number>,
  anchor: number | null,
  clicked: number,
  on: boolean,
  range: boolean,
): Set<number> {
  const next = new Set(selected);
  const to = order.indexOf(clicked);
  const from = range && anchor !== null && order.includes(anchor) ? order.indexOf(anchor) : to;
  for (let i = Math.min(from, to); i <= Math.max(from, to); i += 1) {
    const id = order[i];
    if (id === undefined) continue;
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}
