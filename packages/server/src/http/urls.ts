import type { FastifyRequest } from 'fastify';
import { NotFound } from '../errors.ts';
import { MESSAGES } from '../messages.ts';

/** Origin of the request as the caller sees it, for the absolute URLs DRF puts into `next`, `previous` and files. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** An absolute URL for a stored file: absolute ones stay, root-relative ones get the origin. */
export function absoluteUrl(origin: string, file: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(file) ? file : `${origin}${file.startsWith('/') ? '' : '/'}${file}`;
}

/** Absolute URL of another page of the same list (DRF's `next`/`previous`). */
export function pageUrl(origin: string, url: string, page: number): string {
  const target = new URL(url, origin);
  if (page === 1) target.searchParams.delete('page');
  else target.searchParams.set('page', String(page));
  return target.toString();
}

/**
 * The contract's list envelope `{count, next, previous, results}` for one page of a list. A page beyond the last
 * answers 404 as DRF does.
 */
export function paginated<Item>(
  request: FastifyRequest,
  paging: { page: number; pageSize: number },
  list: { count: number; results: Item[] },
) {
  const { page, pageSize } = paging;
  if (list.results.length === 0 && page > 1) throw new NotFound(MESSAGES.request.invalidPage);
  const origin = requestOrigin(request);
  return {
    count: list.count,
    next: page * pageSize < list.count ? pageUrl(origin, request.url, page + 1) : null,
    previous: page > 1 ? pageUrl(origin, request.url, page - 1) : null,
    results: list.results,
  };
}
