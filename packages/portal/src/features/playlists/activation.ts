import type { Device } from '@portal/api';

/** A playlist that an activation takes off some of the chosen headsets, and on how many. */
export interface ReplacedPlaylist {
  id: number;
  count: number;
}

/**
 * What activating playlist `playlistId` on the chosen headsets replaces: each other playlist active on one of them,
 * with how many of them it leaves, most first (then by id, so the order holds while the list is polled).
 */
export function replacedPlaylists(
  headsets: readonly Pick<Device, 'id' | 'activeConfigurationId'>[],
  chosen: ReadonlySet<number>,
  playlistId: number,
): ReplacedPlaylist[] {
  const counts = new Map<number, number>();
  for (const headset of headsets) {
    const current = headset.activeConfigurationId;
    if (!chosen.has(headset.id) || current === null || current === playlistId) continue;
    counts.set(current, (counts.get(current) ?? 0) + 1);
  }
  return [...counts].map(([id, count]) => ({ id, count })).sort((a, b) => b.count - a.count || a.id - b.id);
}

/** The headsets of a group that are in the list (a group may hold headsets the list does not show). */
export function groupSelection(
  headsets: readonly Pick<Device, 'id'>[],
  groupDevices: readonly number[],
): Set<number> {
  const inGroup = new Set(groupDevices);
  return new Set(headsets.filter((headset) => inGroup.has(headset.id)).map((headset) => headset.id));
}
