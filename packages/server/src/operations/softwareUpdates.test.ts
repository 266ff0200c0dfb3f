import { randomBytes } from 'node:crypto';
import type { components } from '@portal/api/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaTestServer, uploadOperatingSystemImage } from '../test/mediaRequests.ts';
import { bearer, deviceToken, login, pairHeadset, type TestServer } from '../test/testServer.ts';

type Device = components['schemas']['Device'];
type DeviceCommand = components['schemas']['DeviceCommand'];
type Outcomes = components['schemas']['DeviceCommandOutcomes'];
type Summary = components['schemas']['DeviceSummary'];
type HeadsetState = components['schemas']['HeadsetState'];

/**
 * Rolling out an operating system image (issue 23): CMD.UPDATE with `extras.operatingSystemId`, what the server
 * checks per headset (the rule of @portal/domain `updateProblemsOf`), the image a headset reads, its progress in the
 * state it reports, and what 'Software veraltet' counts.
 *
 * The KMZ's lending case: Sirius, Canopus (Pico 4, 5.1.2), Capella (Pico 4, 4.9.4), Rigel (Neo 3 Pro, 4.9.4, 62 %),
 * Prokyon (Neo 3 Pro, 4.7.0, 51 %), Arktur (Pico G2 4K, 4.0.1, 40 %). The demo publishes Pico OS 5.3.0 for the Neo 3 Pro.
 */
let server: TestServer & { uploadDir: string };
const tokens = { admin: '', lehrer: '', staff: '' };
/** Device tokens of the paired headsets, by name. */
const paired: Record<string, string> = {};
const headsets: Record<string, { id: number; serial: string; organisation: string }> = {};
const images = { demo: 0, draft: 0, g3: 0 };

const get = (url: string, token: string) => server.app.inject({ url, headers: bearer(token) });
const send = (url: string, token: string, payload: object, method: 'POST' | 'PATCH' = 'POST') =>
  server.app.inject({ method, url, headers: bearer(token), payload });
const update = (name: string, more: object = {}, token = tokens.admin) =>
  send(`/api/v1/mdm/devices/${headsets[name]?.serial}/command/`, token, {
    command: 'CMD.UPDATE',
    extras: { guidedModeState: false, manufacturerModeState: false, ...more },
  });
const withImage = (id = images.demo) => ({ operatingSystemId: id });
const report = (name: string, state: Partial<HeadsetState>) =>
  server.app.inject({
    method: 'PUT',
    url: '/api/v1/headset/state/',
    headers: deviceToken(paired[name] ?? ''),
    payload: {
      softwareVersion: '4.9.4',
      batteryLevel: 80,
      storageTotal: 128 * 1024 ** 3,
      storageUsed: 16 * 1024 ** 3,
      currentApp: null,
      playbackState: 'stopped',
      syncStatus: 'synced',
      ...state,
    },
  });
const deviceNamed = async (name: string, token = tokens.admin) =>
  (await get(`/api/v3/mdm/devices/${headsets[name]?.id}/`, token)).json<Device>();
const summary = async () => (await get('/api/v3/mdm/devices/summary/', tokens.admin)).json<Summary>();
const outdatedList = async () =>
  (await get('/api/v3/mdm/devices/?outdated_software=true&page_size=100', tokens.admin)).json<{
    count: number;
    results: Device[];
  }>();

/** Paired and one poll: online, as a real headset after switching on. */
async function goOnline(name: string): Promise<void> {
  const token = await pairHeadset(server, headsets[name]?.serial ?? '');
  paired[name] = token;
  const poll = await server.app.inject({
    url: '/api/v1/headset/commands/?wait=0',
    headers: deviceToken(token),
  });
  expect(poll.statusCode, poll.body).toBe(200);
}

beforeAll(async () => {
  server = await createMediaTestServer({ UPLOAD_PART_SIZE: 1024 });
  tokens.admin = (await login(server.app, 'admin@kmz.example')).access;
  tokens.lehrer = (await login(server.app, 'lehrer@schule.example')).access;
  tokens.staff = (await login(server.app, 'staff@vr-portal.example')).access;
  const { pool } = server.database;
  const rows = await pool.query<{ id: number; serial_number: string; name: string; org: string }>(
    `select d.id, d.serial_number, d.name, o.name as org from devices d join organisations o on o.id = d.organisation_id
     where o.organisation_type in (2, 4)`,
  );
  for (const row of rows.rows) {
    const key = row.org === 'Kreismedienzentrum Demo' ? row.name : `Gymnasium/${row.name}`;
    headsets[key] = { id: row.id, serial: row.serial_number, organisation: row.org };
  }
  const types = await pool.query<{ id: number; name: string }>('select id, name from device_types');
  const model = (name: string) => types.rows.find((t) => t.name === name)?.id;
  images.demo = (await pool.query("select id from operating_systems where version = '5.3.0'")).rows[0].id;
  const create = async (fields: object) =>
    (await send('/api/v1/support/operating-systems/', tokens.staff, fields)).json<{ id: number }>().id;
  images.draft = await create({
    name: 'Pico OS Beta',
    version: '6.0.0',
    deviceTypeIds: [model('Pico Neo 3 Pro')],
  });
  images.g3 = await create({ name: 'Pico OS G3', version: '5.0.1', deviceTypeIds: [model('Pico G3')] });
  await uploadOperatingSystemImage(server.app, tokens.staff, images.g3, randomBytes(2000));
  await send(`/api/v1/support/operating-systems/${images.g3}/`, tokens.staff, { isPublished: true }, 'PATCH');
  for (const name of ['Rigel', 'Prokyon', 'Capella', 'Arktur', 'Gymnasium/Sirius', 'Gymnasium/Acrux']) {
    await goOnline(name);
  }
});
afterAll(() => server?.close());

