import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './tools/chromium.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/src/**/*.test.tsx', 'scripts/**/*.test.mjs'],
          // Migrates and seeds once the databases every server test copies (packages/server/src/test/databaseSnapshot.ts).
          globalSetup: ['packages/server/src/test/globalSetup.ts'],
          // Each test file in a fresh worker thread of its own (its own modules and process.env copy, as isolated as
          // a child process but cheaper to start), two at a time on two cores (Vitest's default is one fewer than the
          // cores): a server test spends much of its time waiting for its PGlite thread or PostgreSQL.
          pool: 'threads',
          maxWorkers: 2,
          // Projects with different worker counts run one after the other when run together.
          sequence: { groupOrder: 0 },
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [storybookTest({ configDir: '.storybook' })],
        test: {
          name: 'stories',
          sequence: { groupOrder: 1 },
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
