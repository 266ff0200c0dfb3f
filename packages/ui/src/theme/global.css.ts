import { globalStyle } from '@vanilla-extract/css';
import { darkThemeClass, lightThemeClass, vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle(`html, body, ${darkThemeClass}, ${lightThemeClass}`, {
  fontFamily: vars.font.family,
  fontSize: vars.font.size.standard,
  lineHeight: vars.font.lineHeight.standard,
  color: vars.color.text,
  backgroundColor: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
});

globalStyle('body', { margin: 0, minHeight: '100vh' });

globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });

globalStyle(':focus-visible', {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});

globalStyle('a', { color: vars.color.link });
globalStyle('a:hover', { color: vars.color.linkHover });

globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
