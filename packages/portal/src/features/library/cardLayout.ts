import type { TilesColumns } from '@portal/ui';

/** Cards per row in the Mediathek: one on phones, then as many as keep a card about 15rem wide. */
export const CARD_COLUMNS: TilesColumns = { mobile: 1, tablet: 2, desktop: 4 };

/**
 * The cards of the first row on the widest layout: their previews load eagerly, the page's largest paint.
 * lib/prefetchScript.js preloads as many as soon as the list is here (cardLayout.test.ts holds the two equal).
 */
export const FIRST_ROW = CARD_COLUMNS.desktop ?? 4;
