import type { components } from '@portal/api/schema';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { closeGapAt, moveToPosition } from '../../db/positions.ts';
import { type Executor, germanSortKey } from '../../db/sql.ts';
import { InvalidFields, NotFound } from '../../errors.ts';
import { MESSAGES } from '../../messages.ts';
import {
  type Caller,
  contentVisibleTo,
  contentVisibleToOrganisation,
  duplicatingOrganisation,
  lessonPlanVisibleTo,
  requireOrganisation,
  requireOwner,
} from '../access.ts';
import { audit } from '../audit/index.ts';
import {
  checkShareRequest,
  organisationSubjects,
  type ShareAction,
  type ShareTable,
  writeShares,
} from '../content/index.ts';
import { nameProblem } from '../names.ts';

/**
 * Unterrichtsablauf (issue 26): lesson plans of an organisation, their steps (ordered like a playlist's items, with
 * the same positions handling) and their shares (the playlists' path). Running a plan is the playback commands'
 * business (services/headsets/lessonRecord.ts).
 */

type Schemas = components['schemas'];
export type LessonPlanView = Schemas['LessonPlan'];
export type LessonPlanStepWrite = Schemas['LessonPlanStepWrite'];

/** A plan longer than this is two lessons; the bound also keeps every answer small. */
export const MAX_LESSON_PLAN_STEPS = 100;

const TEXT = MESSAGES.lessonPlans;

type PlanRow = {
  id: number;
  name: string;
  owner_id: number;
  owner_name: string;
  shared_with: number[];
  created_at: Date;
  updated_at: Date;
  steps: {
    id: number;
    positionNumber: number;
    contentId: number;
    note: string;
    plannedMinutes: number | null;
    content: Schemas['LessonContent'] | null;
  }[];
};

/** The plans the caller sees that match `where`, by name; each with its steps and, where the caller may see it, their item. */
async function selectPlans(db: Executor, caller: Caller, where: SQL): Promise<LessonPlanView[]> {
  const result = await db.execute<PlanRow>(sql`
    select lp.id, lp.name, lp.owner_id, o.name as owner_name, lp.created_at, lp.updated_at,
      coalesce((select array_agg(s.organisation_id order by s.organisation_id) from lesson_plan_shares s
        where s.lesson_plan_id = lp.id), '{}') as shared_with,
      coalesce((select json_agg(json_build_object('id', st.id, 'positionNumber', st.position_number,
          'contentId', st.content_id, 'note', st.note, 'plannedMinutes', st.planned_minutes,
          'content', case when ${contentVisibleTo(caller)} then json_build_object('id', c.id, 'uuid', c.uuid,
            'title', c.title, 'contentType', c.content_type, 'duration', c.duration) end)
          order by st.position_number, st.id)
        from lesson_plan_steps st join contents c on c.id = st.content_id
        where st.lesson_plan_id = lp.id), '[]'::json) as steps
    from lesson_plans lp join organisations o on o.id = lp.owner_id
    where ${lessonPlanVisibleTo(caller)} and ${where}
    order by ${germanSortKey(sql`lp.name`)}, lp.id`);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    owner: { id: row.owner_id, name: row.owner_name },
    steps: row.steps,
    sharedWith: row.shared_with.map(Number),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  }));
}

/** listLessonPlans: the caller's organisations' plans and those shared with them. */
export async function listLessonPlans(db: Database, caller: Caller): Promise<{ results: LessonPlanView[] }> {
  return { results: await selectPlans(db, caller, sql`true`) };
}

/** One plan the caller sees; 404 for every other id (ids cannot be probed). */
export async function getLessonPlan(db: Executor, caller: Caller, id: number): Promise<LessonPlanView> {
  const [plan] = await selectPlans(db, caller, sql`lp.id = ${id}`);
  if (!plan) throw new NotFound(TEXT.notFound);
  return plan;
}

/**
 * Owner check as for playlists: a plan the caller cannot see answers 404, a shared one 403. Locks the plan's row, so
 * concurrent step changes of one plan serialise and none hands out a position twice.
 */
