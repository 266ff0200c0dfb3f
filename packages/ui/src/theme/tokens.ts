import { palette } from './palette';

/** The pixel height of the AppShell navbar (spec: 60 px). */
export const NAVBAR_HEIGHT_PX = 60;

/**
 * Viewport widths (px) from which the layout changes: `tablet` from 768 px, `desktop` from 1024 px;
 * below `tablet` is `mobile`. Media queries cannot read CSS variables, so these are plain numbers that
 * the sprinkles, `Columns`, `Tiles` and `AppShell` all build their media queries from.
 * @example window.matchMedia(`(min-width: ${breakpoints.desktop}px)`).matches
 */
export const breakpoints = { tablet: 768, desktop: 1024 } as const;

/** The names of the responsive conditions: `mobile` (the default, no media query), `tablet`, `desktop`. */
export const breakpointNames = ['mobile', 'tablet', 'desktop'] as const;
export type Breakpoint = (typeof breakpointNames)[number];

/** Colours by role; components never pick a palette value directly. */
export interface ColorTokens {
  /** Page background. */
  background: string;
  /** Cards, dialogs, toasts. */
  surface: string;
  /** Hover state of interactive surfaces and raised areas on a surface. */
  surfaceRaised: string;
  /** Hairlines between regions. */
  border: string;
  /** Borders of form controls; meets 3:1 against background and surface. */
  borderStrong: string;
  text: string;
  textMuted: string;
  link: string;
  linkHover: string;
  /** Orange call to action (primary buttons). */
  ctaBackground: string;
  ctaBackgroundHover: string;
  ctaText: string;
  /** Dark-blue secondary actions. */
  secondaryBackground: string;
  secondaryBackgroundHover: string;
  secondaryText: string;
  ghostBackgroundHover: string;
  dangerBackground: string;
  dangerBackgroundHover: string;
  dangerText: string;
  /** Text and accents for errors. */
  critical: string;
  positive: string;
  warning: string;
  info: string;
  focusRing: string;
  /** Dialog backdrop. */
  overlay: string;
  inputBackground: string;
  /** A ticked checkbox. */
  controlChecked: string;
  controlCheckedText: string;
  navbarBackground: string;
  navbarText: string;
  navbarBorder: string;
  /** Focus ring inside the navbar, which stays dark in both schemes. */
  navbarFocusRing: string;
  /** Text of the current navigation entry. */
  navActive: string;
  skipLinkBackground: string;
  skipLinkText: string;
  /** Tooltips stand out from every surface: an inverted background. */
  tooltipBackground: string;
  tooltipText: string;
}

export const spaceNames = [
  'none',
  'xxsmall',
  'xsmall',
  'small',
  'medium',
  'large',
  'xlarge',
  'xxlarge',
] as const;
export type Space = (typeof spaceNames)[number];

export const fontSizeNames = [
  'xsmall',
  'small',
  'standard',
  'large',
  'xlarge',
  'xxlarge',
  'xxxlarge',
] as const;
export type FontSize = (typeof fontSizeNames)[number];

export interface ThemeTokens {
  color: ColorTokens;
  space: Record<Space, string>;
  radius: { small: string; medium: string; large: string; full: string };
  font: {
    family: string;
    size: Record<FontSize, string>;
    weight: { regular: string; semibold: string; bold: string };
    lineHeight: { tight: string; standard: string };
  };
  shadow: { small: string; medium: string; large: string };
  /** Stacking order: menus and tooltips (popover) sit above dialogs because they may open inside one. */
  zIndex: {
    navbar: string;
    overlay: string;
    dialog: string;
    popover: string;
    toast: string;
    skipLink: string;
  };
  motion: { fast: string; standard: string; slow: string; easing: string };
  layout: {
    navbarHeight: string;
    contentMaxWidth: string;
    /** Dialog widths: small for confirmations, standard for forms, large for content. */
    dialogWidthSmall: string;
    dialogWidth: string;
    dialogWidthLarge: string;
  };
}

const shared = {
  space: {
    none: '0',
    xxsmall: '2px',
    xsmall: '4px',
    small: '8px',
    medium: '16px',
    large: '24px',
    xlarge: '32px',
    xxlarge: '48px',
  },
  radius: { small: '4px', medium: '8px', large: '24px', full: '9999px' },
  font: {
    family: "'Assistant', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    size: {
      xsmall: '0.75rem',
      small: '0.875rem',
      standard: '1rem',
      large: '1.125rem',
      xlarge: '1.375rem',
      xxlarge: '1.75rem',
      xxxlarge: '2.25rem',
    },
    weight: { regular: '400', semibold: '600', bold: '700' },
    lineHeight: { tight: '1.25', standard: '1.5' },
  },
  zIndex: {
    navbar: '100',
    overlay: '1000',
    dialog: '1001',
    popover: '1050',
    toast: '1100',
    skipLink: '1200',
  },
  motion: { fast: '100ms', standard: '200ms', slow: '350ms', easing: 'cubic-bezier(0.2, 0, 0, 1)' },
  layout: {
    navbarHeight: `${NAVBAR_HEIGHT_PX}px`,
    contentMaxWidth: '1280px',
    dialogWidthSmall: '420px',
    dialogWidth: '560px',
    dialogWidthLarge: '800px',
  },
} satisfies Omit<ThemeTokens, 'color' | 'shadow'>;

