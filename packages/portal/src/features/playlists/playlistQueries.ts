import type { Configuration, ConfigurationDetail, Device, DeviceType } from '@portal/api';
import { BYTES_PER_GB, PLAYLIST_ORDERINGS, type PlaylistFit, playlistFit } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { $api, apiClient } from '../../lib/api.ts';
import { answerOf } from '../../lib/serverErrors.ts';
import type { PlaylistListView } from './playlistParams.ts';

/** Playlists per page of the list (the contract's default). */
export const PLAYLIST_PAGE_SIZE = 24;
/** An organisation's headsets in one answer (the contract's maximum page): the class sets of a school fit. */
const ALL_HEADSETS = 1000;
/** While a headset has yet to report its sync, the pages ask again this often. */
export const SYNC_POLL_MS = 2000;

const LIST = '/api/v2/mdm/device-configurations/';
const DETAIL = '/api/v3/mdm/device-configurations/{id}/';
const DEVICES = '/api/v3/mdm/devices/';

/** Every playlist list, whatever its sort or page: the prefix to invalidate after a playlist changed. */
export const playlistListsKey = $api.queryOptions('get', LIST).queryKey;
/** Every headset list: activation and syncs change what they show. */
export const headsetListsKey = $api.queryOptions('get', DEVICES).queryKey;

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

/** One playlist with its items; a refusal rejects with ServerRefusal (404: not found or not visible). */
export function playlistDetailQuery(id: number) {
  const init = { params: { path: { id } } };
  return {
    ...$api.queryOptions('get', DETAIL, init),
    queryFn: ({ signal }: { signal: AbortSignal }) => answerOf(apiClient.GET(DETAIL, { ...init, signal })),
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

/** The headset models with their capacities (spec §3); they hardly ever change. */
export const deviceTypesQuery = {
  ...$api.queryOptions('get', '/api/v2/mdm/device-type/'),
  staleTime: Number.POSITIVE_INFINITY,
};

/** The storage check of a playlist on one headset (@portal/domain playlistFit), from the headset's model. */
export function headsetFit(
  totalSize: number,
  device: Pick<Device, 'deviceType'>,
  deviceTypes: readonly DeviceType[] | undefined,
): PlaylistFit {
  const capacityGb = deviceTypes?.find((type) => type.id === device.deviceType.id)?.storageCapacityGb;
  return playlistFit(totalSize, capacityGb == null ? null : capacityGb * BYTES_PER_GB);
}

/** Adds a Mediathek item to the end of a playlist, or takes it out; answers with the changed playlist. */
export function changeItem(playlistId: number, change: 'add' | 'remove', contentId: number) {
  const init = { params: { path: { id: playlistId } }, body: { contentId, contentOrigin: 'cms' as const } };
  return answerOf(
    change === 'add'
      ? apiClient.POST('/api/v2/mdm/device-configurations/{id}/content/', init)
      : apiClient.POST('/api/v2/mdm/device-configurations/{id}/remove-content/', init),
  );
}

/**
 * After a change answered with the playlist: the detail's cache takes the new fields at once (its items keep their
 * content, in the new order), then the detail, every list and the headsets (their sync state) are asked again.
 */
export async function playlistChanged(queryClient: QueryClient, changed: Configuration): Promise<void> {
  const { queryKey } = playlistDetailQuery(changed.id);
  queryClient.setQueryData<ConfigurationDetail>(queryKey, (previous) => {
    if (!previous) return previous;
    const byId = new Map(previous.contents.map((content) => [content.id, content]));
    return {
      ...previous,
      ...changed,
      contents: changed.contentIds.flatMap((id) => {
        const content = byId.get(id);
        return content ? [content] : [];
      }),
    };
  });
  // Asked again too: an added item's content arrives with the detail; the headsets got a sync queued.
  await Promise.all([
    queryClient.invalidateQueries({ queryKey }),
    queryClient.invalidateQueries({ queryKey: playlistListsKey }),
    queryClient.invalidateQueries({ queryKey: headsetListsKey }),
  ]);
}
