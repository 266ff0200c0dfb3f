// Story helpers (not part of the package's API): stories rendered on a narrow screen (a phone).
// Plain data without Storybook imports, so the visual runner (visual/stories.visual.ts) reads the same size.

/** A phone's screen, below the tablet breakpoint (768 px): the mobile layout of every component applies. */
export const NARROW_SCREEN = { width: 375, height: 740 } as const;

/**
 * The tag of a narrow-screen story. Storybook copies only literal tags into index.json, so a story writes
 * `tags: ['viewport-narrow']` itself; the visual runner photographs such stories at `NARROW_SCREEN`
 * instead of 1024 × 768.
 */
export const NARROW_SCREEN_TAG = 'viewport-narrow';

/**
 * Spread into a narrow-screen story (besides its literal `tags: ['viewport-narrow']`): Storybook's viewport
 * global at `NARROW_SCREEN`, which the story tests (Vitest) and Storybook's toolbar apply. The layout comes
 * from media queries on the viewport, so a narrow wrapper element would not trigger it.
 */
export const narrowScreen = {
  parameters: {
    viewport: {
      options: {
        narrow: {
          name: `Narrow screen (${NARROW_SCREEN.width} px)`,
          styles: { width: `${NARROW_SCREEN.width}px`, height: `${NARROW_SCREEN.height}px` },
          type: 'mobile',
        },
      },
    },
  },
  globals: { viewport: { value: 'narrow', isRotated: false } },
};
