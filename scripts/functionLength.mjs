// The house rule that no function grows beyond 200 lines: a function that long does several things, which then can be
// neither named nor tested one by one. Measured with the TypeScript compiler's own parser, so that JSX, generics and
// regular expressions never confuse the count.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

export const MAX_FUNCTION_LINES = 200;

/**
 * The packages whose `src/` is checked. packages/server is left out for now: it is being restructured (its services
 * and operations) and joins the list once that work has landed.
 */
export const CHECKED_PACKAGES = ['api', 'domain', 'portal', 'ui'];

const SOURCE_FILE = /\.(m?[jt]sx?|cjs|cts)$/;
/** Tests and stories may be long tables of cases; declaration files (the generated schema.d.ts) hold no bodies. */
const SKIPPED_FILE = /\.(test|stories)\.[cm]?[jt]sx?$|\.d\.[cm]?ts$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'storybook-static']);

const SCRIPT_KINDS = {
  tsx: ts.ScriptKind.TSX,
  jsx: ts.ScriptKind.JSX,
  js: ts.ScriptKind.JS,
  mjs: ts.ScriptKind.JS,
};

function scriptKindOf(fileName) {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1);
  return SCRIPT_KINDS[extension] ?? (extension.endsWith('js') ? ts.ScriptKind.JS : ts.ScriptKind.TS);
}

/** A function's name as a reader finds it: its own, the variable or property it is assigned to, or its class's. */
function nameOf(node) {
  if (ts.isConstructorDeclaration(node)) {
    return node.parent.name ? `${node.parent.name.text} constructor` : 'constructor';
  }
  if (node.name) return node.name.getText();
  const { parent } = node;
  if (
    ts.isVariableDeclaration(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent)
  ) {
    return parent.name.getText();
  }
  if (ts.isExportAssignment(parent)) return 'default export';
  if (ts.isCallExpression(parent)) return `callback of ${parent.expression.getText().slice(0, 40)}`;
  return 'anonymous function';
}

/**
 * Every function in the source longer than `limit` lines, from its first line to its last (a function nested in a long
 * one counts on its own too): `{ name, line, lines }`, `line` 1-based.
 */
export function longFunctionsIn(source, fileName = 'source.ts', limit = MAX_FUNCTION_LINES) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, scriptKindOf(fileName));
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > limit) found.push({ name: nameOf(node), line: first + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sourceFiles(folder) {
  const files = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) files.push(...sourceFiles(path));
    } else if (SOURCE_FILE.test(entry.name) && !SKIPPED_FILE.test(entry.name)) files.push(path);
  }
  return files;
}

/**
 * The functions above the limit in `packages/<name>/src` of the checked packages, longest first:
 * `{ file, name, line, lines }` with the file relative to the root, in / form.
 */
export function findLongFunctions(root, { packages = CHECKED_PACKAGES, limit = MAX_FUNCTION_LINES } = {}) {
  const found = [];
  for (const name of packages) {
    for (const path of sourceFiles(join(root, 'packages', name, 'src'))) {
      const file = relative(root, path).split(sep).join('/');
      for (const long of longFunctionsIn(readFileSync(path, 'utf8'), path, limit))
        found.push({ file, ...long });
    }
  }
  return found.sort((a, b) => b.lines - a.lines);
}
