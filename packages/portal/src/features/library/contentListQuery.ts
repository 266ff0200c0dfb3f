import type { ContentOrdering } from '@portal/domain';
import { $api, apiClient } from '../../lib/api.ts';
import { libraryListQuery } from '../../lib/contentQuery.ts';
import { adoptPrefetched, prefetchRegistry } from '../../lib/prefetch.ts';
import { answerOf } from '../../lib/serverErrors.ts';
import { session } from '../../lib/session.ts';
import { isDefaultView, type LibraryView } from './libraryParams.ts';

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
  return {
    ...base,
    queryFn: adoptPrefetched(
      () => prefetchRegistry.takeContentList(session.getAccessToken(), ordering),
      fetchList,
    ),
  };
}
