import { contentTypeOfStartCommand, type DeviceCommand, RUNNING_STATE_MAX_AGE_MS } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Executor, intArray } from '../../db/sql.ts';
import { Conflict, InvalidFields } from '../../errors.ts';
import { MESSAGES } from '../../messages.ts';
import { type Caller, lessonPlanVisibleTo, lessonsVisibleTo } from '../access.ts';
import { IS_ONLINE } from './devices.ts';

/**
 * The lessons as the playback commands keep them (issue 22; the lifecycle in the contract's tag `lessons`): called by
 * sendDeviceCommand and queueDeviceCommand inside the transaction that queues the commands, so a lesson and its
 * commands are written together or not at all. The read is lessons.ts.
 */

const TEXT = MESSAGES.lessons;

/** Spec §9: a running state lasts 60 minutes; so does a lesson, counted from its start. */
export const LESSON_MAX_SECONDS = RUNNING_STATE_MAX_AGE_MS / 1000;

/**
 * How long after its latest start, retry, pause or resume a lesson runs although none of its headsets plays it: the
 * headsets' first reports come after their results, and a start that failed everywhere must stay for 'Erneut
 * versuchen'.
 */
export const LESSON_IDLE_GRACE_SECONDS = 120;

/**
 * A lesson (rows `l`) still runs: not ended, at most {@link LESSON_MAX_SECONDS} old, and either commanded within
 * {@link LESSON_IDLE_GRACE_SECONDS} or one of its headsets online and reporting its content as playing or paused, or a
 * lesson command still on its way. Reads apply it at once; sweepEndedLessons (lessons.ts) writes what it ends.
 */
export const LESSON_RUNNING = sql`(l.ended_at is null
  and l.started_at > now() - make_interval(secs => ${LESSON_MAX_SECONDS})
  and (l.last_command_at > now() - make_interval(secs => ${LESSON_IDLE_GRACE_SECONDS})
    or exists (select 1 from lesson_devices ld
      join devices d on d.id = ld.device_id
      left join device_commands dc on dc.id = ld.command_id
      where ld.lesson_id = l.id and ld.left_at is null
        and ((${IS_ONLINE} and d.playback_state in ('playing', 'paused')
            and d.current_content_uuid = (select lc.uuid from contents lc where lc.id = l.content_id))
          or (dc.status in ('queued', 'delivered') and dc.expires_at > now())))))`;

/** A headset a playback command was for, and the server's refusal of its command (null: queued). */
export interface LessonTarget {
  deviceId: number;
  organisationId: number;
  refusal: object | null;
}

export interface LessonCommand {
  command: DeviceCommand;
  /** The content a start names (none: a start by package name alone, which opens no lesson). */
  contentUuid: string | undefined;
  /** The lesson the caller names (queueDeviceCommand's `lesson`). */
  lesson: number | undefined;
  /** The step of a lesson plan a start plays (queueDeviceCommand's `lessonPlanStep`). */
  lessonPlanStep: { plan: number; step: number } | undefined;
  /** Every headset the command was for, queued or refused. */
  targets: readonly LessonTarget[];
  /** The commands queued, matched to the targets by headset. */
  commandIds: readonly number[];
}

/**
 * Keeps the lessons for a playback command that was just queued (a start opens or retries one, a pause with `lesson`
 * pauses or resumes it, a stop takes the headsets out of theirs); other commands may not name a lesson (400).
 */
export async function recordLessonCommand(tx: Executor, caller: Caller, input: LessonCommand): Promise<void> {
  const { command } = input;
  if (input.lessonPlanStep !== undefined && contentTypeOfStartCommand(command) === null) {
    throw InvalidFields.of('lessonPlanStep', MESSAGES.lessonPlans.notForCommand);
  }
  if (contentTypeOfStartCommand(command) !== null) await startLesson(tx, caller, input);
  else if (command === 'CMD.TOGGLE.PAUSE') await pauseLesson(tx, caller, input);
  else if (command === 'CMD.STOP.RUNNING') await leaveLessons(tx, input.targets, 'stopped');
  else if (input.lesson !== undefined) {
    throw InvalidFields.of('lesson', TEXT.notForCommand(MESSAGES.devices.commandLabels[command]));
  }
}

