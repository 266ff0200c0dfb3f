import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { defineConfig } from 'tsup';

/** Deletes every CSS file but dist/index.css, which alone holds all styles. */
async function keepOneCssFile(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'fonts') await keepOneCssFile(path);
    else if (entry.name.endsWith('.css') && path !== join('dist', 'index.css')) await rm(path);
  }
}

export default defineConfig({
  // One module per component (not one big file) so an app's bundler can move a component it loads
  // lazily, such as TermsDialog with Radix Dialog, out of its entry chunk.
  entry: ['src/index.ts', 'src/*/*.tsx', '!src/**/*.stories.tsx', '!src/**/*.test.tsx'],
  format: ['esm'],
  target: 'es2022',
  platform: 'browser',
  splitting: true,
  dts: { entry: 'src/index.ts' },
  clean: true,
  treeshake: false,
  external: ['react', 'react-dom', 'react/jsx-runtime', /^@radix-ui\//, /^@vanilla-extract\//],
  // The font CSS must be bundled into dist/index.css rather than left as a bare import in the JS.
  noExternal: [/^@fontsource\//],
  esbuildPlugins: [vanillaExtractPlugin({ identifiers: 'short' })],
  // Fonts are emitted beside index.css and referenced relatively, so any bundler (or a plain
  // static server) that serves dist/index.css resolves them.
  loader: { '.woff': 'file', '.woff2': 'file' },
  esbuildOptions(options) {
    options.assetNames = 'fonts/[name]-[hash]';
  },
  async onSuccess() {
    await keepOneCssFile('dist');
  },
});
