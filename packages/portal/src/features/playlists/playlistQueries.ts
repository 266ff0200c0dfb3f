import type { Configuration, ConfigurationDetail, Content, Device, DeviceType } from '@portal/api';
import { BYTES_PER_GB, PLAYLIST_ORDERINGS, type PlaylistFit, playlistFit } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { $api, apiClient, type MutationReactions, queryClient } from '../../lib/api.ts';
import { headsetListsKey, queueSync } from '../../lib/headsets.ts';
import {
  changePlaylistItem,
  playlistChanged,
  playlistDetailQuery,
  playlistListsKey,
} from '../../lib/playlists.ts';
import type { ShareChanges } from '../../lib/ShareDialog.tsx';
import { answerOf, expectSuccess } from '../../lib/serverErrors.ts';
import type { PlaylistListView } from './playlistParams.ts';

/**
 * The Wiedergabelisten's server state: their queries with their keys and their changes with what they make stale.
 * One playlist, its items and what a change makes stale are shared with the Mediathek and playback (lib/playlists.ts).
 */

/** Playlists per page of the list (the contract's default). */
export const PLAYLIST_PAGE_SIZE = 24;
/** An organisation's headsets in one answer (the contract's maximum page): the class sets of a school fit. */
const ALL_HEADSETS = 1000;
/** While a headset has yet to report its sync, the pages ask again this often. */
export const SYNC_POLL_MS = 2000;

const LIST = '/api/v2/mdm/device-configurations/';
const DEVICES = '/api/v3/mdm/devices/';

/** One page of the list, sorted by the server as the view's spec §3 option says. */
export function playlistListQuery(view: PlaylistListView) {
  const init = {
    params: {
      query: { ordering: PLAYLIST_ORDERINGS[view.sort], page: view.page, page_size: PLAYLIST_PAGE_SIZE },
    },
  };
  return {
    ...$api.queryOptions('get', LIST, init),
    queryFn: ({ signal }: { signal: AbortSignal }) => answerOf(apiClient.GET(LIST, { ...init, signal })),
  };
}

/** Headsets of the caller's organisations: all, those of one organisation, or those a playlist is active on. */
export function headsetsQuery(filter: { organisation?: number; configuration?: number } = {}) {
  const init = { params: { query: { ...filter, ordering: 'name' as const, page_size: ALL_HEADSETS } } };
  return {
    ...$api.queryOptions('get', DEVICES, init),
    queryFn: ({ signal }: { signal: AbortSignal }) => answerOf(apiClient.GET(DEVICES, { ...init, signal })),
  };
}

/** The storage check of a playlist on one headset (@portal/domain playlistFit), from the headset's model. */
export function headsetFit(
  totalSize: number,
  device: Pick<Device, 'deviceType'>,
  deviceTypes: readonly DeviceType[] | undefined,
): PlaylistFit {
  const capacityGb = deviceTypes?.find((type) => type.id === device.deviceType.id)?.storageCapacityGb;
  return playlistFit(totalSize, capacityGb == null ? null : capacityGb * BYTES_PER_GB);
}

/** 'Neue Wiedergabeliste': an empty, inactive playlist of the organisation; the lists are asked again. */
export async function createPlaylist(name: string, ownerId: number): Promise<Configuration> {
  const created = await answerOf(
    apiClient.POST(LIST, { body: { name, ownerId, contentIds: [], activeState: false, sdmDevices: [] } }),
  );
  await queryClient.invalidateQueries({ queryKey: playlistListsKey });
  return created;
}

/** 'Duplizieren' under the copy's name; the lists are asked again. */
export async function duplicatePlaylist(id: number, copyName: string): Promise<Configuration> {
  const copy = await answerOf(
    apiClient.POST('/api/v1/mdm/device-configurations/{id}/duplicate/', {
      params: { path: { id } },
      body: { copyName },
    }),
  );
  await queryClient.invalidateQueries({ queryKey: playlistListsKey });
  return copy;
}

/** 'Umbenennen': PATCH, which leaves items another tab changed meanwhile alone. */
export async function renamePlaylist(id: number, name: string): Promise<void> {
  await playlistChanged(
    await answerOf(
      apiClient.PATCH('/api/v2/mdm/device-configurations/{id}/', {
        params: { path: { id } },
        body: { name },
      }),
    ),
  );
}

