// The route pages that should not cost a round trip of their own: one chunk each (where that helps) and preloaded from
// index.html on their route.
import { basename, dirname, extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ESTree, Plugin, Rolldown } from 'vite';
import { builtIndexHtml } from './indexHtml.ts';

/** The portal package's folder: the paths below are relative to it. */
const packageRoot = fileURLToPath(new URL('..', import.meta.url));

interface PreloadedRoutePage {
  module: string;
  paths: RegExp;
  /** Its modules in one chunk (`routePageChunks`): for a page whose first paint waits for them on a phone. */
  oneChunk: boolean;
  /** The page is for signed-in users: an anonymous visitor is sent to /login, so nothing is preloaded for them. */
  signedIn?: boolean;
  /**
   * Namespaces the page needs beyond the first screen's (`NAMESPACES` of src/lib/i18n.ts), preloaded in German as
   * index.html preloads those: German is the fallback language, loaded beside any other.
   */
  namespaces?: string[];
}

/**
 * Route pages that are loaded on demand but should not cost a round trip on their own route: the page's
 * chunk (and the chunks it alone needs) is announced as modulepreload by an inline script in index.html
 * when the address is that route, so it is fetched beside the entry; other routes (/login) never load it.
 */
const PRELOADED_ROUTE_PAGES: PreloadedRoutePage[] = [
  // A query string (search, filters) shows the same page.
  { module: 'src/features/library/LibraryPage.tsx', paths: /^\/library\/?$/, oneChunk: true },
  // The index page: what the portal is and the ways in (issue 23).
  { module: 'src/features/public/HomePage.tsx', paths: /^\/$/, oneChunk: true },
  // The fleet: its files, its words and (lib/prefetchScript.js) its list came one after the other, each waiting for
  // the one before (Lighthouse mobile: the list was asked for 0.6 s after the page). Its chunks stay as Rolldown cuts
  // them: one chunk would hold the Radix packages that other pages load it for.
  {
    module: 'src/features/devices/DevicesPage.tsx',
    paths: /^\/dashboard\/devices\/?$/,
    oneChunk: false,
    signedIn: true,
    namespaces: ['devices'],
  },
];

const chunkOfModule = (module: string) => (chunk: Rolldown.OutputChunk) =>
  chunk.moduleIds.includes(resolve(packageRoot, module));

/** The names a module takes from `source` (its import and export-from declarations); '*' for all of them. */
function namesTakenFrom(program: ESTree.Program, source: string): string[] {
  const names: string[] = [];
  for (const node of program.body) {
    if (node.type === 'ExportAllDeclaration' && node.source.value === source) names.push('*');
    if (node.type !== 'ImportDeclaration' && node.type !== 'ExportNamedDeclaration') continue;
    if (node.source?.value !== source) continue;
    for (const specifier of node.specifiers) {
      if (specifier.type === 'ImportSpecifier') names.push(nameOf(specifier.imported));
      else if (specifier.type === 'ExportSpecifier') names.push(nameOf(specifier.local));
      else names.push('*');
    }
  }
  return names;
}

const nameOf = (node: ESTree.ModuleExportName) => (node.type === 'Identifier' ? node.name : node.value);

/**
 * One chunk for each preloaded route page: the modules it needs beyond the entry, save those another preloaded page
 * needs too. Left to Rolldown, the Mediathek came as 17 files of about 1 kB (its own, @portal/ui's components and the
 * lib/ modules it shares with other pages, each set of sharing pages a file of its own): on HTTP/1.1's six
 * connections a phone waited for them in rounds before the first paint. Other pages that need one of those modules
 * load that chunk instead. Only what the page imports statically is taken, and of @portal/ui's index, which
 * re-exports every component, only the components the page names: never, e.g., the Radix packages of dialogs the page
 * loads on demand or does not have.
 */
