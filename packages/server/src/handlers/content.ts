import type { components, operations } from '@portal/api/schema';
import { type AppContext, type HandlerMap, requestOrigin } from '../context.ts';
import { HttpError } from '../errors.ts';
import { listContent } from '../services/content.ts';

type Schemas = components['schemas'];
type ListQuery = NonNullable<operations['listContent']['parameters']['query']>;

const INVALID_PAGE = 'Ungültige Seite.';

function pageUrl(origin: string, url: string, page: number): string {
  const target = new URL(url, origin);
  if (page === 1) target.searchParams.delete('page');
  else target.searchParams.set('page', String(page));
  return target.toString();
}

export function contentHandlers({ db }: AppContext): HandlerMap {
  return {
    async listContent(request) {
      // Defaults come from the contract (page 1, page_size 24, ordering -created_at) through validation.
      const query = request.query as ListQuery;
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? 24;
      const { count, results } = await listContent(db, request.userId, {
        page,
        pageSize,
        ordering: query.ordering ?? '-created_at',
        search: query.search,
        contentType: query.content_type,
      });
      if (results.length === 0 && page > 1) throw new HttpError(404, INVALID_PAGE);
      const origin = requestOrigin(request);
      const body: Schemas['PaginatedContentList'] = {
        count,
        next: page * pageSize < count ? pageUrl(origin, request.url, page + 1) : null,
        previous: page > 1 ? pageUrl(origin, request.url, page - 1) : null,
        results,
      };
      return body;
    },
  };
}
