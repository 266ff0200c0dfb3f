import { $api, apiClient } from '../../lib/api.ts';
import { answerOf, ServerRefusal } from '../../lib/serverErrors.ts';

/** The id of the route, or null when it is no positive integer (then nothing is asked of the server). */
export function routeContentId(value: string | undefined): number | null {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

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

/** True when the item does not exist (or is not visible): the only failure that means 'not found'. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ServerRefusal && error.status === 404;
}
