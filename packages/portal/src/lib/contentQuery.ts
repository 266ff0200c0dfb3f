import type { ContentOrdering } from '@portal/domain';

/**
 * The one content-list request of the walking skeleton. page_size 100 (the contract's maximum) shows the
 * whole demo library without pagination until the Mediathek issue adds it. The inline prefetch script
 * requests the same query (checked in prefetch.test.ts).
 */
export const LIBRARY_PAGE_SIZE = 100;

export function libraryListQuery(ordering: ContentOrdering) {
  return { ordering, page_size: LIBRARY_PAGE_SIZE };
}
