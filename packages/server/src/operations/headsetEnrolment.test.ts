import type { components } from '@portal/api/schema';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app.ts';
import { startDemoFleet } from '../simulator/demoFleet.ts';
import { bearer, createTestServer, login, startTestHttpServer, type TestServer } from '../test/testServer.ts';

// Issue 20: the enrolment throttle counts bad codes per code and per client address, but a valid code pairs.

type Schemas = components['schemas'];

let server: TestServer;
let admin: string;
let deviceTypeId: number;

beforeAll(async () => {
  server = await createTestServer();
  admin = (await login(server.app, 'admin@kmz.example')).access;
  const { rows } = await server.database.pool.query<{ id: number }>(
    "select id from device_types where name = 'Pico 4'",
  );
  deviceTypeId = rows[0]?.id as number;
});
afterAll(() => server?.close());

const inject = (options: InjectOptions) => server.app.inject(options);
const exchange = (remoteAddress: string, enrolmentCode: string, serialNumber: string) =>
  inject({
    method: 'POST',
    url: '/api/v1/headset/enrol/',
    remoteAddress,
    payload: { enrolmentCode, serialNumber },
  });
/** A new headset of the KMZ, added by its administrator: its serial number and code. */
async function addHeadset(serialNumber: string): Promise<{ id: number; code: string }> {
  const added = await inject({
    method: 'POST',
    url: '/api/v3/mdm/devices/',
    headers: bearer(admin),
    payload: { serialNumber, deviceTypeId },
  });
  expect(added.statusCode, added.body).toBe(201);
  const enrolment = added.json<Schemas['DeviceEnrolment']>();
  return { id: enrolment.device.id, code: enrolment.enrolmentCode };
}
const renew = (id: number) =>
  inject({ method: 'POST', url: `/api/v3/mdm/devices/${id}/enrolment-code/`, headers: bearer(admin) });
/** A code of the right form that is nobody's (codes are 8 characters of 32; this one is never issued twice). */
const wrongCode = (i: number) => `ZZZZ-${String(i).padStart(4, '2').replace(/[01]/g, '9')}`;

describe('after 20 bad codes from one address (a school behind one NAT address)', () => {
  const school = '203.0.113.20';

  it('a valid code still pairs; the bad guesses from there stay throttled', async () => {
    // A pupil types wrong codes on other headsets; each headset's code has its own count.
    for (let i = 0; i < 20; i += 1) {
      const bad = await exchange(school, wrongCode(i), `NAT-ANDERE-${i}`);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json()).toHaveProperty('enrolmentCode');
    }
    const throttled = await exchange(school, wrongCode(20), 'NAT-ANDERE-20');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: 'enrolThrottled' });
    expect(throttled.json().detail).toMatch(/^Zu viele ungültige Kopplungscodes von dieser Adresse\./);

    const { id, code } = await addHeadset('NAT-KLASSE-01');
    const paired = await exchange(school, code, 'NAT-KLASSE-01');
    expect(paired.statusCode, paired.body).toBe(201);
    expect(paired.json<Schemas['HeadsetEnrolment']>().device).toMatchObject({
      id,
      serialNumber: 'NAT-KLASSE-01',
    });

    // Bad guesses go on being refused with 429, also at a headset that has an open code.
    const next = await addHeadset('NAT-KLASSE-02');
    const guess = await exchange(school, wrongCode(21), 'NAT-KLASSE-02');
    expect(guess.statusCode).toBe(429);
    expect(Number(guess.headers['retry-after'])).toBeGreaterThan(0);
    // …and the right code of that headset pairs it.
    expect((await exchange(school, next.code, 'NAT-KLASSE-02')).statusCode).toBe(201);
  });
});

describe('bad guesses at one headset’s code', () => {
  it('lock that code after 20 from any addresses, until a new code is issued', async () => {
    const { id, code } = await addHeadset('RATEN-0001');
    for (let i = 0; i < 20; i += 1) {
      const bad = await exchange(`198.51.100.${i + 1}`, wrongCode(100 + i), 'RATEN-0001');
      expect(bad.statusCode, bad.body).toBe(400);
    }
    // Even the right code is not looked at now: otherwise guessing at one code would have no bound.
    const locked = await exchange('198.51.100.200', code, 'RATEN-0001');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'enrolThrottled', params: { minutes: 15 } });
    expect(locked.json().detail).toMatch(/^Für diese VR-Brille gab es zu viele ungültige Kopplungscodes/);
    const stored = await server.database.pool.query<{ paired: boolean }>(
      'select token_hash is not null as paired from devices where id = $1',
      [id],
    );
    expect(stored.rows).toEqual([{ paired: false }]);

    // An unknown serial number is counted and locked alike, so the answers tell nothing about which exist.
    for (let i = 0; i < 20; i += 1) await exchange(`198.51.101.${i + 1}`, wrongCode(200 + i), 'GIBTS-NICHT');
    const unknown = await exchange('198.51.101.200', wrongCode(300), 'GIBTS-NICHT');
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().detail).toBe(locked.json().detail);

    // The administrator's new code ends the lock at once.
    const renewed = await renew(id);
    expect(renewed.statusCode, renewed.body).toBe(201);
    const paired = await exchange(
      '198.51.100.200',
      renewed.json<Schemas['DeviceEnrolment']>().enrolmentCode,
      'RATEN-0001',
    );
    expect(paired.statusCode, paired.body).toBe(201);
  });

  it('parallel guesses cannot slip past the limit together', async () => {
    const { code } = await addHeadset('RATEN-0002');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => exchange(`192.0.2.${i + 1}`, wrongCode(400 + i), 'RATEN-0002')),
    );
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(20);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(10);
    expect((await exchange('192.0.2.200', code, 'RATEN-0002')).statusCode).toBe(429);
  });
});

describe('the demo fleet', () => {
  let running: RunningServer | undefined;
  afterAll(() => running?.close());

  it('pairs after 20 bad codes from its own address (127.0.0.1)', async () => {
    running = await startTestHttpServer();
    const guess = (i: number) =>
      fetch(`${running?.url}/api/v1/headset/enrol/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ enrolmentCode: wrongCode(i), serialNumber: `DEMO-FALSCH-${i}` }),
      });
    for (let i = 0; i < 20; i += 1) expect((await guess(i)).status).toBe(400);
    expect((await guess(20)).status).toBe(429);

    const demo = await startDemoFleet(running.database.db, { serverUrl: running.url, log: () => undefined });
    try {
      expect(demo?.headsets).toBe(40);
      const { rows } = await running.database.pool.query<{ paired: number }>(
        'select count(*)::int as paired from devices where simulated and token_hash is not null',
      );
      expect(rows[0]?.paired).toBe(40);
    } finally {
      await demo?.stop();
    }
  }, 60_000);
});
