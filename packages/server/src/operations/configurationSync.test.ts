import type { components } from '@portal/api/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../app.ts';
import { SEED_FACTS } from '../db/seed.ts';
import type { JsonHttp } from '../simulator/client.ts';
import { type FleetTestServer, startFleetTestServer } from '../test/fleetTestServer.ts';

type Schemas = components['schemas'];
type Configuration = Schemas['Configuration'];
type Device = Schemas['Device'];

/**
 * A playlist's sync state as the simulated headsets make it (issue 15, item 3): activated, they download its items
 * and report them; the playlist then counts as synchronised. Where it does not fit (activated after the storage
 * warning), the headset loads what fits and the playlist names what is missing there.
 */
let server: RunningServer;
let client: JsonHttp;
let token: string;
let running: FleetTestServer | undefined;

beforeAll(async () => {
  // Fast downloads: the 46 GB item takes a few seconds.
  running = await startFleetTestServer('zfsl@zfsl.example', { bandwidthBytesPerSecond: 16 * 1024 ** 3 });
  ({ server, client, token } = running);
}, 120_000);
afterAll(async () => {
  await running?.close();
});

const headers = () => ({ authorization: `Bearer ${token}` });
const api = <T>(method: string, path: string, body?: object) =>
  client.request<T>(method, path, { headers: headers(), ...(body ? { body } : {}) });
const until = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 30_000, interval: 200 });
const contentId = async (title: string) =>
  (await server.database.pool.query<{ id: number }>('select id from contents where title = $1', [title]))
    .rows[0]?.id as number;

describe('sync state from the simulated headsets', () => {
  it('activated headsets download the playlist and report it; a change syncs them again', async () => {
    const me = await api<{ organisations: { id: number }[] }>('GET', '/api/v1/users/me/');
    const fleet = await api<Schemas['PaginatedDeviceList']>('GET', '/api/v3/mdm/devices/?ordering=name');
    const byModel = (model: string) => fleet.results.find((d) => d.deviceType.name === model) as Device;
    const [g2, g3, neo] = [byModel('Pico G2 4K'), byModel('Pico G3'), byModel('Pico Neo 3 Pro')];
    const items = [
      SEED_FACTS.zfslLargeTitle,
      'Unterrichtsbeobachtung Mathematik',
      SEED_FACTS.zfslPrivateTitle,
    ];
    const made = await api<Configuration>('POST', '/api/v2/mdm/device-configurations/', {
      name: 'Simulierte Synchronisation',
      ownerId: me.organisations[0]?.id,
      contentIds: await Promise.all(items.map(contentId)),
      activeState: false,
      sdmDevices: [],
    });
    const path = `/api/v2/mdm/device-configurations/${made.id}/`;
    const detail = () => api<Configuration>('GET', `/api/v3/mdm/device-configurations/${made.id}/`);
    const device = (id: number) => api<Device>('GET', `/api/v3/mdm/devices/${id}/`);

    await api('PUT', `${path}activate/`, { sdmDevices: [g2.id, g3.id, neo.id], acceptStorageWarning: true });
    // The two large ones hold everything; the Pico G2 4K loads in playlist order until it is full (49.22 GB for
    // content): the last item is left out.
    const large = await contentId(SEED_FACTS.zfslLargeTitle);
    const last = await contentId(SEED_FACTS.zfslPrivateTitle);
    await until(async () => {
      expect((await device(g3.id)).syncStatus).toBe('synced');
      expect((await device(neo.id)).syncStatus).toBe('synced');
      expect(await device(g2.id)).toMatchObject({ syncStatus: 'failed', missingContent: [last] });
    });
    expect(await detail()).toMatchObject({ isSynced: false, missingContent: [last] });

    // Without the large item it fits everywhere: the change alone (no further click) syncs all three again.
    await api('POST', `${path}remove-content/`, { contentId: large, contentOrigin: 'cms' });
    await until(async () => {
      expect(await detail()).toMatchObject({ isSynced: true, missingContent: [] });
    });
    for (const headset of [g2, g3, neo]) expect((await device(headset.id)).syncStatus).toBe('synced');

    // Leave the fleet as it was.
    await api('PUT', `${path}activate/`, { sdmDevices: [] });
  }, 90_000);
});
