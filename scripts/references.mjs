// Names in prose that must exist: every README and every code comment that names a file, a document or a function
// names one the repository has. What counts as a name, kept narrow so that the check finds stale words without crying
// wolf:
// - a path under a docs folder anywhere, and a document name (ending in .md), backticked or not;
// - a backticked file name: one with a known extension (`commands.ts`, `lib/commands.ts`), or a path from a known
//   top folder (`src/test/`);
// - a backticked call (`name()`, `object.name()`) and a JSDoc link to a name: the identifier occurs in some code;
// - a relative Markdown link target.
// A file name matches when some file or folder of the repository ends with it (`lib/commands.ts` finds
// packages/portal/src/lib/commands.ts); a relative link must resolve from its README. Globs, placeholders (`<id>`,
// `{lng}`), URLs, package specifiers, bare extensions and what the build or a run writes (gitignored folders,
// CHANGELOG.md) are not checked. Changesets (.changeset/*.md) are release notes of their day and are not read.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/** Folders that hold installed, generated or run-time files: never walked, and names inside them are not checked. */
const OUTPUT_FOLDERS = new Set([
  'node_modules',
  'dist',
  'storybook-static',
  'test-results',
  'playwright-report',
  'blob-report',
  '.tmp',
  '.tools',
  '.data',
  '.git',
  '.outbox',
  '.uploads',
  '.vitest-attachments',
  '__screenshots__',
]);
/** Names of other software that prose quotes (S3's error codes, Playwright's options): no code of ours has them. */
const FOREIGN_NAMES = new Set(['AccessDenied', 'maxDiffPixelRatio']);
/** Files that a tool writes later (Changesets writes the changelog on the first release). */
const WRITTEN_LATER = new Set(['CHANGELOG.md']);

const SOURCE_FILE = /\.(m?[jt]sx?|c[jt]s)$/;
/** Files whose words are names too: the contract's fields and operations, translation keys, story pages. */
const NAMING_FILE = /\.(json|ya?ml|html|mdx|css)$/;
/** A backticked name in camelCase or PascalCase with a second word (`uploadErrorText`, `ServerRefusal`). */
const CODE_NAME = /^([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*)$/;
const FILE_EXTENSIONS =
  /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|json|md|mdx|yaml|yml|css|html|sql|sh|png|svg|woff2?)$/;
/** First segments of paths that name the repository's folders even without an extension (`src/test/`). */
const PATH_ROOTS = new Set([
  'src',
  'docs',
  'lib',
  'app',
  'features',
  'packages',
  'scripts',
  'tools',
  'e2e',
  'openapi',
  'visual',
]);

/**
 * The comments of a JavaScript or TypeScript source, each with the line it starts on, and the code without them.
 * Strings, template literals and regular expression literals are skipped, so `//` in a URL is no comment.
 */
export function splitSource(source) {
  const comments = [];
  let code = '';
  let line = 1;
  let index = 0;
  let lastSignificant = '';
  const take = (until) => {
    const text = source.slice(index, until);
    for (const char of text) if (char === '\n') line += 1;
    index = until;
    return text;
  };
  while (index < source.length) {
    const char = source[index];
    const next = source[index + 1];
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', index);
      const startLine = line;
      comments.push({ line: startLine, text: take(end === -1 ? source.length : end) });
      continue;
    }
    if (char === '/' && next === '*') {
      const end = source.indexOf('*/', index + 2);
      const startLine = line;
      const text = take(end === -1 ? source.length : end + 2);
      comments.push({ line: startLine, text });
      code += text.replace(/[^\n]/g, ' ');
      continue;
    }
    if (char === "'" || char === '"' || char === '`') {
      let end = index + 1;
      while (end < source.length && source[end] !== char) end += source[end] === '\\' ? 2 : 1;
      code += take(Math.min(end + 1, source.length));
      lastSignificant = char;
      continue;
    }
    // A slash after an operator, a keyword such as `return`, or at the start opens a regular expression literal, not
    // a division.
    const afterOperator = lastSignificant === '' || '(,=:[!&|?{};+-*%<>~^'.includes(lastSignificant);
    if (
      char === '/' &&
      (afterOperator || /\b(return|typeof|case|in|of|void|yield|await|else|do)\s*$/.test(code.slice(-16)))
    ) {
      let end = index + 1;
      let inClass = false;
      while (end < source.length && source[end] !== '\n' && (inClass || source[end] !== '/')) {
        if (source[end] === '\\') end += 1;
        else if (source[end] === '[') inClass = true;
        else if (source[end] === ']') inClass = false;
        end += 1;
      }
      code += take(Math.min(end + 1, source.length));
      lastSignificant = '/';
      continue;
    }
    if (!/\s/.test(char)) lastSignificant = char;
    code += take(index + 1);
  }
  return { comments, code };
}

