import { describe, expect, it } from 'vitest';
import { everyPage, type ListPage } from './everyPage.ts';

/** A list of `total` numbered items served as the server pages it: `size` per page, `next` while more follow. */
function pagedList(total: number, size: number) {
  const asked: number[] = [];
  const pageOf = async (page: number): Promise<ListPage<number>> => {
    asked.push(page);
    const first = (page - 1) * size + 1;
    const results = Array.from(
      { length: Math.max(0, Math.min(size, total - first + 1)) },
      (_, i) => first + i,
    );
    return { results, next: page * size < total ? `?page=${page + 1}` : null };
  };
  return { pageOf, asked };
}

describe('everyPage', () => {
  it('reads past the first page: 250 playlists in pages of 100 are all there, in order', async () => {
    const list = pagedList(250, 100);
    const all = await everyPage(list.pageOf);
    expect(all).toHaveLength(250);
    expect(all[0]).toBe(1);
    expect(all[249]).toBe(250);
    expect(list.asked).toEqual([1, 2, 3]);
  });

  it('asks once when everything fits on the first page, also when there is nothing', async () => {
    const few = pagedList(7, 100);
    expect(await everyPage(few.pageOf)).toHaveLength(7);
    expect(few.asked).toEqual([1]);
    const none = pagedList(0, 100);
    expect(await everyPage(none.pageOf)).toEqual([]);
    expect(none.asked).toEqual([1]);
  });

  it('stops at a page without items even when it names a next one', async () => {
    const asked: number[] = [];
    const all = await everyPage(async (page) => {
      asked.push(page);
      return { results: page === 1 ? [1, 2] : [], next: '?page=more' };
    });
    expect(all).toEqual([1, 2]);
    expect(asked).toEqual([1, 2]);
  });

  it('passes a refused page on', async () => {
    await expect(
      everyPage(async (page) => {
        if (page === 2) throw new Error('refused');
        return { results: [1], next: '?page=2' };
      }),
    ).rejects.toThrow('refused');
  });
});