/** The default colour scheme. */
export const darkTokens = {
  ...shared,
  color: {
    background: palette.darkBlue[900],
    surface: palette.darkBlue[800],
    surfaceRaised: palette.darkBlue[700],
    border: palette.darkBlue[600],
    borderStrong: palette.darkBlue[300],
    text: palette.neutral[0],
    textMuted: palette.darkBlue[100],
    link: palette.lightBlue[300],
    linkHover: palette.lightBlue[200],
    ctaBackground: palette.orange[500],
    ctaBackgroundHover: palette.orange[600],
    ctaText: palette.neutral[900],
    secondaryBackground: palette.darkBlue[600],
    secondaryBackgroundHover: palette.darkBlue[500],
    secondaryText: palette.neutral[0],
    ghostBackgroundHover: palette.darkBlue[700],
    dangerBackground: palette.red[600],
    dangerBackgroundHover: palette.red[700],
    dangerText: palette.neutral[0],
    critical: palette.red[300],
    positive: palette.green[300],
    warning: palette.yellow[300],
    info: palette.lightBlue[300],
    focusRing: palette.lightBlue[300],
    overlay: palette.alpha.black60,
    inputBackground: palette.darkBlue[950],
    controlChecked: palette.lightBlue[300],
    controlCheckedText: palette.darkBlue[950],
    navbarBackground: palette.darkBlue[950],
    navbarText: palette.neutral[0],
    navbarBorder: palette.darkBlue[700],
    navbarFocusRing: palette.lightBlue[300],
    navActive: palette.orange[500],
    skipLinkBackground: palette.orange[500],
    skipLinkText: palette.neutral[900],
    tooltipBackground: palette.lightBlue[50],
    tooltipText: palette.darkBlue[900],
  },
  shadow: {
    small: `0 1px 2px ${palette.alpha.black40}`,
    medium: `0 4px 12px ${palette.alpha.black45}`,
    large: `0 12px 32px ${palette.alpha.black55}`,
  },
} satisfies ThemeTokens;

export const lightTokens = {
  ...shared,
  color: {
    background: palette.lightBlue[50],
    surface: palette.neutral[0],
    surfaceRaised: palette.lightBlue[100],
    border: palette.lightBlue[200],
    borderStrong: palette.neutral[500],
    text: palette.darkBlue[900],
    textMuted: palette.neutral[600],
    link: palette.lightBlue[700],
    linkHover: palette.lightBlue[900],
    ctaBackground: palette.orange[500],
    ctaBackgroundHover: palette.orange[600],
    ctaText: palette.neutral[900],
    secondaryBackground: palette.darkBlue[700],
    secondaryBackgroundHover: palette.darkBlue[800],
    secondaryText: palette.neutral[0],
    ghostBackgroundHover: palette.lightBlue[100],
    dangerBackground: palette.red[600],
    dangerBackgroundHover: palette.red[700],
    dangerText: palette.neutral[0],
    critical: palette.red[700],
    positive: palette.green[700],
    warning: palette.yellow[700],
    info: palette.lightBlue[700],
    focusRing: palette.lightBlue[600],
    overlay: palette.alpha.darkBlue55,
    inputBackground: palette.neutral[0],
    controlChecked: palette.lightBlue[700],
    controlCheckedText: palette.neutral[0],
    navbarBackground: palette.darkBlue[800],
    navbarText: palette.neutral[0],
    navbarBorder: palette.darkBlue[700],
    navbarFocusRing: palette.lightBlue[300],
    navActive: palette.orange[500],
    skipLinkBackground: palette.orange[500],
    skipLinkText: palette.neutral[900],
    tooltipBackground: palette.darkBlue[900],
    tooltipText: palette.neutral[0],
  },
  shadow: {
    small: `0 1px 2px ${palette.alpha.darkBlue12}`,
    medium: `0 4px 12px ${palette.alpha.darkBlue16}`,
    large: `0 12px 32px ${palette.alpha.darkBlue24}`,
  },
} satisfies ThemeTokens;
