import { breakpoints } from '../theme/tokens';

type From = keyof typeof breakpoints;

/** Media queries from a breakpoint upwards, e.g. `{ '@media': { [mediaFrom.tablet]: { … } } }`. */
export const mediaFrom = {
  tablet: `screen and (min-width: ${breakpoints.tablet}px)`,
  desktop: `screen and (min-width: ${breakpoints.desktop}px)`,
} as const satisfies Record<From, string>;

/** Media queries below a breakpoint (the complement of `mediaFrom`, without overlap at fractional widths). */
export const mediaBelow = {
  tablet: `screen and (max-width: ${breakpoints.tablet - 0.02}px)`,
  desktop: `screen and (max-width: ${breakpoints.desktop - 0.02}px)`,
} as const satisfies Record<From, string>;

/**
 * A finger for a pointer (phones, tablets, touch screens): every control is then at least `TOUCH_TARGET` high and
 * wide (WCAG 2.5.5), whatever the width of the window. A mouse keeps the denser sizes.
 */
export const mediaTouch = '(pointer: coarse)';

/** The least size of a control under a finger (WCAG 2.5.5, target size). */
export const TOUCH_TARGET = '44px';
