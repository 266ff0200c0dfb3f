import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { components } from '@portal/api/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../app.ts';
import { type FleetTestServer, startFleetTestServer } from '../test/fleetTestServer.ts';
import type { JsonHttp } from './client.ts';
import { startControlServer } from './control.ts';
import type { DemoFleet } from './demoFleet.ts';
import { enrolSimulatedHeadsets } from './enrol.ts';
import { type Fleet, startFleet } from './fleet.ts';

type Schemas = components['schemas'];
type Device = Schemas['Device'];
type DeviceCommand = Schemas['DeviceCommand'];

/**
 * The simulator against the real server over real HTTP: the demo fleet pairs, polls, carries out commands sent
 * through the portal side and reports; what the portal then shows is what a teacher would see.
 */
let server: RunningServer;
let demo: DemoFleet;
let token: string;
let client: JsonHttp;
let running: FleetTestServer | undefined;

beforeAll(async () => {
  running = await startFleetTestServer('lehrer@schule.example', {
    rebootSeconds: 1,
    updateSeconds: 2,
    softwareSyncSeconds: 1,
    bandwidthBytesPerSecond: 2 * 1024 ** 3,
  });
  ({ server, demo, token, client } = running);
}, 120_000);
afterAll(async () => {
  await running?.close();
});

const auth = () => ({ authorization: `Bearer ${token}` });
const devices = (query = '') =>
  client.request<Schemas['PaginatedDeviceList']>('GET', `/api/v3/mdm/devices/${query}`, { headers: auth() });
const byName = async (name: string) => {
  const page = await devices(`?search=${encodeURIComponent(name)}`);
  const found = page.results.find((d) => d.name === name);
  if (!found) throw new Error(`no headset ${name}`);
  return found;
};
const send = (device: Device, command: string, extras: Record<string, unknown> = {}) =>
  client.request<DeviceCommand>('POST', `/api/v1/mdm/devices/${device.serialNumber}/command/`, {
    headers: auth(),
    body: { command, extras: { guidedModeState: false, manufacturerModeState: false, ...extras } },
  });
const history = (device: Device) =>
  client.request<Schemas['PaginatedDeviceCommandList']>('GET', `/api/v2/mdm/devices/${device.id}/command/`, {
    headers: auth(),
  });
/** Waits until the command is final (done or failed), as the portal's history shows it. */
async function finished(device: Device, command: DeviceCommand): Promise<DeviceCommand> {
  let final: DeviceCommand | undefined;
  await vi.waitFor(
    async () => {
      final = (await history(device)).results.find((c) => c.id === command.id);
      expect(['done', 'failed']).toContain(final?.status);
    },
    { timeout: 15_000, interval: 100 },
  );
  return final as DeviceCommand;
}
const until = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 15_000, interval: 100 });
const contentUuid = async (title: string) =>
  (await server.database.pool.query<{ uuid: string }>('select uuid from contents where title = $1', [title]))
    .rows[0]?.uuid;

