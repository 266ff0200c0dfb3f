import type { components, operations } from '@portal/api/schema';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { containsPattern, type Executor, germanSortKey, intArray, selectPage } from '../db/sql.ts';
import {
  addFieldError,
  Conflict,
  fieldErrors,
  InvalidFields,
  NotFound,
  throwFieldErrors,
} from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import {
  type Caller,
  configurationVisibleTo,
  contentVisibleTo,
  contentVisibleToOrganisation,
  duplicatingOrganisation,
  isMember,
  organisationsOf,
  requireOrganisation,
  requireOwner,
} from './access.ts';
import { markConfigurationsChanged, removeContentFromConfigurations } from './configurationItems.ts';
import { findVisibleContents } from './content.ts';
import type { Services } from './dependencies.ts';

type Schemas = components['schemas'];
export type ConfigurationView = Schemas['Configuration'];
export type ConfigurationDetailView = Schemas['ConfigurationDetail'];
export type ConfigurationWrite = Schemas['ConfigurationWrite'];
export type ConfigurationContentRequest = Schemas['ConfigurationContentRequest'];
/** The contract's sort options (spec §3): default by position, by name, by owner name. */
export type ConfigurationOrdering = NonNullable<
  NonNullable<operations['listConfigurations']['parameters']['query']>['ordering']
>;

// Ties are broken by id so that pages never overlap or skip playlists.
const NAME_KEY = germanSortKey(sql.raw('g.name'));
const OWNER_KEY = germanSortKey(sql.raw('o.name'));
const ORDER_BY: Record<ConfigurationOrdering, SQL> = {
  positionNumber: sql`g.position_number asc, g.id asc`,
  name: sql`${NAME_KEY} asc, g.id asc`,
  '-name': sql`${NAME_KEY} desc, g.id desc`,
  owner__name: sql`${OWNER_KEY} asc, g.position_number asc, g.id asc`,
  '-owner__name': sql`${OWNER_KEY} desc, g.position_number asc, g.id asc`,
};

type ConfigurationRow = {
  id: number;
  name: string;
  owner_id: number;
  owner_name: string;
  active_state: boolean;
  position_number: number;
  created_at: Date;
  updated_at: Date;
  content_ids: number[];
  positions: number[];
  sdm_devices: number[];
  is_synced: boolean;
  shared_with: number[];
  missing_content: number[];
  total: string;
};

async function selectConfigurations(
  db: Executor,
  where: SQL,
  orderBy: SQL,
  limit: number,
  offset: number,
): Promise<ConfigurationRow[]> {
  const result = await db.execute<ConfigurationRow>(sql`
    select g.id, g.name, g.owner_id, o.name as owner_name, g.active_state, g.position_number, g.created_at,
      g.updated_at,
      coalesce((select array_agg(i.content_id order by i.position_number, i.content_id)
        from configuration_items i where i.configuration_id = g.id), '{}') as content_ids,
      coalesce((select array_agg(i.position_number order by i.position_number, i.content_id)
        from configuration_items i where i.configuration_id = g.id), '{}') as positions,
      coalesce((select array_agg(d.id order by d.id) from devices d where d.active_configuration_id = g.id),
        '{}') as sdm_devices,
      coalesce((select bool_and(d.sync_status = 'synced') from devices d where d.active_configuration_id = g.id),
        true) as is_synced,
      coalesce((select array_agg(s.organisation_id order by s.organisation_id) from configuration_shares s
        where s.configuration_id = g.id), '{}') as shared_with,
      coalesce((select array_agg(i.content_id order by i.position_number, i.content_id)
        from configuration_items i join contents c on c.id = i.content_id
        where i.configuration_id = g.id and exists (select 1 from devices d
          where d.active_configuration_id = g.id and not (c.uuid = any(d.installed_content)))), '{}') as missing_content,
      count(*) over () as total
    from configurations g
    join organisations o on o.id = g.owner_id
    where ${where}
    order by ${orderBy}
    limit ${limit} offset ${offset}`);
  return result.rows;
}

