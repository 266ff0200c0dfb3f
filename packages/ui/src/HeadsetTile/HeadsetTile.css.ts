import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { mediaBelow } from '../styles/media';
import { barFill, barTrack } from '../styles/rules';
import { vars } from '../theme/theme.css';

export const list = style({
  display: 'grid',
  // Six columns in a 1280 px window beside the navigation, five on a 768 px tablet: 30 tiles in five or six rows.
  gridTemplateColumns: 'repeat(auto-fill, minmax(9.25rem, 1fr))',
  gap: vars.space.small,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [mediaBelow.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.xsmall },
  },
});

export const root = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontFamily: vars.font.family,
  fontSize: vars.font.size.small,
  lineHeight: vars.font.lineHeight.tight,
  selectors: {
    '&[data-status="offline"]': { borderStyle: 'dashed', borderColor: vars.color.borderStrong },
    // Selected: a thick outline in the focus colour and a raised surface, besides the ticked box.
    '&[data-selected]': {
      backgroundColor: vars.color.surfaceRaised,
      boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}`,
    },
    '&[data-attention]': { borderColor: vars.color.info, borderWidth: '2px' },
    '&:focus-within': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.3rem',
  padding: vars.space.small,
  cursor: 'pointer',
  minWidth: 0,
  flexGrow: 1,
});

export const head = style({ display: 'flex', alignItems: 'center', gap: vars.space.xsmall, minWidth: 0 });

export const check = style({
  margin: 0,
  width: '1.05rem',
  height: '1.05rem',
  flexShrink: 0,
  accentColor: vars.color.controlChecked,
  cursor: 'pointer',
  // The tile shows the focus; the box itself keeps no second ring.
  outline: 'none',
});

export const name = style({
  fontWeight: vars.font.weight.bold,
  fontSize: vars.font.size.standard,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  minWidth: 0,
});

export const picture = recipe({
  base: { width: '1.75rem', height: '1.125rem', flexShrink: 0, overflow: 'visible' },
  variants: {
    status: {
      online: { color: vars.color.positive, fill: 'currentColor' },
      offline: { color: vars.color.textMuted, fill: 'none' },
      noAnswer: { color: vars.color.warning, fill: 'none' },
    },
  },
});
export type PictureVariants = NonNullable<RecipeVariants<typeof picture>>;

export const goggles = style({ stroke: 'currentColor', strokeWidth: 2 });
export const nose = style({ fill: vars.color.surface, stroke: 'currentColor', strokeWidth: 1.5 });
export const slash = style({ stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round' });
export const question = style({
  fill: 'currentColor',
  stroke: 'none',
  fontSize: '10px',
  fontWeight: 700,
  fontFamily: vars.font.family,
});

export const line = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.xsmall,
  flexWrap: 'wrap',
});

export const muted = style({ color: vars.color.textMuted });

export const batteryRow = style({ display: 'inline-flex', alignItems: 'center', gap: '0.25rem' });

export const battery = style({ width: '1.5rem', height: '0.75rem', flexShrink: 0 });
export const batteryShell = style({ fill: 'none', stroke: vars.color.textMuted, strokeWidth: 1.5 });
export const batteryTip = style({ fill: vars.color.textMuted });
export const batteryFill = recipe({
  variants: {
    low: { true: { fill: vars.color.critical }, false: { fill: vars.color.positive } },
  },
});

export const playback = style({ display: 'flex', flexDirection: 'column', gap: '0.2rem', minWidth: 0 });

export const title = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const track = style(barTrack('0.4rem'));

export const fill = recipe({
  base: { ...barFill, display: 'block', backgroundColor: vars.color.info },
  variants: {
    // Paused: stripes, so the state does not rest on colour alone.
    paused: {
      true: {
        backgroundImage: `repeating-linear-gradient(135deg, ${vars.color.info} 0 3px, transparent 3px 6px)`,
        backgroundColor: 'transparent',
      },
      false: {},
    },
  },
});

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: '0.25rem' });

export const attention = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: '0 0.4rem',
  borderRadius: vars.radius.small,
  backgroundColor: vars.color.info,
  color: vars.color.background,
  fontWeight: vars.font.weight.bold,
});
