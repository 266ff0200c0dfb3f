// The dependency rules of the root README ('The house'): which package and which portal folder may import what, and no
// import cycle anywhere in the repository. Kept as data plus one small walker so that the rules read like that section.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const SOURCE_FILE = /\.(m?[jt]sx?|cjs|cts)$/;
// Static imports and re-exports, side-effect imports, dynamic import() and require() / createRequire()(…),
// with plain or template-literal (no interpolation) specifiers.
const IMPORT_SPECIFIER =
  /(?:import|export)\s+(type\s+)?[^'"`]*?from\s*['"`]([^'"`$]+)['"`]|\bimport\s*\(\s*['"`]([^'"`$]+)['"`]\s*\)|\bimport\s+['"`]([^'"`$]+)['"`]|\brequire\s*\(\s*['"`]([^'"`$]+)['"`]\s*\)|\bcreateRequire\([^)]*\)\s*\(\s*['"`]([^'"`$]+)['"`]\s*\)/g;
/** Folders that hold generated or installed files, never sources of the package itself. */
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'storybook-static',
  'test-results',
  'playwright-report',
]);
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/** Test files: they may drive a package with more than its production code may use. */
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/**
 * Packages, the workspace packages each may import, and modules it must not import. `typesOnly` narrows an allowed
 * package to type imports of the named entry points (tests excepted: the server's tests drive it with the client).
 */
const PACKAGE_RULES = {
  domain: {
    allowed: [],
    forbiddenModules: [
      /^react(-dom)?($|\/)/,
      /^node:/,
      /^(fs|http|https|net|child_process)$/,
      // Pure rules: texts in the user's language are the app's business.
      /^i18next/,
      /^react-i18next/,
    ],
  },
  ui: {
    allowed: [],
    forbiddenModules: [
      /^i18next/,
      /^react-i18next/,
      // Every text and every datum arrives through props: no fetch, query or routing library.
      /^@tanstack\/(react-)?(query|router)/,
      /^react-query$/,
      /^swr($|\/)/,
      /^openapi-fetch$/,
      /^openapi-react-query$/,
      /^axios$/,
      /^ky$/,
      /^react-router(-dom)?($|\/)/,
    ],
  },
  api: { allowed: ['@portal/domain'], forbiddenModules: [] },
  portal: { allowed: ['@portal/domain', '@portal/api', '@portal/ui'], forbiddenModules: [] },
  server: {
    allowed: ['@portal/domain', '@portal/api'],
    typesOnly: { '@portal/api': ['@portal/api/schema'] },
    forbiddenModules: [/^react(-dom)?($|\/)/],
  },
};

/** Folders of the repository whose sources take part in the cycle check besides packages/. */
const OTHER_SOURCE_FOLDERS = ['e2e', 'scripts', 'tools'];

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir)) {
    if (SKIPPED_FOLDERS.has(entry) || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (SOURCE_FILE.test(entry)) yield path;
  }
}

/** Block comments and whole-line comments: JSDoc examples show imports that the module does not make. */
const COMMENT = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;

/** Every import of a file: its specifier and whether it imports types only (`import type …`, `export type …`). */
function importsOf(file) {
  const text = readFileSync(file, 'utf8').replace(COMMENT, '');
  const imports = [];
  for (const match of text.matchAll(IMPORT_SPECIFIER)) {
    const specifier = match.slice(2).find((group) => group !== undefined);
    imports.push({ specifier, typeOnly: match[1] !== undefined });
  }
  return imports;
}

const RESOLVED_EXTENSIONS = [
  '',
  '.ts',
  '.tsx',
  '.mts',
  '.mjs',
  '.js',
  '.jsx',
  '/index.ts',
  '/index.tsx',
  '/index.js',
];

/** The file a relative specifier names, trying TypeScript's extensions (a specifier's .js may name a .ts); null if none. */
function resolveRelative(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [...RESOLVED_EXTENSIONS.map((ext) => base + ext), base.replace(/\.js$/, '.ts')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/**
 * Import cycles between the repository's source files (relative imports, type imports included), each as the files
 * of one strongly connected group. Tarjan's algorithm, iterative over the graph.
 */
export function findCycles(rootDir) {
  const folders = ['packages', ...OTHER_SOURCE_FOLDERS]
    .map((folder) => join(rootDir, folder))
    .filter((folder) => existsSync(folder));
  const graph = new Map();
  for (const folder of folders) {
    for (const file of sourceFiles(folder)) {
      const targets = importsOf(file)
        .filter(({ specifier }) => specifier.startsWith('.'))
        .map(({ specifier }) => resolveRelative(file, specifier))
        .filter((target) => target !== null);
      graph.set(file, targets);
    }
  }
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (start) => {
    const work = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = graph.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node), low.get(frame.node)));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== frame.node);
      const selfImport = (graph.get(frame.node) ?? []).includes(frame.node);
      if (group.length > 1 || selfImport) groups.push(group.map((file) => relative(rootDir, file)).sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}

