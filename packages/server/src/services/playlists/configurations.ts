import type { components, operations } from '@portal/api/schema';
import { formatBytes, playlistFit, playlistStorageBytes } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { moveToPosition } from '../../db/positions.ts';
import { containsPattern, type Executor, germanSortKey, intArray, selectPage } from '../../db/sql.ts';
import {
  addFieldError,
  Conflict,
  fieldErrors,
  InvalidFields,
  NotFound,
  throwFieldErrors,
} from '../../errors.ts';
import { listed, MESSAGES } from '../../messages.ts';
import {
  type Caller,
  configurationOwnedBy,
  configurationVisibleTo,
  contentVisibleTo,
  contentVisibleToOrganisation,
  duplicatingOrganisation,
  isMember,
  requireOrganisation,
  requireOwner,
} from '../access.ts';
import { audit } from '../audit/index.ts';
import {
  checkShareRequest,
  findVisibleContents,
  markConfigurationsChanged,
  organisationSubjects,
  removeContentFromConfigurations,
  type ShareAction,
  type ShareTable,
  writeShares,
} from '../content/index.ts';
import type { Services } from '../dependencies.ts';
import { queuePlaylistSync } from '../headsets/index.ts';
import { nameProblem } from '../names.ts';

type Schemas = components['schemas'];
export type ConfigurationView = Schemas['Configuration'];
export type ConfigurationDetailView = Schemas['ConfigurationDetail'];
export type ConfigurationWrite = Schemas['ConfigurationWrite'];
export type ConfigurationContentRequest = Schemas['ConfigurationContentRequest'];
export type ConfigurationMoveRequest = Schemas['ConfigurationMoveRequest'];
export type ActivateConfigurationRequest = Schemas['ActivateConfigurationRequest'];
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

/** What the storage check reads of an item (@portal/domain `contentStorageBytes`). */
type ItemSize = { contentType: string; fileSize: number | null };

type ConfigurationRow = {
  id: number;
  name: string;
  owner_id: number;
  owner_name: string;
  position_number: number;
  created_at: Date;
  updated_at: Date;
  content_ids: number[];
  positions: number[];
  sdm_devices: number[];
  is_synced: boolean;
  shared_with: number[];
  missing_content: number[];
  item_sizes: ItemSize[];
  total: string;
};

/**
 * Active for the viewer: one of their organisations owns it and it runs on at least one headset. Headsets are the
 * owner's business, so a playlist shared with the viewer is never active for them (contract: `activeState`).
 */
const activeFor = (viewer: Caller) =>
  sql`(${configurationOwnedBy(viewer)} and exists (select 1 from devices d where d.active_configuration_id = g.id))`;

