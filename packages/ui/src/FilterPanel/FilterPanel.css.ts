import { style } from '@vanilla-extract/css';
import { mediaBelow, mediaFrom } from '../styles/media';
import { vars } from '../theme/theme.css';

/** The toggle is for phones and tablets; from a desktop's width the filters always show. */
export const toggle = style({
  '@media': { [mediaFrom.desktop]: { display: 'none' } },
});

export const chevron = style({
  width: '1em',
  height: '1em',
  transition: 'transform 150ms ease',
  selectors: { '[aria-expanded="true"] > span > &': { transform: 'rotate(180deg)' } },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const count = style({
  fontWeight: vars.font.weight.bold,
});

/** Closed below a desktop's width: out of the layout and of the accessibility tree; open: the filters one below another. */
export const content = style({
  '@media': {
    // At least one row of fields (label line, gap, 44 px control): filters whose code or choices arrive later take
    // the room they will fill, and the list below does not move.
    [mediaFrom.desktop]: {
      minHeight: `calc(${vars.font.size.standard} * ${vars.font.lineHeight.standard} + ${vars.space.xsmall} + 44px)`,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'flex-end',
    },
    [mediaBelow.desktop]: {
      marginTop: vars.space.small,
      selectors: { '&[data-open="false"]': { display: 'none' } },
    },
  },
});
