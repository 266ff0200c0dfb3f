import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { mediaBelow } from '../styles/media';
import { barFill, barTrack } from '../styles/rules';
import { vars } from '../theme/theme.css';

export const list = style({
  display: 'grid',
  // Seven columns in a 1280 px window, six at 1024 px, four on a 768 px tablet: 30 tiles in five to eight rows of
  // one height each, under the page's buttons on 1280 × 800, 1024 × 768 and 768 × 1024.
  gridTemplateColumns: 'repeat(auto-fill, minmax(9.75rem, 1fr))',
  gap: vars.space.xsmall,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [mediaBelow.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.xsmall },
  },
});

export const root = style({
  position: 'relative',
  // The progress bar runs along the lower edge, inside the rounded corners.
  overflow: 'hidden',
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
  gap: '0.15rem',
  // The lower padding leaves room for the progress along the edge.
  padding: `0.3rem ${vars.space.small} 0.4rem`,
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

/** One line that gives way with an ellipsis: a tile never grows for a long name, title or status. */
const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 } as const;

export const name = style({
  ...oneLine,
  fontWeight: vars.font.weight.bold,
  fontSize: vars.font.size.standard,
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

// One line whatever is in it, so every tile has the same height: what plays (or the status) gives way with an
// ellipsis, the battery keeps its place.
export const line = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.xsmall,
  minWidth: 0,
});

export const muted = style({ color: vars.color.textMuted });

export const statusText = style([muted, oneLine]);

export const batteryRow = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.25rem',
  flexShrink: 0,
});

export const battery = style({ width: '1.5rem', height: '0.75rem', flexShrink: 0 });
export const batteryShell = style({ fill: 'none', stroke: vars.color.textMuted, strokeWidth: 1.5 });
export const batteryTip = style({ fill: vars.color.textMuted });
export const batteryFill = recipe({
  variants: {
    low: { true: { fill: vars.color.critical }, false: { fill: vars.color.positive } },
  },
});

export const title = style(oneLine);

/** What plays: the playing or paused symbol and the title, which gives way with an ellipsis. */
export const playing = style({ display: 'inline-flex', alignItems: 'center', gap: '0.25rem', minWidth: 0 });
export const stateSymbol = style({
  width: '0.625rem',
  height: '0.625rem',
  fill: vars.color.info,
  flexShrink: 0,
});

export const track = style([
  barTrack('0.25rem'),
  { position: 'absolute', insetInline: 0, bottom: 0, borderRadius: 0 },
]);

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