async function selectConfigurations(
  db: Executor,
  viewer: Caller,
  where: SQL,
  orderBy: SQL,
  limit: number,
  offset: number,
): Promise<ConfigurationRow[]> {
  const result = await db.execute<ConfigurationRow>(sql`
    select g.id, g.name, g.owner_id, o.name as owner_name, g.position_number, g.created_at, g.updated_at,
      coalesce((select array_agg(i.content_id order by i.position_number, i.content_id)
        from configuration_items i where i.configuration_id = g.id), '{}') as content_ids,
      coalesce((select array_agg(i.position_number order by i.position_number, i.content_id)
        from configuration_items i where i.configuration_id = g.id), '{}') as positions,
      -- The headsets and their sync state only for the owner organisation (contract: sdmDevices).
      case when ${configurationOwnedBy(viewer)} then coalesce((select array_agg(d.id order by d.id) from devices d
        where d.active_configuration_id = g.id), '{}') else '{}' end as sdm_devices,
      case when ${configurationOwnedBy(viewer)} then coalesce((select bool_and(d.sync_status = 'synced') from devices d
        where d.active_configuration_id = g.id), true) else true end as is_synced,
      coalesce((select array_agg(s.organisation_id order by s.organisation_id) from configuration_shares s
        where s.configuration_id = g.id), '{}') as shared_with,
      case when ${configurationOwnedBy(viewer)} then coalesce((select array_agg(i.content_id order by i.position_number, i.content_id)
        from configuration_items i join contents c on c.id = i.content_id
        where i.configuration_id = g.id and exists (select 1 from devices d
          where d.active_configuration_id = g.id and not (c.uuid = any(d.installed_content)))), '{}')
        else '{}' end as missing_content,
      coalesce((select json_agg(json_build_object('contentType', c.content_type, 'fileSize', c.file_size))
        from configuration_items i join contents c on c.id = i.content_id where i.configuration_id = g.id),
        '[]'::json) as item_sizes,
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
  const sdmDevices = row.sdm_devices.map(Number);
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
    // Derived, never stored: a headset may leave by another playlist's activation or by its removal.
    activeState: sdmDevices.length > 0,
    sdmDevices,
    totalSize: playlistStorageBytes(row.item_sizes),
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
  if (query.active !== undefined) conditions.push(sql`${activeFor(caller)} = ${query.active}`);
  return selectPage(
    conditions,
    query,
    (where, limit, offset) =>
      selectConfigurations(db, caller, where, ORDER_BY[query.ordering], limit, offset),
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
    caller,
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
  const nameRefusal = nameProblem(fields.name);
  if (nameRefusal) addFieldError(errors, 'name', nameRefusal);
  // activeState is derived from the headsets (contract): a write must not say otherwise.
  if (fields.activeState && fields.sdmDevices.length === 0)
    addFieldError(errors, 'activeState', MESSAGES.configurations.activeWithoutDevices);
  if (!fields.activeState && fields.sdmDevices.length > 0)
    addFieldError(errors, 'activeState', MESSAGES.configurations.inactiveWithDevices);
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
 * their previous one). Headsets that switch to it need a sync and become `pending`; answers their ids.
 * `active_state` follows for this playlist and those that lost headsets, though reads derive it (see toView).
 */
async function assignDevices(tx: Executor, id: number, deviceIds: number[]): Promise<number[]> {
  await tx.execute(sql`update devices set active_configuration_id = null
    where active_configuration_id = ${id} and not (id = any(${intArray(deviceIds)}))`);
  if (deviceIds.length === 0) {
    await tx.execute(sql`update configurations set active_state = false where id = ${id}`);
    return [];
  }
  const switched = await tx.execute<{ id: number; previous: number | null }>(sql`
    update devices d set active_configuration_id = ${id}, sync_status = 'pending'
    from devices before
    where before.id = d.id and d.id = any(${intArray(deviceIds)}) and d.active_configuration_id is distinct from ${id}
    returning d.id, before.active_configuration_id as previous`);
  const left = switched.rows.flatMap((row) => (row.previous === null ? [] : [Number(row.previous)]));
  await tx.execute(sql`update configurations g set active_state =
      exists (select 1 from devices d where d.active_configuration_id = g.id)
    where g.id = any(${intArray([id, ...left])})`);
  return switched.rows.map((row) => Number(row.id));
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
      insert into configurations (name, owner_id, position_number)
      values (${fields.name.trim()}, ${fields.ownerId}, ${nextPosition(fields.ownerId)})
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
      updated_at = now() where id = ${id}`);
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
    where ${configurationOwnedBy(caller)}
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
 * After the playlist's items changed (and markConfigurationsChanged set its headsets `pending`): its headsets get a
 * sync (queuePlaylistSync) inside the transaction of the change. Answers the headsets to wake once it has committed.
 */
async function syncHeadsetsOf(
  tx: Executor,
  caller: Caller,
  playlist: { id: number; name: string },
): Promise<number[]> {
  const headsets = await tx.execute<{ id: number }>(
    sql`select id from devices where active_configuration_id = ${playlist.id} order by id`,
  );
  return queuePlaylistSync(
    tx,
    caller,
    headsets.rows.map((row) => Number(row.id)),
    playlist,
  );
}

type PlaylistServices = Pick<Services, 'db' | 'headsetEvents'>;

/** Runs a change of a playlist in one transaction, then wakes the headsets it queued a sync for. */
async function changeThenWake(
  { db, headsetEvents }: PlaylistServices,
  change: (tx: Executor) => Promise<number[]>,
): Promise<void> {
  const queued = await db.transaction(change);
  await headsetEvents.commandsQueued(queued);
}

/**
 * Changes the items of an own playlist (locked), then wakes its headsets. `change` answers whether it changed
 * anything; if so the playlist counts as changed and its headsets get a sync in the same transaction.
 */
async function changeItemsThenWake(
  services: PlaylistServices,
  caller: Caller,
  id: number,
  change: (tx: Executor, playlist: { name: string; ownerId: number }) => Promise<boolean>,
): Promise<void> {
  await changeThenWake(services, async (tx) => {
    const playlist = await requireOwnedConfiguration(tx, caller, id, true);
    if (!(await change(tx, playlist))) return [];
    await markConfigurationsChanged(tx, [id]);
    return syncHeadsetsOf(tx, caller, { id, name: playlist.name });
  });
}

/**
 * Appends an item to an own playlist: 404 if the caller cannot see it, 400 on `contentId` if the caller sees it
 * only through another organisation than the playlist's; 409 with the playlist's name when it is there already.
 */
export async function addConfigurationContent(
  services: PlaylistServices,
  caller: Caller,
  id: number,
  item: ConfigurationContentRequest,
): Promise<void> {
  const contentId = mediathekContentId(item);
  await changeItemsThenWake(services, caller, id, async (tx, { name, ownerId }) => {
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
    return true;
  });
}

/** Takes an item out of an own playlist; the items after it move up. */
export async function removeConfigurationContent(
  services: PlaylistServices,
  caller: Caller,
  id: number,
  item: ConfigurationContentRequest,
): Promise<void> {
  const contentId = mediathekContentId(item);
  await changeThenWake(services, async (tx) => {
    const { name } = await requireOwnedConfiguration(tx, caller, id, true);
    const changed = await removeContentFromConfigurations(tx, contentId, id);
    if (changed.length === 0) throw new NotFound(MESSAGES.configurations.notContained);
    return syncHeadsetsOf(tx, caller, { id, name });
  });
}

/**
 * Moves an item of an own playlist to `positionNumber` (1…n); the items in between shift by one, so positions stay
 * without gaps. One statement under the playlist's lock: an addition from another tab waits and lands after it.
 */
export async function moveConfigurationContent(
  services: PlaylistServices,
  caller: Caller,
  id: number,
  move: ConfigurationMoveRequest,
): Promise<void> {
  const contentId = mediathekContentId(move);
  const target = move.positionNumber;
  await changeItemsThenWake(services, caller, id, async (tx) => {
    const found = await tx.execute<{ position: number; count: number }>(sql`
      select i.position_number as position,
        (select count(*)::int from configuration_items a where a.configuration_id = ${id}) as count
      from configuration_items i where i.configuration_id = ${id} and i.content_id = ${contentId}`);
    const current = found.rows[0];
    if (!current) throw new NotFound(MESSAGES.configurations.notContained);
    if (target > current.count) {
      throw InvalidFields.of('positionNumber', MESSAGES.configurations.positionBeyondEnd(current.count));
    }
    if (target === current.position) return false;
    const items = {
      table: sql`configuration_items`,
      scope: sql`configuration_id = ${id}`,
      entry: sql`content_id = ${contentId}`,
    };
    await moveToPosition(tx, items, current.position, target);
    return true;
  });
}

/** PATCH: renames an own playlist (the only field it takes), leaving items and headsets alone. */
export async function renameConfiguration(
  db: Database,
  caller: Caller,
  id: number,
  name: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireOwnedConfiguration(tx, caller, id, true);
    const nameRefusal = nameProblem(name);
    if (nameRefusal) throw InvalidFields.of('name', nameRefusal);
    await tx.execute(
      sql`update configurations set name = ${name.trim()}, updated_at = now() where id = ${id}`,
    );
  });
}