export function routePageChunks(): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  const modulesOf = new Map<string, ReadonlySet<string>>();
  const plugin: Plugin = {
    name: 'portal:route-page-chunks',
    apply: 'build',
    async buildEnd() {
      const ui = await this.resolve('@portal/ui', resolve(packageRoot, 'src/main.tsx'));
      const uiIndex = ui && this.getModuleInfo(ui.id);
      if (!ui || !uiIndex?.code) throw new Error('@portal/ui is not part of the build');
      // @portal/ui's index (tsup's output): each component imported from its chunk, then exported.
      const uiProgram = this.parse(uiIndex.code);
      const chunkOfLocal = new Map<string, string>();
      for (const node of uiProgram.body) {
        if (node.type !== 'ImportDeclaration') continue;
        const chunk = resolve(dirname(ui.id), node.source.value);
        for (const specifier of node.specifiers) chunkOfLocal.set(specifier.local.name, chunk);
      }
      const uiModuleOf = new Map<string, string>();
      for (const node of uiProgram.body) {
        if (node.type !== 'ExportNamedDeclaration' || node.source) continue;
        for (const specifier of node.specifiers) {
          const chunk = chunkOfLocal.get(nameOf(specifier.local));
          if (chunk) uiModuleOf.set(nameOf(specifier.exported), chunk);
        }
      }
      const importsOf = (id: string): string[] => {
        // The index's own imports are followed by name only; what it declares itself (the theme's values) needs none.
        if (id === ui.id) return [];
        const info = this.getModuleInfo(id);
        if (!info?.importedIds.includes(ui.id)) return info?.importedIds ?? [];
        const names = namesTakenFrom(this.parse(info.code ?? ''), '@portal/ui');
        const components = names.includes('*') ? [ui.id] : names.map((name) => uiModuleOf.get(name) ?? ui.id);
        return [...info.importedIds.filter((imported) => imported !== ui.id), ...components];
      };
      const staticClosure = (starts: string[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const imported of importsOf(id)) visit(imported);
        };
        for (const id of starts) visit(id);
        return seen;
      };
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const initial = staticClosure(entries);
      const closures = PRELOADED_ROUTE_PAGES.filter((page) => page.oneChunk).map(({ module }) => {
        const id = resolve(packageRoot, module);
        if (!this.getModuleInfo(id)) throw new Error(`${module} is not part of the build`);
        return { module, modules: staticClosure([id]) };
      });
      for (const { module, modules } of closures) {
        const others = closures.filter((other) => other.module !== module);
        modulesOf.set(
          module,
          new Set(
            [...modules].filter((id) => !initial.has(id) && !others.some((other) => other.modules.has(id))),
          ),
        );
      }
    },
  };
  const groups = PRELOADED_ROUTE_PAGES.filter((page) => page.oneChunk).map(({ module }) => ({
    name: basename(module, extname(module)),
    test: (id: string) => modulesOf.get(module)?.has(id) ?? false,
  }));
  return { plugin, groups };
}

export function preloadRoutePages(): Plugin {
  return builtIndexHtml('portal:preload-route-pages', (html, bundle, base) => {
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
    const chunkOf = (module: string) => {
      const chunk = chunks.find(chunkOfModule(module));
      if (!chunk || loadedByEntry.has(chunk.fileName))
        throw new Error(`${module} is not in a chunk of its own: is it still loaded on demand?`);
      return chunk.fileName;
    };
    const routes = PRELOADED_ROUTE_PAGES.map(({ module, paths, signedIn = false, namespaces = [] }) => {
      const files = [...closure([chunkOf(module)])].filter((name) => !loadedByEntry.has(name));
      const words = namespaces.map((namespace) => `${base}locales/de/${namespace}.json`);
      return { paths: paths.source, signedIn, files: files.map((name) => `${base}${name}`), words };
    });
    // Signed in: the prefetch script (inlined before this one) asked for users/me with the stored token.
    const script = `((routes) => { const add = (rel, href, as) => { const link = document.createElement('link'); link.rel = rel; link.crossOrigin = ''; link.href = href; if (as) link.as = as; document.head.append(link); }; for (const route of routes) { if (!new RegExp(route.paths).test(location.pathname)) continue; if (route.signedIn && !window.__portalPrefetch?.me) continue; for (const href of route.files) add('modulepreload', href); for (const href of route.words) add('preload', href, 'fetch'); } })(${JSON.stringify(routes)});`;
    // Before the entry and the stylesheet: an inline script after a stylesheet waits until the stylesheet has
    // loaded, which held the page's chunks back by a round trip (Lighthouse: requested after the CSS arrived).
    const entry = html.indexOf('<script type="module"');
    if (entry < 0) throw new Error('index.html has no module script to preload the route pages before');
    return `${html.slice(0, entry)}<script>${script}</script>\n    ${html.slice(entry)}`;
  });
}
