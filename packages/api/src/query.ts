import createQueryClient, { type OpenapiQueryClient } from 'openapi-react-query';
import type { PortalClient } from './client.ts';
import type { paths } from './schema';

export type PortalQueryHooks = OpenapiQueryClient<paths>;

/**
 * TanStack Query hooks keyed by method, path and init, so no query key is written by hand.
 * Route loaders prefetch with the same keys the components read:
 * @example
 * const $api = createPortalQueryHooks(client);
 * await queryClient.ensureQueryData($api.queryOptions('get', '/api/v2/cms/content/', { params: { query: { page: 1 } } }));
 * const { data } = $api.useQuery('get', '/api/v2/cms/content/', { params: { query: { page: 1 } } });
 */
export function createPortalQueryHooks(client: PortalClient): PortalQueryHooks {
  return createQueryClient<paths>(client);
}
