import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileNameIn, findDanglingReferences, referencesIn, splitSource } from './references.mjs';

function workspace(files) {
  const root = mkdtempSync(join(tmpdir(), 'references-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('splitSource', () => {
  it('finds line and block comments with their lines, not slashes in strings or regular expressions', () => {
    const source = [
      "const url = 'https://example.org'; // the first",
      'const re = /["\'`]\\/\\//g;',
      '/** the second,',
      ' * on two lines */',
      'const half = total / 2; // the third',
      'function f() { return /a"b/.test(x); } // the fourth',
    ].join('\n');
    const { comments, code } = splitSource(source);
    expect(comments).toEqual([
      { line: 1, text: '// the first' },
      { line: 3, text: '/** the second,\n * on two lines */' },
      { line: 5, text: '// the third' },
      { line: 6, text: '// the fourth' },
    ]);
    expect(code).toContain("'https://example.org'");
    expect(code).not.toContain('second');
  });
});

describe('fileNameIn', () => {
  it('takes file names with a known extension and paths from a known top folder', () => {
    expect(fileNameIn('lib/commands.ts')).toBe('lib/commands.ts');
    expect(fileNameIn('./scripts/run.mjs:12')).toBe('scripts/run.mjs');
    expect(fileNameIn('src/test/')).toBe('src/test/');
    expect(fileNameIn('README.md#scripts')).toBe('README.md');
  });

  it('leaves globs, placeholders, URLs, package specifiers, bare extensions and other code alone', () => {
    for (const span of [
      'src/docs/*.mdx',
      'public/locales/{lng}/{ns}.json',
      'src/<Component>/',
      'https://example.org/a.js',
      '@portal/ui/styles.css',
      '.css.ts',
      'vr-portal.accessToken',
      'sessions/refresh/',
      '1.5.0',
      "t('key')",
    ]) {
      expect(fileNameIn(span), span).toBeNull();
    }
  });
});

describe('referencesIn', () => {
  it('names files, documents, docs paths, calls, code names, JSDoc links and relative links', () => {
    const text = [
      'See `lib/commands.ts` and `sendToHeadsets()` (`uploadErrorText`), docs/architecture and language.md,',
      'also {@link refusalReason} and [the API](../api/README.md); not `plain`, not [a site](https://example.org).',
    ].join('\n');
    expect(referencesIn(text).map(({ kind, name, line }) => [kind, name, line])).toEqual([
      ['file', 'lib/commands.ts', 0],
      ['identifier', 'sendToHeadsets', 0],
      ['identifier', 'uploadErrorText', 0],
      ['file', 'docs/architecture', 0],
      ['file', 'language.md', 0],
      ['identifier', 'refusalReason', 1],
      ['link', '../api/README.md', 1],
    ]);
  });
});

describe('findDanglingReferences', () => {
  const root = workspace({
    'README.md': [
      '# Example',
      'The commands live in `lib/commands.ts`, the pool in `lib/parallel.ts`; see [the api](packages/api/README.md).',
      '```sh',
      'node `scripts/not-checked-in-code-blocks.mjs`',
      '```',
      'Design background: docs/architecture.md. Output goes to `dist/index.js` and `CHANGELOG.md`.',
    ].join('\n'),
    'packages/api/README.md': 'Calls `createClient()` and `removedHelper()`, see [root](../../README.md).',
    'packages/portal/src/lib/commands.ts': [
      '/** One request for all; {@link createClient} sends it, {@link goneFunction} no more. */',
      'export function createClient() {}',
      '// Words as `uploadMessageKey` says them; the test doubles in `src/test/`, `fakeServer.ts`.',
      "const message = 'words in a string: `notChecked()`';",
    ].join('\n'),
    'packages/portal/src/test/fakeServer.ts': 'export const fake = 1;',
    'packages/portal/public/locales/de/common.json': '{ "commandFailures": {} }',
  });

  it('reports what names nothing in the repository, with file and line', () => {
    expect(findDanglingReferences(root)).toEqual([
      'README.md:2: lib/parallel.ts (the repository has no lib/parallel.ts)',
      'README.md:6: docs/architecture.md (the repository has no docs/architecture.md)',
      'packages/api/README.md:1: removedHelper() (no code has removedHelper)',
      'packages/portal/src/lib/commands.ts:1: {@link goneFunction} (no code has goneFunction)',
      'packages/portal/src/lib/commands.ts:3: uploadMessageKey (no code has uploadMessageKey)',
    ]);
  });
});
