import { createGlobalTheme, createTheme, createThemeContract } from '@vanilla-extract/css';
import { darkTokens, lightTokens } from './tokens';

/** The semantic token contract: every component styles itself through these CSS variables only. */
export const vars = createThemeContract(darkTokens);

// Overlays that Radix portals into <body> sit outside any themed wrapper; giving :root the default
// (dark-blue) scheme keeps them readable even when the app themes only a subtree.
createGlobalTheme(':root', vars, darkTokens);

/** Class name of the light-blue colour scheme. Put it on <html> so portalled overlays follow it too. */
export const lightThemeClass = createTheme(vars, lightTokens, 'light');

/** Class name of the dark-blue colour scheme, the portal's default. */
export const darkThemeClass = createTheme(vars, darkTokens, 'dark');
