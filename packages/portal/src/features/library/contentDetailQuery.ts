import { $api, apiClient } from '../../lib/api.ts';
import { answerOf } from '../../lib/serverErrors.ts';

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
