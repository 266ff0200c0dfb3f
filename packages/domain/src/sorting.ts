/** Sort options of spec §3 for the items of a playlist (or playlists themselves). */

export const SORT_OPTIONS = ['default', 'nameAsc', 'nameDesc', 'ownerNameAsc', 'ownerNameDesc'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT_OPTION: SortOption = 'default';

export function isSortOption(value: unknown): value is SortOption {
  return (SORT_OPTIONS as readonly unknown[]).includes(value);
}

/**
 * The server's `ordering` for each sort option (listConfigurations, DRF style): the playlist list is sorted and paged
 * by the server, so the options must mean the same there.
 */
export const PLAYLIST_ORDERINGS = {
  default: 'positionNumber',
  nameAsc: 'name',
  nameDesc: '-name',
  ownerNameAsc: 'owner__name',
  ownerNameDesc: '-owner__name',
} as const satisfies Record<SortOption, string>;
export type PlaylistOrdering = (typeof PLAYLIST_ORDERINGS)[SortOption];

/**
 * What sorting reads. Content has a `title`, playlists a `name`: the name is `name`, else `title`.
 * The owner name is `ownerName`, else `owner.name`.
 */
export interface SortablePlaylistItem {
  positionNumber?: number | null;
  name?: string | null;
  title?: string | null;
  ownerName?: string | null;
  owner?: { name?: string | null } | null;
}

function nameOf(item: SortablePlaylistItem): string | null {
  return item.name ?? item.title ?? null;
}

function ownerNameOf(item: SortablePlaylistItem): string | null {
  return item.ownerName ?? item.owner?.name ?? null;
}

function positionOf(item: SortablePlaylistItem): number | null {
  const p = item.positionNumber;
  return typeof p === 'number' && Number.isFinite(p) ? p : null;
}

/** Missing values go last whatever the direction: an unnamed item is never the first one shown. */
function compareMissingLast<T>(
  a: T | null,
  b: T | null,
  compare: (x: T, y: T) => number,
  direction: 1 | -1,
): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return direction * compare(a, b);
}

/**
 * A new, sorted array; the input is left alone. Stable: equal items keep their order. Names compare as the
 * given locale would (German by default: 'Ä' beside 'A', case ignored, 'Teil 2' before 'Teil 10').
 */
export function sortPlaylistItems<T extends SortablePlaylistItem>(
  items: readonly T[],
  option: SortOption,
  locale = 'de',
): T[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const byText = (x: string, y: string) => collator.compare(x, y);
  const comparators: Record<SortOption, (a: T, b: T) => number> = {
    default: (a, b) => compareMissingLast(positionOf(a), positionOf(b), (x, y) => x - y, 1),
    nameAsc: (a, b) => compareMissingLast(nameOf(a), nameOf(b), byText, 1),
    nameDesc: (a, b) => compareMissingLast(nameOf(a), nameOf(b), byText, -1),
    ownerNameAsc: (a, b) => compareMissingLast(ownerNameOf(a), ownerNameOf(b), byText, 1),
    ownerNameDesc: (a, b) => compareMissingLast(ownerNameOf(a), ownerNameOf(b), byText, -1),
  };
  return [...items].sort(comparators[option]);
}