function toView(row: ConfigurationRow): ConfigurationView {
  const contentIds = row.content_ids.map(Number);
  return {
    id: row.id,
    name: row.name,
    ownerId: row.owner_id,
    owner: { id: row.owner_id, name: row.owner_name },
    contentIds,
    items: contentIds.map((contentId, index) => ({
      contentId,
      contentOrigin: 'cms',
      positionNumber: Number(row.positions[index]),
    })),
    activeState: row.active_state,
    sdmDevices: row.sdm_devices.map(Number),
    positionNumber: row.position_number,
    isSynced: row.is_synced,
    // What its headsets reported they hold (installedContent) against its items.
    missingContent: row.missing_content.map(Number),
    missingMsbContent: [],
    sharedWith: row.shared_with.map(Number),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export interface ConfigurationListQuery {
  page: number;
  pageSize: number;
  ordering: ConfigurationOrdering;
  search?: string | undefined;
  owner?: number | undefined;
  active?: boolean | undefined;
}

/** The caller's organisations' playlists and those shared with them; one statement per page incl. the total. */
export async function listConfigurations(
  db: Database,
  caller: Caller,
  query: ConfigurationListQuery,
): Promise<{ count: number; results: ConfigurationView[] }> {
  const conditions: SQL[] = [configurationVisibleTo(caller)];
  const search = query.search?.trim();
  if (search) conditions.push(sql`g.name ilike ${containsPattern(search)}`);
  if (query.owner !== undefined) conditions.push(sql`g.owner_id = ${query.owner}`);
  if (query.active !== undefined) conditions.push(sql`g.active_state = ${query.active}`);
  return selectPage(
    conditions,
    query,
    (where, limit, offset) => selectConfigurations(db, where, ORDER_BY[query.ordering], limit, offset),
    toView,
  );
}

async function findConfiguration(
  db: Executor,
  caller: Caller,
  id: number,
): Promise<ConfigurationView | null> {
  const [row] = await selectConfigurations(
    db,
    sql`g.id = ${id} and ${configurationVisibleTo(caller)}`,
    sql`g.id`,
    1,
    0,
  );
  return row ? toView(row) : null;
}

/** One playlist the caller sees, with the items it may see; 404 for every other id (ids cannot be probed). */
export async function getConfiguration(
  reader: Pick<Services, 'db' | 'mediaLinks'>,
  caller: Caller,
  id: number,
): Promise<ConfigurationDetailView> {
  const configuration = await findConfiguration(reader.db, caller, id);
  if (!configuration) throw new NotFound(MESSAGES.configurations.notFound);
  return { ...configuration, contents: await findVisibleContents(reader, caller, configuration.contentIds) };
}

/** A playlist after a change; the caller owns it, so it is visible. */
export async function configurationView(
  db: Executor,
  caller: Caller,
  id: number,
): Promise<ConfigurationView> {
  const configuration = await findConfiguration(db, caller, id);
  if (!configuration) throw new NotFound(MESSAGES.configurations.notFound);
  return configuration;
}

/**
 * Owner check as for content (spec §3): only the owner organisation changes a playlist. A playlist the caller
 * cannot see answers 404, a shared one 403. `lock` holds the row until the transaction ends, so concurrent item
 * changes of one playlist cannot hand out the same position twice.
 */
async function requireOwnedConfiguration(db: Executor, caller: Caller, id: number, lock = false) {
  const result = await db.execute<{ name: string; ownerId: number; visible: boolean }>(sql`
    select g.name, g.owner_id as "ownerId", ${configurationVisibleTo(caller)} as visible
    from configurations g where g.id = ${id}
    ${lock ? sql`for update of g` : sql``}`);
  return requireOwner(caller, result.rows[0], MESSAGES.configurations);
}

/** Rules of create and update the schema cannot express; all problems at once, as DRF reports them. */
async function validateWrite(db: Executor, caller: Caller, fields: ConfigurationWrite): Promise<void> {
  const errors = fieldErrors();
  if (fields.name.trim() === '') addFieldError(errors, 'name', MESSAGES.field.blank);
  const ownerIsCallers = isMember(caller, fields.ownerId);
  if (!ownerIsCallers) addFieldError(errors, 'ownerId', MESSAGES.content.notMember);

  const duplicates = [...new Set(fields.contentIds.filter((id, i) => fields.contentIds.indexOf(id) !== i))];
  if (duplicates.length > 0)
    addFieldError(errors, 'contentIds', MESSAGES.configurations.duplicateContent(duplicates));
  if (fields.contentIds.length > 0) {
    // Only what the owner organisation sees, not all the caller sees through other organisations (a withdrawn
    // share has already taken its item out, see removeContentWhereNoLongerVisible; nothing may stay beyond that).
    // With an ownerId that is not the caller's (reported above) the caller's view counts, so nothing about a
    // foreign organisation's content is revealed.
    const seen = ownerIsCallers ? contentVisibleToOrganisation(fields.ownerId) : contentVisibleTo(caller);
    const usable = await db.execute<{ id: number }>(sql`select c.id from contents c
      where c.id = any(${intArray(fields.contentIds)}) and ${seen}`);
    const known = new Set(usable.rows.map((row) => Number(row.id)));
    const unknown = [...new Set(fields.contentIds.filter((id) => !known.has(id)))];
    if (unknown.length > 0)
      addFieldError(errors, 'contentIds', MESSAGES.configurations.unknownContent(unknown));
  }

  if (fields.sdmDevices.length > 0 && ownerIsCallers) {
    const owned = await db.execute<{ id: number }>(sql`select id from devices
      where id = any(${intArray(fields.sdmDevices)}) and organisation_id = ${fields.ownerId}`);
    const ownedIds = new Set(owned.rows.map((row) => Number(row.id)));
    const foreign = fields.sdmDevices.filter((id) => !ownedIds.has(id));
    if (foreign.length > 0)
      addFieldError(errors, 'sdmDevices', MESSAGES.configurations.foreignDevices(foreign));
  }
  throwFieldErrors(errors);
}

/** Replaces the items by `contentIds` in that order; returns whether the list changed. */
async function replaceItems(tx: Executor, id: number, contentIds: number[]): Promise<boolean> {
  const before = await tx.execute<{ content_id: number }>(sql`select content_id from configuration_items
    where configuration_id = ${id} order by position_number, content_id`);
  const old = before.rows.map((row) => Number(row.content_id));
  if (old.length === contentIds.length && old.every((contentId, i) => contentId === contentIds[i]))
    return false;
  await tx.execute(sql`delete from configuration_items where configuration_id = ${id}`);
  if (contentIds.length > 0) {
    await tx.execute(sql`insert into configuration_items (configuration_id, content_id, position_number)
      select ${id}, item.content_id, item.position
      from unnest(${intArray(contentIds)}) with ordinality as item(content_id, position)`);
  }
  return true;
}

/**
 * Makes this the active playlist of exactly `deviceIds` (a headset has one active playlist: the listed ones leave
 * their previous one). Headsets that switch to it need a sync and become `pending`.
 */
async function assignDevices(tx: Executor, id: number, deviceIds: number[]): Promise<void> {
  await tx.execute(sql`update devices set active_configuration_id = null
    where active_configuration_id = ${id} and not (id = any(${intArray(deviceIds)}))`);
  if (deviceIds.length > 0) {
    await tx.execute(sql`update devices set active_configuration_id = ${id}, sync_status = 'pending'
      where id = any(${intArray(deviceIds)}) and active_configuration_id is distinct from ${id}`);
  }
}

const nextPosition = (ownerId: number) =>
  sql`(select coalesce(max(position_number), 0) + 1 from configurations where owner_id = ${ownerId})`;

export async function createConfiguration(
  db: Database,
  caller: Caller,
  fields: ConfigurationWrite,
): Promise<number> {
  requireOrganisation(caller, MESSAGES.configurations.noOrganisation);
  return db.transaction(async (tx) => {
    await validateWrite(tx, caller, fields);
    const result = await tx.execute<{ id: number }>(sql`
      insert into configurations (name, owner_id, active_state, position_number)
      values (${fields.name.trim()}, ${fields.ownerId}, ${fields.activeState}, ${nextPosition(fields.ownerId)})
      returning id`);
    const id = result.rows[0]?.id;
    if (id === undefined) throw new Error('configuration insert returned nothing');
    await replaceItems(tx, id, fields.contentIds);
    await assignDevices(tx, id, fields.sdmDevices);
    return id;
  });
}

export async function updateConfiguration(
  db: Database,
  caller: Caller,
  id: number,
  fields: ConfigurationWrite,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { ownerId } = await requireOwnedConfiguration(tx, caller, id, true);
    await validateWrite(tx, caller, fields);
    await tx.execute(sql`update configurations set name = ${fields.name.trim()}, owner_id = ${fields.ownerId},
      active_state = ${fields.activeState}, updated_at = now() where id = ${id}`);
    if (fields.ownerId !== ownerId) {
      // Moved to another of the caller's organisations: sharing with the new owner would mean nothing.
      await tx.execute(sql`delete from configuration_shares
        where configuration_id = ${id} and organisation_id = ${fields.ownerId}`);
    }
    await assignDevices(tx, id, fields.sdmDevices);
    if (await replaceItems(tx, id, fields.contentIds)) await markConfigurationsChanged(tx, [id]);
  });
}

