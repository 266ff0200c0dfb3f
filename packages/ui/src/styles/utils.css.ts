import { style } from '@vanilla-extract/css';
import { mediaBelow } from './media';
import { clippedAway } from './rules';

/** Hidden on screen, still read by screen readers. */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/**
 * Hidden on phones (below the tablet breakpoint), still read: a label that gives way to its icon or avatar on
 * a narrow navbar and stays the control's accessible name.
 */
export const visuallyHiddenOnPhones = style({
  '@media': {
    [mediaBelow.tablet]: clippedAway,
  },
});