async function requireOwnedPlan(tx: Executor, caller: Caller, id: number) {
  const result = await tx.execute<{ name: string; ownerId: number; visible: boolean; steps: number }>(sql`
    select lp.name, lp.owner_id as "ownerId", ${lessonPlanVisibleTo(caller)} as visible,
      (select count(*)::int from lesson_plan_steps st where st.lesson_plan_id = lp.id) as steps
    from lesson_plans lp where lp.id = ${id}
    for update of lp`);
  return requireOwner(caller, result.rows[0], TEXT);
}

function requireName(name: string, field: string): string {
  const refusal = nameProblem(name);
  if (refusal) throw InvalidFields.of(field, refusal);
  return name.trim();
}

export async function createLessonPlan(db: Database, caller: Caller, name: string): Promise<number> {
  const ownerId = requireOrganisation(caller, TEXT.noOrganisation);
  const trimmed = requireName(name, 'name');
  const result = await db.execute<{ id: number }>(sql`
    insert into lesson_plans (name, owner_id) values (${trimmed}, ${ownerId}) returning id`);
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('lesson plan insert returned nothing');
  return id;
}

export async function renameLessonPlan(
  db: Database,
  caller: Caller,
  id: number,
  name: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireOwnedPlan(tx, caller, id);
    const trimmed = requireName(name, 'name');
    await tx.execute(sql`update lesson_plans set name = ${trimmed}, updated_at = now() where id = ${id}`);
  });
}

export async function deleteLessonPlan(db: Database, caller: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await requireOwnedPlan(tx, caller, id);
    await tx.execute(sql`delete from lesson_plans where id = ${id}`);
  });
}

/** A step's item must be one the owner organisation sees (as a playlist's items; a shared item may be withdrawn). */
async function requireUsableContent(tx: Executor, ownerId: number, contentId: number): Promise<void> {
  const found = await tx.execute(sql`select 1 from contents c
    where c.id = ${contentId} and ${contentVisibleToOrganisation(ownerId)}`);
  if (found.rows.length === 0) throw InvalidFields.of('contentId', TEXT.unknownContent);
}

const touch = (tx: Executor, id: number) =>
  tx.execute(sql`update lesson_plans set updated_at = now() where id = ${id}`);

/** addLessonPlanStep: appends a step (highest position + 1) under the plan's lock. */
export async function addLessonPlanStep(
  db: Database,
  caller: Caller,
  id: number,
  step: LessonPlanStepWrite,
): Promise<void> {
  await db.transaction(async (tx) => {
    const plan = await requireOwnedPlan(tx, caller, id);
    if (plan.steps >= MAX_LESSON_PLAN_STEPS) {
      throw InvalidFields.of('contentId', TEXT.tooManySteps(MAX_LESSON_PLAN_STEPS));
    }
    await requireUsableContent(tx, plan.ownerId, step.contentId);
    await tx.execute(sql`insert into lesson_plan_steps
        (lesson_plan_id, content_id, position_number, note, planned_minutes)
      values (${id}, ${step.contentId}, ${plan.steps + 1}, ${step.note ?? ''}, ${step.plannedMinutes ?? null})`);
    await touch(tx, id);
  });
}

/** The step of the plan, locked with it; 404 for a step of another plan. */
async function requireStep(tx: Executor, planId: number, stepId: number): Promise<{ position: number }> {
  const found = await tx.execute<{ position: number }>(sql`select position_number as position
    from lesson_plan_steps where id = ${stepId} and lesson_plan_id = ${planId}`);
  const step = found.rows[0];
  if (!step) throw new NotFound(TEXT.stepNotFound);
  return step;
}

