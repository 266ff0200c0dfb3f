import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

export const root = recipe({
  base: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    alignItems: 'start',
    columnGap: vars.space.small,
    padding: vars.space.medium,
    backgroundColor: vars.color.surface,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderLeftWidth: '6px',
    borderRadius: vars.radius.medium,
  },
  variants: {
    tone: {
      info: { borderLeftColor: vars.color.info },
      success: { borderLeftColor: vars.color.positive },
      warning: { borderLeftColor: vars.color.warning },
      critical: { borderLeftColor: vars.color.critical },
    },
  },
  defaultVariants: { tone: 'info' },
});

export type RootVariants = NonNullable<RecipeVariants<typeof root>>;

export const icon = recipe({
  base: { width: '22px', height: '22px', marginTop: '1px' },
  variants: {
    tone: {
      info: { color: vars.color.info },
      success: { color: vars.color.positive },
      warning: { color: vars.color.warning },
      critical: { color: vars.color.critical },
    },
  },
  defaultVariants: { tone: 'info' },
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const title = style({ margin: 0, fontWeight: vars.font.weight.bold });