/** Markdown without fenced code blocks (examples, commands): their lines stay, emptied, so line numbers hold. */
function markdownProse(text) {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/** A backticked span that names a file or folder, cleaned of `./`, a line number or an anchor; else null. */
export function fileNameIn(span) {
  const name = span
    .trim()
    .replace(/^(\.\.?\/)+/, '')
    .replace(/(:\d+)+$|#.*$/, '');
  // Package specifiers (`@portal/ui/styles.css`) name exports, not files; `.css.ts` names a kind of file.
  if (!/^[\w.-]+(\/[\w@.-]+)*\/?$/.test(name) || name.split('/').at(-1)?.startsWith('.')) return null;
  if (FILE_EXTENSIONS.test(name.replace(/\/$/, ''))) return name;
  const first = name.split('/')[0];
  return name.includes('/') && PATH_ROOTS.has(first) ? name : null;
}

/** What a piece of prose names: files and folders, documents, called identifiers, and Markdown link targets. */
export function referencesIn(text) {
  const found = [];
  const at = (offset) => text.slice(0, offset).split('\n').length - 1;
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const span = match[1];
    const call = /^(?:[\w$]+\.)*([A-Za-z_$][\w$]*)\(\)$/.exec(span.trim()) ?? CODE_NAME.exec(span.trim());
    if (call) found.push({ kind: 'identifier', name: call[1], shown: span, line: at(match.index) });
    const file = fileNameIn(span);
    if (file) found.push({ kind: 'file', name: file, shown: span, line: at(match.index) });
  }
  const unquoted = text.replace(/`[^`\n]+`/g, (span) => ' '.repeat(span.length));
  // Link targets are checked as links, from their README; outside them a path is a name anywhere in the repository.
  const prose = unquoted.replace(/\]\([^)\s]+\)/g, (link) => ' '.repeat(link.length));
  const named = (path) => path.replace(/^(\.\.?\/)+/, '');
  for (const match of prose.matchAll(/(?<![\w/.@-])(?:[\w.-]+\/)*docs\/[\w./-]*[\w/]/g)) {
    found.push({ kind: 'file', name: named(match[0]), shown: match[0], line: at(match.index) });
  }
  for (const match of prose.matchAll(/(?<![\w/.@-])(?:[\w.-]+\/)*[\w-]+\.md\b(?![\w/-])/g)) {
    if (!match[0].includes('docs/')) {
      found.push({ kind: 'file', name: named(match[0]), shown: match[0], line: at(match.index) });
    }
  }
  for (const match of text.matchAll(/\{@link\s+(?:[\w$]+\.)*([A-Za-z_$][\w$]*)[^}]*\}/g)) {
    found.push({ kind: 'identifier', name: match[1], shown: match[0], line: at(match.index) });
  }
  for (const match of unquoted.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1].replace(/#.*$/, '');
    if (target && !/^[a-z]+:/i.test(target) && !target.startsWith('#')) {
      found.push({ kind: 'link', name: target, shown: match[1], line: at(match.index) });
    }
  }
  return found;
}

function walk(rootDir) {
  const files = [];
  const folders = [];
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (OUTPUT_FOLDERS.has(entry.name)) continue;
      const path = join(dir, entry.name);
      const rel = relative(rootDir, path).split(sep).join('/');
      if (entry.isDirectory()) {
        folders.push(rel);
        visit(path);
      } else files.push(rel);
    }
  };
  visit(rootDir);
  return { files, folders };
}

/** Every dangling name in the READMEs (every *.md) and the code comments under `rootDir`, as readable lines. */
export function findDanglingReferences(rootDir) {
  const { files, folders } = walk(rootDir);
  const known = new Set([...files, ...folders]);
  const suffixes = new Set();
  for (const path of known) {
    const parts = path.split('/');
    for (let start = 0; start < parts.length; start += 1) suffixes.add(parts.slice(start).join('/'));
  }
  const identifiers = new Set();
  const texts = [];
  for (const file of files) {
    if (SOURCE_FILE.test(file)) {
      const { comments, code } = splitSource(readFileSync(join(rootDir, file), 'utf8'));
      for (const word of code.match(/[A-Za-z_$][\w$]*/g) ?? []) identifiers.add(word);
      for (const comment of comments) texts.push({ file, line: comment.line, text: comment.text });
    } else if (NAMING_FILE.test(file) && !file.endsWith('pnpm-lock.yaml')) {
      for (const word of readFileSync(join(rootDir, file), 'utf8').match(/[A-Za-z_$][\w$]*/g) ?? []) {
        identifiers.add(word);
      }
    } else if (file.endsWith('README.md')) {
      texts.push({ file, line: 1, text: markdownProse(readFileSync(join(rootDir, file), 'utf8')) });
    }
  }
  const exists = (reference, file) => {
    if (reference.kind === 'identifier')
      return identifiers.has(reference.name) || FOREIGN_NAMES.has(reference.name);
    if (reference.kind === 'link') {
      const target = normalize(join(dirname(file), reference.name))
        .split(sep)
        .join('/');
      return known.has(target.replace(/\/$/, '')) || OUTPUT_FOLDERS.has(target.split('/')[0]);
    }
    const name = reference.name.replace(/\/$/, '');
    const segments = name.split('/');
    if (segments.some((segment) => OUTPUT_FOLDERS.has(segment)) || WRITTEN_LATER.has(segments.at(-1)))
      return true;
    return suffixes.has(name);
  };
  const dangling = [];
  for (const { file, line, text } of texts) {
    for (const reference of referencesIn(text)) {
      if (!exists(reference, file)) {
        const what = reference.kind === 'identifier' ? 'no code has' : 'the repository has no';
        dangling.push(`${file}:${line + reference.line}: ${reference.shown} (${what} ${reference.name})`);
      }
    }
  }
  return dangling;
}
