import type { Decorator, Preview } from '@storybook/react-vite';
import { useEffect, useLayoutEffect } from 'react';
import { STORY_RENDERED } from 'storybook/internal/core-events';
import { addons } from 'storybook/preview-api';
import '../packages/ui/src/theme/fonts';
import '../packages/ui/src/theme/global.css';
import { darkThemeClass, lightThemeClass } from '../packages/ui/src/theme/theme.css';

const themes = { dark: darkThemeClass, light: lightThemeClass } as const;
type ThemeName = keyof typeof themes;

/**
 * The dark-blue scheme is the portal's default. The class also goes on <html> because Radix portals
 * (dialogs, toasts) render outside the story's wrapper, exactly as they do in the app.
 */
const withTheme: Decorator = (Story, context) => {
  const name: ThemeName = context.globals.theme === 'light' ? 'light' : 'dark';
  const themeClass = themes[name];
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.add(themeClass);
    return () => root.classList.remove(themeClass);
  }, [themeClass]);
  return (
    <div className={themeClass} style={{ padding: '1rem' }}>
      <Story />
    </div>
  );
};

/**
 * Hover stories set `parameters.pseudo` (storybook-addon-pseudo-states): the addon rewrites every
 * `:hover` rule to also match under a `pseudo-hover-all` class and puts that class on the root
 * (`rootSelector: 'body'`, so portalled menus and tooltips are covered too). It rewrites the
 * stylesheets when Storybook announces a rendered story; the Vitest run renders stories without
 * Storybook's preview, so nothing announces it there and this decorator does, once the story is in the
 * DOM. Hover story play functions can then assert the hover colours in both places.
 */
const withPseudoStatesInTests: Decorator = (Story, context) => {
  const portable = Boolean(context.parameters.__isPortableStory);
  const forced = Object.keys(context.parameters.pseudo ?? {}).some((key) => key !== 'rootSelector');
  useEffect(() => {
    if (portable && forced) addons.getChannel().emit(STORY_RENDERED);
  }, [portable, forced]);
  return <Story />;
};

const preview: Preview = {
  decorators: [withPseudoStatesInTests, withTheme],
  globalTypes: {
    theme: {
      description: 'Colour scheme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'dark', title: 'Dark blue (default)' },
          { value: 'light', title: 'Light blue' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'dark' },
  parameters: {
    a11y: { test: 'error' },
    pseudo: { rootSelector: 'body' },
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
};

export default preview;