describe('the demo fleet', () => {
  it('brings the class set online', async () => {
    await until(async () => expect((await devices('?is_online=true')).count).toBe(30));
    const sirius = await byName('Sirius');
    expect(sirius).toMatchObject({ isEnrolled: true, softwareVersion: '4.9.4', syncStatus: 'synced' });
  });

  it('plays held content, pauses, mutes and stops as told', async () => {
    const sirius = await byName('Sirius');
    const video = await contentUuid('Chemielabor Sicherheitseinweisung');
    const start = await finished(sirius, await send(sirius, 'CMD.START.VIDEO', { contentUuid: video }));
    expect(start.status).toBe('done');
    await until(async () =>
      expect(await byName('Sirius')).toMatchObject({
        playbackState: 'playing',
        currentApp: 'Chemielabor Sicherheitseinweisung',
        currentContentUuid: video,
      }),
    );
    await finished(sirius, await send(sirius, 'CMD.TOGGLE.PAUSE'));
    await until(async () => expect((await byName('Sirius')).playbackState).toBe('paused'));
    await finished(sirius, await send(sirius, 'CMD.MUTE'));
    await until(async () => expect((await byName('Sirius')).muted).toBe(true));
    await finished(sirius, await send(sirius, 'CMD.STOP.RUNNING'));
    await until(async () =>
      expect(await byName('Sirius')).toMatchObject({ playbackState: 'stopped', currentApp: null }),
    );
  });

  it('fails a start of content the headset does not hold, in German', async () => {
    const canopus = await byName('Canopus');
    const result = await finished(
      canopus,
      await send(canopus, 'CMD.START.VIDEO', { contentUuid: await contentUuid('Korallenriff') }),
    );
    expect(result).toMatchObject({ status: 'failed', message: 'Inhalt ist nicht auf der VR-Brille' });
  });

  it('switches guided and manufacturer mode, and the headset reports them', async () => {
    const canopus = await byName('Canopus');
    expect(canopus.guidedMode).toBe(true);
    await finished(canopus, await send(canopus, 'CMD.SET.GUIDED.MODE', { guidedModeState: false }));
    await finished(
      canopus,
      await send(canopus, 'CMD.SET.MANUFACTURER.MODE', { manufacturerModeState: true }),
    );
    await until(async () =>
      expect(await byName('Canopus')).toMatchObject({ guidedMode: false, manufacturerMode: true }),
    );
  });

  it('goes offline for a reboot and returns', async () => {
    const capella = await byName('Capella');
    await finished(capella, await send(capella, 'CMD.REBOOT'));
    await until(async () => expect((await byName('Capella')).isOnline).toBe(false));
    await until(async () => expect((await byName('Capella')).isOnline).toBe(true));
  });

  it('updates: offline, then back with the new software, and the gate opens', async () => {
    const deneb = await byName('Deneb');
    expect(deneb.softwareVersion).toBe('4.2.3');
    await finished(deneb, await send(deneb, 'CMD.UPDATE'));
    await until(async () =>
      expect(await byName('Deneb')).toMatchObject({ isOnline: true, softwareVersion: '5.2.0' }),
    );
    const mute = await finished(deneb, await send(deneb, 'CMD.MUTE'));
    expect(mute.status).toBe('done');
  });

  it('installs the published image: downloads its file and returns with its version', async () => {
    const becrux = await byName('Becrux');
    expect(becrux).toMatchObject({ softwareVersion: '4.9.4', newestOperatingSystem: { version: '5.3.0' } });
    const outdated = async () =>
      (await devices('?outdated_software=true&page_size=100')).results.map((d) => d.name);
    expect(await outdated()).toContain('Becrux');
    // The teacher's 'Software aktualisieren' names no image: the server queues the Neo 3 Pro's newest.
    const update = await finished(becrux, await send(becrux, 'CMD.UPDATE'));
    expect(update).toMatchObject({
      status: 'done',
      message: 'Das Betriebssystem 5.3.0 ist geladen und wird installiert; die VR-Brille startet neu.',
    });
    await until(async () =>
      expect(await byName('Becrux')).toMatchObject({
        isOnline: true,
        softwareVersion: '5.3.0',
        softwareUpdate: null,
      }),
    );
    expect(await outdated()).not.toContain('Becrux');
  });

  it('fails an update whose image cannot be downloaded, and keeps its software', async () => {
    // A published image for the Pico G3 whose file is missing on the server: the headset's GET gets a 404.
    const { pool } = server.database;
    const image = await pool.query<{
      id: number;
    }>(`insert into operating_systems (name, version, is_published, file,
      file_size) values ('Pico OS', '5.0.0', true, '/media/demo/fehlt.img', 1000) returning id`);
    await pool.query(
      `insert into operating_system_device_types (operating_system_id, device_type_id)
       select $1, id from device_types where name = 'Pico G3'`,
      [image.rows[0]?.id],
    );
    const achernar = await byName('Achernar');
    expect(achernar.softwareVersion).toBe('4.7.0');
    const update = await finished(achernar, await send(achernar, 'CMD.UPDATE'));
    expect(update).toMatchObject({
      status: 'failed',
      message: 'Das Betriebssystem konnte nicht geladen werden: HTTP 404',
    });
    expect(update.extras).toMatchObject({ operatingSystemId: image.rows[0]?.id });
    expect(await byName('Achernar')).toMatchObject({ isOnline: true, softwareVersion: '4.7.0' });
  });

  it('stays off after a shutdown until the simulator switches it on', async () => {
    const arktur = await byName('Arktur');
    await finished(arktur, await send(arktur, 'CMD.SHUTDOWN'));
    await until(async () => expect((await byName('Arktur')).isOnline).toBe(false));
    expect(demo.fleet.headset(arktur.serialNumber).power).toBe('off');
    expect(() => demo.fleet.headset('Arktur')).toThrow('Mehrere VR-Brillen heißen Arktur');
    // A command for it waits in the queue meanwhile.
    const waiting = await send(arktur, 'CMD.SET.GUIDED.MODE', { guidedModeState: false });
    demo.fleet.switchOn(arktur.serialNumber);
    await until(async () => expect((await byName('Arktur')).isOnline).toBe(true));
    expect((await finished(arktur, waiting)).status).toBe('done');
  });

  it('is switched off and on through the control port', async () => {
    const control = await startControlServer(demo.fleet, 0);
    try {
      const vega = await byName('Vega');
      const call = (method: string, path: string) =>
        fetch(`http://127.0.0.1:${control.port}${path}`, { method }).then(async (r) => ({
          status: r.status,
          body: (await r.json()) as Record<string, unknown>,
        }));
      expect(await call('POST', `/headsets/${vega.serialNumber}/off`)).toEqual({
        status: 200,
        body: { detail: `${vega.serialNumber}: aus` },
      });
      await until(async () => expect((await byName('Vega')).isOnline).toBe(false));
      const status = await call('GET', '/status');
      expect(status.body).toMatchObject({ headsets: 40, off: 1 });
      expect(status.body.devices).toContainEqual(
        expect.objectContaining({ serialNumber: vega.serialNumber, power: 'off' }),
      );
      expect((await call('POST', '/headsets/Sirius/on')).status).toBe(404);
      await call('POST', `/headsets/${vega.serialNumber}/on`);
      await until(async () => expect((await byName('Vega')).isOnline).toBe(true));
    } finally {
      await control.close();
    }
  });

  it('runs a battery down, deletes content and installs a version through the control port; the portal sees each', async () => {
    const control = await startControlServer(demo.fleet, 0);
    try {
      const deneb = await byName('Deneb');
      const video = await contentUuid('Chemielabor Sicherheitseinweisung');
      const post = (path: string) =>
        fetch(`http://127.0.0.1:${control.port}${path}`, { method: 'POST' }).then((r) => r.json());
      expect(await post(`/headsets/${deneb.serialNumber}/battery/12`)).toEqual({
        detail: `${deneb.serialNumber}: Akku 12 %`,
      });
      await post(`/headsets/${deneb.serialNumber}/forget/${video}`);
      await until(async () =>
        expect(await byName('Deneb')).toMatchObject({ batteryLevel: 12, syncStatus: 'pending' }),
      );
      const failed = await finished(deneb, await send(deneb, 'CMD.START.VIDEO', { contentUuid: video }));
      expect(failed).toMatchObject({ status: 'failed', code: 'contentMissing' });
      await post(`/headsets/${deneb.serialNumber}/battery/90`);
      await until(async () => expect((await byName('Deneb')).batteryLevel).toBe(90));
      // A version installed from outside (a test puts an updated headset back): reported at once.
      expect(await post(`/headsets/${deneb.serialNumber}/software/4.9.4`)).toEqual({
        detail: `${deneb.serialNumber}: Software 4.9.4`,
      });
      await until(async () => expect((await byName('Deneb')).softwareVersion).toBe('4.9.4'));
      expect((await post(`/headsets/${deneb.serialNumber}/software/neu`)).detail).toContain(
        'Bitte eine Version',
      );
      await post(`/headsets/${deneb.serialNumber}/software/4.2.3`);
      await until(async () => expect((await byName('Deneb')).softwareVersion).toBe('4.2.3'));
    } finally {
      await control.close();
    }
  });

  it('syncs the active playlist until nothing is missing', async () => {
    const admin = (
      await client.request<Schemas['TokenPair']>('POST', '/api/v1/sessions/', {
        body: { username: 'admin@kmz.example', password: 'portal2026' },
      })
    ).access;
    const headers = { authorization: `Bearer ${admin}` };
    const kmz = await client.request<Schemas['PaginatedDeviceList']>(
      'GET',
      '/api/v3/mdm/devices/?search=PA7KM0001',
      {
        headers,
      },
    );
    const sirius = kmz.results[0] as Device;
    expect(sirius).toMatchObject({ syncStatus: 'pending' });
    expect(sirius.missingContent).toHaveLength(1);
    await client.request('POST', '/api/v3/mdm/devices/sync-queue/', {
      headers,
      body: { devices: [sirius.id] },
    });
    await vi.waitFor(
      async () => {
        const device = await client.request<Device>('GET', `/api/v3/mdm/devices/${sirius.id}/`, { headers });
        expect(device).toMatchObject({ syncStatus: 'synced', missingContent: [] });
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it('fails a sync with the items it could not load', async () => {
    const sirius = await byName('Sirius');
    const { pool } = server.database;
    const added = await pool.query<{ id: number }>(
      `insert into contents (title, content_type, owner_id, format)
       select 'Noch nicht hochgeladen', 'video', organisation_id, '360' from devices where id = $1 returning id`,
      [sirius.id],
    );
    const itemId = added.rows[0]?.id;
    await pool.query(
      `insert into configuration_items (configuration_id, content_id, position_number)
       select active_configuration_id, $2, 99 from devices where id = $1`,
      [sirius.id, itemId],
    );
    const sync = await finished(sirius, await send(sirius, 'CMD.SYNC'));
    expect(sync).toMatchObject({
      status: 'failed',
      message: 'Nicht geladen: Noch nicht hochgeladen (Datei fehlt auf dem Server).',
    });
    await until(async () =>
      expect(await byName('Sirius')).toMatchObject({ syncStatus: 'failed', missingContent: [itemId] }),
    );
  });

  it('synchronises its software', async () => {
    const sirius = await byName('Sirius');
    const result = await finished(sirius, await send(sirius, 'CMD.SYNC.SOFTWARE'));
    expect(result).toMatchObject({ status: 'done', message: 'Die Software ist synchronisiert.' });
  });
});

describe('headsets an administrator registers', () => {
  let fleet: Fleet | undefined;
  afterAll(async () => {
    await fleet?.stop();
  });

  it('are added through the portal side, pair with their codes and poll; a second run reuses them', async () => {
    const options = { email: 'admin@kmz.example', password: 'portal2026', count: 3 };
    const { organisation, members } = await enrolSimulatedHeadsets(client, options);
    expect(organisation.name).toBe('Kreismedienzentrum Demo');
    expect(members.map((m) => m.serialNumber)).toEqual(
      [1, 2, 3].map((n) => `SIM-${organisation.id}-000${n}`),
    );
    fleet = await startFleet({ serverUrl: server.url }, members);
    const admin = (
      await client.request<Schemas['TokenPair']>('POST', '/api/v1/sessions/', {
        body: { username: 'admin@kmz.example', password: 'portal2026' },
      })
    ).access;
    const online = () =>
      client.request<Schemas['PaginatedDeviceList']>(
        'GET',
        '/api/v3/mdm/devices/?search=SIM-&is_online=true',
        {
          headers: { authorization: `Bearer ${admin}` },
        },
      );
    await until(async () => expect((await online()).count).toBe(3));
    await fleet.stop();
    fleet = undefined;
    const again = await enrolSimulatedHeadsets(client, options);
    expect(again.members.map((m) => m.serialNumber)).toEqual(members.map((m) => m.serialNumber));
    await expect(
      enrolSimulatedHeadsets(client, { ...options, email: 'lehrer@schule.example' }),
    ).rejects.toThrow('ist Administrator keiner Organisation');
  });
});

describe('a headset that loses its connection', () => {
  it('gets the commands queued meanwhile once when it is back, never twice', async () => {
    const sirius = await byName('Sirius');
    const serial = sirius.serialNumber;
    await until(async () => expect(server.headsetEvents.waitingPolls(sirius.id)).toBe(1));
    demo.fleet.loseConnection(serial);
    // Its held poll broke off: the server shows it offline at once.
    await until(async () => expect((await byName('Sirius')).isOnline).toBe(false));
    const before = [...demo.fleet.executedCommands(serial)];
    const muted = demo.fleet.headset(serial).muted;
    const queued = [
      await send(sirius, 'CMD.MUTE'),
      await send(sirius, 'CMD.SET.GUIDED.MODE', { guidedModeState: false }),
      await send(sirius, 'CMD.MUTE'),
    ];
    const sync = await client.request<Schemas['QueuedCommands']>('POST', '/api/v3/mdm/devices/sync-queue/', {
      headers: auth(),
      body: { devices: [sirius.id] },
    });
    const ids = [...queued.map((c) => c.id), ...sync.commands.map((c) => c.id)];
    expect(queued.map((c) => c.status)).toEqual(['queued', 'queued', 'queued']);

    demo.fleet.reconnect(serial);
    const finals = [];
    for (const id of ids) finals.push((await finished(sirius, { id } as DeviceCommand)).status);
    // The sync may fail on the playlist earlier tests left (an item without its file); it is carried out once.
    expect(finals.slice(0, 3)).toEqual(['done', 'done', 'done']);
    expect(demo.fleet.executedCommands(serial).slice(before.length)).toEqual(ids);
    // Two mutes toggled twice, not three or four times.
    expect(demo.fleet.headset(serial).muted).toBe(muted);
    // A later poll hands out nothing of them again.
    await until(async () => expect((await byName('Sirius')).isOnline).toBe(true));
    expect(demo.fleet.executedCommands(serial).slice(before.length)).toEqual(ids);
  });
});

describe('npm run simulate', () => {
  it('runs as a child process that can be told to switch a headset off and on', async () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', cli, '--devices', '2', '--server', server.url, '--quiet', '--ramp-seconds', '0'],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    try {
      const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
      const seen: string[] = [];
      lines.on('line', (line) => seen.push(line));
      await vi.waitFor(() => expect(seen.some((l) => l.startsWith('Simulator: 2 VR-Brillen'))).toBe(true), {
        timeout: 60_000,
        interval: 100,
      });
      child.stdin?.write('off Sirius\n');
      await vi.waitFor(() => expect(seen).toContain('Sirius: aus'), { timeout: 15_000, interval: 100 });
      const admin = (
        await client.request<Schemas['TokenPair']>('POST', '/api/v1/sessions/', {
          body: { username: 'admin@kmz.example', password: 'portal2026' },
        })
      ).access;
      // The two the child runs (a third from the test before may still count as online for a while).
      const sim = async () =>
        (
          await client.request<Schemas['PaginatedDeviceList']>('GET', '/api/v3/mdm/devices/?search=SIM-', {
            headers: { authorization: `Bearer ${admin}` },
          })
        ).results
          .filter((d) => /-000[12]$/.test(d.serialNumber))
          .map((d) => [d.name, d.isOnline])
          .sort();
      await until(async () =>
        expect(await sim()).toEqual([
          ['Canopus', true],
          ['Sirius', false],
        ]),
      );
      child.stdin?.write('on Sirius\n');
      await until(async () =>
        expect(await sim()).toEqual([
          ['Canopus', true],
          ['Sirius', true],
        ]),
      );
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }, 90_000);
});
