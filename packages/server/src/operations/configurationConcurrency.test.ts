import type { AddressInfo } from 'node:net';
import type { components } from '@portal/api/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../test/testServer.ts';

type Configuration = components['schemas']['Configuration'];

/**
 * Concurrent edits of one playlist over real HTTP, as two browser tabs of a teacher make them: the requests are in
 * flight at the same time and the server's transactions overlap (on PostgreSQL with TEST_DATABASE_URL truly in
 * parallel, on PGlite interleaved on its one connection). No item may get lost and positions stay 1…n.
 */
let server: TestServer;
let origin: string;
let tabs: [string, string];
let ownerId: number;
let itemIds: number[];

beforeAll(async () => {
  server = await createTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  // Two sessions of one teacher: two tabs.
  tabs = [
    (await login(server.app, 'lehrer@schule.example')).access,
    (await login(server.app, 'lehrer@schule.example')).access,
  ];
  const { pool } = server.database;
  ownerId = (await pool.query<{ id: number }>('select id from organisations where organisation_type = 2'))
    .rows[0]?.id as number;
  // Public items (every organisation may use them), in a fixed order.
  const items = await pool.query<{ id: number }>('select id from contents where is_public order by id');
  itemIds = items.rows.map((row) => row.id);
}, 60_000);
afterAll(() => server?.close());

async function request(tab: string, method: string, path: string, body?: object) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${tab}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}
const base = (id: number) => `/api/v2/mdm/device-configurations/${id}/`;
const item = (contentId: number) => ({ contentId, contentOrigin: 'cms' });

async function createPlaylist(name: string, contentIds: number[] = []): Promise<number> {
  const made = await request(tabs[0], 'POST', '/api/v2/mdm/device-configurations/', {
    name,
    ownerId,
    contentIds,
    activeState: false,
    sdmDevices: [],
  });
  expect(made.status).toBe(201);
  return (made.body as Configuration).id;
}
async function stored(id: number): Promise<{ contentId: number; position: number }[]> {
  const { rows } = await server.database.pool.query<{ content_id: number; position_number: number }>(
    'select content_id, position_number from configuration_items where configuration_id = $1 order by position_number',
    [id],
  );
  return rows.map((row) => ({ contentId: row.content_id, position: row.position_number }));
}
const positions = (items: { position: number }[]) => items.map((i) => i.position);
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('concurrent edits of one playlist', () => {
  it('two tabs adding at once: every item lands, each at its own position', async () => {
    const id = await createPlaylist('Zwei Tabs');
    const [fromA, fromB] = [itemIds.slice(0, 6), itemIds.slice(6, 12)];
    const answers = await Promise.all(
      fromA.flatMap((a, i) => [
        request(tabs[0], 'POST', `${base(id)}content/`, item(a)),
        request(tabs[1], 'POST', `${base(id)}content/`, item(fromB[i] as number)),
      ]),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const items = await stored(id);
    expect(positions(items)).toEqual(oneToN(12));
    expect(items.map((i) => i.contentId).sort((x, y) => x - y)).toEqual(
      [...fromA, ...fromB].sort((x, y) => x - y),
    );
  });

  it('the same item from both tabs at once: one lands, the other hears 409', async () => {
    const id = await createPlaylist('Gleicher Inhalt');
    const contentId = itemIds[0] as number;
    const answers = await Promise.all(
      tabs.map((tab) => request(tab, 'POST', `${base(id)}content/`, item(contentId))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await stored(id)).toEqual([{ contentId, position: 1 }]);
  });

  it('removing, moving, adding and renaming at once: nothing lost, positions 1…n', async () => {
    const start = itemIds.slice(0, 10);
    const id = await createPlaylist('Alles zugleich', start);
    const removed = start.slice(0, 3);
    const added = itemIds.slice(10, 14);
    const moved = start.slice(5, 9);
    const answers = await Promise.all([
      ...removed.map((c) => request(tabs[0], 'POST', `${base(id)}remove-content/`, item(c))),
      ...added.map((c) => request(tabs[1], 'POST', `${base(id)}content/`, item(c))),
      ...moved.map((c, i) =>
        request(tabs[i % 2] as string, 'POST', `${base(id)}move-content/`, { ...item(c), positionNumber: 1 }),
      ),
      request(tabs[1], 'PATCH', base(id), { name: 'Alles zugleich (umbenannt)' }),
    ]);
    // A move may come after removals shortened the list; every answer is a success or a reasoned 400.
    for (const answer of answers) expect([200, 400]).toContain(answer.status);
    expect(answers.slice(0, removed.length + added.length).map((a) => a.status)).toEqual(
      Array(removed.length + added.length).fill(200),
    );
    const items = await stored(id);
    const expected = [...start.filter((c) => !removed.includes(c)), ...added];
    expect(positions(items)).toEqual(oneToN(expected.length));
    expect(items.map((i) => i.contentId).sort((x, y) => x - y)).toEqual(expected.sort((x, y) => x - y));
    const { rows } = await server.database.pool.query<{ name: string }>(
      'select name from configurations where id = $1',
      [id],
    );
    expect(rows[0]?.name).toBe('Alles zugleich (umbenannt)');
  });
});