/**
 * The server's service area a path of its src/ lies in (`services/<area>/…`), or undefined: a file of services/
 * itself (the access policy, the `Services` type and small shared pieces) or anything outside services/.
 */
function serviceAreaOf(srcParts) {
  return srcParts[0] === 'services' && srcParts.length > 2 ? srcParts[1] : undefined;
}

const AREA_ENTRY = /^index\.[cm]?[jt]sx?$/;

/** The portal feature a path lies in, or undefined. */
function featureOf(packagesDir, path) {
  const parts = relative(join(packagesDir, 'portal', 'src'), path).split(sep);
  return parts[0] === 'features' && parts.length > 2 ? parts[1] : undefined;
}

/** Workspace packages a package.json declares although the rules forbid importing them. */
function declaredViolations(rootDir, name, rule) {
  const manifestPath = join(rootDir, 'packages', name, 'package.json');
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    return [];
  }
  const declared = DEPENDENCY_FIELDS.flatMap((field) => Object.keys(manifest[field] ?? {}));
  return declared
    .filter((dependency) => dependency.startsWith('@portal/') && dependency !== `@portal/${name}`)
    .filter((dependency) => !rule.allowed.includes(dependency))
    .map(
      (dependency) => `${relative(rootDir, manifestPath)}: @portal/${name} must not depend on ${dependency}`,
    );
}

/** Lists every import that breaks a rule, as human-readable lines. */
export function findViolations(rootDir) {
  const packagesDir = join(rootDir, 'packages');
  const violations = [];
  for (const [name, rule] of Object.entries(PACKAGE_RULES)) {
    const packageDir = join(packagesDir, name);
    let files;
    try {
      // The whole package, not only src/: config files, scripts and test runners count too.
      files = [...sourceFiles(packageDir)];
    } catch {
      continue;
    }
    violations.push(...declaredViolations(rootDir, name, rule));
    for (const file of files) {
      const where = relative(rootDir, file);
      for (const { specifier, typeOnly } of importsOf(file)) {
        if (specifier.startsWith('.')) {
          const target = resolve(dirname(file), specifier);
          // Leaving the package is fine for the repository's shared tooling (tools/), never into another package.
          if (!target.startsWith(packageDir + sep) && target.startsWith(packagesDir + sep)) {
            violations.push(`${where}: relative import '${specifier}' leaves @portal/${name}`);
            continue;
          }
          const from = featureOf(packagesDir, file);
          const to = featureOf(packagesDir, target);
          if (name === 'portal' && from && to && from !== to) {
            violations.push(
              `${where}: feature '${from}' imports feature '${to}' (move the shared part to lib/ or @portal/domain)`,
            );
          }
          const targetParts = relative(join(packageDir, 'src'), target).split(sep);
          const fromParts = relative(join(packageDir, 'src'), file).split(sep);
          if (targetParts[0] === 'test' && fromParts[0] !== 'test' && !TEST_FILE.test(file)) {
            violations.push(`${where}: imports test support '${specifier}' (src/test/ is for tests only)`);
          }
          // The server's services are grouped by area, each with one entry point: operations and the rest of the
          // server, and the other areas, see only what an area's index.ts offers. Tests may reach further in.
          const targetArea = name === 'server' ? serviceAreaOf(targetParts) : undefined;
          const fromArea = serviceAreaOf(fromParts);
          const fromServicesTop = fromParts[0] === 'services' && fromArea === undefined;
          if (
            targetArea &&
            targetArea !== fromArea &&
            !fromServicesTop &&
            !TEST_FILE.test(file) &&
            !(targetParts.length === 3 && AREA_ENTRY.test(targetParts[2]))
          ) {
            violations.push(
              `${where}: imports '${specifier}' past the entry point of services/${targetArea}/ (import its index.ts)`,
            );
          }
          const fromLib = fromParts[0] === 'lib';
          if (name === 'portal' && fromLib && (targetParts[0] === 'features' || targetParts[0] === 'app')) {
            violations.push(
              `${where}: lib/ imports ${targetParts[0]}/ (lib is the shared layer below features and app)`,
            );
          }
        } else if (specifier.startsWith('@portal/')) {
          const packageName = specifier.split('/').slice(0, 2).join('/');
          // A package may use its own published name (its pack test does).
          if (packageName !== `@portal/${name}` && !rule.allowed.includes(packageName)) {
            violations.push(`${where}: @portal/${name} must not import ${packageName}`);
            continue;
          }
          const typesOnly = rule.typesOnly?.[packageName];
          if (typesOnly && !TEST_FILE.test(file) && !(typeOnly && typesOnly.includes(specifier))) {
            violations.push(
              `${where}: @portal/${name} may import only types from ${typesOnly.join(', ')} (import type), not '${specifier}'`,
            );
          }
        } else if (rule.forbiddenModules.some((pattern) => pattern.test(specifier))) {
          violations.push(`${where}: @portal/${name} must not import '${specifier}'`);
        }
      }
    }
  }
  for (const group of findCycles(rootDir)) violations.push(`import cycle: ${group.join(' <-> ')}`);
  return violations;
}
