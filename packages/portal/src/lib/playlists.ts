import type { Configuration, ConfigurationDetail } from '@portal/api';
import { $api, apiClient, queryClient } from './api.ts';
import { headsetListsKey } from './headsets.ts';
import { answerOf } from './serverErrors.ts';

/**
 * Playlists as more than one feature needs them (the playlists' pages, the Mediathek's 'Zu Wiedergabeliste
 * hinzufügen', playback's 'Abspielen' of a playlist, the dashboard): the list, one playlist, adding and removing
 * items, and what a change of a playlist makes stale.
 */

const LIST = '/api/v2/mdm/device-configurations/';
const DETAIL = '/api/v3/mdm/device-configurations/{id}/';

/** Every playlist list, whatever its sort or page: the prefix to invalidate after a playlist changed. */
export const playlistListsKey = $api.queryOptions('get', LIST).queryKey;

/**
 * The playlists the caller sees (the organisations' own and those shared with them), up to 100 on one page: the
 * dashboard's active playlists and the headset picker's 'Wiedergabeliste' choice.
 */
export const visiblePlaylistsQuery = $api.queryOptions('get', LIST, {
  params: { query: { page_size: 100 } },
});

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
