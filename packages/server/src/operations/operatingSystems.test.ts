import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { components } from '@portal/api/schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATING_SYSTEM } from '../db/seedDevices.ts';
import { createMediaTestServer, keyOfUrl, uploadOperatingSystemImage } from '../test/mediaRequests.ts';
import { bearer, login, type TestServer } from '../test/testServer.ts';

type OperatingSystem = components['schemas']['OperatingSystem'];
type Page = components['schemas']['PaginatedOperatingSystemList'];

/**
 * Operating system images (issue 23): staff manage them, administrators see the published ones of their
 * organisations' models, every other role is refused; publishing needs the file; the version is a semantic version.
 */
const PART = 1024;
const ROLES = ['staff', 'administrator', 'member', 'anotherOrganisation', 'anonymous'] as const;
type Role = (typeof ROLES)[number];

let server: TestServer & { uploadDir: string };
const tokens = {} as Record<Exclude<Role, 'anonymous'>, string>;
const models: Record<string, number> = {};
/** The seeded image (Neo 3 Pro, published), one for the Pico G3 (published) and a draft for the Neo 3 Pro. */
const images = { demo: 0, g3: 0, draft: 0 };

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, role: Role, payload?: object) =>
  server.app.inject({
    method,
    url,
    headers: role === 'anonymous' ? {} : bearer(tokens[role]),
    ...(payload ? { payload } : {}),
  });
const BASE = '/api/v1/support/operating-systems/';

async function createImage(fields: object): Promise<number> {
  const created = await call('POST', BASE, 'staff', fields);
  expect(created.statusCode, created.body).toBe(201);
  return created.json<OperatingSystem>().id;
}

beforeAll(async () => {
  server = await createMediaTestServer({ UPLOAD_PART_SIZE: PART });
  const { db } = server.database;
  // The ZfsL's member administers it here: the ZfsL has Pico G3 headsets, the KMZ none.
  await db.execute(sql`update memberships set is_administrator = true
    where user_id = (select id from users where email = 'zfsl@zfsl.example')`);
  for (const [role, email] of [
    ['staff', 'staff@vr-portal.example'],
    ['administrator', 'zfsl@zfsl.example'],
    ['member', 'lehrer@schule.example'],
    ['anotherOrganisation', 'admin@kmz.example'],
  ] as const) {
    tokens[role] = (await login(server.app, email)).access;
  }
  const types = await db.execute<{ id: number; name: string }>(sql`select id, name from device_types`);
  for (const type of types.rows) models[type.name] = type.id;
  const seeded = await db.execute<{ id: number }>(
    sql`select id from operating_systems where version = '5.3.0'`,
  );
  images.demo = seeded.rows[0]?.id ?? 0;
  images.g3 = await createImage({ name: 'Pico OS G3', version: '5.0.1', deviceTypeIds: [models['Pico G3']] });
  expect(
    (await uploadOperatingSystemImage(server.app, tokens.staff, images.g3, randomBytes(PART + 3))).statusCode,
  ).toBe(200);
  expect((await call('PATCH', `${BASE}${images.g3}/`, 'staff', { isPublished: true })).statusCode).toBe(200);
  images.draft = await createImage({
    name: 'Pico OS Beta',
    version: '6.0.0',
    deviceTypeIds: [models['Pico Neo 3 Pro']],
  });
});
afterAll(() => server?.close());

