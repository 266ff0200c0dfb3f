import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLongFunctions, longFunctionsIn, MAX_FUNCTION_LINES } from './functionLength.mjs';

/** `count` statement lines, each a line of its own. */
const statements = (count) => Array.from({ length: count }, (_, i) => `  total += ${i};`).join('\n');

/** A function declaration spanning exactly `lines` lines, braces included. */
const declaration = (name, lines) =>
  `export function ${name}(total: number) {\n${statements(lines - 3)}\n  return total;\n}\n`;

function workspace(files) {
  const root = mkdtempSync(join(tmpdir(), 'function-length-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('longFunctionsIn', () => {
  it('counts a function from its first line to its last: 200 lines pass, 201 do not', () => {
    expect(longFunctionsIn(declaration('fits', MAX_FUNCTION_LINES))).toEqual([]);
    expect(longFunctionsIn(`// a comment above does not count\n${declaration('tooLong', 201)}`)).toEqual([
      { name: 'tooLong', line: 2, lines: 201 },
    ]);
  });

  it('names arrow functions, methods, constructors and callbacks by what a reader looks for', () => {
    const source = [
      `const arrow = (total: number) => {\n${statements(5)}\n  return total;\n};`,
      `class Store {\n  constructor(total: number) {\n${statements(5)}\n  }\n  method(total: number) {\n${statements(5)}\n  }\n}`,
      `const handlers = { onSave: function (total: number) {\n${statements(5)}\n} };`,
      `list.forEach((total: number) => {\n${statements(5)}\n});`,
    ].join('\n');
    expect(longFunctionsIn(source, 'source.ts', 5).map((found) => found.name)).toEqual([
      'arrow',
      'Store constructor',
      'method',
      'onSave',
      'callback of list.forEach',
    ]);
  });

  it('reads JSX, and counts a long callback inside a long component on its own', () => {
    const rows = Array.from({ length: 8 }, (_, i) => `          <li key="${i}">{item.name} {'<'} /a"b/</li>`);
    const source = [
      'export function List({ items }: { items: { name: string }[] }) {',
      '  return (',
      '    <ul>',
      '      {items.map((item) => (',
      '        <>',
      ...rows,
      '        </>',
      '      ))}',
      '    </ul>',
      '  );',
      '}',
    ].join('\n');
    expect(longFunctionsIn(source, 'List.tsx', 5)).toEqual([
      { name: 'List', line: 1, lines: 18 },
      { name: 'callback of items.map', line: 4, lines: 12 },
    ]);
  });

  it('skips signatures without a body', () => {
    const overloads = `export function f(a: string): string;\nexport function f(a: number): number;\n${declaration('f', 4)}`;
    expect(longFunctionsIn(overloads, 'f.ts', 3)).toEqual([{ name: 'f', line: 3, lines: 4 }]);
  });
});

describe('findLongFunctions', () => {
  it('checks the listed packages’ sources, not tests, stories, declaration files or other packages', () => {
    const long = declaration('tooLong', 201);
    const root = workspace({
      'packages/portal/src/lib/long.ts': long,
      'packages/portal/src/features/x/Page.tsx': `${declaration('fits', 20)}${declaration('PageBody', 250)}`,
      'packages/portal/src/lib/long.test.ts': long,
      'packages/ui/src/Button/Button.stories.tsx': long,
      'packages/api/src/schema.d.ts': 'export interface paths { a: string }\n',
      'packages/portal/node_modules/dep/index.js': long,
      'packages/server/src/services/long.ts': long,
    });
    expect(findLongFunctions(root, { packages: ['portal', 'ui', 'api'] })).toEqual([
      { file: 'packages/portal/src/features/x/Page.tsx', name: 'PageBody', line: 21, lines: 250 },
      { file: 'packages/portal/src/lib/long.ts', name: 'tooLong', line: 1, lines: 201 },
    ]);
    expect(findLongFunctions(root, { packages: ['server'] })).toHaveLength(1);
  });
});
