import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { barFill, barTrack } from '../styles/rules';
import { vars } from '../theme/theme.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  fontFamily: vars.font.family,
  fontSize: vars.font.size.small,
  color: vars.color.text,
  minWidth: 0,
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.small,
});

export const label = style({ fontWeight: vars.font.weight.semibold, overflowWrap: 'anywhere' });

export const muted = style({ color: vars.color.textMuted, overflowWrap: 'anywhere' });

export const track = style(barTrack('12px'));

export const fill = recipe({
  base: barFill,
  variants: {
    tone: {
      normal: { backgroundColor: vars.color.controlChecked },
      critical: { backgroundColor: vars.color.critical },
    },
  },
  defaultVariants: { tone: 'normal' },
});

export type FillVariants = NonNullable<RecipeVariants<typeof fill>>;

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.small,
  color: vars.color.textMuted,
});
