import { createVar, globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

const tablet = 'screen and (min-width: 768px)';
const desktop = 'screen and (min-width: 1024px)';

/** The gap, known to the columns so fractional widths subtract their share of it. */
const gap = createVar();

export const root = style({ display: 'flex', minWidth: 0 });

export const gaps = styleVariants(vars.space, (space) => ({ gap: space, vars: { [gap]: space } }));

export const collapse = styleVariants({
  never: { flexDirection: 'row' },
  tablet: { flexDirection: 'column', '@media': { [tablet]: { flexDirection: 'row' } } },
  desktop: { flexDirection: 'column', '@media': { [desktop]: { flexDirection: 'row' } } },
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
  '@media': { 'screen and (max-width: 767.98px)': { width: '100%', flex: '0 0 auto' } },
});
globalStyle(`${collapse.desktop} > ${column.classNames.base}`, {
  '@media': { 'screen and (max-width: 1023.98px)': { width: '100%', flex: '0 0 auto' } },
});
