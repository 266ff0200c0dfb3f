import { createVar, globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { mediaBelow, mediaFrom } from '../styles/media';
import { vars } from '../theme/theme.css';

/** The gap, known to the columns so fractional widths subtract their share of it. */
const gap = createVar();

export const root = style({ display: 'flex', minWidth: 0 });

export const gaps = styleVariants(vars.space, (space) => ({ gap: space, vars: { [gap]: space } }));

export const collapse = styleVariants({
  never: { flexDirection: 'row' },
  tablet: { flexDirection: 'column', '@media': { [mediaFrom.tablet]: { flexDirection: 'row' } } },
  desktop: { flexDirection: 'column', '@media': { [mediaFrom.desktop]: { flexDirection: 'row' } } },
});

export const alignY = styleVariants({
  top: { alignItems: 'flex-start' },
  center: { alignItems: 'center' },
  bottom: { alignItems: 'flex-end' },
  stretch: { alignItems: 'stretch' },
});

const fraction = (share: number) => ({
  flex: '0 0 auto',
  width: `calc((100% + ${gap}) * ${share} - ${gap})`,
});

export const column = recipe({
  base: { minWidth: 0 },
  variants: {
    width: {
      fluid: { flex: '1 1 0' },
      content: { flex: '0 0 auto' },
      '1/2': fraction(1 / 2),
      '1/3': fraction(1 / 3),
      '2/3': fraction(2 / 3),
      '1/4': fraction(1 / 4),
      '3/4': fraction(3 / 4),
    },
  },
  defaultVariants: { width: 'fluid' },
});

export type ColumnVariants = NonNullable<RecipeVariants<typeof column>>;

// Stacked columns take the full width whatever their width prop says.
globalStyle(`${collapse.tablet} > ${column.classNames.base}`, {
  '@media': { [mediaBelow.tablet]: { width: '100%', flex: '0 0 auto' } },
});
globalStyle(`${collapse.desktop} > ${column.classNames.base}`, {
  '@media': { [mediaBelow.desktop]: { width: '100%', flex: '0 0 auto' } },
});
