/**
 * What every decorative inline icon shares (hidden from assistive technology: the text beside it says it); colours
 * follow the text (currentColor), so the theme decides them. A module of its own: the help icon of every page's header
 * (HelpIcon.tsx) is part of the first screen, the content-type icons (icons.tsx) are not.
 */
export const ICON_ATTRIBUTES = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;
