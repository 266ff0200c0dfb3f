import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));
const API_TARGET = process.env.PORTAL_API_TARGET ?? 'http://localhost:8080';

/**
 * Inlines src/lib/prefetchScript.js where index.html says `<!-- portal:prefetch -->`, so the API calls of
 * the first screen start before the app's JavaScript has even been requested.
 */
function inlinePrefetch(apiBaseUrl: string): Plugin {
  return {
    name: 'portal:inline-prefetch',
    async transformIndexHtml(html) {
      const source = await readFile(join(here, 'src/lib/prefetchScript.js'), 'utf8');
      const code = source
        .split('\n')
        .filter((line) => !line.trimStart().startsWith('//'))
        .join('\n')
        .replace('__PORTAL_API_BASE__', JSON.stringify(apiBaseUrl));
      return html.replace('<!-- portal:prefetch -->', `<script>${code.trim()}</script>`);
    },
  };
}

/**
 * Route pages that are loaded on demand but should not cost a round trip on their own route: the page's
 * chunk (and the chunks it alone needs) is announced as modulepreload by an inline script in index.html
 * when the address is that route, so it is fetched beside the entry; other routes (/login) never load it.
 */
const PRELOADED_ROUTE_PAGES = [
  // A query string (search, filters) shows the same page.
  { module: 'src/features/library/LibraryPage.tsx', paths: /^\/library\/?$/ },
  // The index page: what the portal is and the ways in (issue 23).
  { module: 'src/features/public/HomePage.tsx', paths: /^\/$/ },
];

function preloadRoutePages(): Plugin {
  let base = '/';
  return {
    name: 'portal:preload-route-pages',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (start: string[]) => {
          const seen = new Set<string>();
          const visit = (name: string) => {
            if (seen.has(name)) return;
            seen.add(name);
            for (const dependency of byName.get(name)?.imports ?? []) visit(dependency);
          };
          for (const name of start) visit(name);
          return seen;
        };
        const loadedByEntry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        const routes = PRELOADED_ROUTE_PAGES.map(({ module, paths }) => {
          const page = chunks.find((chunk) => chunk.facadeModuleId === resolve(here, module));
          if (!page) throw new Error(`${module} is not a chunk of its own: is it still loaded on demand?`);
          const files = [...closure([page.fileName])].filter((name) => !loadedByEntry.has(name));
          return { paths: paths.source, files: files.map((name) => `${base}${name}`) };
        });
        const script = `((routes) => { for (const route of routes) { if (!new RegExp(route.paths).test(location.pathname)) continue; for (const href of route.files) { const link = document.createElement('link'); link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = href; document.head.append(link); } } })(${JSON.stringify(routes)});`;
        // Before the entry and the stylesheet: an inline script after a stylesheet waits until the stylesheet has
        // loaded, which held the page's chunks back by a round trip (Lighthouse: requested after the CSS arrived).
        const entry = html.indexOf('<script type="module"');
        if (entry < 0) throw new Error('index.html has no module script to preload the route pages before');
        return `${html.slice(0, entry)}<script>${script}</script>\n    ${html.slice(entry)}`;
      },
    },
  };
}

/**
 * React Router's package exports name its development build for every bundler and mode (remix-run/react-router#12532,
 * meant to be temporary); the production build beside it leaves out the development warnings and their checks.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/** The web font files of German text (the Latin subset of each weight @portal/ui's theme loads). */
const FIRST_SCREEN_FONTS = /-latin-\d+-normal-[\w-]+\.woff2$/;

/**
 * Preloads the fonts of the first screen from index.html: the browser would ask for them only once the first layout
 * needs them, and text drawn in the fallback font moves when they come (font-display: swap; the Mediathek's cards
 * shifted by 0.02 when they came after the first frame).
 */
function preloadFonts(): Plugin {
  let base = '/';
  return {
    name: 'portal:preload-fonts',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const fonts = Object.keys(bundle).filter((name) => FIRST_SCREEN_FONTS.test(name));
        if (fonts.length === 0)
          throw new Error('no Latin woff2 font in the bundle: did the theme change its fonts?');
        const links = fonts.map(
          (name) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${base}${name}" />`,
        );
        return html.replace('</head>', `${links.join('')}</head>`);
      },
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|woff2|pdf|txt)$/;

async function* filesIn(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(path);
    else yield path;
  }
}

/**
 * Writes .br and .gz beside every compressible file of dist/, so the server sends them as they are
 * (no compression per request). Copies that would not be smaller are skipped.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const brotli = promisify(brotliCompress);
      const gz = promisify(gzip);
      const jobs: Promise<void>[] = [];
      for await (const file of filesIn(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        jobs.push(
          (async () => {
            const raw = await readFile(file);
            const size = (await stat(file)).size;
            const [br, gzipped] = await Promise.all([
              brotli(raw, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
                },
              }),
              gz(raw, { level: 9 }),
            ]);
            if (br.length < size) await writeFile(`${file}.br`, br);
            if (gzipped.length < size) await writeFile(`${file}.gz`, gzipped);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, here, 'VITE_');
  return {
    plugins: [
      react(),
      inlinePrefetch((env.VITE_API_BASE_URL ?? '').trim().replace(/\/+$/, '')),
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
            groups: [{ name: 'app', tags: ['$initial'] }],
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
