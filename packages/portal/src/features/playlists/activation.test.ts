import { describe, expect, it } from 'vitest';
import { groupSelection, replacedPlaylists } from './activation.ts';

const headset = (id: number, activeConfigurationId: number | null) => ({ id, activeConfigurationId });

describe('replacedPlaylists', () => {
  const headsets = [
    headset(1, 7),
    headset(2, 7),
    headset(3, 9),
    headset(4, null),
    headset(5, 5),
    headset(6, 9),
  ];

  it('names each other playlist active on a chosen headset with its count, most first', () => {
    expect(replacedPlaylists(headsets, new Set([1, 2, 3, 4, 5, 6]), 5)).toEqual([
      { id: 7, count: 2 },
      { id: 9, count: 2 },
    ]);
  });

  it('leaves out headsets not chosen, without a playlist, or with this one already', () => {
    expect(replacedPlaylists(headsets, new Set([3, 4, 5]), 5)).toEqual([{ id: 9, count: 1 }]);
    expect(replacedPlaylists(headsets, new Set([4, 5]), 5)).toEqual([]);
  });
});

describe('groupSelection', () => {
  it('ticks the group headsets that the list shows', () => {
    expect([...groupSelection([headset(1, null), headset(2, null), headset(3, null)], [3, 1, 42])]).toEqual([
      1, 3,
    ]);
  });
});