/** The lesson named, locked, when it runs and the caller sees it; else 409 `lessonEnded` (nothing is queued). */
async function runningLesson(tx: Executor, caller: Caller, lessonId: number) {
  const found = await tx.execute<{
    id: number;
    organisationId: number;
    contentUuid: string;
    lessonPlanId: number | null;
  }>(sql`
    select l.id, l.organisation_id as "organisationId", c.uuid as "contentUuid", l.lesson_plan_id as "lessonPlanId"
    from lessons l join contents c on c.id = l.content_id
    where l.id = ${lessonId} and ${lessonsVisibleTo(caller)} and ${LESSON_RUNNING}
    for update of l`);
  const lesson = found.rows[0];
  if (!lesson) throw new Conflict(TEXT.ended, { code: 'lessonEnded', params: { lesson: lessonId } });
  return lesson;
}

function byOrganisation(targets: readonly LessonTarget[]): Map<number, LessonTarget[]> {
  const groups = new Map<number, LessonTarget[]>();
  for (const target of targets) {
    groups.set(target.organisationId, [...(groups.get(target.organisationId) ?? []), target]);
  }
  return groups;
}

/**
 * A start: a new lesson per organisation of the headsets, or with `lesson` the headsets again within that one (its
 * content, its organisation). Either way the headsets leave any other lesson first.
 */
async function startLesson(tx: Executor, caller: Caller, input: LessonCommand): Promise<void> {
  const { contentUuid, lesson, targets } = input;
  if (contentUuid === undefined || targets.length === 0) return;
  const planStep =
    input.lessonPlanStep === undefined
      ? null
      : await lessonPlanStep(tx, caller, input.lessonPlanStep, contentUuid);
  if (lesson !== undefined) {
    const running = await runningLesson(tx, caller, lesson);
    if (planStep !== null && running.lessonPlanId !== planStep.plan) {
      throw InvalidFields.of('lessonPlanStep.plan', MESSAGES.lessonPlans.otherPlan);
    }
    // 'Weiter' and 'Zurück' of a plan play another item within the lesson; otherwise it is 'Erneut versuchen'.
    if (planStep === null && running.contentUuid !== contentUuid) {
      throw InvalidFields.of('extras.contentUuid', TEXT.otherContent);
    }
    if (targets.some((t) => t.organisationId !== running.organisationId)) {
      throw InvalidFields.of('devices', TEXT.otherOrganisation);
    }
    await joinLesson(tx, running.id, targets);
    await tx.execute(sql`update lessons set last_command_at = now(),
        content_id = coalesce(${planStep?.contentId ?? null}::int, content_id),
        lesson_plan_step = coalesce(${planStep?.step ?? null}::int, lesson_plan_step)
      where id = ${running.id}`);
  } else {
    for (const [organisationId, members] of byOrganisation(targets)) {
      const created = await tx.execute<{ id: number }>(sql`
        insert into lessons (organisation_id, content_id, started_by, lesson_plan_id, lesson_plan_step)
        select ${organisationId}, c.id, ${caller.id}, ${planStep?.plan ?? null}::int, ${planStep?.step ?? null}::int
        from contents c where c.uuid = ${contentUuid}
        returning id`);
      const [row] = created.rows;
      if (row) await joinLesson(tx, Number(row.id), members);
    }
  }
  await recordCommands(tx, input);
}

/**
 * The step of a lesson plan a start names: a plan the caller sees (400 on `lessonPlanStep.plan`), a step it has (400 on
 * `lessonPlanStep.step`), whose item the start plays (400 on `extras.contentUuid`).
 */
