import { describe, expect, it } from 'vitest';
import { parsePlaylistView, playlistPageHref, playlistViewParams } from './playlistParams.ts';

describe('the playlist list in the URL', () => {
  it('reads the sort option and page, and falls back to the default for anything else', () => {
    expect(parsePlaylistView(new URLSearchParams('sort=ownerNameDesc&page=3'))).toEqual({
      sort: 'ownerNameDesc',
      page: 3,
    });
    expect(parsePlaylistView(new URLSearchParams('sort=-name&page=0'))).toEqual({ sort: 'default', page: 1 });
    expect(parsePlaylistView(new URLSearchParams('page=abc'))).toEqual({ sort: 'default', page: 1 });
  });

  it('writes only what differs from the default, so the two ways round give the same view', () => {
    expect(playlistViewParams({ sort: 'default', page: 1 }).toString()).toBe('');
    const view = { sort: 'nameAsc' as const, page: 2 };
    expect(playlistViewParams(view).toString()).toBe('sort=nameAsc&page=2');
    expect(parsePlaylistView(playlistViewParams(view))).toEqual(view);
    expect(playlistPageHref(view, 1)).toBe('/dashboard/configurations?sort=nameAsc');
    expect(playlistPageHref({ sort: 'default', page: 4 }, 1)).toBe('/dashboard/configurations');
  });
});