/** updateLessonPlanStep: the step's item, note and minutes; its place stays. */
export async function updateLessonPlanStep(
  db: Database,
  caller: Caller,
  id: number,
  stepId: number,
  step: LessonPlanStepWrite,
): Promise<void> {
  await db.transaction(async (tx) => {
    const plan = await requireOwnedPlan(tx, caller, id);
    await requireStep(tx, id, stepId);
    await requireUsableContent(tx, plan.ownerId, step.contentId);
    await tx.execute(sql`update lesson_plan_steps set content_id = ${step.contentId}, note = ${step.note ?? ''},
        planned_minutes = ${step.plannedMinutes ?? null}
      where id = ${stepId}`);
    await touch(tx, id);
  });
}

const stepsOf = (id: number) => ({ table: sql`lesson_plan_steps`, scope: sql`lesson_plan_id = ${id}` });

/** removeLessonPlanStep: the later steps move up, so positions stay 1…n. */
export async function removeLessonPlanStep(
  db: Database,
  caller: Caller,
  id: number,
  stepId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireOwnedPlan(tx, caller, id);
    const { position } = await requireStep(tx, id, stepId);
    await tx.execute(sql`delete from lesson_plan_steps where id = ${stepId}`);
    await closeGapAt(tx, stepsOf(id), position);
    await touch(tx, id);
  });
}

/** moveLessonPlanStep: as a playlist's item moves (db/positions.ts), under the plan's lock. */
export async function moveLessonPlanStep(
  db: Database,
  caller: Caller,
  id: number,
  stepId: number,
  target: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const plan = await requireOwnedPlan(tx, caller, id);
    const { position } = await requireStep(tx, id, stepId);
    if (target > plan.steps) throw InvalidFields.of('positionNumber', TEXT.positionBeyondEnd(plan.steps));
    if (target === position) return;
    await moveToPosition(tx, { ...stepsOf(id), entry: sql`id = ${stepId}` }, position, target);
    await touch(tx, id);
  });
}

/**
 * duplicateLessonPlan: a copy in the caller's first organisation, shared with nobody, with the steps whose item that
 * organisation may see (a shared plan does not hand over the owner's private items), renumbered 1…n.
 */
export async function duplicateLessonPlan(
  db: Database,
  caller: Caller,
  id: number,
  copyName: string,
): Promise<number> {
  const name = requireName(copyName, 'copyName');
  const ownerId = duplicatingOrganisation(caller);
  return db.transaction(async (tx) => {
    await getLessonPlan(tx, caller, id);
    const result = await tx.execute<{ id: number }>(sql`
      insert into lesson_plans (name, owner_id) values (${name}, ${ownerId}) returning id`);
    const copyId = result.rows[0]?.id;
    if (copyId === undefined) throw new Error('lesson plan insert returned nothing');
    await tx.execute(sql`
      insert into lesson_plan_steps (lesson_plan_id, content_id, position_number, note, planned_minutes)
      select ${copyId}, st.content_id, row_number() over (order by st.position_number, st.id), st.note,
        st.planned_minutes
      from lesson_plan_steps st join contents c on c.id = st.content_id
      where st.lesson_plan_id = ${id} and ${contentVisibleToOrganisation(ownerId)}`);
    return copyId;
  });
}

const LESSON_PLAN_SHARES: ShareTable = { table: sql`lesson_plan_shares`, key: sql`lesson_plan_id` };

/** add-share / remove-share: the playlists' path (the content area's share rules and writer), with the Protokoll. */
export async function changeLessonPlanShares(
  db: Database,
  caller: Caller,
  id: number,
  organisationIds: number[],
  action: ShareAction,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { name, ownerId } = await requireOwnedPlan(tx, caller, id);
    const organisations = await checkShareRequest(tx, organisationIds, ownerId, action, TEXT.shareWithOwner);
    await audit.record(tx, {
      kind: action === 'add' ? 'lessonPlanShared' : 'lessonPlanUnshared',
      actor: caller,
      organisationId: ownerId,
      subjects: [{ type: 'lessonPlan', id, name }, ...organisationSubjects(organisations)],
    });
    await writeShares(tx, LESSON_PLAN_SHARES, id, organisationIds, action);
  });
}
