import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import type { Plugin } from 'vite';

/**
 * Addons that are dev dependencies of @portal/ui (not of the workspace root) are resolved from that
 * package; Storybook takes their absolute directory.
 */
const fromUiPackage = (name: string): string =>
  dirname(
    createRequire(new URL('../packages/ui/package.json', import.meta.url)).resolve(`${name}/package.json`),
  );

/**
 * packages/ui/package.json declares only `*.css` as side effects, which is true of the packed files
 * (plain ESM plus dist/index.css). Storybook builds from the source instead, where the global styles
 * (`global.css.ts`) and the font faces (`fonts.ts`) are bare imports of .ts modules: without this the
 * production build (`build:storybook`, the visual baselines) would drop them as side-effect free.
 */
const sourceStylesHaveSideEffects: Plugin = {
  name: 'portal-ui:source-styles-have-side-effects',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (resolved && /[\\/]packages[\\/]ui[\\/]src[\\/](.*\.css\.ts|theme[\\/]fonts\.ts)$/.test(resolved.id)) {
      return { ...resolved, moduleSideEffects: true };
    }
    return resolved;
  },
};

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../packages/ui/src/**/*.mdx', '../packages/ui/src/**/*.stories.@(ts|tsx)'],
  addons: [
    '@storybook/addon-docs',
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
    // Hover stories force :hover with `parameters.pseudo` (real pointer hover cannot be scripted in a
    // story; the addon rewrites :hover rules to also match a class it puts on <body>, see preview.tsx).
    fromUiPackage('storybook-addon-pseudo-states'),
  ],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    viteConfig.plugins = [...(viteConfig.plugins ?? []), vanillaExtractPlugin(), sourceStylesHaveSideEffects];
    // The vanilla-extract plugin turns .css.ts files into imports of these runtime helpers after
    // Vite's dependency scan, so Vite would pre-bundle them mid-run and reload the page under a
    // running story test. They are plain dependency-free ESM, so serve them as they are.
    viteConfig.optimizeDeps = {
      ...viteConfig.optimizeDeps,
      exclude: [
        ...(viteConfig.optimizeDeps?.exclude ?? []),
        '@vanilla-extract/recipes/createRuntimeFn',
        '@vanilla-extract/sprinkles/createRuntimeSprinkles',
      ],
    };
    return viteConfig;
  },
};

export default config;
