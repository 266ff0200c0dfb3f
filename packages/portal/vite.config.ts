import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { inlinePrefetch, preloadFonts } from './build/indexHtml.ts';
import { precompress } from './build/precompress.ts';
import { preloadRoutePages, routePageChunks } from './build/routePages.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const API_TARGET = process.env.PORTAL_API_TARGET ?? 'http://localhost:8080';

/**
 * React Router's package exports name its development build for every bundler and mode (remix-run/react-router#12532,
 * meant to be temporary); the production build beside it leaves out the development warnings and their checks.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, here, 'VITE_');
  const routePages = routePageChunks();
  return {
    plugins: [
      react(),
      inlinePrefetch((env.VITE_API_BASE_URL ?? '').trim().replace(/\/+$/, '')),
      routePages.plugin,
      preloadRoutePages(),
      preloadFonts(),
      precompress(),
    ],
    resolve: {
      alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      rolldownOptions: {
        output: {
          // What every page needs (the entry and what it imports statically) in one file: a phone on a slow network
          // fetches one file, not eighteen behind HTTP/1.1's six connections (Lighthouse mobile /login 94 → 98). Only
          // those modules: following their dependencies would pull modules of pages loaded on demand into it
          // (686 kB instead of 496 kB). Route pages stay chunks of their own.
          codeSplitting: {
            includeDependenciesRecursively: false,
            groups: [{ name: 'app', tags: ['$initial'] }, ...routePages.groups],
          },
        },
      },
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target: API_TARGET, changeOrigin: true },
        '/media': { target: API_TARGET, changeOrigin: true },
      },
    },
    preview: {
      proxy: {
        '/api': { target: API_TARGET, changeOrigin: true },
        '/media': { target: API_TARGET, changeOrigin: true },
      },
    },
  };
});
