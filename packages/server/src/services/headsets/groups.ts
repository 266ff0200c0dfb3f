import type { components } from '@portal/api/schema';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { containsPattern, type Executor, germanSortKey, intArray, selectPage } from '../../db/sql.ts';
import { addFieldError, fieldErrors, hasSqlState, InvalidFields, throwFieldErrors } from '../../errors.ts';
import { MESSAGES } from '../../messages.ts';
import {
  type Caller,
  deviceGroupsVisibleTo,
  groupOrganisation,
  requireGroupMember,
  requireListedOrganisation,
} from '../access.ts';
import { nameProblem } from '../names.ts';

type Schemas = components['schemas'];
export type DeviceGroupView = Schemas['DeviceGroup'];
export type DeviceGroupWrite = Schemas['DeviceGroupWrite'];

const TEXT = MESSAGES.groups;
// Ties are broken by id so that pages never overlap; members by name as the headset list sorts them.
const GROUP_NAME_KEY = germanSortKey(sql.raw('dg.name'));
const DEVICE_NAME_KEY = germanSortKey(sql.raw('d.name'));

type GroupRow = {
  id: number;
  name: string;
  organisation_id: number;
  devices: number[];
  created_at: Date;
  updated_at: Date;
  total: string;
};

async function selectGroups(db: Executor, where: SQL, limit: number, offset: number): Promise<GroupRow[]> {
  const result = await db.execute<GroupRow>(sql`
    select dg.id, dg.name, dg.organisation_id, dg.created_at, dg.updated_at,
      coalesce((select array_agg(d.id order by ${DEVICE_NAME_KEY}, d.id)
        from device_group_members m join devices d on d.id = m.device_id where m.group_id = dg.id), '{}') as devices,
      count(*) over () as total
    from device_groups dg
    where ${where}
    order by ${GROUP_NAME_KEY} asc, dg.id asc
    limit ${limit} offset ${offset}`);
  return result.rows;
}

function toView(row: GroupRow): DeviceGroupView {
  return {
    id: row.id,
    name: row.name,
    organisationId: row.organisation_id,
    devices: row.devices.map(Number),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export interface DeviceGroupListQuery {
  page: number;
  pageSize: number;
  search?: string | undefined;
  organisation?: number | undefined;
}

/** listDeviceGroups: one page of the caller's organisations' groups, by name. */
export async function listDeviceGroups(
  db: Database,
  caller: Caller,
  query: DeviceGroupListQuery,
): Promise<{ count: number; results: DeviceGroupView[] }> {
  const conditions: SQL[] = [deviceGroupsVisibleTo(caller)];
  if (query.organisation !== undefined) {
    requireListedOrganisation(caller, query.organisation);
    conditions.push(sql`dg.organisation_id = ${query.organisation}`);
  }
  const search = query.search?.trim();
  if (search) conditions.push(sql`dg.name ilike ${containsPattern(search)}`);
  return selectPage(
    conditions,
    query,
    (where, limit, offset) => selectGroups(db, where, limit, offset),
    toView,
  );
}

/** One group of the caller's organisations; 404 for every other id, so ids cannot be probed. */
export async function getDeviceGroup(db: Executor, caller: Caller, id: number): Promise<DeviceGroupView> {
  const [row] = await selectGroups(db, sql`dg.id = ${id} and ${deviceGroupsVisibleTo(caller)}`, 1, 0);
  return toView(requireGroupMember(caller, row && { ...row, organisationId: row.organisation_id }));
}

/** Rules the schema cannot express, all problems at once: a name not blank and free in the organisation, its headsets. */
async function validateWrite(
  tx: Executor,
  organisationId: number,
  fields: DeviceGroupWrite,
  groupId: number | null,
): Promise<string> {
  const errors = fieldErrors();
  const name = fields.name.trim();
  const nameRefusal = nameProblem(name);
  if (nameRefusal) addFieldError(errors, 'name', nameRefusal);
  else {
    const taken = await tx.execute(sql`select 1 from device_groups
      where organisation_id = ${organisationId} and lower(name) = lower(${name})
        and id is distinct from ${groupId}`);
    if (taken.rows.length > 0) addFieldError(errors, 'name', TEXT.nameTaken(name));
  }
  if (fields.devices.length > 0) {
    const owned = await tx.execute<{ id: number }>(sql`select id from devices
      where id = any(${intArray(fields.devices)}) and organisation_id = ${organisationId}`);
    const ownedIds = new Set(owned.rows.map((row) => Number(row.id)));
    const foreign = fields.devices.filter((id) => !ownedIds.has(id));
    if (foreign.length > 0) addFieldError(errors, 'devices', TEXT.foreignDevices(foreign));
  }
  throwFieldErrors(errors);
  return name;
}

async function replaceMembers(tx: Executor, groupId: number, deviceIds: number[]): Promise<void> {
  await tx.execute(sql`delete from device_group_members where group_id = ${groupId}`);
  if (deviceIds.length === 0) return;
  await tx.execute(sql`insert into device_group_members (group_id, device_id)
    select ${groupId}, device_id from unnest(${intArray(deviceIds)}) as device_id`);
}

/**
 * Two writes racing for one name both pass the check; the unique index (organisation, lower(name)) refuses the
 * second, which gets the same field error as the check gives.
 */
async function withNameGuard<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (hasSqlState(error, '23505')) throw InvalidFields.of('name', TEXT.nameTaken(name.trim()));
    throw error;
  }
}

export async function createDeviceGroup(
  db: Database,
  caller: Caller,
  fields: DeviceGroupWrite,
): Promise<DeviceGroupView> {
  const organisationId = groupOrganisation(caller, fields.organisationId);
  return withNameGuard(fields.name, () =>
    db.transaction(async (tx) => {
      const name = await validateWrite(tx, organisationId, fields, null);
      const inserted = await tx.execute<{ id: number }>(sql`
        insert into device_groups (organisation_id, name) values (${organisationId}, ${name}) returning id`);
      const id = inserted.rows[0]?.id;
      if (id === undefined) throw new Error('group insert returned nothing');
      await replaceMembers(tx, id, fields.devices);
      return getDeviceGroup(tx, caller, id);
    }),
  );
}

export async function updateDeviceGroup(
  db: Database,
  caller: Caller,
  id: number,
  fields: DeviceGroupWrite,
): Promise<DeviceGroupView> {
  return withNameGuard(fields.name, () =>
    db.transaction(async (tx) => {
      const found = await tx.execute<{ organisationId: number }>(sql`
        select dg.organisation_id as "organisationId" from device_groups dg where dg.id = ${id}
        for update of dg`);
      const { organisationId } = requireGroupMember(caller, found.rows[0]);
      if (fields.organisationId !== undefined && fields.organisationId !== organisationId) {
        throw InvalidFields.of('organisationId', TEXT.organisationFixed);
      }
      const name = await validateWrite(tx, organisationId, fields, id);
      await tx.execute(sql`update device_groups set name = ${name}, updated_at = now() where id = ${id}`);
      await replaceMembers(tx, id, fields.devices);
      return getDeviceGroup(tx, caller, id);
    }),
  );
}

/** The group goes; its headsets stay. */
export async function deleteDeviceGroup(db: Database, caller: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await tx.execute<{ organisationId: number }>(sql`
      select dg.organisation_id as "organisationId" from device_groups dg where dg.id = ${id} for update of dg`);
    requireGroupMember(caller, found.rows[0]);
    await tx.execute(sql`delete from device_groups where id = ${id}`);
  });
}
