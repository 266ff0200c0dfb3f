// A lesson plan as bench:fleet runs it (scenario `lesson-plan-next`): the requests of the portal's 'Beginnen' and
// 'Weiter' (features/playback: one queueDeviceCommand with `lessonPlanStep`, with the lesson for 'Weiter'), and the
// moment each headset's receipt says it plays the step (receiptOf of @portal/domain, as the portal's receipt list).
import type { components } from '../../packages/api/src/schema.d.ts';
import { receiptOf, startCommandFor } from '../../packages/domain/src/index.ts';
import type { HeldItem } from '../../packages/server/src/simulator/model.ts';
import { sleep } from '../benchHttp.ts';
import type { SentCommands } from './playback.ts';
import type { Teacher } from './teachers.ts';

type Schemas = components['schemas'];

/** As playback.ts: the bench asks for receipts more often than the portal, to time the server, not its polling step. */
const RECEIPTS_POLL_MS = 50;

/** A plan of the teacher's organisation whose `steps` steps are all `item` (the one item the bench's headsets hold). */
export async function createBenchPlan(teacher: Teacher, item: HeldItem, steps: number): Promise<number> {
  const found = await teacher.get(
    `/api/v2/cms/content/?search=${encodeURIComponent(item.title)}&page_size=100`,
  );
  const content = (JSON.parse(found.body) as Schemas['PaginatedContentList']).results.find(
    (c) => c.uuid === item.uuid,
  );
  if (!content) throw new Error(`listContent: no ${item.title}`);
  const created = await teacher.post('/api/v3/mdm/lesson-plans/', { name: `bench:fleet ${Date.now()}` });
  if (created.status !== 201) throw new Error(`createLessonPlan: ${created.status} ${created.body}`);
  const plan = (JSON.parse(created.body) as Schemas['LessonPlan']).id;
  for (let step = 1; step <= steps; step += 1) {
    const added = await teacher.post(`/api/v3/mdm/lesson-plans/${plan}/steps/`, { contentId: content.id });
    if (added.status !== 201) throw new Error(`addLessonPlanStep: ${added.status} ${added.body}`);
  }
  return plan;
}

/** 'Beginnen' (no `lesson`) or 'Weiter' / 'Zurück' (with it): the step's start to the headsets, as the portal sends it. */
export async function startPlanStep(
  teacher: Teacher,
  deviceIds: readonly number[],
  item: HeldItem,
  lessonPlanStep: { plan: number; step: number },
  lesson?: number,
): Promise<SentCommands> {
  const answer = await teacher.post('/api/v3/mdm/devices/command-queue/', {
    devices: deviceIds,
    command: startCommandFor(item.contentType),
    extras: { contentUuid: item.uuid },
    lessonPlanStep,
    ...(lesson === undefined ? {} : { lesson }),
  });
  if (answer.status !== 200) return { commandIds: [], refused: [`${answer.status} ${answer.body}`] };
  const { results } = JSON.parse(answer.body) as Schemas['DeviceCommandOutcomes'];
  return {
    commandIds: results.flatMap((r) => (r.command ? [r.command.id] : [])),
    refused: results.flatMap((r) => (r.refusal ? [r.refusal.code ?? 'refused'] : [])),
  };
}

/** The running lesson of the plan, as every screen reads it (listRunningLessons), with the step it is at. */
export async function planLesson(
  teacher: Teacher,
  plan: number,
): Promise<{ id: number; step: number } | null> {
  const answer = await teacher.get('/api/v3/mdm/lessons/');
  const lesson = (JSON.parse(answer.body) as Schemas['RunningLessonList']).results.find(
    (l) => l.lessonPlan?.id === plan,
  );
  return lesson?.lessonPlan ? { id: lesson.id, step: lesson.lessonPlan.step } : null;
}

/**
 * For each command, the milliseconds from `since` (performance.now()) until its receipt said `playing`; a command
 * whose headset did not play within `timeoutMs` (or failed) is left out and counted in `missing`.
 */
export async function timesUntilPlaying(
  teacher: Teacher,
  commandIds: readonly number[],
  contentUuid: string,
  since: number,
  timeoutMs: number,
): Promise<{ times: number[]; missing: number }> {
  const reachedAt = new Map<number, number>();
  const failed = new Set<number>();
  const deadline = since + timeoutMs;
  while (reachedAt.size + failed.size < commandIds.length && performance.now() < deadline) {
    const answer = await teacher.post('/api/v3/mdm/devices/command-receipts/', { commands: commandIds });
    const now = performance.now();
    if (answer.status === 200) {
      for (const r of (JSON.parse(answer.body) as Schemas['CommandReceiptList']).results) {
        const state = receiptOf(r.command, r.device, contentUuid).state;
        if (state === 'playing' && !reachedAt.has(r.command.id)) reachedAt.set(r.command.id, now - since);
        if (state === 'failed') failed.add(r.command.id);
      }
    }
    await sleep(RECEIPTS_POLL_MS);
  }
  return { times: [...reachedAt.values()], missing: commandIds.length - reachedAt.size };
}
