import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, findViolations } from './boundaries.mjs';

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
      'packages/server/src/d.ts': "import type { paths } from '@portal/api/schema';",
      'packages/server/src/d.test.ts': "import { uploadMultipart } from '@portal/api';",
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

  it('lets only tests and test support import a package’s test support (src/test/)', () => {
    const root = workspace({
      'packages/api/src/test/fakeServer.ts':
        "import { client } from '../client';\nimport { a } from './other';",
      'packages/api/src/upload/multipart.test.ts': "import { fake } from '../test/fakeServer';",
      'packages/api/src/upload/multipart.ts': "import { fake } from '../test/fakeServer';",
      'packages/portal/src/features/devices/Page.tsx': "import { testDevice } from '../../test/devices';",
    });
    const found = findViolations(root);
    expect(found).toEqual([
      expect.stringMatching(/api\/src\/upload\/multipart\.ts: imports test support/),
      expect.stringMatching(/portal\/src\/features\/devices\/Page\.tsx: imports test support/),
    ]);
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

  it('lets the server import only the generated schema types of @portal/api (its tests may drive it)', () => {
    const root = workspace({
      'packages/server/src/a.ts': "import { createPortalClient } from '@portal/api';",
      'packages/server/src/b.ts': "import { operations } from '@portal/api/schema';",
      'packages/server/src/c.ts': "import type { components } from '@portal/api/schema';",
      'packages/server/src/c.test.ts': "import { uploadMultipart } from '@portal/api';",
    });
    const found = findViolations(root);
    expect(found).toHaveLength(2);
    expect(found).toContainEqual(
      expect.stringMatching(/^packages\/server\/src\/a\.ts: .* not '@portal\/api'$/),
    );
    expect(found).toContainEqual(expect.stringMatching(/^packages\/server\/src\/b\.ts: .*import type/));
  });

  it('keeps fetch, query and routing libraries out of @portal/ui and i18n out of @portal/domain', () => {
    const root = workspace({
      'packages/ui/src/a.tsx':
        "import { useQuery } from '@tanstack/react-query';\nimport { Link } from 'react-router';\nimport createClient from 'openapi-fetch';\nimport { useVirtualizer } from '@tanstack/react-virtual';",
      'packages/domain/src/b.ts': "import i18next from 'i18next';",
    });
    const found = findViolations(root);
    expect(found).toEqual([
      "packages/domain/src/b.ts: @portal/domain must not import 'i18next'",
      "packages/ui/src/a.tsx: @portal/ui must not import '@tanstack/react-query'",
      "packages/ui/src/a.tsx: @portal/ui must not import 'react-router'",
      "packages/ui/src/a.tsx: @portal/ui must not import 'openapi-fetch'",
    ]);
  });

  it('lets the server reach a service area only through its index.ts, tests and the services top excepted', () => {
    const root = workspace({
      'packages/server/src/operations/devices.ts':
        "import { listDevices } from '../services/headsets/index.ts';\nimport { signedIn } from '../services/access.ts';\nimport { queueDeviceCommand } from '../services/headsets/commands.ts';",
      'packages/server/src/app.ts': "import { Throttle } from './services/accounts/throttle.ts';",
      'packages/server/src/services/playlists/configurations.ts':
        "import { findVisibleContents } from '../content/index.ts';\nimport { queuePlaylistSync } from '../headsets/commands.ts';\nimport { names } from './items.ts';",
      'packages/server/src/services/dependencies.ts':
        "import type { MediaLinks } from './content/mediaLinks.ts';",
      'packages/server/src/operations/users.test.ts':
        "import { createResetToken } from '../services/accounts/passwordReset.ts';",
    });
    expect(findViolations(root)).toEqual([
      "packages/server/src/app.ts: imports './services/accounts/throttle.ts' past the entry point of services/accounts/ (import its index.ts)",
      "packages/server/src/operations/devices.ts: imports '../services/headsets/commands.ts' past the entry point of services/headsets/ (import its index.ts)",
      "packages/server/src/services/playlists/configurations.ts: imports '../headsets/commands.ts' past the entry point of services/headsets/ (import its index.ts)",
    ]);
  });

  it('finds import cycles anywhere in the repository, type imports included', () => {
    const root = workspace({
      'packages/server/src/a.ts': "import { b } from './b.ts';\nexport const a = 1;",
      'packages/server/src/b.ts': "import type { C } from './sub/c';\nexport const b = 2;",
      'packages/server/src/sub/c.ts': "import { a } from '../a.ts';\nexport type C = number;",
      'scripts/x.mjs': "import { y } from './y.mjs';",
      'scripts/y.mjs': "import { x } from './x.mjs';",
      'e2e/tests/z.ts': "import { z } from './z.ts';",
      'packages/api/src/ok.ts': "import { a } from './leaf.ts';",
      'packages/api/src/leaf.ts': 'export const a = 1;',
    });
    expect(findCycles(root)).toEqual([
      ['e2e/tests/z.ts'],
      ['packages/server/src/a.ts', 'packages/server/src/b.ts', 'packages/server/src/sub/c.ts'],
      ['scripts/x.mjs', 'scripts/y.mjs'],
    ]);
    expect(findViolations(root).filter((line) => line.startsWith('import cycle'))).toHaveLength(3);
  });

  it('ignores imports that only stand in comments', () => {
    const root = workspace({
      'packages/ui/src/Bar.tsx':
        "/**\n * @example\n * import { formatDuration } from '@portal/domain';\n */\n// import { x } from '@portal/api';\nexport const url = 'http://example.org';",
    });
    expect(findViolations(root)).toEqual([]);
  });
});