/** Only the owner; headsets that had it active keep no active playlist (foreign key, set null). */
export async function deleteConfiguration(db: Database, caller: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await requireOwnedConfiguration(tx, caller, id, true);
    await tx.execute(sql`delete from configurations where id = ${id}`);
  });
}

/** The caller's organisations' playlists for 'Zu Wiedergabeliste hinzufügen', each saying if it holds the item. */
export async function listAvailableConfigurations(
  db: Database,
  caller: Caller,
  contentUuid: string,
): Promise<Schemas['AvailableConfiguration'][]> {
  const content = await db.execute<{ id: number }>(sql`select c.id from contents c
    where c.uuid = ${contentUuid} and ${contentVisibleTo(caller)}`);
  const contentId = content.rows[0]?.id;
  if (contentId === undefined) throw new NotFound(MESSAGES.content.notFound);
  const result = await db.execute<{
    id: number;
    name: string;
    owner_id: number;
    contains_content: boolean;
  }>(sql`
    select g.id, g.name, g.owner_id,
      exists (select 1 from configuration_items i where i.configuration_id = g.id and i.content_id = ${contentId})
        as contains_content
    from configurations g
    where g.owner_id = any(${organisationsOf(caller)})
      -- Only playlists whose organisation sees the item (a user of two organisations may see it through the
      -- other one): any other would refuse it (addConfigurationContent).
      and exists (select 1 from contents c where c.id = ${contentId} and ${contentVisibleToOrganisation(sql`g.owner_id`)})
    order by g.position_number, g.id`);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    ownerId: row.owner_id,
    containsContent: row.contains_content,
  }));
}

