import type { Configuration, ConfigurationDetail } from '@portal/api';
import { $api, apiClient, queryClient } from './api.ts';
import { everyPage } from './everyPage.ts';
import { headsetListsKey } from './headsets.ts';
import { answerOf } from './serverErrors.ts';

/**
 * Playlists as more than one feature needs them (the playlists' pages, the Mediathek's 'Zu Wiedergabeliste
 * hinzufügen', playback's 'Abspielen' of a playlist and its readiness fixes, the dashboard): the active ones, one
 * playlist, adding and removing items, more headsets for a playlist, and what a change of a playlist makes stale.
 */

const LIST = '/api/v2/mdm/device-configurations/';
const DETAIL = '/api/v3/mdm/device-configurations/{id}/';

/** Every playlist list, whatever its sort or page: the prefix to invalidate after a playlist changed. */
export const playlistListsKey = $api.queryOptions('get', LIST).queryKey;

/** The largest page listConfigurations gives (the contract's `page_size` maximum). */
const LARGEST_PAGE = 100;

/**
 * Every active playlist the caller sees (the organisations' own and those shared with them), all pages of
 * listConfigurations `active=true` one after the other (issue 23: no silent cap at 100): the dashboard's active
 * playlists, the headset picker's 'Wiedergabeliste' choice and the content chooser's playlists on the headsets.
 */
export const activePlaylistsQuery = (() => {
  const init = { params: { query: { active: true, page_size: LARGEST_PAGE } } };
  return {
    queryKey: [...$api.queryOptions('get', LIST, init).queryKey, 'allPages'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<Configuration[]> =>
      everyPage((page) =>
        answerOf(apiClient.GET(LIST, { params: { query: { ...init.params.query, page } }, signal })),
      ),
  };
})();

/** One playlist with its items; a refusal rejects with ServerRefusal (404: not found or not visible). */
export function playlistDetailQuery(id: number) {
  const init = { params: { path: { id } } };
  return {
    ...$api.queryOptions('get', DETAIL, init),
    queryFn: ({ signal }: { signal: AbortSignal }) => answerOf(apiClient.GET(DETAIL, { ...init, signal })),
  };
}

/**
 * After a change answered with the playlist: the detail's cache takes the new fields at once (its items keep their
 * content, in the new order), then the detail, every list and the headsets (their sync state) are asked again.
 */
export async function playlistChanged(changed: Configuration): Promise<void> {
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

/** Which way an item goes: appended to the end of the playlist, or taken out. */
export type ItemChange = 'add' | 'remove';

/** Adds a Mediathek item to the end of a playlist or takes it out; answers with the changed playlist, cached. */
export async function changePlaylistItem(
  playlistId: number,
  change: ItemChange,
  contentId: number,
): Promise<Configuration> {
  const init = { params: { path: { id: playlistId } }, body: { contentId, contentOrigin: 'cms' as const } };
  const changed = await answerOf(
    change === 'add'
      ? apiClient.POST('/api/v2/mdm/device-configurations/{id}/content/', init)
      : apiClient.POST('/api/v2/mdm/device-configurations/{id}/remove-content/', init),
  );
  await playlistChanged(changed);
  return changed;
}

/**
 * Activates a playlist on more headsets, keeping those it runs on (activateConfiguration names every headset, so the
 * playlist is read fresh first): the readiness fix for headsets without a playlist. The server queues their sync and
 * refuses what does not fit (409 `storageExceeded`); answers with the changed playlist, cached.
 */
export async function addHeadsetsToPlaylist(
  playlistId: number,
  deviceIds: readonly number[],
): Promise<Configuration> {
  const current = await answerOf(apiClient.GET(DETAIL, { params: { path: { id: playlistId } } }));
  const changed = await answerOf(
    apiClient.PUT('/api/v2/mdm/device-configurations/{id}/activate/', {
      params: { path: { id: playlistId } },
      body: { sdmDevices: [...new Set([...current.sdmDevices, ...deviceIds])], acceptStorageWarning: false },
    }),
  );
  await playlistChanged(changed);
  return changed;
}