describe('who sees which image', () => {
  const seen: Record<Role, number | readonly (keyof typeof images)[]> = {
    staff: ['draft', 'g3', 'demo'],
    administrator: ['g3', 'demo'],
    member: 403,
    anotherOrganisation: ['demo'],
    anonymous: 401,
  };
  it.each(ROLES)('%s: the list', async (role) => {
    const response = await call('GET', `${BASE}?page_size=100`, role);
    const expected = seen[role];
    if (typeof expected === 'number') {
      expect(response.statusCode).toBe(expected);
      return;
    }
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json<Page>().results.map((o) => o.id);
    expect(ids.filter((id) => Object.values(images).includes(id))).toEqual(
      expected.map((key) => images[key]),
    );
    expect(response.json<Page>().count).toBe(ids.length);
  });

  const detail: Record<Role, Record<keyof typeof images, number>> = {
    staff: { demo: 200, g3: 200, draft: 200 },
    administrator: { demo: 200, g3: 200, draft: 404 },
    member: { demo: 403, g3: 403, draft: 403 },
    anotherOrganisation: { demo: 200, g3: 404, draft: 404 },
    anonymous: { demo: 401, g3: 401, draft: 401 },
  };
  it.each(ROLES)('%s: one image', async (role) => {
    for (const key of Object.keys(images) as (keyof typeof images)[]) {
      const response = await call('GET', `${BASE}${images[key]}/`, role);
      expect(response.statusCode, `${key}: ${response.body}`).toBe(detail[role][key]);
    }
  });

  it('names the models and the published state, and filters by model', async () => {
    const demo = (await call('GET', `${BASE}${images.demo}/`, 'administrator')).json<OperatingSystem>();
    expect(demo).toMatchObject({
      name: DEMO_OPERATING_SYSTEM.name,
      version: DEMO_OPERATING_SYSTEM.version,
      deviceTypes: [{ id: models['Pico Neo 3 Pro'], name: 'Pico Neo 3 Pro' }],
      isPublished: true,
      file: DEMO_OPERATING_SYSTEM.file,
    });
    // The seeded image's file is the bundled one: a plain URL that serves its bytes.
    const served = await server.app.inject({ url: demo.file ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBe(demo.fileSize);
    const g3Only = await call('GET', `${BASE}?device_type=${models['Pico G3']}`, 'staff');
    expect(g3Only.json<Page>().results.map((o) => o.id)).toEqual([images.g3]);
  });
});

describe('who manages images', () => {
  const writes: Record<Role, { create: number; update: number; remove: number; upload: number }> = {
    staff: { create: 201, update: 200, remove: 204, upload: 201 },
    administrator: { create: 403, update: 403, remove: 403, upload: 403 },
    member: { create: 403, update: 403, remove: 403, upload: 403 },
    anotherOrganisation: { create: 403, update: 403, remove: 403, upload: 403 },
    anonymous: { create: 401, update: 401, remove: 401, upload: 401 },
  };
  it.each(ROLES)('%s: create, change, upload, delete', async (role) => {
    const expected = writes[role];
    const fields = { name: 'Pico OS', version: '5.4.0', deviceTypeIds: [models['Pico 4']] };
    expect((await call('POST', BASE, role, fields)).statusCode).toBe(expected.create);
    const id = await createImage(fields);
    const changed = await call('PATCH', `${BASE}${id}/`, role, { releaseNotes: 'Neu.' });
    expect(changed.statusCode).toBe(expected.update);
    const upload = await call('POST', `${BASE}${id}/pre-signed-url-os-multipart/`, role, {
      file_name: 'os.img',
    });
    expect(upload.statusCode).toBe(expected.upload);
    expect((await call('DELETE', `${BASE}${id}/`, role)).statusCode).toBe(expected.remove);
    const left = await call('GET', `${BASE}${id}/`, 'staff');
    expect(left.statusCode).toBe(expected.remove === 204 ? 404 : 200);
    if (left.statusCode === 200)
      expect(left.json<OperatingSystem>().releaseNotes).toBe(expected.update === 200 ? 'Neu.' : '');
    if (left.statusCode === 200) await call('DELETE', `${BASE}${id}/`, 'staff');
  });

  it('refuses with German field errors: the version, the models, publishing without the file', async () => {
    const badVersion = await call('POST', BASE, 'staff', {
      name: 'Pico OS',
      version: '5.3',
      deviceTypeIds: [models['Pico 4']],
    });
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.json()).toEqual({
      version: ['Bitte geben Sie die Version als drei Zahlen mit Punkten an, z. B. 5.3.0.'],
    });
    const noModels = await call('POST', BASE, 'staff', {
      name: 'Pico OS',
      version: '5.3.1',
      deviceTypeIds: [],
    });
    expect(noModels.json()).toEqual({ deviceTypeIds: ['Die Liste muss mindestens 1 Einträge enthalten.'] });
    const missing = await call('POST', BASE, 'staff', { name: 'Pico OS', version: '5.3.1' });
    expect(missing.json()).toEqual({ deviceTypeIds: ['Dieses Feld ist erforderlich.'] });
    const unknown = await call('POST', BASE, 'staff', {
      name: 'Pico OS',
      version: '5.3.1',
      deviceTypeIds: [models['Pico 4'], 9999, 9998],
    });
    expect(unknown.json()).toEqual({ deviceTypeIds: ['Diese Modelle gibt es nicht: 9999, 9998.'] });
    const before = await server.database.pool.query('select count(*)::int as n from operating_systems');

    const publishEarly = await call('PATCH', `${BASE}${images.draft}/`, 'staff', { isPublished: true });
    expect(publishEarly.statusCode).toBe(400);
    expect(publishEarly.json()).toEqual({
      isPublished: [
        'Ein Betriebssystem ohne Datei kann nicht veröffentlicht werden. Bitte laden Sie zuerst die Datei hoch.',
      ],
    });
    const stored = await server.database.pool.query(
      'select is_published from operating_systems where id = $1',
      [images.draft],
    );
    expect(stored.rows).toEqual([{ is_published: false }]);
    expect(
      (await server.database.pool.query('select count(*)::int as n from operating_systems')).rows,
    ).toEqual(before.rows);
  });

  it('changes the models as a whole and keeps at least one', async () => {
    const id = await createImage({ name: 'Pico OS', version: '5.5.0', deviceTypeIds: [models['Pico 4']] });
    const both = [models['Pico G3'], models['Pico Neo 3 Pro']].sort((a, b) => (a ?? 0) - (b ?? 0));
    const changed = await call('PATCH', `${BASE}${id}/`, 'staff', { deviceTypeIds: both });
    expect(changed.json<OperatingSystem>().deviceTypes.map((t) => t.id)).toEqual(both);
    const none = await call('PATCH', `${BASE}${id}/`, 'staff', { deviceTypeIds: [] });
    expect(none.statusCode).toBe(400);
    const { rows } = await server.database.pool.query(
      'select count(*)::int as n from operating_system_device_types where operating_system_id = $1',
      [id],
    );
    expect(rows).toEqual([{ n: 2 }]);
    await call('DELETE', `${BASE}${id}/`, 'staff');
  });
});

describe('the image file', () => {
  it('uploads with the multipart flow (staff only), is served to those with its URL, goes with the entry', async () => {
    const id = await createImage({ name: 'Pico OS', version: '6.1.0', deviceTypeIds: [models['Pico G3']] });
    const data = randomBytes(PART * 2 + 7);
    const done = await uploadOperatingSystemImage(server.app, tokens.staff, id, data, 'pico.img');
    expect(done.statusCode, done.body).toBe(200);
    const file = done.json<{ file: string; fileSize: number }>();
    expect(file.fileSize).toBe(data.length);
    const published = await call('PATCH', `${BASE}${id}/`, 'staff', { isPublished: true });
    expect(published.json<OperatingSystem>()).toMatchObject({ isPublished: true, fileSize: data.length });
    // The administrator whose organisation has G3 headsets sees it and may download it with the URL given.
    const entry = (await call('GET', `${BASE}${id}/`, 'administrator')).json<OperatingSystem>();
    expect(keyOfUrl(entry.file ?? '')).toBe(keyOfUrl(file.file));
    const served = await server.app.inject({ url: entry.file ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(data)).toBe(true);
    expect(served.headers['cache-control']).toBe('private, max-age=300');
    expect((await server.app.inject({ url: file.file.split('?')[0] ?? '' })).statusCode).toBe(404);
    const path = join(server.uploadDir, 'files', keyOfUrl(file.file));
    expect(existsSync(path)).toBe(true);
    expect((await call('DELETE', `${BASE}${id}/`, 'staff')).statusCode).toBe(204);
    expect(existsSync(path)).toBe(false);
  });
});
