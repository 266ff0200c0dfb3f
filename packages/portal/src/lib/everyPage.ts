/** One page of a paginated list of the contract (`count`, `next`, `previous`, `results`). */
export interface ListPage<T> {
  next: string | null;
  results: T[];
}

/**
 * Every item of a paginated list, its pages read one after the other from page 1 until a page says there is no next
 * one (issue 23: a list the portal shows whole must not stop silently at the first page's 100). A page without items
 * ends it too, so that a server that kept naming a next page could not hold the loop.
 * @example everyPage((page) => answerOf(apiClient.GET(LIST, { params: { query: { page, page_size: 100 } } })))
 */
export async function everyPage<T>(pageOf: (page: number) => Promise<ListPage<T>>): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await pageOf(page);
    all.push(...answer.results);
    if (answer.next === null || answer.results.length === 0) return all;
  }
}
