import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../tools/chromium.ts';

/**
 * The e2e suite talks to the real reference server, built as production runs it (`node dist/main.js`), on a fresh
 * in-memory database, serving the built portal: one per worker, with its live demo fleet (tests/suiteServer.ts; its
 * ports come from E2E_PORT). Specs that change what others rely on start servers of their own besides
 * (tests/isolatedServer.ts).
 */
export default defineConfig({
  testDir: './tests',
  // Builds the server every spec runs (buildServer.ts); fails the run when the browser reported a
  // Content-Security-Policy violation (see cspReports.ts).
  globalSetup: ['./buildServer.ts', './cspReports.ts'],
  outputDir: './.tmp/test-results',
  // A spec file runs in one worker, in order; two workers (CI has two cores) each with a server of its own.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: './.tmp/report' }]] : 'list',
  use: {
    browserName: 'chromium',
    locale: 'de-DE',
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
});
