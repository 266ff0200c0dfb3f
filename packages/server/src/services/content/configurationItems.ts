import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intArray } from '../../db/sql.ts';
import { contentVisibleToOrganisation } from '../access.ts';

/**
 * A playlist whose items changed counts as changed (contract: deleteContent, isSynced): its `updated_at` moves
 * and the headsets it is active on need a sync, so they become `pending`.
 */
export async function markConfigurationsChanged(tx: Executor, configurationIds: number[]): Promise<void> {
  if (configurationIds.length === 0) return;
  await tx.execute(
    sql`update configurations set updated_at = now() where id = any(${intArray(configurationIds)})`,
  );
  await tx.execute(sql`update devices set sync_status = 'pending'
    where active_configuration_id = any(${intArray(configurationIds)})`);
}

/**
 * Takes a content item out of playlists (all of them, or the one given), closes the gap in their positions and
 * marks them changed. Returns the ids of the playlists that held it. Used by removeConfigurationContent and by
 * deleteContent, inside the caller's transaction.
 */
export function removeContentFromConfigurations(
  tx: Executor,
  contentId: number,
  configurationId?: number,
): Promise<number[]> {
  return removeItems(
    tx,
    contentId,
    configurationId === undefined ? sql`` : sql`and configuration_id = ${configurationId}`,
  );
}

/**
 * Takes a content item out of the playlists of organisations that may no longer see it: after its owner
 * withdrew a share, or made a public item private again. A playlist may only hold what its organisation sees
 * (its own, shared with it, or public), otherwise its headsets would be sent an item the organisation cannot
 * open. Returns the ids of the playlists that lost it.
 */
export function removeContentWhereNoLongerVisible(tx: Executor, contentId: number): Promise<number[]> {
  return removeItems(
    tx,
    contentId,
    sql`and configuration_id in (
      select p.id from configurations p join contents c on c.id = ${contentId}
      where not ${contentVisibleToOrganisation(sql`p.owner_id`)})`,
  );
}

async function removeItems(tx: Executor, contentId: number, condition: SQL): Promise<number[]> {
  // One statement: the update sees the rows before the delete, and each playlist loses at most one row
  // (primary key), so every later item moves up by exactly one.
  const result = await tx.execute<{ configuration_id: number }>(sql`
    with removed as (
      delete from configuration_items where content_id = ${contentId} ${condition}
      returning configuration_id, position_number
    ), renumbered as (
      update configuration_items i set position_number = i.position_number - 1
      from removed r
      where i.configuration_id = r.configuration_id and i.position_number > r.position_number
    )
    select configuration_id from removed`);
  const ids = result.rows.map((row) => Number(row.configuration_id));
  await markConfigurationsChanged(tx, ids);
  return ids;
}

/**
 * Takes a deleted content item out of the lesson plans (Unterrichtsablauf) that have it as a step, and numbers the
 * remaining steps of those plans 1…n again, so that positions stay without gaps (the foreign key's cascade would
 * leave one). Lesson plans build on this area, so the statement is written here, in the transaction of the deletion.
 */
export async function removeContentFromLessonPlans(tx: Executor, contentId: number): Promise<void> {
  const removed = await tx.execute<{ lesson_plan_id: number }>(sql`
    delete from lesson_plan_steps where content_id = ${contentId} returning lesson_plan_id`);
  const plans = [...new Set(removed.rows.map((row) => Number(row.lesson_plan_id)))];
  if (plans.length === 0) return;
  await tx.execute(sql`update lesson_plan_steps st set position_number = numbered.position
    from (select id, row_number() over (partition by lesson_plan_id order by position_number, id) as position
      from lesson_plan_steps where lesson_plan_id = any(${intArray(plans)})) numbered
    where st.id = numbered.id and st.position_number <> numbered.position`);
}