describe('CMD.UPDATE with an image', () => {
  it('queues it for an online headset of the image’s model with enough battery and older software', async () => {
    const response = await update('Rigel', withImage());
    expect(response.statusCode, response.body).toBe(201);
    const queued = response.json<DeviceCommand>();
    expect(queued.extras).toEqual({
      operatingSystemId: images.demo,
      guidedModeState: false,
      manufacturerModeState: false,
    });
    // The headset gets it with its poll, image named.
    const poll = await server.app.inject({
      url: '/api/v1/headset/commands/?wait=0',
      headers: deviceToken(paired.Rigel ?? ''),
    });
    expect(poll.json<{ commands: { id: number; extras: object }[] }>().commands).toEqual([
      expect.objectContaining({
        id: queued.id,
        extras: expect.objectContaining({ operatingSystemId: images.demo }),
      }),
    ]);
  });

  it.each([
    ['offline (never paired)', 'Sirius', 'deviceOffline', { device: 'Sirius' }],
    [
      'battery below 50 %',
      'Arktur',
      'batteryTooLow',
      { device: 'Arktur', batteryLevel: 40, requiredPercent: 50 },
    ],
    [
      'another model',
      'Capella',
      'operatingSystemNotForModel',
      { device: 'Capella', version: '5.3.0', model: 'Pico 4' },
    ],
  ])('refuses a headset %s with 409 and its reason', async (_, name, code, params) => {
    const response = await update(name, withImage());
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ code, params });
    expect(response.json().detail).toMatch(/[A-ZÄÖÜ].*\.$/);
  });

  it('refuses a headset that runs the version already, and one whose update is under way', async () => {
    expect((await report('Prokyon', { softwareVersion: '5.3.0', batteryLevel: 90 })).statusCode).toBe(204);
    const current = await update('Prokyon', withImage());
    expect(current.statusCode).toBe(409);
    expect(current.json()).toMatchObject({
      code: 'softwareUpToDate',
      params: { version: '5.3.0', softwareVersion: '5.3.0' },
      detail: '„Prokyon“ hat bereits die Software 5.3.0; das Betriebssystem 5.3.0 ist nicht neuer.',
    });
    const downloading = {
      operatingSystemId: images.demo,
      version: '5.3.0',
      phase: 'downloading',
      progress: 40,
    } as const;
    expect((await report('Rigel', { softwareUpdate: downloading })).statusCode).toBe(204);
    const running = await update('Rigel', withImage());
    expect(running.json()).toMatchObject({ code: 'updateRunning' });
    expect((await report('Rigel', {})).statusCode).toBe(204);
  });

  it('refuses an image the caller may not roll out: a draft, another model’s, for a member', async () => {
    for (const [image, token, name] of [
      [images.draft, tokens.admin, 'Rigel'],
      [images.g3, tokens.admin, 'Rigel'],
      [images.demo, tokens.lehrer, 'Gymnasium/Sirius'],
      [999_999, tokens.admin, 'Rigel'],
    ] as const) {
      const response = await update(name, withImage(image), token);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        'extras.operatingSystemId': [
          'Dieses Betriebssystem gibt es nicht, es ist nicht veröffentlicht, oder Sie dürfen es nicht verteilen.',
        ],
      });
    }
    const reboot = await send(`/api/v1/mdm/devices/${headsets.Rigel?.serial}/command/`, tokens.admin, {
      command: 'CMD.REBOOT',
      extras: { guidedModeState: false, manufacturerModeState: false, operatingSystemId: images.demo },
    });
    expect(reboot.json()).toEqual({
      'extras.operatingSystemId': ['Ein Betriebssystem nimmt nur „Software aktualisieren“.'],
    });
  });

  it('queues it for a class set in one request and refuses each headset alone for its own reason', async () => {
    const ids = ['Prokyon', 'Sirius', 'Capella', 'Arktur'].map((name) => headsets[name]?.id ?? 0);
    await report('Prokyon', { softwareVersion: '4.7.0', batteryLevel: 60 });
    const response = await send('/api/v3/mdm/devices/command-queue/', tokens.admin, {
      devices: ids,
      command: 'CMD.UPDATE',
      extras: withImage(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json<Outcomes>();
    expect(results.map((r) => r.refusal?.code ?? 'queued')).toEqual([
      'queued',
      'deviceOffline',
      'operatingSystemNotForModel',
      'batteryTooLow',
    ]);
    expect(results[0]?.command?.extras).toMatchObject(withImage());
  });
});

describe('CMD.UPDATE without an image', () => {
  it('installs the newest image published for the model when it is newer, else none (the headset’s own channel)', async () => {
    // A member may update the headsets of the organisation (the readiness check's fix): the server names the image.
    const neo = await update('Gymnasium/Sirius', {}, tokens.lehrer);
    expect(neo.statusCode, neo.body).toBe(201);
    expect(neo.json<DeviceCommand>().extras).toEqual({
      operatingSystemId: images.demo,
      guidedModeState: false,
      manufacturerModeState: false,
    });
    // Acrux is a Pico 4: no image published for it.
    const pico = await update('Gymnasium/Acrux', {}, tokens.lehrer);
    expect(pico.statusCode, pico.body).toBe(201);
    expect(pico.json<DeviceCommand>().extras).toEqual({
      guidedModeState: false,
      manufacturerModeState: false,
    });
  });
});

describe('the headset side of an update', () => {
  it('reads the image of its model with a URL to download it; a draft or another model’s is 404', async () => {
    const read = (id: number, name = 'Rigel') =>
      server.app.inject({
        url: `/api/v1/headset/operating-systems/${id}/`,
        headers: deviceToken(paired[name] ?? ''),
      });
    const image = await read(images.demo);
    expect(image.statusCode, image.body).toBe(200);
    expect(image.json()).toEqual({
      id: images.demo,
      name: 'Pico OS',
      version: '5.3.0',
      file: '/media/demo/pico-os-5.3.0.img',
      fileSize: 262_144,
    });
    expect((await server.app.inject({ url: image.json().file })).rawPayload.length).toBe(262_144);
    expect((await read(images.draft)).statusCode).toBe(404);
    expect((await read(images.g3)).statusCode).toBe(404);
    expect((await read(images.demo, 'Capella')).statusCode).toBe(404);
    expect(
      (await server.app.inject({ url: `/api/v1/headset/operating-systems/${images.demo}/` })).statusCode,
    ).toBe(401);
  });

  it('reports its progress: the portal and the receipts show it, a report without it ends it', async () => {
    const sent = (await update('Prokyon', withImage())).json<DeviceCommand>();
    const downloading = {
      operatingSystemId: images.demo,
      version: '5.3.0',
      phase: 'downloading',
      progress: 42,
    } as const;
    expect(
      (await report('Prokyon', { softwareVersion: '4.7.0', softwareUpdate: downloading })).statusCode,
    ).toBe(204);
    expect((await deviceNamed('Prokyon')).softwareUpdate).toEqual(downloading);
    const receipts = await send('/api/v3/mdm/devices/command-receipts/', tokens.admin, {
      commands: [sent.id],
    });
    expect(receipts.json().results[0].device).toMatchObject({
      softwareVersion: '4.7.0',
      softwareUpdate: downloading,
    });
    const bad = await report('Prokyon', { softwareUpdate: { ...downloading, phase: 'flashing' } as never });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['softwareUpdate.phase']);
    const tooFar = await report('Prokyon', { softwareUpdate: { ...downloading, progress: 101 } });
    expect(tooFar.json()).toEqual({ 'softwareUpdate.progress': ['Der Wert darf höchstens 100 sein.'] });
    expect((await report('Prokyon', { softwareVersion: '4.7.0' })).statusCode).toBe(204);
    expect((await deviceNamed('Prokyon')).softwareUpdate).toBeNull();
  });
});

