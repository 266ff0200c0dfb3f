import { keyframes, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { mediaBelow, mediaTouch, TOUCH_TARGET } from '../styles/media';
import { roundQuietButton, roundQuietButtonStates } from '../styles/rules';
import { feedbackTones, messageFrame, messageIcon } from '../styles/tones.css';
import { vars } from '../theme/theme.css';

const slideIn = keyframes({
  from: { transform: 'translateX(calc(100% + 16px))' },
  to: { transform: 'translateX(0)' },
});

const riseIn = keyframes({
  from: { transform: 'translateY(calc(100% + 16px))' },
  to: { transform: 'translateY(0)' },
});

/**
 * At the bottom of the window, where no page heading is (the h1 sits at the top, under the navbar): bottom right on
 * wide screens, across the bottom on phones. Newest last, nearest the edge.
 */
export const viewport = style({
  position: 'fixed',
  bottom: 0,
  right: 0,
  zIndex: vars.zIndex.toast,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  width: '420px',
  maxWidth: '100vw',
  maxHeight: '100vh',
  overflowY: 'auto',
  margin: 0,
  padding: vars.space.medium,
  listStyle: 'none',
  outline: 'none',
  '@media': { [mediaBelow.tablet]: { left: 0, width: 'auto', padding: vars.space.small } },
});

const toneColours = { success: 'positive', error: 'critical', warning: 'warning', info: 'info' } as const;

export const root = recipe({
  base: {
    ...messageFrame('auto 1fr auto'),
    boxShadow: vars.shadow.large,
    selectors: {
      '&[data-state="open"]': { animation: `${slideIn} ${vars.motion.standard} ${vars.motion.easing}` },
      '&[data-swipe="move"]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
      '&[data-swipe="end"]': { transform: 'translateX(var(--radix-toast-swipe-end-x))' },
    },
    '@media': {
      [mediaBelow.tablet]: {
        selectors: {
          '&[data-state="open"]': { animation: `${riseIn} ${vars.motion.standard} ${vars.motion.easing}` },
        },
      },
    },
  },
  variants: {
    tone: feedbackTones(toneColours, (colour) => ({ borderLeftColor: colour })),
  },
});

export type RootVariants = NonNullable<RecipeVariants<typeof root>>;

export const icon = messageIcon(toneColours);

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall, minWidth: 0 });

export const title = style({ fontWeight: vars.font.weight.bold, overflowWrap: 'anywhere' });

export const description = style({
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const close = style({
  ...roundQuietButton,
  width: '32px',
  height: '32px',
  marginTop: '-5px',
  '@media': {
    [mediaTouch]: { width: TOUCH_TARGET, height: TOUCH_TARGET, marginTop: '-11px', marginRight: '-11px' },
  },
  marginRight: '-5px',
  selectors: roundQuietButtonStates,
});

export const closeIcon = style({ width: '16px', height: '16px' });

/** A toast's action ('Rückgängig'): a quiet button under the text, a whole target under a finger. */
export const action = style({
  alignSelf: 'flex-start',
  marginTop: vars.space.xsmall,
  minHeight: '32px',
  paddingInline: vars.space.medium,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.full,
  backgroundColor: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontWeight: vars.font.weight.semibold,
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceRaised },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
  '@media': { [mediaTouch]: { minHeight: TOUCH_TARGET } },
});
