import type { StyleRule } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

// Style rules that several components spread into their own styles: the look is one decision, the class each
// component's own.

/** A list laid out as a wrapping row of small items, without bullets or indentation (Breadcrumb, Pagination). */
export const wrappingRowList: StyleRule = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xsmall,
  margin: 0,
  padding: 0,
  listStyle: 'none',
};

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
export const barFill: StyleRule = {
  height: '100%',
  borderRadius: vars.radius.full,
  transition: `width ${vars.motion.standard} ${vars.motion.easing}`,
};
