import type { components } from '@portal/api/schema';
import type { RunningServer } from '../app.ts';
import { JsonHttp } from '../simulator/client.ts';
import { type DemoFleet, startDemoFleet } from '../simulator/demoFleet.ts';
import type { SimulatorSettings } from '../simulator/model.ts';
import { startTestHttpServer } from './testServer.ts';

export interface FleetTestServer {
  server: RunningServer;
  /** The demo headsets, played by the simulator in this process against `server`. */
  demo: DemoFleet;
  /** Real HTTP to the server. */
  client: JsonHttp;
  /** The signed-in user's access token. */
  token: string;
  close(): Promise<void>;
}

/**
 * A server on real HTTP with the demo data, its demo fleet running (with `settings`, e.g. fast downloads) and `email`
 * signed in (demo password): the simulator and the portal side together, as a teacher would see them.
 */
export async function startFleetTestServer(
  email: string,
  settings: Partial<SimulatorSettings>,
): Promise<FleetTestServer> {
  const server = await startTestHttpServer();
  const client = new JsonHttp(server.url);
  const close = async (demo?: DemoFleet) => {
    await demo?.stop();
    client.close();
    await server.close();
  };
  try {
    const { access } = await client.request<components['schemas']['TokenPair']>('POST', '/api/v1/sessions/', {
      body: { username: email, password: 'portal2026' },
    });
    const demo = await startDemoFleet(server.database.db, {
      serverUrl: server.url,
      log: () => undefined,
      settings,
    });
    if (!demo) throw new Error('no demo fleet');
    return { server, demo, client, token: access, close: () => close(demo) };
  } catch (error) {
    await close();
    throw error;
  }
}
