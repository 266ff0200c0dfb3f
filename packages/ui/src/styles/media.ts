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
