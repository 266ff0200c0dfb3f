import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type pg from 'pg';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type AdmissionSettings, DEFAULT_ADMISSION, type ServerConfig } from '../config.ts';
import { errorHandler, ServerBusy } from '../errors.ts';
import { createTestServer, deviceToken, login, pairHeadset, type TestServer } from '../test/testServer.ts';
import { AdmissionGate, type Lane, laneOf } from './admission.ts';

const BUSY_5 = 'Der Server ist gerade stark ausgelastet. Bitte versuchen Sie es in 5 Sekunden erneut.';

describe('AdmissionGate', () => {
  const settings: AdmissionSettings = { queueLimit: 2, queueTimeoutMs: 5000, statementTimeoutMs: 0 };
  afterEach(() => {
    vi.useRealTimers();
  });

  it('seats up to its capacity at once, queues per lane up to the limit and refuses the rest with 503', async () => {
    const gate = new AdmissionGate(1, settings);
    await gate.enter('bulk');
    const waiting = [gate.enter('bulk'), gate.enter('bulk')];
    expect(gate.waitingIn('bulk')).toBe(2);
    const refused = await gate.enter('bulk').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServerBusy);
    // The one error mapper (errors.ts) answers it with 503, Retry-After and this body.
    expect(refused).toMatchObject({
      kind: 'unavailable',
      detail: BUSY_5,
      clientReason: { code: 'serverBusy', params: { seconds: 5 } },
      retryAfterSeconds: 5,
    });
    // The priority lane has a share of its own, and started work is never refused for the limit.
    const priority = gate.enter('priority');
    expect(gate.waitingIn('priority')).toBe(1);
    const started = [gate.enter('started'), gate.enter('started'), gate.enter('started')];
    expect(gate.waitingIn('started')).toBe(3);
    gate.close();
    await expect(Promise.all([...waiting, priority, ...started])).rejects.toBeInstanceOf(ServerBusy);
  });

  it('hands a freed seat to started work first, then priority, then bulk and headsets in turn, each in arrival order', async () => {
    const gate = new AdmissionGate(1, { ...settings, queueLimit: 3 });
    await gate.enter('bulk');
    const order: string[] = [];
    const enter = (lane: Lane, name: string) =>
      gate.enter(lane).then(() => {
        order.push(name);
      });
    const all = [
      enter('headset', 'headset 1'),
      enter('bulk', 'bulk 1'),
      enter('priority', 'priority 1'),
      enter('headset', 'headset 2'),
      enter('bulk', 'bulk 2'),
      enter('started', 'started 1'),
      enter('priority', 'priority 2'),
      enter('headset', 'headset 3'),
    ];
    for (let i = 0; i < all.length; i++) {
      gate.leave();
      await Promise.resolve();
    }
    await Promise.all(all);
    expect(order).toEqual([
      'started 1',
      'priority 1',
      'priority 2',
      'bulk 1',
      'headset 1',
      'bulk 2',
      'headset 2',
      // Nothing of the portal waits: the headsets go on.
      'headset 3',
    ]);
    expect(gate.holders).toBe(1);
    gate.leave();
    expect(gate.holders).toBe(0);
  });

  it('puts the calls headsets make with their device token into a lane of their own', () => {
    expect(laneOf('pollHeadsetCommands', 'device')).toBe('headset');
    expect(laneOf('reportHeadsetState', 'device')).toBe('headset');
    expect(laneOf('reportHeadsetCommandResult', 'device')).toBe('headset');
    // Pairing is typed in by a person, once per headset.
    expect(laneOf('enrolHeadset', 'none')).toBe('bulk');
    expect(laneOf('listDevices', 'bearer')).toBe('bulk');
    expect(laneOf('sendDeviceCommand', 'bearer')).toBe('bulk');
    expect(laneOf('login', 'optional')).toBe('priority');
    expect(laneOf(undefined, undefined)).toBe('bulk');
  });

  it('refuses work that waited longer than the timeout and skips it when a seat frees', async () => {
    vi.useFakeTimers();
    const gate = new AdmissionGate(1, { ...settings, queueTimeoutMs: 1500 });
    await gate.enter('bulk');
    const late = gate.enter('bulk').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1499);
    expect(gate.waitingIn('bulk')).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const refused = await late;
    expect(refused).toBeInstanceOf(ServerBusy);
    // Retry-After rounds the timeout up to whole seconds: by then all that waits now has been served or refused.
    expect(refused).toMatchObject({
      retryAfterSeconds: 2,
      clientReason: { params: { seconds: 2 } },
    });
    expect(gate.waitingIn('bulk')).toBe(0);
    const next = gate.enter('bulk');
    gate.leave();
    await next;
    expect(gate.holders).toBe(1);
  });
});

