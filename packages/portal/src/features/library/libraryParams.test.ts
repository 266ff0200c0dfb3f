import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  isDefaultView,
  libraryPageHref,
  libraryViewParams,
  parseLibraryView,
  withFilter,
} from './libraryParams.ts';

describe('Mediathek view in the URL', () => {
  it('reads every filter and writes the same URL back', () => {
    const query = 'search=Mars&type=video&category=2&language=de&format=360&age=12&scope=shared&page=3';
    const view = parseLibraryView(new URLSearchParams(query));
    expect(view).toEqual({
      search: 'Mars',
      type: 'video',
      category: 2,
      language: 'de',
      format: '360',
      age: 12,
      scope: 'shared',
      page: 3,
    });
    expect(libraryViewParams(view).toString()).toBe(query);
  });

  it('ignores malformed values of hand-edited links', () => {
    const view = parseLibraryView(
      new URLSearchParams('type=film&category=x&format=720&age=500&scope=all&page=0'),
    );
    expect(view).toEqual(DEFAULT_VIEW);
    expect(isDefaultView(view)).toBe(true);
  });

  it('starts again on page 1 when a filter changes', () => {
    const view = { ...DEFAULT_VIEW, page: 4 };
    expect(withFilter(view, { type: 'app' })).toMatchObject({ type: 'app', page: 1 });
    expect(libraryViewParams(withFilter(view, { search: '' })).toString()).toBe('');
  });

  it('links a page with the search and filters of the view, page 1 without a page parameter', () => {
    const view = { ...DEFAULT_VIEW, search: 'Mond', type: 'video' as const, page: 2 };
    expect(libraryPageHref(view, 3)).toBe('/library?search=Mond&type=video&page=3');
    expect(libraryPageHref(view, 1)).toBe('/library?search=Mond&type=video');
    expect(libraryPageHref(DEFAULT_VIEW, 1)).toBe('/library');
  });
});
