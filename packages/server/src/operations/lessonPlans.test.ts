import type { components } from '@portal/api/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_FACTS } from '../db/seed.ts';
import {
  bearer,
  createTestServer,
  deviceToken,
  login,
  pairHeadset,
  type TestServer,
} from '../test/testServer.ts';

type Schemas = components['schemas'];
type Plan = Schemas['LessonPlan'];
type Lesson = Schemas['RunningLesson'];

/**
 * Unterrichtsablauf (issue 26): lesson plans of an organisation, their steps in positions 1…n, shares as for playlists,
 * and running a plan step by step within one lesson that every screen reads.
 */
let server: TestServer;
const tokens = { lehrer: '', zfsl: '', staff: '' };
const ids = { zfsl: 0 };
const content = new Map<string, { id: number; uuid: string }>();
const devices = new Map<string, number>();

beforeAll(async () => {
  server = await createTestServer();
  const { pool } = server.database;
  tokens.lehrer = (await login(server.app, 'lehrer@schule.example')).access;
  tokens.zfsl = (await login(server.app, 'zfsl@zfsl.example')).access;
  tokens.staff = (await login(server.app, 'staff@vr-portal.example')).access;
  for (const row of (await pool.query('select id, uuid, title from contents')).rows) {
    content.set(row.title, { id: row.id, uuid: row.uuid });
  }
  for (const row of (await pool.query('select id, serial_number from devices')).rows) {
    devices.set(row.serial_number, row.id);
  }
  const organisations = (await pool.query('select id, name from organisations')).rows;
  ids.zfsl = organisations.find((o) => o.name === 'ZfsL Demo')?.id;
  for (const serial of CLASS) {
    const token = await pairHeadset(server, serial);
    await server.app.inject({ url: '/api/v1/headset/commands/?wait=0', headers: deviceToken(token) });
  }
});
afterAll(() => server?.close());

