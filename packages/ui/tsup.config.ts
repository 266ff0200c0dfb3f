import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  target: 'es2022',
  platform: 'browser',
  dts: true,
  clean: true,
  treeshake: true,
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
});
