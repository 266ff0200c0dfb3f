import { style } from '@vanilla-extract/css';
import { input } from '../FormField/FormField.css';
import { vars } from '../theme/theme.css';

/** The single-line input look, grown to several lines: resizable in height only. */
export const textArea = style([
  input,
  {
    display: 'block',
    minHeight: 'auto',
    resize: 'vertical',
    fontFamily: 'inherit',
    lineHeight: vars.font.lineHeight.standard,
  },
]);
