// The build's changes to index.html: the inline prefetch script, and the frame of every change that needs the
// built bundle (the preloads of fonts and route pages).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';

/** The portal package's folder: the paths below are relative to it. */
const packageRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Inlines src/lib/prefetchScript.js where index.html says `<!-- portal:prefetch -->`, so the API calls of
 * the first screen start before the app's JavaScript has even been requested.
 */
export function inlinePrefetch(apiBaseUrl: string): Plugin {
  return {
    name: 'portal:inline-prefetch',
    async transformIndexHtml(html) {
      const source = await readFile(join(packageRoot, 'src/lib/prefetchScript.js'), 'utf8');
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
 * A build-only plugin that rewrites index.html once the bundle is written ('post'), with the bundle's files and the
 * configured base at hand: the frame of every index.html change below.
 */
export function builtIndexHtml(
  name: string,
  transform: (html: string, bundle: Rolldown.OutputBundle, base: string) => string,
): Plugin {
  let base = '/';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => (bundle ? transform(html, bundle, base) : html),
    },
  };
}

/** The web font files of German text (the Latin subset of each weight @portal/ui's theme loads). */
const FIRST_SCREEN_FONTS = /-latin-\d+-normal-[\w-]+\.woff2$/;

/**
 * Preloads the fonts of the first screen from index.html: the browser would ask for them only once the first layout
 * needs them, and text drawn in the fallback font moves when they come (font-display: swap; the Mediathek's cards
 * shifted by 0.02 when they came after the first frame).
 */
export function preloadFonts(): Plugin {
  return builtIndexHtml('portal:preload-fonts', (html, bundle, base) => {
    const fonts = Object.keys(bundle).filter((name) => FIRST_SCREEN_FONTS.test(name));
    if (fonts.length === 0)
      throw new Error('no Latin woff2 font in the bundle: did the theme change its fonts?');
    const links = fonts.map(
      (name) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${base}${name}" />`,
    );
    return html.replace('</head>', `${links.join('')}</head>`);
  });
}