type HeadsetCapacity = { id: number; name: string; capacity: string | null };

/**
 * The storage check (issue 15, @portal/domain `playlistFit`): the playlist's total size against each headset's model
 * capacity minus the base use. Refuses with 409 `storageExceeded` naming the headsets it does not fit on.
 */
async function requireStorageFits(
  tx: Executor,
  id: number,
  name: string,
  headsets: readonly HeadsetCapacity[],
): Promise<void> {
  const sizes =
    await tx.execute<ItemSize>(sql`select c.content_type as "contentType", c.file_size as "fileSize"
    from configuration_items i join contents c on c.id = i.content_id where i.configuration_id = ${id}`);
  const required = playlistStorageBytes(
    sizes.rows.map((row) => ({ ...row, fileSize: row.fileSize === null ? null : Number(row.fileSize) })),
  );
  const tooSmall = headsets
    .map((headset) => ({
      headset,
      fit: playlistFit(required, headset.capacity === null ? null : Number(headset.capacity)),
    }))
    .filter((check) => !check.fit.fits);
  if (tooSmall.length === 0) return;
  const names = tooSmall.map((check) => check.headset.name);
  const usable = Math.min(...tooSmall.map((check) => check.fit.usableBytes));
  throw new Conflict(
    MESSAGES.configurations.storageExceeded(
      name,
      formatBytes(required) ?? '',
      names,
      formatBytes(usable) ?? '',
    ),
    {
      code: 'storageExceeded',
      params: { devices: listed(names), requiredBytes: required, usableBytes: usable },
    },
  );
}