const CLASS = ['PA7GY0001', 'PA7GY0002', 'PA7GY0003'];
const idOf = (title: string) => content.get(title)?.id ?? 0;
const uuidOf = (title: string) => content.get(title)?.uuid ?? '';

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = tokens.lehrer,
) {
  return server.app.inject({
    method,
    url: `/api/v3/mdm/lesson-plans/${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload }),
  });
}
async function plan(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<Plan> {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<Plan>();
}
const titles = (p: Plan) => p.steps.map((step) => [step.positionNumber, step.content?.title]);

async function newPlan(stepTitles: string[]): Promise<Plan> {
  let created = await plan('POST', '', { name: 'Probe' });
  for (const title of stepTitles) {
    created = await plan('POST', `${created.id}/steps/`, {
      contentId: idOf(title),
      note: `Zu ${title}`,
      plannedMinutes: 5,
    });
  }
  return created;
}

describe('lesson plans', () => {
  it('the demo Gymnasium has two plans of three steps with notes and minutes; other organisations see none', async () => {
    const list = (await call('GET', '')).json<{ results: Plan[] }>().results;
    expect(list.map((p) => p.name).sort()).toEqual([...SEED_FACTS.gymnasiumLessonPlans].sort());
    for (const each of list) {
      expect(each.steps.map((s) => s.positionNumber)).toEqual([1, 2, 3]);
      expect(each.steps.every((s) => s.note !== '' && s.plannedMinutes !== null && s.content !== null)).toBe(
        true,
      );
    }
    expect((await call('GET', '', undefined, tokens.zfsl)).json()).toEqual({ results: [] });
    expect((await call('GET', '', undefined, tokens.staff)).json()).toEqual({ results: [] });
    expect((await call('GET', `${list[0]?.id}/`, undefined, tokens.zfsl)).statusCode).toBe(404);
  });

  it('adds, moves and removes steps with positions 1…n; refuses what the rules refuse with a German message', async () => {
    const made = await newPlan(['Vulkane hautnah', 'Der Regenwald', 'Nordseeküste']);
    const [first, , third] = made.steps;
    const moved = await plan('POST', `${made.id}/steps/${first?.id}/move/`, { positionNumber: 3 });
    expect(titles(moved)).toEqual([
      [1, 'Der Regenwald'],
      [2, 'Nordseeküste'],
      [3, 'Vulkane hautnah'],
    ]);
    const removed = await plan('DELETE', `${made.id}/steps/${third?.id}/`);
    expect(titles(removed)).toEqual([
      [1, 'Der Regenwald'],
      [2, 'Vulkane hautnah'],
    ]);
    const changed = await plan('PUT', `${made.id}/steps/${first?.id}/`, {
      contentId: idOf('Kölner Dom'),
      note: 'Neu',
      plannedMinutes: null,
    });
    expect(changed.steps[1]).toMatchObject({ positionNumber: 2, note: 'Neu', plannedMinutes: null });
    expect(changed.steps[1]?.content?.title).toBe('Kölner Dom');

    const beyond = await call('POST', `${made.id}/steps/${first?.id}/move/`, { positionNumber: 3 });
    expect([beyond.statusCode, beyond.json()]).toEqual([
      400,
      {
        positionNumber: [
          'Der Unterrichtsablauf hat nur 2 Schritte. Bitte wählen Sie eine Position von 1 bis 2.',
        ],
      },
    ]);
    // The ZfsL's private item is not the Gymnasium's to use.
    const foreign = await call('POST', `${made.id}/steps/`, { contentId: idOf(SEED_FACTS.zfslPrivateTitle) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().contentId[0]).toMatch(/Ihre Organisation darf ihn nicht verwenden/);
    expect((await call('PATCH', `${made.id}/`, { name: '   ' })).statusCode).toBe(400);
    const otherPlanStep = (await newPlan(['Kölner Dom'])).steps[0]?.id;
    expect((await call('DELETE', `${made.id}/steps/${otherPlanStep}/`)).statusCode).toBe(404);
  });

  it('duplicates with notes and minutes; deleting takes the steps along', async () => {
    const made = await newPlan(['Vulkane hautnah', 'Der Regenwald']);
    const copy = await plan('POST', `${made.id}/duplicate/`, { copyName: 'Kopie' });
    expect(copy.id).not.toBe(made.id);
    expect(copy.steps.map((s) => [s.positionNumber, s.content?.title, s.note, s.plannedMinutes])).toEqual([
      [1, 'Vulkane hautnah', 'Zu Vulkane hautnah', 5],
      [2, 'Der Regenwald', 'Zu Der Regenwald', 5],
    ]);
    expect((await call('DELETE', `${made.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `${made.id}/`)).statusCode).toBe(404);
    const left = await server.database.pool.query(
      'select count(*)::int as n from lesson_plan_steps where lesson_plan_id = $1',
      [made.id],
    );
    expect(left.rows[0].n).toBe(0);
  });

  it('keeps positions 1…n when an item of a step is deleted from the Mediathek', async () => {
    const item = (
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/cms/content/',
        headers: bearer(tokens.lehrer),
        payload: { title: 'Bald gelöscht', contentType: 'video' },
      })
    ).json<{ id: number }>();
    const made = await newPlan(['Vulkane hautnah']);
    await plan('POST', `${made.id}/steps/`, { contentId: item.id });
    const last = await plan('POST', `${made.id}/steps/`, { contentId: idOf('Nordseeküste') });
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/cms/content/${item.id}/`,
      headers: bearer(tokens.lehrer),
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const after = await plan('GET', `${made.id}/`);
    expect(titles(after)).toEqual([
      [1, 'Vulkane hautnah'],
      [2, 'Nordseeküste'],
    ]);
    // The last step moves to the front as a step of a list without gaps.
    const moved = await plan('POST', `${made.id}/steps/${last.steps[2]?.id}/move/`, { positionNumber: 1 });
    expect(titles(moved)).toEqual([
      [1, 'Nordseeküste'],
      [2, 'Vulkane hautnah'],
    ]);
  });

  it('is shared like a playlist: read-only for the organisation, recorded in the Protokoll, hidden again when withdrawn', async () => {
    const made = await newPlan(['Vulkane hautnah', 'Exkursion Neanderthal']);
    await plan('POST', `${made.id}/add-share/`, { organisation_ids: [ids.zfsl] });
    const seen = (await call('GET', `${made.id}/`, undefined, tokens.zfsl)).json<Plan>();
    // The ZfsL sees the public item and the one shared with it, not more.
    expect(seen.steps.map((s) => s.content?.title ?? null)).toEqual([
      'Vulkane hautnah',
      'Exkursion Neanderthal',
    ]);
    expect((await call('PATCH', `${made.id}/`, { name: 'Fremd' }, tokens.zfsl)).statusCode).toBe(403);
    const copy = await call('POST', `${made.id}/duplicate/`, { copyName: 'Unsere Kopie' }, tokens.zfsl);
    expect(copy.json<Plan>().owner.id).toBe(ids.zfsl);
    const audit = await server.database.pool.query(
      `select kind from audit_entries where kind like 'lessonPlan%' order by id`,
    );
    expect(audit.rows.map((row) => row.kind)).toContain('lessonPlanShared');
    await plan('POST', `${made.id}/remove-share/`, { organisation_ids: [ids.zfsl] });
    expect((await call('GET', `${made.id}/`, undefined, tokens.zfsl)).statusCode).toBe(404);
    const own = await call('POST', `${made.id}/add-share/`, { organisation_ids: [made.owner.id] });
    expect(own.json()).toEqual({
      organisation_ids: ['Ein Unterrichtsablauf kann nicht mit der eigenen Organisation geteilt werden.'],
    });
  });
});

describe('running a plan', () => {
  const STEPS = ['Chemielabor Sicherheitseinweisung', 'Unterwegs im Sonnensystem', 'Vulkane hautnah'];
  const queue = (body: object) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v3/mdm/devices/command-queue/',
      headers: bearer(tokens.lehrer),
      payload: { devices: CLASS.map((s) => devices.get(s)), ...body },
    });
  const startStep = (planId: number, step: number, lesson?: number) =>
    queue({
      command: 'CMD.START.VIDEO',
      extras: { contentUuid: uuidOf(STEPS[step - 1] ?? '') },
      lessonPlanStep: { plan: planId, step },
      ...(lesson === undefined ? {} : { lesson }),
    });
  async function lessons(): Promise<Lesson[]> {
    return (await server.app.inject({ url: '/api/v3/mdm/lessons/', headers: bearer(tokens.lehrer) })).json<{
      results: Lesson[];
    }>().results;
  }

  it("'Beginnen' opens a lesson of the plan; 'Weiter' and 'Zurück' play another step within it, every screen reads where", async () => {
    const made = await newPlan(STEPS);
    expect((await startStep(made.id, 1)).statusCode).toBe(200);
    const [begun] = await lessons();
    expect(begun?.lessonPlan).toEqual({
      id: made.id,
      name: 'Probe',
      step: 1,
      stepCount: 3,
      note: `Zu ${STEPS[0]}`,
      plannedMinutes: 5,
    });

    const next = await startStep(made.id, 2, begun?.id);
    expect(next.statusCode, next.body).toBe(200);
    const [second, ...none] = await lessons();
    expect(none).toEqual([]);
    expect([second?.id, second?.lessonPlan?.step, second?.content.title]).toEqual([begun?.id, 2, STEPS[1]]);
    expect(second?.headsets.map((h) => h.command?.extras.contentUuid)).toEqual(
      CLASS.map(() => uuidOf(STEPS[1] ?? '')),
    );

    expect((await startStep(made.id, 1, begun?.id)).statusCode).toBe(200);
    expect((await lessons())[0]?.lessonPlan?.step).toBe(1);
    await queue({ command: 'CMD.STOP.RUNNING', extras: {} });
  });

  it('refuses a step the plan does not have, another item than the step, another plan and a stop naming a step', async () => {
    const made = await newPlan(STEPS);
    const beyond = await queue({
      command: 'CMD.START.VIDEO',
      extras: { contentUuid: uuidOf(STEPS[0] ?? '') },
      lessonPlanStep: { plan: made.id, step: 4 },
    });
    expect([beyond.statusCode, Object.keys(beyond.json())]).toEqual([400, ['lessonPlanStep.step']]);
    const wrong = await queue({
      command: 'CMD.START.VIDEO',
      extras: { contentUuid: uuidOf(STEPS[1] ?? '') },
      lessonPlanStep: { plan: made.id, step: 1 },
    });
    expect([wrong.statusCode, Object.keys(wrong.json())]).toEqual([400, ['extras.contentUuid']]);
    const stop = await queue({
      command: 'CMD.STOP.RUNNING',
      extras: {},
      lessonPlanStep: { plan: made.id, step: 1 },
    });
    expect([stop.statusCode, Object.keys(stop.json())]).toEqual([400, ['lessonPlanStep']]);
    // A plan the caller does not see is no plan to run.
    const zfslPlan = (await call('POST', '', { name: 'ZfsL' }, tokens.zfsl)).json<Plan>();
    const invisible = await queue({
      command: 'CMD.START.VIDEO',
      extras: { contentUuid: uuidOf(STEPS[0] ?? '') },
      lessonPlanStep: { plan: zfslPlan.id, step: 1 },
    });
    expect([invisible.statusCode, Object.keys(invisible.json())]).toEqual([400, ['lessonPlanStep.plan']]);
    // Nothing of the refused starts was queued or opened.
    expect(await lessons()).toEqual([]);

    const other = await newPlan(STEPS);
    expect((await startStep(made.id, 1)).statusCode).toBe(200);
    const [running] = await lessons();
    const mixed = await startStep(other.id, 2, running?.id);
    expect([mixed.statusCode, Object.keys(mixed.json())]).toEqual([400, ['lessonPlanStep.plan']]);
    await queue({ command: 'CMD.STOP.RUNNING', extras: {} });
  });
});
