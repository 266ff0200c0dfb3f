import { style } from '@vanilla-extract/css';
import { mediaTouch } from '../styles/media';
import { linkTouchTarget, wrappingRowList } from '../styles/rules';
import { vars } from '../theme/theme.css';

export const list = style({
  ...wrappingRowList,
  fontSize: vars.font.size.small,
});

export const item = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  minWidth: 0,
});

export const separator = style({ width: '14px', height: '14px', flexShrink: 0, color: vars.color.textMuted });

export const textSeparator = style({ color: vars.color.textMuted });

export const link = style({
  color: vars.color.link,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  overflowWrap: 'anywhere',
  selectors: { '&:hover': { color: vars.color.linkHover } },
  // Under a finger a whole target (WCAG 2.5.5), however short the entry.
  '@media': {
    [mediaTouch]: linkTouchTarget,
  },
});

export const current = style({
  color: vars.color.text,
  fontWeight: vars.font.weight.semibold,
  overflowWrap: 'anywhere',
  textDecoration: 'none',
});
