import { type ElementType, forwardRef, type ReactNode } from 'react';
import type { StackGap } from '../Stack/Stack';
import * as styles from './Columns.css';

export const columnsCollapseBelow = ['never', 'tablet', 'desktop'] as const;
export type ColumnsCollapseBelow = (typeof columnsCollapseBelow)[number];

export const columnsAlignments = ['top', 'center', 'bottom', 'stretch'] as const;
export type ColumnsAlignY = (typeof columnsAlignments)[number];

export interface ColumnsProps {
  /** Space between the columns (and between the stacked rows once collapsed). Default 'medium'. */
  gap?: StackGap;
  /**
   * Below this breakpoint the columns stack vertically at full width. Default 'tablet'.
   * @example <Columns collapseBelow="desktop"><Column width="2/3">…</Column><Column>…</Column></Columns>
   */
  collapseBelow?: ColumnsCollapseBelow;
  /** Vertical alignment of the columns. Default 'stretch'. */
  alignY?: ColumnsAlignY;
  as?: ElementType;
  id?: string;
  className?: string;
  /** Column elements. */
  children?: ReactNode;
}

/** Side-by-side columns with token gaps that stack on narrow screens; pages need no grid CSS. */
export const Columns = forwardRef<HTMLElement, ColumnsProps>(function Columns(
  {
    gap = 'medium',
    collapseBelow = 'tablet',
    alignY = 'stretch',
    as: Component = 'div',
    className,
    ...props
  },
  ref,
) {
  return (
    <Component
      ref={ref}
      className={[
        styles.root,
        styles.gaps[gap],
        styles.collapse[collapseBelow],
        styles.alignY[alignY],
        className,
      ]
        .filter(Boolean)
        .join(' ')}
      {...props}
    />
  );
});
Columns.displayName = 'Columns';

export type ColumnProps = styles.ColumnVariants & {
  as?: ElementType;
  id?: string;
  className?: string;
  children?: ReactNode;
};

/** One column of Columns. `width` is a fraction of the row, 'content' (as wide as needed) or 'fluid' (the rest). */
export const Column = forwardRef<HTMLElement, ColumnProps>(function Column(
  { width, as: Component = 'div', className, ...props },
  ref,
) {
  return (
    <Component
      ref={ref}
      className={[styles.column({ width }), className].filter(Boolean).join(' ')}
      {...props}
    />
  );
});
Column.displayName = 'Column';
