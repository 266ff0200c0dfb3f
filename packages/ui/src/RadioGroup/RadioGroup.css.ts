import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import * as choice from '../styles/choice.css';
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

export const option = choice.row;

export const radio = style([
  choice.control,
  {
    borderRadius: vars.radius.full,
    selectors: {
      '&[data-state="checked"]': { borderColor: vars.color.controlChecked },
      '[aria-invalid="true"] &': { borderColor: vars.color.critical },
    },
  },
]);

export const indicator = style({
  display: 'block',
  width: '10px',
  height: '10px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.controlChecked,
});

export const text = choice.text;

export const label = style([choice.label, { overflowWrap: 'anywhere' }]);

export const optionHint = style({ margin: 0, fontSize: vars.font.size.small, color: vars.color.textMuted });
