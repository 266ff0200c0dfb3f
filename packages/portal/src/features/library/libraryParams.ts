import type { ContentType } from '@portal/domain';
import { isContentType } from '@portal/domain';

/** The Mediathek's view as it lives in the URL (bookmarkable; back/forward restores it). */
export interface LibraryView {
  search: string;
  type: ContentType | null;
  category: number | null;
  language: string | null;
  format: '180' | '360' | null;
  /** An age in years the content must suit (minAge ≤ age ≤ maxAge; open ends count as suitable). */
  age: number | null;
  scope: 'own' | 'shared' | null;
  page: number;
}

export const DEFAULT_VIEW: LibraryView = {
  search: '',
  type: null,
  category: null,
  language: null,
  format: null,
  age: null,
  scope: null,
  page: 1,
};

const positiveInt = (value: string | null, max = Number.MAX_SAFE_INTEGER): number | null => {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
};

/** Reads the view from the URL; anything malformed (hand-edited links) falls back to the default. */
export function parseLibraryView(params: URLSearchParams): LibraryView {
  const type = params.get('type');
  const format = params.get('format');
  const scope = params.get('scope');
  const language = params.get('language');
  const age = params.get('age');
  return {
    search: (params.get('search') ?? '').slice(0, 200),
    type: type !== null && isContentType(type) ? type : null,
    category: positiveInt(params.get('category')),
    language: language !== null && /^[a-z]{2,3}$/.test(language) ? language : null,
    format: format === '180' || format === '360' ? format : null,
    age: age === '0' ? 0 : positiveInt(age, 99),
    scope: scope === 'own' || scope === 'shared' ? scope : null,
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** The URL form of a view: only what differs from the default, in a fixed order so equal views give equal URLs. */
export function libraryViewParams(view: LibraryView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search.trim() !== '') params.set('search', view.search);
  if (view.type) params.set('type', view.type);
  if (view.category !== null) params.set('category', String(view.category));
  if (view.language) params.set('language', view.language);
  if (view.format) params.set('format', view.format);
  if (view.age !== null) params.set('age', String(view.age));
  if (view.scope) params.set('scope', view.scope);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** The link to one page of a view (the Mediathek's pagination keeps search and filters). */
export function libraryPageHref(view: LibraryView, page: number): string {
  const query = libraryViewParams({ ...view, page }).toString();
  return query === '' ? '/library' : `/library?${query}`;
}

/** True for the first page without search or filters: the view the inline prefetch asks for. */
export function isDefaultView(view: LibraryView): boolean {
  return libraryViewParams(view).toString() === '';
}

/** Changing a filter or the search starts again on page 1. */
export function withFilter(view: LibraryView, change: Partial<Omit<LibraryView, 'page'>>): LibraryView {
  return { ...view, ...change, page: 1 };
}

/** Number of filters set apart from search and page (shown on the filter toggle). */
export function activeFilterCount(view: LibraryView): number {
  return [view.type, view.category, view.language, view.format, view.age, view.scope].filter(
    (v) => v !== null,
  ).length;
}