describe("'Software veraltet'", () => {
  it('counts the headsets older than the newest published image of their model, list and dashboard alike', async () => {
    await report('Rigel', { softwareVersion: '4.9.4' });
    await report('Prokyon', { softwareVersion: '4.7.0' });
    const before = await summary();
    const list = await outdatedList();
    expect(list.results.map((d) => d.name).sort()).toEqual(['Prokyon', 'Rigel']);
    expect(before.outdatedSoftware).toBe(list.count);
    expect((await deviceNamed('Rigel')).newestOperatingSystem).toEqual({ id: images.demo, version: '5.3.0' });

    // Rigel comes back from its update with the new version: one fewer.
    await report('Rigel', { softwareVersion: '5.3.0' });
    expect((await summary()).outdatedSoftware).toBe(1);
    expect((await outdatedList()).results.map((d) => d.name)).toEqual(['Prokyon']);

    // Withdrawn, the image no longer counts: no Neo 3 Pro is outdated (no other image is published for it).
    await send(
      `/api/v1/support/operating-systems/${images.demo}/`,
      tokens.staff,
      { isPublished: false },
      'PATCH',
    );
    expect((await summary()).outdatedSoftware).toBe(0);
    expect((await deviceNamed('Rigel')).newestOperatingSystem).toBeNull();
    await send(
      `/api/v1/support/operating-systems/${images.demo}/`,
      tokens.staff,
      { isPublished: true },
      'PATCH',
    );
    expect((await summary()).outdatedSoftware).toBe(1);
  });
});