describe('a saturated database over real HTTP', () => {
  let server: TestServer | undefined;
  let held: pg.PoolClient[] = [];

  async function start(admission: Partial<ServerConfig['admission']>, extra: Partial<ServerConfig> = {}) {
    server = await createTestServer({
      config: {
        admission: { queueLimit: 100, queueTimeoutMs: 60_000, statementTimeoutMs: 0, ...admission },
        ...extra,
      },
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    return { server, origin: `http://127.0.0.1:${port}` };
  }

  /** Takes every connection of the pool, as a long statement would: whatever else needs one must wait. */
  async function holdEveryConnection(testServer: TestServer) {
    const { pool } = testServer.database;
    held = await Promise.all(Array.from({ length: pool.gate.capacity }, () => pool.connect()));
  }

  function releaseConnections() {
    for (const client of held.splice(0)) client.release();
  }

  async function until(condition: () => boolean) {
    await vi.waitFor(() => expect(condition()).toBe(true), { timeout: 15_000, interval: 10 });
  }

  afterEach(async () => {
    releaseConnections();
    await server?.close();
    server = undefined;
  });

  const LIST = '/api/v2/cms/content/?ordering=title';

  it('refuses list requests over the queue bound with 503, Retry-After and a German detail, while users/me waits its turn', async () => {
    const { server, origin } = await start({ queueLimit: 2, queueTimeoutMs: 60_000 });
    const { access } = await login(server.app, 'lehrer@schule.example');
    const auth = { authorization: `Bearer ${access}` };
    await holdEveryConnection(server);
    const gate = server.database.pool.gate;

    const queued = [fetch(`${origin}${LIST}`, { headers: auth }), fetch(`${origin}${LIST}`)];
    await until(() => gate.waitingIn('bulk') === 2);
    const me = fetch(`${origin}/api/v1/users/me/`, { headers: auth });
    await until(() => gate.waitingIn('priority') === 1);

    const refused = await fetch(`${origin}${LIST}`, { headers: auth });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({
      detail: 'Der Server ist gerade stark ausgelastet. Bitte versuchen Sie es in 60 Sekunden erneut.',
      code: 'serverBusy',
      params: { seconds: 60 },
    });

    releaseConnections();
    const [meAnswer, ...lists] = await Promise.all([me, ...queued]);
    expect(meAnswer?.status).toBe(200);
    expect(await meAnswer?.json()).toMatchObject({ email: 'lehrer@schule.example' });
    for (const list of lists) {
      expect(list.status).toBe(200);
      expect((await list.json()).count).toBeGreaterThan(0);
    }
    expect(gate.waitingIn('bulk')).toBe(0);
  });

  it('keeps a fleet of headsets from crowding out teachers: their calls gather behind one statement in a lane of their own', async () => {
    // A bound of 4: one waiting statement for each of the headset side's four kinds (authenticate, deliver, finish,
    // report), which is what the gathering lets reach the gate at most.
    const { server, origin } = await start({ queueLimit: 4, queueTimeoutMs: 60_000 });
    const { access } = await login(server.app, 'admin@kmz.example');
    const { rows } = await server.database.pool.query<{ serial_number: string }>(
      'select serial_number from devices order by id limit 3',
    );
    const tokens = await Promise.all(rows.map((row) => pairHeadset(server, row.serial_number)));
    const pollOf = (token: string) =>
      fetch(`${origin}/api/v1/headset/commands/`, { headers: deviceToken(token) });
    await holdEveryConnection(server);
    const gate = server.database.pool.gate;

    // Three headsets call at once: one statement of theirs waits at the gate, the others are gathered behind it
    // (services/headsets/headsetSide.ts) instead of taking seats in the queue.
    const polls = tokens.map((token) => pollOf(token));
    await until(() => gate.waitingIn('headset') === 1);
    // A teacher's list gets in: the portal's lane has a bound of its own, served in turn with theirs.
    const list = fetch(`${origin}/api/v3/mdm/devices/`, { headers: { authorization: `Bearer ${access}` } });
    await until(() => gate.waitingIn('bulk') === 1);
    expect(gate.waitingIn('headset')).toBe(1);

    releaseConnections();
    const listAnswer = await list;
    expect(listAnswer.status).toBe(200);
    expect((await listAnswer.json()).count).toBeGreaterThan(0);
    for (const answer of await Promise.all(polls)) {
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ commands: [], pollAfterSeconds: 5 });
    }
  });

  it('answers 503 to a request that waited longer than the timeout', async () => {
    const { server, origin } = await start({ queueLimit: 10, queueTimeoutMs: 300 });
    await holdEveryConnection(server);
    const gate = server.database.pool.gate;
    const waiting = fetch(`${origin}${LIST}`);
    await until(() => gate.waitingIn('bulk') === 1);
    const answer = await waiting;
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(await answer.json()).toMatchObject({
      detail: 'Der Server ist gerade stark ausgelastet. Bitte versuchen Sie es in einer Sekunde erneut.',
      code: 'serverBusy',
      params: { seconds: 1 },
    });
    expect(gate.waitingIn('bulk')).toBe(0);
  });

  it('serves static files while every database connection is taken', async () => {
    const portalDist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    onTestFinished(() => rmSync(portalDist, { recursive: true, force: true }));
    writeFileSync(
      join(portalDist, 'index.html'),
      '<!doctype html><title>Portal</title><div id="root"></div>',
    );
    const { server, origin } = await start({ queueLimit: 0, queueTimeoutMs: 60_000 }, { portalDist });
    await holdEveryConnection(server);
    const [pdf, page] = await Promise.all([
      fetch(`${origin}/media/datenschutzerklaerung.pdf`),
      fetch(`${origin}/library`, { headers: { accept: 'text/html' } }),
    ]);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    // …while the API, which needs the database, is refused at once (queue bound 0).
    expect((await fetch(`${origin}${LIST}`)).status).toBe(503);
  });

  it('leaves normal load alone: 40 concurrent lists and users/me all answer 200 with the default settings', async () => {
    const { server, origin } = await start(DEFAULT_ADMISSION);
    const { access } = await login(server.app, 'admin@kmz.example');
    const auth = { authorization: `Bearer ${access}` };
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, () => fetch(`${origin}${LIST}`, { headers: auth })),
      fetch(`${origin}/api/v1/users/me/`, { headers: auth }),
    ]);
    // Every body read to its end: a connection whose answer is left unread is not idle, and the server's close
    // waits for it.
    await Promise.all(answers.map((answer) => answer.arrayBuffer()));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(answers.some((answer) => answer.headers.has('retry-after'))).toBe(false);
    const gate = server.database.pool.gate;
    const lanes: Lane[] = ['started', 'priority', 'bulk', 'headset'];
    expect(lanes.map((lane) => gate.waitingIn(lane))).toEqual([0, 0, 0, 0]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL cancels a statement that runs longer than the statement timeout',
    async () => {
      const { server } = await start({ statementTimeoutMs: 200 });
      const error = await server.database.db.execute(sql`select pg_sleep(5)`).catch((e: unknown) => e);
      expect(error).toMatchObject({ cause: { code: '57014' } });
    },
  );
});

describe('the error mapper', () => {
  it('answers a cancelled statement (SQLSTATE 57014, wrapped by Drizzle) with 503 and a German detail, not 500', async () => {
    const app = Fastify();
    app.setErrorHandler(errorHandler);
    app.get('/slow', async () => {
      throw new Error('Failed query: select …', {
        cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      });
    });
    const answer = await app.inject({ method: 'GET', url: '/slow' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      detail:
        'Die Anfrage hat zu lange gedauert und wurde abgebrochen. Bitte versuchen Sie es später erneut.',
    });
    await app.close();
  });
});
