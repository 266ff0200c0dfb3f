import type { ContentOrdering } from '@portal/domain';
import { $api } from '../../lib/api.ts';
import { libraryListQuery } from '../../lib/contentQuery.ts';
import { adoptPrefetched, prefetchRegistry } from '../../lib/prefetch.ts';
import { session } from '../../lib/session.ts';

/** The Mediathek list; its first run adopts the request the inline script in index.html started. */
export function contentListQuery(ordering: ContentOrdering) {
  const base = $api.queryOptions('get', '/api/v2/cms/content/', {
    params: { query: libraryListQuery(ordering) },
  });
  return {
    ...base,
    queryFn: adoptPrefetched(
      () => prefetchRegistry.takeContentList(session.getAccessToken(), ordering),
      base.queryFn,
    ),
  };
}