async function lessonPlanStep(
  tx: Executor,
  caller: Caller,
  named: { plan: number; step: number },
  contentUuid: string,
): Promise<{ plan: number; step: number; contentId: number }> {
  const found = await tx.execute<{ steps: number; contentId: number | null; uuid: string | null }>(sql`
    select (select count(*)::int from lesson_plan_steps a where a.lesson_plan_id = lp.id) as steps,
      st.content_id as "contentId", c.uuid
    from lesson_plans lp
      left join lesson_plan_steps st on st.lesson_plan_id = lp.id and st.position_number = ${named.step}
      left join contents c on c.id = st.content_id
    where lp.id = ${named.plan} and ${lessonPlanVisibleTo(caller)}`);
  const plan = found.rows[0];
  const text = MESSAGES.lessonPlans;
  if (!plan) throw InvalidFields.of('lessonPlanStep.plan', text.notFound);
  if (plan.contentId === null) throw InvalidFields.of('lessonPlanStep.step', text.stepBeyondEnd(plan.steps));
  if (plan.uuid !== contentUuid) throw InvalidFields.of('extras.contentUuid', text.otherContent);
  return { plan: named.plan, step: named.step, contentId: Number(plan.contentId) };
}

/** CMD.TOGGLE.PAUSE: each headset's receipt follows its command; with `lesson` the lesson pauses or resumes. */
async function pauseLesson(tx: Executor, caller: Caller, input: LessonCommand): Promise<void> {
  if (input.lesson !== undefined) {
    const running = await runningLesson(tx, caller, input.lesson);
    await tx.execute(sql`update lessons set
        paused_seconds = paused_seconds
          + coalesce(extract(epoch from now() - paused_at)::double precision, 0),
        paused_at = case when paused_at is null then now() else null end,
        last_command_at = now()
      where id = ${running.id}`);
  }
  await recordCommands(tx, input);
}

/**
 * Puts the headsets into the lesson (back, when they had left it), each with its refusal or none yet, after taking
 * them out of any other lesson, which ends when none is left.
 */
async function joinLesson(tx: Executor, lessonId: number, targets: readonly LessonTarget[]): Promise<void> {
  await leaveLessons(tx, targets, 'replaced', sql`lesson_id <> ${lessonId}`);
  const rows = targets.map((t) => ({ device_id: t.deviceId, refusal: t.refusal }));
  await tx.execute(sql`insert into lesson_devices (lesson_id, device_id, refusal)
    select ${lessonId}, r.device_id, r.refusal
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(device_id int, refusal jsonb)
    on conflict (lesson_id, device_id) do update
      set left_at = null, refusal = excluded.refusal, command_id = null`);
}

/**
 * Each headset's latest lesson command in the lesson it is in: the queued command, or the refusal of it (with no
 * command, so that its receipt says why).
 */
async function recordCommands(tx: Executor, input: LessonCommand): Promise<void> {
  const refused = input.targets
    .filter((t) => t.refusal !== null)
    .map((t) => ({ device_id: t.deviceId, refusal: t.refusal }));
  if (input.commandIds.length > 0) {
    await tx.execute(sql`update lesson_devices ld set command_id = c.id, refusal = null
      from device_commands c
      where c.id = any(${intArray(input.commandIds)}) and ld.device_id = c.device_id and ld.left_at is null`);
  }
  if (refused.length > 0) {
    await tx.execute(sql`update lesson_devices ld set command_id = null, refusal = r.refusal
      from jsonb_to_recordset(${JSON.stringify(refused)}::jsonb) as r(device_id int, refusal jsonb)
      where ld.device_id = r.device_id and ld.left_at is null`);
  }
}

/**
 * Takes the headsets out of their running lessons (a stop, queued or refused alike: an offline headset plays nothing;
 * or a start elsewhere), and ends the lessons left without headsets, for `reason`.
 */
async function leaveLessons(
  tx: Executor,
  targets: readonly LessonTarget[],
  reason: 'stopped' | 'replaced',
  also = sql`true`,
): Promise<void> {
  if (targets.length === 0) return;
  const left = await tx.execute<{ lesson_id: number }>(sql`update lesson_devices set left_at = now()
    where device_id = any(${intArray(targets.map((t) => t.deviceId))}) and left_at is null and ${also}
    returning lesson_id`);
  const lessonIds = [...new Set(left.rows.map((row) => Number(row.lesson_id)))];
  if (lessonIds.length === 0) return;
  await tx.execute(sql`update lessons l set ended_at = now(), end_reason = ${reason}
    where l.id = any(${intArray(lessonIds)}) and l.ended_at is null
      and not exists (select 1 from lesson_devices ld where ld.lesson_id = l.id and ld.left_at is null)`);
}
