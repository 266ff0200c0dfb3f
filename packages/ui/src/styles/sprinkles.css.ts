import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';
import { vars } from '../theme/theme.css';
import { mediaFrom } from './media';

/** Equal grid columns: `gridTemplateColumns={{ mobile: 1, tablet: 2, desktop: 3 }}`. */
export const gridColumnCounts = [1, 2, 3, 4, 5, 6] as const;
export type GridColumns = (typeof gridColumnCounts)[number];
const gridTemplateColumns = Object.fromEntries(
  gridColumnCounts.map((count) => [count, `repeat(${count}, minmax(0, 1fr))`]),
) as Record<GridColumns, string>;

const responsive = defineProperties({
  conditions: {
    mobile: {},
    tablet: { '@media': mediaFrom.tablet },
    desktop: { '@media': mediaFrom.desktop },
  },
  defaultCondition: 'mobile',
  properties: {
    display: ['none', 'block', 'inline', 'inline-block', 'flex', 'inline-flex', 'grid'],
    flexDirection: ['row', 'column'],
    gridTemplateColumns,
    gap: vars.space,
    paddingTop: vars.space,
    paddingBottom: vars.space,
    paddingLeft: vars.space,
    paddingRight: vars.space,
    marginTop: vars.space,
    marginBottom: vars.space,
    marginLeft: vars.space,
    marginRight: vars.space,
  },
  shorthands: {
    padding: ['paddingTop', 'paddingBottom', 'paddingLeft', 'paddingRight'],
    paddingX: ['paddingLeft', 'paddingRight'],
    paddingY: ['paddingTop', 'paddingBottom'],
    margin: ['marginTop', 'marginBottom', 'marginLeft', 'marginRight'],
    marginX: ['marginLeft', 'marginRight'],
    marginY: ['marginTop', 'marginBottom'],
  },
});

const plain = defineProperties({
  properties: {
    flexWrap: ['wrap', 'nowrap'],
    alignItems: ['flex-start', 'center', 'flex-end', 'stretch', 'baseline'],
    justifyContent: ['flex-start', 'center', 'flex-end', 'space-between'],
    flexGrow: [0, 1],
    flexShrink: [0, 1],
    minWidth: ['0'],
    width: ['auto', '100%'],
    textAlign: ['left', 'center', 'right'],
    borderRadius: vars.radius,
    background: {
      background: vars.color.background,
      surface: vars.color.surface,
      surfaceRaised: vars.color.surfaceRaised,
    },
    color: {
      text: vars.color.text,
      textMuted: vars.color.textMuted,
      critical: vars.color.critical,
      positive: vars.color.positive,
    },
    listStyle: ['none'],
  },
});

/** Atomic layout classes; Box turns its props into these. */
export const sprinkles = createSprinkles(responsive, plain);

export type Sprinkles = Parameters<typeof sprinkles>[0];