/** add-share and remove-share for the changes of the sharing dialog. */
export async function savePlaylistShares(playlist: ConfigurationDetail, { add, remove }: ShareChanges) {
  const params = { path: { id: playlist.id } };
  let latest: Configuration | null = null;
  if (add.length > 0) {
    latest = await answerOf(
      apiClient.POST('/api/v1/mdm/device-configurations/{id}/add-share/', {
        params,
        body: { organisation_ids: add },
      }),
    );
  }
  if (remove.length > 0) {
    latest = await answerOf(
      apiClient.POST('/api/v1/mdm/device-configurations/{id}/remove-share/', {
        params,
        body: { organisation_ids: remove },
      }),
    );
  }
  if (latest) await playlistChanged(latest);
}

/** 'Löschen': the playlist leaves the cache, the lists are asked again. */
export function useDeletePlaylist(id: number, reactions?: MutationReactions<void>) {
  return useMutation({
    ...reactions,
    async mutationFn() {
      await expectSuccess(
        apiClient.DELETE('/api/v2/mdm/device-configurations/{id}/', { params: { path: { id } } }),
      );
      queryClient.removeQueries({ queryKey: playlistDetailQuery(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: playlistListsKey });
    },
  });
}

/** An item to its new place (1-based): one move, so a concurrent edit in another tab is not overwritten. */
export function useMoveItem(
  playlistId: number,
  reactions?: MutationReactions<Configuration, { content: Content; position: number }>,
) {
  return useMutation({
    ...reactions,
    async mutationFn({ content, position }: { content: Content; position: number }) {
      const changed = await answerOf(
        apiClient.POST('/api/v2/mdm/device-configurations/{id}/move-content/', {
          params: { path: { id: playlistId } },
          body: { contentId: content.id, contentOrigin: 'cms', positionNumber: position },
        }),
      );
      await playlistChanged(changed);
      return changed;
    },
  });
}

/** Appends a Mediathek item to the playlist; answers with the changed playlist. */
export function useAddItem(playlistId: number, reactions?: MutationReactions<Configuration, Content>) {
  return useMutation({
    ...reactions,
    mutationFn: (content: Content) => changePlaylistItem(playlistId, 'add', content.id),
  });
}

/** An item taken out, and where it stood (1-based): its undo puts it back there (`restoreItem`). */
export interface RemovedItem {
  content: Content;
  position: number;
}

/** Takes an item out of the playlist; answers with the changed playlist. */
export function useRemoveItem(playlistId: number, reactions?: MutationReactions<Configuration, RemovedItem>) {
  return useMutation({
    ...reactions,
    mutationFn: ({ content }: RemovedItem) => changePlaylistItem(playlistId, 'remove', content.id),
  });
}

/**
 * 'Rückgängig' after an item was removed: it goes back into the playlist at its former place (1-based). The server
 * appends an added item, so a move follows unless the end was its place; only the final order reaches the cache, so the
 * page does not show the item at the end on its way back.
 */
export async function restoreItem(
  playlistId: number,
  contentId: number,
  position: number,
): Promise<Configuration> {
  const path = { params: { path: { id: playlistId } } };
  const item = { contentId, contentOrigin: 'cms' as const };
  let restored = await answerOf(
    apiClient.POST('/api/v2/mdm/device-configurations/{id}/content/', { ...path, body: item }),
  );
  if (restored.contentIds.indexOf(contentId) + 1 !== position) {
    restored = await answerOf(
      apiClient.POST('/api/v2/mdm/device-configurations/{id}/move-content/', {
        ...path,
        body: { ...item, positionNumber: position },
      }),
    );
  }
  await playlistChanged(restored);
  return restored;
}

/** Which headsets the playlist is active on (none: deactivated); after a storage warning it is accepted. */
export interface Activation {
  devices: number[];
  acceptStorageWarning: boolean;
}

/** Activates the playlist on the headsets (activateConfiguration); answers with the changed playlist. */
export function useActivate(playlistId: number, reactions?: MutationReactions<Configuration, Activation>) {
  return useMutation({
    ...reactions,
    async mutationFn({ devices, acceptStorageWarning }: Activation) {
      const changed = await answerOf(
        apiClient.PUT('/api/v2/mdm/device-configurations/{id}/activate/', {
          params: { path: { id: playlistId } },
          body: { sdmDevices: devices, acceptStorageWarning },
        }),
      );
      await playlistChanged(changed);
      return changed;
    },
  });
}

/** 'Jetzt synchronisieren' for the headsets that are behind; their lists are asked again. */
export function useSyncHeadsets(reactions?: MutationReactions<unknown, readonly number[]>) {
  return useMutation({
    ...reactions,
    async mutationFn(deviceIds: readonly number[]) {
      const queued = await queueSync(deviceIds);
      await queryClient.invalidateQueries({ queryKey: headsetListsKey });
      return queued;
    },
  });
}
