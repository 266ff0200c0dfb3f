import type { components } from '@portal/api/schema';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { type Executor, germanSortKey, intArray } from '../../db/sql.ts';
import { type Caller, lessonsVisibleTo } from '../access.ts';
import {
  COMMAND_COLUMNS,
  type CommandRow,
  RECEIPT_DEVICE_COLUMNS,
  type ReceiptDeviceRow,
  receiptDeviceOf,
  toView,
} from './commands.ts';
import { LESSON_MAX_SECONDS, LESSON_RUNNING } from './lessonRecord.ts';

/**
 * Unterricht (issue 22): the running lessons of an organisation as every member's dashboard and playback page show
 * them, and the sweep that writes the end of those that ended by themselves. The playback commands record them
 * (lessonRecord.ts); the lifecycle is the contract's tag `lessons`.
 */

type Schemas = components['schemas'];
export type RunningLessonView = Schemas['RunningLesson'];

type LessonRow = {
  id: number;
  organisation_id: number;
  started_at: Date;
  is_paused: boolean;
  elapsed_seconds: number;
  content_id: number;
  content_uuid: string;
  title: string;
  content_type: Schemas['ContentType'];
  duration: number | null;
  user_id: number | null;
  user_name: string | null;
  plan_id: number | null;
  plan_name: string | null;
  plan_step: number | null;
  plan_step_count: number;
  plan_note: string | null;
  plan_minutes: number | null;
};

/** The lesson plan a lesson runs, with the step that plays (null for a lesson of one item, or a deleted plan). */
function lessonPlanOf(row: LessonRow): RunningLessonView['lessonPlan'] {
  if (row.plan_id === null || row.plan_step === null) return null;
  return {
    id: row.plan_id,
    name: row.plan_name ?? '',
    step: row.plan_step,
    stepCount: row.plan_step_count,
    note: row.plan_note ?? '',
    plannedMinutes: row.plan_minutes,
  };
}

type HeadsetRow = Partial<CommandRow> &
  ReceiptDeviceRow & {
    lesson_id: number;
    lesson_device_id: number;
    lesson_serial_number: string;
    refusal: Schemas['Error'] | null;
  };

function headsetOf(row: HeadsetRow): Schemas['LessonHeadset'] {
  return {
    serialNumber: row.lesson_serial_number,
    device: receiptDeviceOf(row.lesson_device_id, row),
    // A left join: no command (refused, or its row is gone) leaves every command column null.
    command: row.id === null || row.id === undefined ? null : toView(row as CommandRow),
    refusal: row.refusal,
  };
}

/**
 * listRunningLessons: the running lessons of the caller's organisations, newest start first, each with its headsets
 * (by name) and their latest lesson command and report. Two statements: the lessons, then their headsets.
 */
export async function listRunningLessons(
  db: Database,
  caller: Caller,
): Promise<{ results: RunningLessonView[] }> {
  if (caller.organisationIds.length === 0) return { results: [] };
  const lessons = await db.execute<LessonRow>(sql`select l.id, l.organisation_id, l.started_at,
      l.paused_at is not null as is_paused,
      greatest(0, floor(extract(epoch from coalesce(l.paused_at, now()) - l.started_at)::double precision
        - l.paused_seconds))::int as elapsed_seconds,
      c.id as content_id, c.uuid as content_uuid, c.title, c.content_type, c.duration,
      u.id as user_id,
      coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as user_name,
      lp.id as plan_id, lp.name as plan_name, l.lesson_plan_step as plan_step,
      (select count(*)::int from lesson_plan_steps a where a.lesson_plan_id = lp.id) as plan_step_count,
      st.note as plan_note, st.planned_minutes as plan_minutes
    from lessons l join contents c on c.id = l.content_id left join users u on u.id = l.started_by
      left join lesson_plans lp on lp.id = l.lesson_plan_id
      left join lesson_plan_steps st on st.lesson_plan_id = lp.id and st.position_number = l.lesson_plan_step
    where ${lessonsVisibleTo(caller)} and ${LESSON_RUNNING}
    order by l.started_at desc, l.id desc`);
  if (lessons.rows.length === 0) return { results: [] };
  const headsets = await db.execute<HeadsetRow>(sql`select ld.lesson_id, ld.refusal,
      d.id as lesson_device_id, d.serial_number as lesson_serial_number, ${RECEIPT_DEVICE_COLUMNS},
      ${COMMAND_COLUMNS}
    from lesson_devices ld join devices d on d.id = ld.device_id
      left join device_commands c on c.id = ld.command_id
    where ld.lesson_id = any(${intArray(lessons.rows.map((l) => l.id))}) and ld.left_at is null
    order by ${germanSortKey(sql`d.name`)}, d.id`);
  return {
    results: lessons.rows.map((row) => ({
      id: row.id,
      organisationId: row.organisation_id,
      content: {
        id: row.content_id,
        uuid: row.content_uuid,
        title: row.title,
        contentType: row.content_type,
        duration: row.duration,
      },
      startedAt: new Date(row.started_at).toISOString(),
      startedBy: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
      isPaused: row.is_paused,
      elapsedSeconds: row.elapsed_seconds,
      headsets: headsets.rows.filter((h) => h.lesson_id === row.id).map(headsetOf),
      lessonPlan: lessonPlanOf(row),
    })),
  };
}

/**
 * Writes the end of every lesson that ended by itself (past its 60 minutes: 'expired'; none of its headsets plays it
 * any more: 'idle') and lets its headsets go. Reads already leave them out (LESSON_RUNNING); any server process may
 * run it at any time, with the command sweep.
 */
export async function sweepEndedLessons(db: Executor): Promise<number> {
  const result = await db.execute<{ ended: number }>(sql`with ended as (
      update lessons l set ended_at = now(),
        end_reason = case when l.started_at <= now() - make_interval(secs => ${LESSON_MAX_SECONDS})
          then 'expired' else 'idle' end
      where l.ended_at is null and not ${LESSON_RUNNING}
      returning l.id),
    released as (update lesson_devices set left_at = now()
      where lesson_id in (select id from ended) and left_at is null returning 1)
    select (select count(*) from ended)::int as ended`);
  return Number(result.rows[0]?.ended ?? 0);
}