/**
 * activateConfiguration: the playlist runs on exactly the listed headsets of its owner organisation (400 naming the
 * ids of others), after the storage check unless the user accepted its warning. Every headset that switches to it
 * gets a sync in the same transaction and is woken after the commit.
 */
export async function activateConfiguration(
  services: PlaylistServices,
  caller: Caller,
  id: number,
  request: ActivateConfigurationRequest,
): Promise<void> {
  const deviceIds = request.sdmDevices;
  await changeThenWake(services, async (tx) => {
    const { name, ownerId } = await requireOwnedConfiguration(tx, caller, id, true);
    const found = await tx.execute<HeadsetCapacity>(sql`
      select d.id, d.name, t.storage_total as capacity
      from devices d join device_types t on t.id = d.device_type_id
      where d.id = any(${intArray(deviceIds)}) and d.organisation_id = ${ownerId}
      order by d.id for update of d`);
    const owned = new Set(found.rows.map((row) => Number(row.id)));
    const foreign = deviceIds.filter((deviceId) => !owned.has(deviceId));
    if (foreign.length > 0)
      throw InvalidFields.of('sdmDevices', MESSAGES.configurations.foreignDevices(foreign));
    if (request.acceptStorageWarning !== true) await requireStorageFits(tx, id, name, found.rows);
    return queuePlaylistSync(tx, caller, await assignDevices(tx, id, deviceIds), { id, name });
  });
}

const CONFIGURATION_SHARES: ShareTable = {
  table: sql`configuration_shares`,
  key: sql`configuration_id`,
};

/**
 * add-share / remove-share: the rules of content sharing (services/content/sharing.ts) for the owner organisation's
 * playlist. The organisations see it read-only; withdrawing the share hides it from them again.
 */
export async function changeConfigurationShares(
  db: Database,
  caller: Caller,
  id: number,
  organisationIds: number[],
  action: ShareAction,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { name, ownerId } = await requireOwnedConfiguration(tx, caller, id, true);
    const organisations = await checkShareRequest(
      tx,
      organisationIds,
      ownerId,
      action,
      MESSAGES.configurations.shareWithOwner,
    );
    await audit.record(tx, {
      kind: action === 'add' ? 'playlistShared' : 'playlistUnshared',
      actor: caller,
      organisationId: ownerId,
      subjects: [{ type: 'playlist', id, name }, ...organisationSubjects(organisations)],
    });
    await writeShares(tx, CONFIGURATION_SHARES, id, organisationIds, action);
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
  const nameRefusal = nameProblem(copyName);
  if (nameRefusal) throw InvalidFields.of('copyName', nameRefusal);
  // Playlists are seen through an organisation only, so a caller without one finds no source either.
  const ownerId = duplicatingOrganisation(caller);
  return db.transaction(async (tx) => {
    const source = await findConfiguration(tx, caller, id);
    if (!source) throw new NotFound(MESSAGES.configurations.notFound);
    const result = await tx.execute<{ id: number }>(sql`
      insert into configurations (name, owner_id, position_number)
      values (${copyName.trim()}, ${ownerId}, ${nextPosition(ownerId)})
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
