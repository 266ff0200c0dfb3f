import { style } from '@vanilla-extract/css';
import * as choice from '../styles/choice.css';
import { vars } from '../theme/theme.css';

export const root = choice.row;

export const box = style([
  choice.control,
  {
    borderRadius: vars.radius.small,
    selectors: {
      '&[data-state="checked"]': {
        backgroundColor: vars.color.controlChecked,
        borderColor: vars.color.controlChecked,
        color: vars.color.controlCheckedText,
      },
      '&[aria-invalid="true"]:not([data-state="checked"])': { borderColor: vars.color.critical },
    },
  },
]);

export const text = style([choice.text, { gap: vars.space.xxsmall }]);

export const indicator = style({ display: 'flex', width: '16px', height: '16px' });

export const label = style([choice.label, { lineHeight: vars.font.lineHeight.standard }]);
