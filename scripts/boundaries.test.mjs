import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findViolations } from './boundaries.mjs';

function workspace(files) {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('findViolations', () => {
  it('accepts imports that follow the architecture', () => {
    const root = workspace({
      'packages/domain/src/a.ts': 'export const a = 1;',
      'packages/api/src/b.ts': "import { a } from '@portal/domain';",
      'packages/portal/src/features/auth/c.tsx':
        "import { Button } from '@portal/ui';\nimport { env } from '../../lib/env';",
      'packages/server/src/d.ts': "import type { paths } from '@portal/api';",
    });
    expect(findViolations(root)).toEqual([]);
  });

  it('rejects ui and domain importing anything of ours', () => {
    const root = workspace({
      'packages/ui/src/x.ts': "import { a } from '@portal/domain';",
      'packages/domain/src/y.ts': "import { b } from '@portal/api';\nimport React from 'react';",
    });
    const found = findViolations(root);
    expect(found).toHaveLength(3);
    expect(found.join('\n')).toMatch(/@portal\/ui must not import @portal\/domain/);
    expect(found.join('\n')).toMatch(/@portal\/domain must not import 'react'/);
  });

  it('rejects the server importing ui or portal, also through relative paths', () => {
    const root = workspace({
      'packages/server/src/x.ts': "import { Button } from '@portal/ui';\nimport '../../portal/src/main';",
    });
    expect(findViolations(root)).toHaveLength(2);
  });

  it('rejects one portal feature importing another, statically or dynamically', () => {
    const root = workspace({
      'packages/portal/src/features/library/List.tsx': "import { Login } from '../auth/Login';",
      'packages/portal/src/features/devices/Page.tsx': "const p = import('../playback/Bar');",
      'packages/portal/src/lib/env.ts': "import { x } from '../features/auth/x';",
    });
    const found = findViolations(root);
    expect(found).toHaveLength(3);
    expect(found).toContainEqual(expect.stringMatching(/feature 'library' imports feature 'auth'/));
    expect(found).toContainEqual(expect.stringMatching(/feature 'devices' imports feature 'playback'/));
    expect(found).toContainEqual(expect.stringMatching(/lib\/ imports features\//));
  });

  it('finds require(), createRequire and template-literal imports, also outside src/', () => {
    const root = workspace({
      'packages/ui/src/a.cjs': "const domain = require('@portal/domain');",
      'packages/ui/tsup.config.ts': "const api = createRequire(import.meta.url)('@portal/api');",
      'packages/domain/scripts/b.ts': 'const ui = await import(`@portal/ui`);',
      'packages/ui/visual/c.ts': "import { options } from '../../../tools/chromium.ts';",
    });
    const found = findViolations(root);
    expect(found).toHaveLength(3);
    expect(found).toContainEqual(
      expect.stringMatching(/a\.cjs: @portal\/ui must not import @portal\/domain/),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/tsup\.config\.ts: @portal\/ui must not import @portal\/api/),
    );
    expect(found).toContainEqual(expect.stringMatching(/b\.ts: @portal\/domain must not import @portal\/ui/));
  });

  it('rejects a package.json that declares a forbidden workspace package', () => {
    const root = workspace({
      'packages/ui/package.json': JSON.stringify({ devDependencies: { '@portal/domain': 'workspace:*' } }),
      'packages/server/package.json': JSON.stringify({
        name: '@portal/server',
        dependencies: { '@portal/domain': 'workspace:*', '@portal/portal': 'workspace:*' },
      }),
    });
    expect(findViolations(root)).toEqual([
      'packages/ui/package.json: @portal/ui must not depend on @portal/domain',
      'packages/server/package.json: @portal/server must not depend on @portal/portal',
    ]);
  });

  it('ignores imports that only stand in comments', () => {
    const root = workspace({
      'packages/ui/src/Bar.tsx':
        "/**\n * @example\n * import { formatDuration } from '@portal/domain';\n */\n// import { x } from '@portal/api';\nexport const url = 'http://example.org';",
    });
    expect(findViolations(root)).toEqual([]);
  });
});
