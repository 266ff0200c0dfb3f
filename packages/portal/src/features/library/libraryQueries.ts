import type { Content, components } from '@portal/api';
import type { ContentOrdering } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { $api, apiClient, type MutationReactions, queryClient } from '../../lib/api.ts';
import {
  contentDetailQuery,
  contentListsKey,
  LIBRARY_PAGE_SIZE,
  libraryListQuery,
} from '../../lib/contentQueries.ts';
import { changePlaylistItem } from '../../lib/playlists.ts';
import { adoptPrefetched, arrivedAsInitialData, prefetchRegistry } from '../../lib/prefetch.ts';
import type { ShareChanges } from '../../lib/ShareDialog.tsx';
import { answerOf, expectSuccess } from '../../lib/serverErrors.ts';
import { session } from '../../lib/session.ts';
import { isDefaultView, type LibraryView } from './libraryParams.ts';

/**
 * The Mediathek's server state: its queries with their keys and its changes with what they make stale. The item
 * itself, the lists' key and the lookups are shared with other features (lib/contentQueries.ts); the content file's
 * multipart upload takes the raw client in ContentFileUpload.tsx (the upload engine of @portal/api drives it).
 */

type StoredFile = components['schemas']['StoredFile'];
type ContentBody = components['schemas']['ContentCreate'] & components['schemas']['ContentUpdate'];

/** The server query of a view; absent filters are not sent at all. */
export function listQueryFor(view: LibraryView, ordering: ContentOrdering) {
  return {
    ...libraryListQuery(ordering),
    ...(view.page > 1 ? { page: view.page } : {}),
    ...(view.search.trim() !== '' ? { search: view.search.trim() } : {}),
    ...(view.type ? { content_type: view.type } : {}),
    ...(view.category !== null ? { category: view.category } : {}),
    ...(view.language ? { language: view.language } : {}),
    ...(view.format ? { format: view.format } : {}),
    ...(view.age !== null ? { age: view.age } : {}),
    ...(view.scope ? { scope: view.scope } : {}),
  };
}

/**
 * The Mediathek list of a view. A refusal rejects with ServerRefusal, so the page can tell a page past the end
 * (404) from other failures; a network failure rejects with the TypeError the query client retries. Only the
 * default view (first page, no filters) may adopt the request the
 * inline script in index.html started, because that is the only one it makes.
 */
export function contentListQuery(view: LibraryView, ordering: ContentOrdering) {
  const init = { params: { query: listQueryFor(view, ordering) } };
  const base = $api.queryOptions('get', '/api/v2/cms/content/', init);
  const fetchList = ({ signal }: { signal: AbortSignal }) =>
    answerOf(apiClient.GET('/api/v2/cms/content/', { ...init, signal }));
  if (!isDefaultView(view)) return { ...base, queryFn: fetchList };
  // An answer that came before the page is drawn is its first data: the cards (and their previews, the page's largest
  // paint) are in the page's first frame instead of a skeleton drawn first.
  return {
    ...base,
    queryFn: adoptPrefetched(
      () => prefetchRegistry.takeContentList(session.getAccessToken(), ordering),
      fetchList,
    ),
    ...arrivedAsInitialData<Awaited<ReturnType<typeof fetchList>>>(() =>
      prefetchRegistry.takeArrivedContentList(session.getAccessToken(), ordering),
    ),
  };
}

/** The last page there is of a view's search and filters (its first page says how many items match); 1 on failure. */
export async function lastListPage(view: LibraryView, ordering: ContentOrdering): Promise<number> {
  try {
    const first = await queryClient.fetchQuery(contentListQuery({ ...view, page: 1 }, ordering));
    return Math.max(1, Math.ceil(first.count / LIBRARY_PAGE_SIZE));
  } catch {
    return 1;
  }
}

/** A saved item: the detail takes the answer at once, the lists are asked again. */
async function contentChanged(saved: Content): Promise<void> {
  queryClient.setQueryData(contentDetailQuery(saved.id).queryKey, saved);
  await queryClient.invalidateQueries({ queryKey: contentListsKey });
}

