import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../../tools/chromium.ts';
import { screenshotOptions } from '../../../tools/screenshotMask.ts';

/**
 * Visual baselines: one screenshot per story of the static Storybook build (storybook-static at the
 * repository root, built by `pnpm run test:visual`), compared in Debian's Chromium with Playwright's
 * default thresholds. Baselines live in ./__screenshots__, the HTML report with expected / actual /
 * diff images in ./playwright-report.
 */
const port = Number(process.env.VISUAL_PORT ?? 6007);

export default defineConfig({
  testDir: '.',
  testMatch: 'stories.visual.ts',
  outputDir: './test-results',
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  fullyParallel: true,
  workers: 2,
  // One retry: on a loaded machine a story can be caught mid-render; a real difference fails twice.
  retries: 1,
  timeout: 30_000,
  // A missing baseline is a failure here; only `pnpm run test:visual:update` writes baselines.
  updateSnapshots: 'none',
  // What Chromium draws itself (resize grips, scrollbars, the caret) is hidden while the screenshot is taken.
  expect: { toHaveScreenshot: screenshotOptions },
  reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1024, height: 768 },
    deviceScaleFactor: 1,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    colorScheme: 'dark',
    reducedMotion: 'reduce',
  },
  webServer: {
    command: `node ../scripts/static-server.mjs ../../../storybook-static ${port}`,
    url: `http://127.0.0.1:${port}/index.json`,
    reuseExistingServer: false,
    timeout: 15_000,
  },
});
