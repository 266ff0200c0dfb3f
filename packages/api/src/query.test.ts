import { QueryClient } from '@tanstack/react-query';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createPortalClient } from './client.ts';
import { createPortalQueryHooks } from './query.ts';
import type { Content, PaginatedContentList } from './types.ts';

const page: PaginatedContentList = { count: 0, next: null, previous: null, results: [] };

function setup(respond: () => Response) {
  const requests: Request[] = [];
  const client = createPortalClient({
    baseUrl: 'http://portal.test',
    getToken: () => null,
    onUnauthorized: () => {},
    fetch: async (request) => {
      requests.push(request);
      return respond();
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { $api: createPortalQueryHooks(client), queryClient, requests };
}

describe('createPortalQueryHooks', () => {
  it('prefetches through queryOptions and caches under a key derived from path and init', async () => {
    const { $api, queryClient, requests } = setup(
      () =>
        new Response(JSON.stringify(page), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const options = $api.queryOptions('get', '/api/v2/cms/content/', { params: { query: { page: 3 } } });
    expect(options.queryKey).toEqual(['get', '/api/v2/cms/content/', { params: { query: { page: 3 } } }]);

    const data = await queryClient.ensureQueryData(options);
    expectTypeOf(data.results).toEqualTypeOf<Content[]>();
    expectTypeOf(data).toExtend<PaginatedContentList>();
    expect(data).toEqual(page);
    expect(requests[0]?.url).toBe('http://portal.test/api/v2/cms/content/?page=3');

    await queryClient.ensureQueryData(options);
    expect(requests).toHaveLength(1);
  });

  it('rejects with the error body when the answer is not 2xx', async () => {
    const { $api, queryClient } = setup(() => new Response(null, { status: 500 }));
    await expect(queryClient.fetchQuery($api.queryOptions('get', '/api/v1/users/me/'))).rejects.toEqual({
      detail: 'HTTP 500',
    });
  });
});
