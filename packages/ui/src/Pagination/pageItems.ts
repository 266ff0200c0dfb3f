/** A page number, or a gap ('ellipsis') between non-adjacent page numbers. */
export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The page buttons to show: always the first and last page, `siblings` pages on each side of the
 * current one, and an ellipsis where pages are left out. Pages are 1-based.
 */
export function pageItems(page: number, pageCount: number, siblings = 1): PageItem[] {
  if (pageCount < 1) return [];
  const current = Math.min(Math.max(1, page), pageCount);
  // First, last, current with its siblings, and two ellipses: below this count nothing is left out.
  if (pageCount <= 5 + 2 * siblings) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const start = Math.max(Math.min(current - siblings, pageCount - 2 * siblings - 2), 3);
  const end = Math.min(Math.max(current + siblings, 2 * siblings + 3), pageCount - 2);
  // A gap of a single page shows that page instead of an ellipsis, so the item count stays constant.
  const items: PageItem[] = [1, start > 3 ? 'ellipsis-start' : 2];
  for (let p = start; p <= end; p += 1) items.push(p);
  items.push(end < pageCount - 2 ? 'ellipsis-end' : pageCount - 1, pageCount);
  return items;
}
