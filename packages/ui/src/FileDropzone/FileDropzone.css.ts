import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const zone = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.small,
  minHeight: '160px',
  minInlineSize: 0,
  margin: 0,
  padding: vars.space.large,
  border: `2px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  textAlign: 'center',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}, border-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&[data-dragging="true"]': {
      borderColor: vars.color.controlChecked,
      backgroundColor: vars.color.surfaceRaised,
    },
    '&[data-invalid="true"]': { borderColor: vars.color.critical },
    '&[data-disabled="true"]': { opacity: 0.6 },
  },
});

export const icon = style({ width: '32px', height: '32px', color: vars.color.textMuted });

export const dropText = style({ margin: 0, color: vars.color.textMuted, overflowWrap: 'anywhere' });

export const input = style({ display: 'none' });

export const progress = style({ alignSelf: 'stretch', textAlign: 'start' });

export const rejections = style({ margin: 0, paddingLeft: vars.space.medium });
