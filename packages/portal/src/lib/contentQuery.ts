import type { ContentOrdering } from '@portal/domain';

/**
 * Page size of the Mediathek list (the contract's default). The inline prefetch script requests the same
 * first page (checked in prefetch.test.ts), so changing it means changing prefetchScript.js too.
 */
export const LIBRARY_PAGE_SIZE = 24;

/** The first page of the Mediathek without search or filters: what index.html prefetches. */
export function libraryListQuery(ordering: ContentOrdering) {
  return { ordering, page_size: LIBRARY_PAGE_SIZE };
}
