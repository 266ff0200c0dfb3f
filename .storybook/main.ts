import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

/**
 * Addons that are dev dependencies of @portal/ui (not of the workspace root) are resolved from that
 * package; Storybook takes their absolute directory.
 */
const fromUiPackage = (name: string): string =>
  dirname(
    createRequire(new URL('../packages/ui/package.json', import.meta.url)).resolve(`${name}/package.json`),
  );

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../packages/ui/src/**/*.mdx', '../packages/ui/src/**/*.stories.@(ts|tsx)'],
  addons: [
    '@storybook/addon-docs',
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
    // Hover stories force :hover with `parameters.pseudo` (real pointer hover cannot be scripted in a
    // story; the addon rewrites :hover rules to also match a class on the story root).
    fromUiPackage('storybook-addon-pseudo-states'),
  ],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    viteConfig.plugins = [...(viteConfig.plugins ?? []), vanillaExtractPlugin()];
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
