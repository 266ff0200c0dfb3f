import type { ContentOrdering } from '@portal/domain';
import { $api, apiClient } from './api.ts';
import { answerOf } from './serverErrors.ts';

/**
 * The Mediathek's content as more than one feature asks for it (the library, a playlist's search, playback): its
 * queries with their keys, from the contract's paths through `$api`.
 */

/**
 * Page size of the Mediathek list (the contract's default). The inline prefetch script requests the same
 * first page (checked in prefetch.test.ts), so changing it means changing prefetchScript.js too.
 */
export const LIBRARY_PAGE_SIZE = 24;

/** The first page of the Mediathek without search or filters: what index.html prefetches. */
export function libraryListQuery(ordering: ContentOrdering) {
  return { ordering, page_size: LIBRARY_PAGE_SIZE };
}

/** Every Mediathek list, whatever its search, filters or page: the prefix to invalidate after content changed. */
export const contentListsKey = $api.queryOptions('get', '/api/v2/cms/content/').queryKey;

/**
 * One content item. A refusal rejects with ServerRefusal, so a page can tell 'not found' (404) from a failure
 * worth retrying; a network failure rejects with the TypeError the query client retries.
 */
export function contentDetailQuery(id: number) {
  const init = { params: { path: { id } } };
  return {
    ...$api.queryOptions('get', '/api/v2/cms/content/{id}/', init),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      answerOf(apiClient.GET('/api/v2/cms/content/{id}/', { ...init, signal })),
  };
}

/** The first `pageSize` items of a search of the Mediathek (all of it while `search` is blank), in `ordering`. */
export function contentSearchQuery({
  search,
  ordering,
  pageSize,
}: {
  search: string;
  ordering: ContentOrdering;
  pageSize: number;
}) {
  const text = search.trim();
  return $api.queryOptions('get', '/api/v2/cms/content/', {
    params: { query: { ordering, page_size: pageSize, ...(text === '' ? {} : { search: text }) } },
  });
}

/** Lookup lists (categories, languages) change rarely: asked again after ten minutes at most. */
const LOOKUP_STALE_MS = 10 * 60_000;
export const categoriesQuery = {
  ...$api.queryOptions('get', '/api/v2/cms/content-category/'),
  staleTime: LOOKUP_STALE_MS,
};
export const languagesQuery = {
  ...$api.queryOptions('get', '/api/v2/cms/languages/'),
  staleTime: LOOKUP_STALE_MS,
};
