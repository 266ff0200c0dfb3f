import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

export const root = recipe({
  base: {
    margin: 0,
    display: 'grid',
    fontFamily: vars.font.family,
    fontSize: vars.font.size.standard,
    lineHeight: vars.font.lineHeight.standard,
  },
  variants: {
    layout: {
      // Terms in a narrow column beside their values.
      columns: {
        gridTemplateColumns: 'minmax(8rem, max-content) minmax(0, 1fr)',
        columnGap: vars.space.large,
        rowGap: vars.space.small,
      },
      stacked: { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: vars.space.medium },
    },
  },
  defaultVariants: { layout: 'columns' },
});

export type RootVariants = NonNullable<RecipeVariants<typeof root>>;

export const group = style({ display: 'contents' });

export const stackedGroup = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall });

export const term = style({
  color: vars.color.textMuted,
  fontWeight: vars.font.weight.semibold,
  overflowWrap: 'anywhere',
});

export const value = style({ margin: 0, color: vars.color.text, overflowWrap: 'anywhere', minWidth: 0 });