/** Playlists hold Mediathek (`cms`) items only: this server has no MSB media source. */
function mediathekContentId(item: ConfigurationContentRequest): number {
  if (item.contentOrigin !== 'cms') {
    throw InvalidFields.of('contentOrigin', MESSAGES.configurations.msbUnavailable);
  }
  if (typeof item.contentId !== 'number') {
    throw InvalidFields.of('contentId', MESSAGES.configurations.contentIdNotInteger);
  }
  return item.contentId;
}

/**
 * Appends an item to an own playlist: 404 if the caller cannot see it, 400 on `contentId` if the caller sees it
 * only through another organisation than the playlist's; 409 with the playlist's name when it is there already.
 */
export async function addConfigurationContent(
  db: Database,
  caller: Caller,
  id: number,
  item: ConfigurationContentRequest,
): Promise<void> {
  const contentId = mediathekContentId(item);
  await db.transaction(async (tx) => {
    const { name, ownerId } = await requireOwnedConfiguration(tx, caller, id, true);
    const content = await tx.execute<{ visible: boolean; usable: boolean }>(sql`select
      ${contentVisibleTo(caller)} as visible, ${contentVisibleToOrganisation(ownerId)} as usable
      from contents c where c.id = ${contentId}`);
    const row = content.rows[0];
    if (!row?.visible) throw new NotFound(MESSAGES.content.notFound);
    if (!row.usable) throw InvalidFields.of('contentId', MESSAGES.configurations.unknownContent([contentId]));
    const inserted = await tx.execute(sql`
      insert into configuration_items (configuration_id, content_id, position_number)
      select ${id}, ${contentId}, coalesce(max(position_number), 0) + 1
      from configuration_items where configuration_id = ${id}
      on conflict do nothing
      returning content_id`);
    if (inserted.rows.length === 0) throw new Conflict(MESSAGES.configurations.alreadyContained(name));
    await markConfigurationsChanged(tx, [id]);
  });
}

/** Takes an item out of an own playlist; the items after it move up. */
export async function removeConfigurationContent(
  db: Database,
  caller: Caller,
  id: number,
  item: ConfigurationContentRequest,
): Promise<void> {
  const contentId = mediathekContentId(item);
  await db.transaction(async (tx) => {
    await requireOwnedConfiguration(tx, caller, id, true);
    const changed = await removeContentFromConfigurations(tx, contentId, id);
    if (changed.length === 0) throw new NotFound(MESSAGES.configurations.notContained);
  });
}

/**
 * Copies a playlist the caller sees into the caller's first organisation: inactive, without headsets or shares,
 * with the items that organisation may see (another organisation's private items do not travel with a shared
 * list, nor do items the caller sees only through another of their organisations).
 */
export async function duplicateConfiguration(
  db: Database,
  caller: Caller,
  id: number,
  copyName: string,
): Promise<number> {
  if (copyName.trim() === '') throw InvalidFields.of('copyName', MESSAGES.field.blank);
  // Playlists are seen through an organisation only, so a caller without one finds no source either.
  const ownerId = duplicatingOrganisation(caller);
  return db.transaction(async (tx) => {
    const source = await findConfiguration(tx, caller, id);
    if (!source) throw new NotFound(MESSAGES.configurations.notFound);
    const result = await tx.execute<{ id: number }>(sql`
      insert into configurations (name, owner_id, active_state, position_number)
      values (${copyName.trim()}, ${ownerId}, false, ${nextPosition(ownerId)})
      returning id`);
    const copyId = result.rows[0]?.id;
    if (copyId === undefined) throw new Error('configuration insert returned nothing');
    await tx.execute(sql`
      insert into configuration_items (configuration_id, content_id, position_number)
      select ${copyId}, i.content_id, row_number() over (order by i.position_number, i.content_id)
      from configuration_items i
      join contents c on c.id = i.content_id
      where i.configuration_id = ${id} and ${contentVisibleToOrganisation(ownerId)}`);
    return copyId;
  });
}
