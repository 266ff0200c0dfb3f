// The dependency rules of docs/architecture: which package and which portal folder may import what.
// Kept as data plus one small walker so that the rules read like the architecture page.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const SOURCE_FILE = /\.(m?[jt]sx?|cjs|cts)$/;
// Static imports and re-exports, side-effect imports, dynamic import() and require() / createRequire()(…),
// with plain or template-literal (no interpolation) specifiers.
const IMPORT_SPECIFIER =
  /(?:import|export)\s[^'"`]*?from\s*['"`]([^'"`$]+)['"`]|\bimport\s*\(\s*['"`]([^'"`$]+)['"`]\s*\)|\bimport\s+['"`]([^'"`$]+)['"`]|\brequire\s*\(\s*['"`]([^'"`$]+)['"`]\s*\)|\bcreateRequire\([^)]*\)\s*\(\s*['"`]([^'"`$]+)['"`]\s*\)/g;
/** Folders that hold generated or installed files, never sources of the package itself. */
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'storybook-static',
  'test-results',
  'playwright-report',
]);
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/** Packages and the workspace packages each may import. `null` = any non-workspace module is fine. */
const PACKAGE_RULES = {
  domain: {
    allowed: [],
    forbiddenModules: [/^react(-dom)?($|\/)/, /^node:/, /^(fs|http|https|net|child_process)$/],
  },
  ui: { allowed: [], forbiddenModules: [/^i18next/, /^react-i18next/] },
  api: { allowed: ['@portal/domain'], forbiddenModules: [] },
  portal: { allowed: ['@portal/domain', '@portal/api', '@portal/ui'], forbiddenModules: [] },
  server: { allowed: ['@portal/domain', '@portal/api'], forbiddenModules: [] },
};

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

function importsOf(file) {
  const text = readFileSync(file, 'utf8').replace(COMMENT, '');
  const specifiers = [];
  for (const match of text.matchAll(IMPORT_SPECIFIER)) {
    specifiers.push(match.slice(1).find((group) => group !== undefined));
  }
  return specifiers;
}

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
      for (const specifier of importsOf(file)) {
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
          const fromLib = relative(join(packageDir, 'src'), file).split(sep)[0] === 'lib';
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
          }
        } else if (rule.forbiddenModules.some((pattern) => pattern.test(specifier))) {
          violations.push(`${where}: @portal/${name} must not import '${specifier}'`);
        }
      }
    }
  }
  return violations;
}
