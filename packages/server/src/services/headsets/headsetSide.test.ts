import type { components } from '@portal/api/schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executePrepared } from '../../db/sql.ts';
import { createTestServer, deviceToken, pairHeadset, type TestServer } from '../../test/testServer.ts';
import { HeadsetSide } from './headsetSide.ts';

/**
 * Issue 20, item 1: one headset's report took every headset of every organisation offline until the server
 * restarted. A lone UTF-16 surrogate in a state report made PostgreSQL's JSON refuse the gathered statement; on
 * PGlite every later headset statement then answered 'prepared statement … already exists' (db/database.ts says
 * why). Now the edge refuses such text (http/bodies.ts), a failing statement leaves the named statements usable, and
 * a batch that fails for one call's values fails that call alone. Runs on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL.
 */

type HeadsetState = components['schemas']['HeadsetState'];

const LONE_SURROGATE = '\ud800';
const STATE: HeadsetState = {
  softwareVersion: '4.9.4',
  batteryLevel: 80,
  storageTotal: 256 * 1024 ** 3,
  storageUsed: 20 * 1024 ** 3,
  currentApp: null,
  playbackState: 'stopped',
  syncStatus: 'synced',
};

let server: TestServer;
/** The Gymnasium's class set: id, serial number and device token of each paired headset. */
let classSet: { id: number; serial: string; token: string }[];

beforeAll(async () => {
  server = await createTestServer();
  const { rows } = await server.database.pool.query<{ id: number; serial_number: string }>(
    `select d.id, d.serial_number from devices d join organisations o on o.id = d.organisation_id
     where o.organisation_type = 2 order by d.id limit 6`,
  );
  classSet = [];
  for (const row of rows) {
    classSet.push({
      id: row.id,
      serial: row.serial_number,
      token: await pairHeadset(server, row.serial_number),
    });
  }
});
afterAll(() => server?.close());

const member = (n: number) => {
  const found = classSet[n];
  if (!found) throw new Error(`no headset ${n}`);
  return found;
};

/** A state report sent as JSON text, so that `\ud800` arrives as the JSON escape a headset would send. */
const reportText = (token: string, json: string) =>
  server.app.inject({
    method: 'PUT',
    url: '/api/v1/headset/state/',
    headers: { ...deviceToken(token), 'content-type': 'application/json' },
    payload: json,
  });
const report = (token: string, state: HeadsetState) => reportText(token, JSON.stringify(state));
const poll = (token: string) =>
  server.app.inject({ url: '/api/v1/headset/commands/?wait=0', headers: deviceToken(token) });

const currentApps = async (ids: number[]) => {
  const { rows } = await server.database.pool.query<{ id: number; current_app: string | null }>(
    'select id, current_app from devices where id = any($1::int[]) order by id',
    [ids],
  );
  return rows.map((row) => row.current_app);
};

const UNSTORABLE =
  'Dieses Feld enthält ein Zeichen, das nicht gespeichert werden kann (ein NUL-Zeichen oder ein einzelnes UTF-16-Surrogat). Bitte entfernen Sie es.';

describe('a lone surrogate from one headset (issue 20, item 1)', () => {
  it('is refused with 400 on the field, and every other headset goes on as before', async () => {
    const [sender, ...others] = [member(0), member(1), member(2), member(3)];
    if (!sender) throw new Error('no headsets');
    // JSON.stringify writes a lone surrogate as the escape `\ud800`, which PostgreSQL's JSON refuses.
    const refused = await report(sender.token, { ...STATE, currentApp: `App ${LONE_SURROGATE}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ currentApp: [UNSTORABLE] });
    // The same as the raw escape in the text, and in a command result's message.
    const escaped = await reportText(
      sender.token,
      JSON.stringify({ ...STATE, currentApp: 'App' }).replace('"App"', '"App \\udc00"'),
    );
    expect(escaped.statusCode).toBe(400);
    expect(escaped.json()).toEqual({ currentApp: [UNSTORABLE] });
    const result = await server.app.inject({
      method: 'POST',
      url: '/api/v1/headset/commands/1/result/',
      headers: { ...deviceToken(sender.token), 'content-type': 'application/json' },
      payload: '{"status":"failed","message":"kaputt \\ud83d"}',
    });
    expect(result.statusCode).toBe(400);
    expect(result.json()).toEqual({ message: [UNSTORABLE] });

    // The others poll and report at the same moment, as a class set does: every call answers.
    const answers = await Promise.all(
      others.flatMap(({ token }, n) => [poll(token), report(token, { ...STATE, currentApp: `App ${n}` })]),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(others.flatMap(() => [200, 204]));
    expect(await currentApps(others.map(({ id }) => id))).toEqual(['App 0', 'App 1', 'App 2']);
    // And the sender itself, with a report the database can keep.
    expect((await report(sender.token, { ...STATE, currentApp: 'Wieder da' })).statusCode).toBe(204);
    expect(await currentApps([sender.id])).toEqual(['Wieder da']);
  });
});

describe('the gathered headset statements after a failure (issue 20, item 1)', () => {
  it('a named prepared statement that failed runs again with the next values', async () => {
    const { db } = server.database;
    const names = (json: string) =>
      executePrepared<{ name: string }>(
        db,
        sql`select name from jsonb_to_recordset(${json}::jsonb) as r(name text)`,
      );
    expect((await names('[{"name":"a"}]')).rows).toEqual([{ name: 'a' }]);
    await expect(names('[{"name":"\\ud800"}]')).rejects.toThrow();
    // Before: 'prepared statement "p_…" already exists' here and for every later run, until a restart (PGlite).
    expect((await names('[{"name":"b"}]')).rows).toEqual([{ name: 'b' }]);
    expect((await names('[{"name":"c"}]')).rows).toEqual([{ name: 'c' }]);
  });

  it("a batch the database refuses for one headset's values fails that call alone, and the next batch runs", async () => {
    // Past the edge's check on purpose: the batch machinery must not depend on it.
    const side = new HeadsetSide(server.database.db);
    const [first, culprit, second, third] = [member(2), member(3), member(4), member(5)];
    if (!first || !culprit || !second || !third) throw new Error('no headsets');
    // The first call runs alone at once; the three after it wait and go together as the next batch.
    const alone = side.report(first.id, { ...STATE, currentApp: 'Allein' });
    const gathered = [
      side.report(culprit.id, { ...STATE, currentApp: `Kaputt ${LONE_SURROGATE}` }),
      side.report(second.id, { ...STATE, currentApp: 'Zweite' }),
      side.report(third.id, { ...STATE, currentApp: 'Dritte' }),
    ];
    await alone;
    const [bad, ...good] = await Promise.allSettled(gathered);
    expect(bad?.status).toBe('rejected');
    expect(good.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await currentApps([first.id, second.id, third.id])).toEqual(['Allein', 'Zweite', 'Dritte']);

    // The next batches of every kind run as usual, the culprit's included.
    const [caller, commands] = await Promise.all([
      side.authenticate(culprit.token),
      side.deliver({ deviceId: culprit.id }),
    ]);
    expect(caller).toEqual({ id: culprit.id, organisationId: expect.any(Number) });
    expect(commands).toEqual([]);
    await side.report(culprit.id, { ...STATE, currentApp: 'Repariert' });
    expect(await currentApps([culprit.id])).toEqual(['Repariert']);
  });
});
