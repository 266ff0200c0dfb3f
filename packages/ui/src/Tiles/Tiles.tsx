import { type ElementType, forwardRef, type ReactNode } from 'react';
import { Box } from '../Box/Box';
import type { StackGap } from '../Stack/Stack';
import type { GridColumns } from '../styles/sprinkles.css';
import type { Breakpoint } from '../theme/tokens';

/** A column count for every screen, or one per breakpoint (`mobile` is the default below `tablet`). */
export type TilesColumns = GridColumns | Partial<Record<Breakpoint, GridColumns>>;

export interface TilesProps {
  /**
   * Equal columns per row, one count or one per breakpoint; a breakpoint left out keeps the smaller
   * one's count.
   * @example <Tiles as="ul" columns={{ mobile: 1, tablet: 2, desktop: 3 }} gap="large">…</Tiles>
   */
  columns: TilesColumns;
  /** Space between the tiles, across and down. Default 'medium'. */
  gap?: StackGap;
  /** Element to render, e.g. 'ul' with 'li' tiles for a list of cards. Default 'div'. */
  as?: ElementType;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** The tiles; each child is one grid cell, in reading order. */
  children?: ReactNode;
}

/**
 * A responsive grid of equally wide tiles (cards, devices, media) with token gaps, so pages need no
 * grid CSS. Each child is a cell; tiles in a row take the height of the tallest.
 */
export const Tiles = forwardRef<HTMLElement, TilesProps>(function Tiles(
  { columns, gap = 'medium', ...props },
  ref,
) {
  return <Box ref={ref} display="grid" gridTemplateColumns={columns} gap={gap} {...props} />;
});
Tiles.displayName = 'Tiles';
