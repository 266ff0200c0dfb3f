import { type ElementType, forwardRef, type ReactNode } from 'react';
import { Box, type BoxProps } from '../Box/Box';
import type { StackGap } from '../Stack/Stack';

export const inlineAlignments = ['start', 'center', 'end', 'spaceBetween'] as const;
export type InlineAlign = (typeof inlineAlignments)[number];

export const inlineVerticalAlignments = ['top', 'center', 'bottom', 'baseline'] as const;
export type InlineAlignY = (typeof inlineVerticalAlignments)[number];

const justifyContent = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  spaceBetween: 'space-between',
} as const satisfies Record<InlineAlign, BoxProps['justifyContent']>;

const alignItems = {
  top: 'flex-start',
  center: 'center',
  bottom: 'flex-end',
  baseline: 'baseline',
} as const satisfies Record<InlineAlignY, BoxProps['alignItems']>;

export interface InlineProps {
  /** Space between the children. Default 'small'. */
  gap?: StackGap;
  /** Horizontal distribution. Default 'start'. */
  align?: InlineAlign;
  /** Vertical alignment. Default 'center'. */
  alignY?: InlineAlignY;
  /** Whether children wrap onto new lines. Default true. */
  wrap?: boolean;
  as?: ElementType;
  id?: string;
  className?: string;
  children?: ReactNode;
}

/** Children in a row (e.g. a button group), wrapping on narrow screens. */
export const Inline = forwardRef<HTMLElement, InlineProps>(function Inline(
  { gap = 'small', align = 'start', alignY = 'center', wrap = true, ...props },
  ref,
) {
  return (
    <Box
      ref={ref}
      display="flex"
      flexDirection="row"
      flexWrap={wrap ? 'wrap' : 'nowrap'}
      gap={gap}
      justifyContent={justifyContent[align]}
      alignItems={alignItems[alignY]}
      {...props}
    />
  );
});
Inline.displayName = 'Inline';
