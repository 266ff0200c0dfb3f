import type { Decorator, Preview } from '@storybook/react-vite';
import { useLayoutEffect } from 'react';
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

const preview: Preview = {
  decorators: [withTheme],
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
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
};

export default preview;
