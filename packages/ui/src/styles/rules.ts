import type { StyleRule } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';
import { TOUCH_TARGET } from './media';

// Style rules that several components spread into their own styles: the look is one decision, the class each
// component's own.

/** A list laid out as a wrapping row of small items, without bullets or indentation (Breadcrumb, Pagination). */
export const wrappingRowList = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xsmall,
  margin: 0,
  padding: 0,
  listStyle: 'none',
} satisfies StyleRule;

/** The rounded track a bar fills (ProgressBar, StorageBar); the bars differ only in how thick they are. */
export function barTrack(height: string): StyleRule {
  return {
    position: 'relative',
    height,
    overflow: 'hidden',
    borderRadius: vars.radius.full,
    backgroundColor: vars.color.surfaceRaised,
    border: `1px solid ${vars.color.borderStrong}`,
  };
}

/** The filled part of a bar track, which glides to a new width. */
export const barFill = {
  height: '100%',
  borderRadius: vars.radius.full,
  transition: `width ${vars.motion.standard} ${vars.motion.easing}`,
} satisfies StyleRule;

/** A link grown to a whole target for a finger (WCAG 2.5.5), however short its text (Breadcrumb, DataTable). */
export const linkTouchTarget = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: TOUCH_TARGET,
  minWidth: TOUCH_TARGET,
} satisfies StyleRule;

/**
 * Out of sight and still read by screen readers, clipped to nothing; for text that is hidden only under a condition
 * (a narrow screen, DataTable's cards), where `visuallyHidden` of utils.css.ts is the unconditional class.
 */
export const clippedAway = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} satisfies StyleRule;

/** A small round button without a frame (an input's show/hide and clear, a toast's close); its size is its own. */
export const roundQuietButton = {
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: vars.radius.full,
  color: vars.color.text,
  cursor: 'pointer',
} satisfies StyleRule;

/** How a `roundQuietButton` answers the pointer and the keyboard. */
export const roundQuietButtonStates = {
  '&:hover': { backgroundColor: vars.color.surfaceRaised },
  '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
};
