import { DEVICE_CODE_NAMES } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer } from '../app.ts';
import { PASSWORD_HASH_COST } from '../infra/passwords.ts';
import { startTestHttpServer } from '../test/testServer.ts';
import {
  configurationItems,
  configurationShares,
  configurations,
  contents,
  devices,
  organisations,
  users,
} from './schema.ts';
import { SEED_FACTS } from './seed.ts';

let server: RunningServer;
beforeAll(async () => {
  // An empty database: the server migrates it and seeds the demo data, as on its first start.
  server = await startTestHttpServer({ firstStart: true });
});
afterAll(() => server?.close());

it('listens on a free port with demo data, over real HTTP', async () => {
  expect(server.seeded).toBe(true);
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const response = await fetch(`${server.url}/api/v2/cms/content/?page_size=1`);
  expect(response.status).toBe(200);
  expect((await response.json()).count).toBeGreaterThanOrEqual(20);
});

it('seeded the demo users with a password hash at the production cost', async () => {
  const { db } = server.database;
  const hashes = await db.select({ passwordHash: users.passwordHash }).from(users);
  expect(hashes.length).toBeGreaterThan(0);
  const { N, r, p } = PASSWORD_HASH_COST;
  for (const { passwordHash } of hashes)
    expect(passwordHash).toMatch(new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$`));
});

it('seeded the demo data the README promises', async () => {
  const { db } = server.database;
  const headsets = await db
    .select({ name: devices.name, organisationId: devices.organisationId })
    .from(devices)
    .orderBy(devices.id);
  const orgs = await db.select().from(organisations);
  const namesOf = (type: number) => {
    const org = orgs.find((o) => o.organisationType === type);
    return headsets.filter((h) => h.organisationId === org?.id).map((h) => h.name);
  };
  // The Gymnasium's class set: the 20 code names of spec §9, then numbered; the KMZ's lending case and the ZfsL a few.
  expect(namesOf(2)).toEqual([
    ...DEVICE_CODE_NAMES,
    ...Array.from({ length: 10 }, (_, i) => `VR-Brille ${21 + i}`),
  ]);
  expect(namesOf(4)).toEqual(DEVICE_CODE_NAMES.slice(0, 6));
  expect(namesOf(5)).toEqual(DEVICE_CODE_NAMES.slice(0, 4));
  expect(orgs.map((o) => [o.name, o.organisationType, o.msbSchoolNumber])).toEqual([
    ['Kreismedienzentrum Demo', 4, null],
    ['Gymnasium Demo', 2, '123456'],
    ['ZfsL Demo', 5, null],
  ]);
  expect(new Set(headsets.map((h) => h.organisationId))).toEqual(new Set(orgs.map((o) => o.id)));
  const emails = (await db.select({ email: users.email }).from(users)).map((u) => u.email).sort();
  expect(emails).toEqual([
    'admin@kmz.example',
    'lehrer@schule.example',
    'neu@schule.example',
    'schulleitung@schule.example',
    'staff@vr-portal.example',
    'zfsl@zfsl.example',
  ]);
  // The Protokoll's demo morning (issue 24): eight entries of the Gymnasium, none in the future.
  const morning = await db.execute<{ n: number; future: number }>(sql`select count(*)::int as n,
      count(*) filter (where occurred_at > now())::int as future
    from audit_entries e join organisations o on o.id = e.organisation_id where o.name = 'Gymnasium Demo'`);
  expect(morning.rows[0]).toEqual({ n: 8, future: 0 });

  const items = await db.select().from(contents);
  expect(items.length).toBeGreaterThanOrEqual(30);
  expect(new Set(items.map((c) => c.contentType))).toEqual(new Set(['app', 'video', 'webApp']));
  for (const format of ['180', '3D180_LR', '3D180_TB', '360']) {
    expect(items.some((c) => c.format === format)).toBe(true);
  }
  expect(new Set(items.map((c) => `${c.minAge}-${c.maxAge}`)).size).toBeGreaterThan(5);
  expect(items.some((c) => c.minAge === null && c.maxAge === null)).toBe(true);
  const kmz = orgs[0]!;
  expect(items.filter((c) => c.ownerId === kmz.id).every((c) => c.isPublic)).toBe(true);
});

it('seeded two or three playlists per organisation, each with content its owner may see', async () => {
  const { db, pool } = server.database;
  const orgs = await db.select().from(organisations);
  const lists = await db.select().from(configurations);
  const names = (type: number) => {
    const org = orgs.find((o) => o.organisationType === type)!;
    return lists
      .filter((l) => l.ownerId === org.id)
      .sort((a, b) => a.positionNumber - b.positionNumber)
      .map((l) => l.name);
  };
  expect(names(4)).toEqual(SEED_FACTS.playlists.kmz);
  expect(names(2)).toEqual(SEED_FACTS.playlists.gymnasium);
  expect(names(5)).toEqual(SEED_FACTS.playlists.zfsl);
  for (const owner of orgs) {
    const count = lists.filter((l) => l.ownerId === owner.id).length;
    expect(count).toBeGreaterThanOrEqual(2);
    expect(count).toBeLessThanOrEqual(3);
  }

  const items = await db.select().from(configurationItems);
  for (const list of lists) {
    const positions = items
      .filter((i) => i.configurationId === list.id)
      .map((i) => i.positionNumber)
      .sort((a, b) => a - b);
    expect(positions.length, list.name).toBeGreaterThanOrEqual(2);
    expect(positions).toEqual(positions.map((_, i) => i + 1));
  }
  // Every item is public, the owner's own or shared with the owner: a playlist never holds what its owner cannot see.
  const { rows: unseen } = await pool.query(`select g.name, c.title from configuration_items i
    join configurations g on g.id = i.configuration_id join contents c on c.id = i.content_id
    where not (c.is_public or c.owner_id = g.owner_id or exists (select 1 from content_shares s
      where s.content_id = c.id and s.organisation_id = g.owner_id))`);
  expect(unseen).toEqual([]);

  const shares = await db.select().from(configurationShares);
  const shared = lists.find((l) => l.name === SEED_FACTS.zfslPlaylistSharedWithGymnasium)!;
  const gymnasium = orgs.find((o) => o.organisationType === 2)!;
  expect(shares).toEqual([{ configurationId: shared.id, organisationId: gymnasium.id }]);

  // The first list of each organisation runs on its first headset; the Gymnasium's on its whole class set of 30.
  const headsets = await db.select().from(devices);
  for (const list of lists.filter((l) => l.activeState)) {
    const running = headsets.filter((h) => h.activeConfigurationId === list.id);
    expect(running).toHaveLength(list.ownerId === gymnasium.id ? 30 : 1);
    expect(running.every((h) => h.organisationId === list.ownerId)).toBe(true);
  }
  expect(lists.filter((l) => l.activeState)).toHaveLength(3);
});

// If PGlite ran on the HTTP thread, no request could be answered until the heavy query finished.
it('keeps answering requests that need no database while a heavy query runs', async () => {
  expect(server.database.engine).toBe('pglite');
  const bare = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/not-a-route/`);
    expect(response.status).toBe(404);
    await response.body?.cancel();
    return performance.now() - started;
  };
  await bare();

  const heavyStarted = performance.now();
  let heavyFinishedAt = 0;
  const heavy = server.database.pool.query('select sum(i) from generate_series(1, 3000000) i').then(() => {
    heavyFinishedAt = performance.now();
  });

  const latencies: number[] = [];
  for (let i = 0; i < 20; i++) latencies.push(await bare());
  const bareFinishedAt = performance.now();
  await heavy;

  const heavyDuration = heavyFinishedAt - heavyStarted;
  expect(heavyFinishedAt).toBeGreaterThan(bareFinishedAt);
  expect(Math.max(...latencies)).toBeLessThan(heavyDuration / 5);
});
