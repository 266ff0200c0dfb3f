import { type ElementType, forwardRef, type ReactNode } from 'react';
import { Box, type BoxProps } from '../Box/Box';
import type { Space } from '../theme/tokens';

export const stackAlignments = ['start', 'center', 'end', 'stretch'] as const;
export type StackAlign = (typeof stackAlignments)[number];

const alignItems = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  stretch: 'stretch',
} as const satisfies Record<StackAlign, BoxProps['alignItems']>;

export type StackGap = Exclude<Space, 'xxsmall' | 'xxlarge'>;

export interface StackProps {
  /** Space between the children. Default 'medium'. */
  gap?: StackGap;
  /** Horizontal alignment of the children. Default 'stretch'. */
  align?: StackAlign;
  /** Element to render, e.g. 'ul' for a list of cards. */
  as?: ElementType;
  id?: string;
  className?: string;
  /** Names the group, e.g. a list of members (`as="ul"`). */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  children?: ReactNode;
}

/** Children in a column with even spacing. */
export const Stack = forwardRef<HTMLElement, StackProps>(function Stack(
  { gap = 'medium', align = 'stretch', ...props },
  ref,
) {
  return (
    <Box
      ref={ref}
      display="flex"
      flexDirection="column"
      gap={gap}
      alignItems={alignItems[align]}
      {...props}
    />
  );
});
Stack.displayName = 'Stack';
