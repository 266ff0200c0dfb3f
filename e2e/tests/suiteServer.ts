import { test as base } from '@playwright/test';
import { type IsolatedServer, startIsolatedServer } from './isolatedServer.ts';

/**
 * The suite's server: the real reference server on a fresh in-memory database with the demo data, serving the built
 * portal, with its demo headsets running as simulated headsets (as on `npm start`): device specs see a live class set
 * and the real headset side. Each Playwright worker has one of its own (its own port, database, fleet, fleet control
 * port, upload and outbox folders), so the workers share nothing and the specs of one never see the other's changes.
 *
 * Ports come from E2E_PORT (default 8181), so that runs side by side do not collide: worker n listens on
 * E2E_PORT + 2n and its fleet's control port is the one after it.
 */
const FIRST_PORT = Number(process.env.E2E_PORT ?? 8181);

function portsOf(parallelIndex: number) {
  const port = FIRST_PORT + 2 * parallelIndex;
  return { port, fleetControlPort: port + 1 };
}

/**
 * The simulator's control port of this worker's server: switch a headset off or on (after a SHUTDOWN it stays off),
 * run its battery down, delete content from it: `POST ${fleetControlURL()}/headsets/<serial>/on`
 * (packages/server README, Simulator). Call it inside a test.
 */
export function fleetControlURL(): string {
  return `http://127.0.0.1:${portsOf(base.info().parallelIndex).fleetControlPort}`;
}

/**
 * `test` for the specs that use the suite's server: `baseURL` (page.goto('/library'), request.get('/api/…')) is the
 * server of the worker, started before the first such test of the worker and stopped after its last.
 */
export const test = base.extend<Record<never, never>, { suiteServer: IsolatedServer }>({
  suiteServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const { port, fleetControlPort } = portsOf(workerInfo.parallelIndex);
      const server = await startIsolatedServer({
        PORT: String(port),
        DEMO_FLEET: 'on',
        DEMO_FLEET_CONTROL_PORT: String(fleetControlPort),
        // Syncs at 4 GBit/s instead of the demo's 800 MBit/s: the class video (1.8 GB) is back on a headset in about
        // four seconds, long enough for the page to show the sync under way, instead of eighteen.
        DEMO_FLEET_BANDWIDTH_MBPS: '4000',
        // Access tokens for two hours instead of five minutes: the specs' pages renew no token, so what a spec sees
        // is its own subject. (The page's clock, which playback.spec moves an hour ahead, no longer matters: a
        // token's age counts from its arrival.) Renewal, and a renewal cut off by a page load, are proven by
        // access.spec on servers of their own.
        ACCESS_TOKEN_TTL_SECONDS: '7200',
      });
      await use(server);
      await server.stop();
    },
    // Generous: on a busy 2-core machine a start (WebAssembly PostgreSQL, migrations, demo data) is slow.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ suiteServer }, use) => {
    await use(suiteServer.baseURL);
  },
});
