import { describe, expect, it } from 'vitest';
import {
  isSortOption,
  PLAYLIST_ORDERINGS,
  SORT_OPTIONS,
  type SortablePlaylistItem,
  sortPlaylistItems,
} from './sorting.ts';

interface Item extends SortablePlaylistItem {
  id: number;
}

const items: Item[] = [
  { id: 1, positionNumber: 3, title: 'Ozeane', owner: { name: 'Gymnasium Demo' } },
  { id: 2, positionNumber: 1, title: 'Ägypten', owner: { name: 'Kreismedienzentrum Demo' } },
  { id: 3, positionNumber: 2, title: 'chemie', owner: { name: 'ZfsL Demo' } },
  { id: 4, positionNumber: null, title: 'Berge', owner: { name: 'Gymnasium Demo' } },
  { id: 5, positionNumber: 2, title: 'Atome', owner: null },
];

const ids = (list: Item[]) => list.map((i) => i.id);

describe('SORT_OPTIONS', () => {
  it('has default, name and owner-name in both directions', () => {
    expect(SORT_OPTIONS).toEqual(['default', 'nameAsc', 'nameDesc', 'ownerNameAsc', 'ownerNameDesc']);
    expect(isSortOption('nameDesc')).toBe(true);
    expect(isSortOption('title')).toBe(false);
  });

  it('maps each option to the ordering the server sorts the playlist list by', () => {
    expect(SORT_OPTIONS.map((option) => PLAYLIST_ORDERINGS[option])).toEqual([
      'positionNumber',
      'name',
      '-name',
      'owner__name',
      '-owner__name',
    ]);
  });
});

describe('sortPlaylistItems', () => {
  it('sorts by position by default, ties in input order, missing positions last', () => {
    expect(ids(sortPlaylistItems(items, 'default'))).toEqual([2, 3, 5, 1, 4]);
  });

  it('sorts names the German way, ignoring case', () => {
    expect(ids(sortPlaylistItems(items, 'nameAsc'))).toEqual([2, 5, 4, 3, 1]);
    expect(ids(sortPlaylistItems(items, 'nameDesc'))).toEqual([1, 3, 4, 5, 2]);
  });

  it('sorts by owner name, stable for equal owners, missing owners last in both directions', () => {
    expect(ids(sortPlaylistItems(items, 'ownerNameAsc'))).toEqual([1, 4, 2, 3, 5]);
    expect(ids(sortPlaylistItems(items, 'ownerNameDesc'))).toEqual([3, 2, 1, 4, 5]);
  });

  it('prefers name over title and ownerName over owner.name', () => {
    const list: Item[] = [
      { id: 1, name: 'Zeta', title: 'Alpha', ownerName: 'B', owner: { name: 'Z' } },
      { id: 2, name: 'Beta', title: 'Zulu', ownerName: 'A', owner: { name: 'Y' } },
    ];
    expect(ids(sortPlaylistItems(list, 'nameAsc'))).toEqual([2, 1]);
    expect(ids(sortPlaylistItems(list, 'ownerNameAsc'))).toEqual([2, 1]);
  });

  it('compares numbers in names by value', () => {
    const list: Item[] = [
      { id: 1, name: 'Teil 10' },
      { id: 2, name: 'Teil 2' },
    ];
    expect(ids(sortPlaylistItems(list, 'nameAsc'))).toEqual([2, 1]);
  });

  it('leaves the input untouched and handles empty lists', () => {
    const before = ids(items);
    sortPlaylistItems(items, 'nameDesc');
    expect(ids(items)).toEqual(before);
    expect(sortPlaylistItems([], 'default')).toEqual([]);
  });
});
