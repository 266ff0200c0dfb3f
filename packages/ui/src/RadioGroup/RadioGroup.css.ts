import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

export const group = recipe({
  base: { display: 'flex', gap: vars.space.small },
  variants: {
    orientation: {
      vertical: { flexDirection: 'column' },
      horizontal: { flexDirection: 'row', flexWrap: 'wrap', columnGap: vars.space.large },
    },
  },
  defaultVariants: { orientation: 'vertical' },
});

export type GroupVariants = NonNullable<RecipeVariants<typeof group>>;

export const option = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.small });

export const radio = style({
  all: 'unset',
  boxSizing: 'border-box',
  flexShrink: 0,
  width: '22px',
  height: '22px',
  marginTop: '1px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: `2px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.inputBackground,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[data-state="checked"]': { borderColor: vars.color.controlChecked },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
    '[aria-invalid="true"] &': { borderColor: vars.color.critical },
  },
});

export const indicator = style({
  display: 'block',
  width: '10px',
  height: '10px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.controlChecked,
});

export const text = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const label = style({
  color: vars.color.text,
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  selectors: { '[data-disabled] + div > &': { cursor: 'not-allowed', opacity: 0.7 } },
});

export const optionHint = style({ margin: 0, fontSize: vars.font.size.small, color: vars.color.textMuted });
