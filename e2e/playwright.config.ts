import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../tools/chromium.ts';
import { CSP_REPORT_FILE } from './cspReports.ts';

/** The e2e suite talks to the real reference server on a fresh in-memory database, serving the built portal. */
const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://127.0.0.1:${port}`;
/**
 * The demo headsets run as simulated headsets inside the e2e server, as on `npm start`: device specs see a live
 * class set and the real headset side. Switch one off or on (after a SHUTDOWN it stays off) through the
 * simulator's control port: `POST ${fleetControlURL}/headsets/<serial>/on` (packages/server README, Simulator).
 */
const fleetControlPort = Number(process.env.E2E_FLEET_CONTROL_PORT ?? port + 1);
export const fleetControlURL = `http://127.0.0.1:${fleetControlPort}`;

export default defineConfig({
  testDir: './tests',
  // Fails the run when the browser reported a Content-Security-Policy violation (see cspReports.ts).
  globalSetup: './cspReports.ts',
  outputDir: './.tmp/test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: './.tmp/report' }]] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'de-DE',
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node --import tsx src/main.ts',
    cwd: '../packages/server',
    url: `${baseURL}/api/v2/cms/content/`,
    reuseExistingServer: false,
    // Generous: on a busy 2-core machine the first start (WebAssembly PostgreSQL, migrations, demo data) is slow.
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DATA_DIR: 'memory://',
      // Files of the run stay beside it (git-ignored), not in the developer's .data folder.
      UPLOAD_DIR: fileURLToPath(new URL('./.tmp/uploads', import.meta.url)),
      OUTBOX_DIR: fileURLToPath(new URL('./.tmp/outbox', import.meta.url)),
      CSP_REPORT_FILE,
      LOG_LEVEL: 'warn',
      DEMO_FLEET: 'on',
      DEMO_FLEET_CONTROL_PORT: String(fleetControlPort),
    },
  },
});