/** Creates an item (no `stored`) or saves the changes of `stored`; answers with the saved item. */
export function useSaveContent(
  stored: Content | undefined,
  reactions?: MutationReactions<Content, ContentBody>,
) {
  return useMutation({
    ...reactions,
    async mutationFn(body: ContentBody) {
      const saved = await answerOf(
        stored
          ? apiClient.PATCH('/api/v1/cms/content/{id}/', { params: { path: { id: stored.id } }, body })
          : apiClient.POST('/api/v1/cms/content/', { body }),
      );
      await contentChanged(saved);
      return saved;
    },
  });
}

/** Deletes an item (by id); the lists are asked again. */
export function useDeleteContent(reactions?: MutationReactions<void, number>) {
  return useMutation({
    ...reactions,
    async mutationFn(id: number) {
      await expectSuccess(apiClient.DELETE('/api/v1/cms/content/{id}/', { params: { path: { id } } }));
      await queryClient.invalidateQueries({ queryKey: contentListsKey });
    },
  });
}

/** add-share and remove-share for the changes of the sharing dialog; the detail takes the last answer. */
export async function saveContentShares(content: Content, { add, remove }: ShareChanges): Promise<void> {
  const params = { path: { id: content.id } };
  let latest: Content = content;
  if (add.length > 0) {
    latest = await answerOf(
      apiClient.POST('/api/v1/cms/content/{id}/add-share/', { params, body: { organisation_ids: add } }),
    );
  }
  if (remove.length > 0) {
    latest = await answerOf(
      apiClient.POST('/api/v1/cms/content/{id}/remove-share/', {
        params,
        body: { organisation_ids: remove },
      }),
    );
  }
  await contentChanged(latest);
}

/** After the content file's upload: the item (its size) and the lists are asked again. */
export async function contentFileStored(contentId: number): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: contentDetailQuery(contentId).queryKey });
  await queryClient.invalidateQueries({ queryKey: contentListsKey });
}

/** A preview image or a document, stored before the item links it on save. */
export type StoredFileKind = 'preview' | 'document';

const STORED_FILE_PATHS = {
  preview: '/api/v1/cms/preview-files/',
  document: '/api/v1/cms/document-files/',
} as const;

/** Sends one file as multipart/form-data (the typed body is replaced by the FormData itself); answers with it stored. */
export function useUploadStoredFile(kind: StoredFileKind, reactions?: MutationReactions<StoredFile, File>) {
  return useMutation({
    ...reactions,
    mutationFn(file: File) {
      const form = new FormData();
      form.append('file', file, file.name);
      return answerOf(
        apiClient.POST(STORED_FILE_PATHS[kind], { body: { file: '' }, bodySerializer: () => form }),
      );
    },
  });
}

/** Deletes a file uploaded in the form that the user removed again; best effort (the server cleans up too). */
export async function deleteStoredFile(kind: StoredFileKind, id: number): Promise<void> {
  const path = kind === 'preview' ? '/api/v1/cms/preview-files/{id}/' : '/api/v1/cms/document-files/{id}/';
  try {
    await apiClient.DELETE(path, { params: { path: { id } } });
  } catch {
    // unreachable server: an orphaned file is harmless
  }
}

/** The playlists the item can be added to, each saying whether it holds the item already (available-configurations). */
export function availablePlaylistsQuery(contentUuid: string) {
  const init = { body: { contentUuid } };
  return {
    queryKey: $api.queryOptions('post', '/api/v3/mdm/device-configurations/available-configurations/', init)
      .queryKey,
    queryFn: () =>
      answerOf(apiClient.POST('/api/v3/mdm/device-configurations/available-configurations/', init)),
    retry: false,
  };
}

/** 'Zu Wiedergabeliste hinzufügen' (by the playlist's id): the next opening marks that playlist as holding it. */
export function useAddToPlaylist(content: Content, reactions?: MutationReactions<void, number>) {
  return useMutation({
    ...reactions,
    async mutationFn(playlistId: number) {
      await changePlaylistItem(playlistId, 'add', content.id);
      // Stale, not asked again now: the picker closes after an add and asks when it is opened next.
      await queryClient.invalidateQueries({
        queryKey: availablePlaylistsQuery(content.uuid).queryKey,
        refetchType: 'none',
      });
    },
  });
}
