import { DEFAULT_SORT_OPTION, isSortOption, type SortOption } from '@portal/domain';

/** The playlist list's view as it lives in the URL (bookmarkable; back/forward restores it). */
export interface PlaylistListView {
  /** One of the sort options of spec §3. */
  sort: SortOption;
  page: number;
}

export const DEFAULT_PLAYLIST_VIEW: PlaylistListView = { sort: DEFAULT_SORT_OPTION, page: 1 };

/** Reads the view from the URL; anything malformed (a hand-edited link) falls back to the default. */
export function parsePlaylistView(params: URLSearchParams): PlaylistListView {
  const sort = params.get('sort');
  const page = params.get('page');
  return {
    sort: isSortOption(sort) ? sort : DEFAULT_SORT_OPTION,
    page: page !== null && /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

/** The URL form of a view: only what differs from the default, so the plain list keeps its plain address. */
export function playlistViewParams(view: PlaylistListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.sort !== DEFAULT_SORT_OPTION) params.set('sort', view.sort);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** The link to one page of the list, keeping its sort order. */
export function playlistPageHref(view: PlaylistListView, page: number): string {
  const query = playlistViewParams({ ...view, page }).toString();
  return query === '' ? '/dashboard/configurations' : `/dashboard/configurations?${query}`;
}
