import type { components, operations } from '@portal/api/schema';
import { type FleetHealthFilter, HEADSET_ONLINE_WINDOW_SECONDS, LOW_BATTERY_PERCENT } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { containsPattern, type Executor, germanSortKey, selectPage } from '../../db/sql.ts';
import { NotFound } from '../../errors.ts';
import { MESSAGES } from '../../messages.ts';
import {
  type Caller,
  deviceGroupsVisibleTo,
  devicesVisibleTo,
  requireGroupMember,
  requireListedOrganisation,
} from '../access.ts';
import { NEWEST_OPERATING_SYSTEM, OUTDATED_SOFTWARE } from '../support/index.ts';
import { SYNC_QUEUED, SYNC_TRANSFER_COLUMNS, type SyncTransferRow, syncTransferOf } from './syncTransfer.ts';

type Schemas = components['schemas'];
export type DeviceView = Schemas['Device'];
export type DeviceTypeView = Schemas['DeviceType'];
export type DeviceOrdering = NonNullable<
  NonNullable<operations['listDevices']['parameters']['query']>['ordering']
>;

const GB = 1024 ** 3;

/**
 * The online rule (@portal/domain HEADSET_ONLINE_WINDOW_SECONDS): paired, a sign of life within the window, and not
 * gone down since (a reboot, shutdown or update it reported done, or a held poll it hung up).
 */
export const IS_ONLINE = sql`(d.token_hash is not null and not d.announced_offline
  and d.last_seen > now() - make_interval(secs => ${HEADSET_ONLINE_WINDOW_SECONDS}))`;

/**
 * The fleet-health rules of @portal/domain (fleet.ts) as SQL, one fragment each, shared by the headset list's filters
 * and the dashboard's counts so that a count and the list it links to always agree. 'Software veraltet' is older than
 * the newest operating system image published for the headset's model (the support area's fragment).
 */
export const FLEET_HEALTH: Record<FleetHealthFilter, SQL> = {
  online: IS_ONLINE,
  offline: sql`not ${IS_ONLINE}`,
  lowBattery: sql`coalesce(d.battery_level < ${LOW_BATTERY_PERCENT}, false)`,
  outOfSync: sql`d.sync_status <> 'synced'`,
  outdatedSoftware: OUTDATED_SOFTWARE,
};

/** A yes/no filter of the list: the fragment, or its negation. */
const either = (fragment: SQL, wanted: boolean) => (wanted ? fragment : sql`not ${fragment}`);

// Ties are broken by id so that pages never overlap or skip headsets; never-seen and never-reported ones go last.
const NAME_KEY = germanSortKey(sql.raw('d.name'));
const ORDER_BY: Record<DeviceOrdering, SQL> = {
  name: sql`${NAME_KEY} asc, d.id asc`,
  '-name': sql`${NAME_KEY} desc, d.id desc`,
  serialNumber: sql`d.serial_number asc, d.id asc`,
  '-serialNumber': sql`d.serial_number desc, d.id desc`,
  lastSeen: sql`d.last_seen asc nulls last, d.id asc`,
  '-lastSeen': sql`d.last_seen desc nulls last, d.id desc`,
  batteryLevel: sql`d.battery_level asc nulls last, d.id asc`,
  '-batteryLevel': sql`d.battery_level desc nulls last, d.id desc`,
};

type DeviceRow = SyncTransferRow & {
  id: number;
  serial_number: string;
  name: string;
  device_type_id: number;
  device_type_name: string;
  software_version: string | null;
  is_online: boolean;
  battery_level: number | null;
  storage_total: string | null;
  storage_used: string | null;
  last_seen: Date | null;
  organisation_id: number;
  current_app: string | null;
  current_content_uuid: string | null;
  playback_state: DeviceView['playbackState'];
  active_configuration_id: number | null;
  sync_status: DeviceView['syncStatus'];
  sync_progress: number | null;
  sync_queued: boolean;
  missing_content: number[];
  guided_mode: boolean;
  manufacturer_mode: boolean;
  muted: boolean;
  attention: string | null;
  attention_fallback: boolean;
  playback_position: number | null;
  is_enrolled: boolean;
  newest_operating_system: DeviceView['newestOperatingSystem'];
  software_update: DeviceView['softwareUpdate'];
  total: string;
};

/**
 * The page's headsets with everything the view shows. The page is chosen first from the bare rows (ids and sort keys
 * only), and the costly columns — the newest image, the missing content, a queued sync, each a subquery — are worked
 * out for its rows alone: otherwise an offset reads them for every headset it skips (page 100 of 10,000 headsets: for
 * 9,900 rows before the 100 it returns). The ids go in as an array, so that the page's rows are read by their key;
 * joined as a table, the planner preferred to read all of the organisation's headsets for a hash join.
 */
async function selectDevices(
  db: Executor,
  where: SQL,
  orderBy: SQL,
  limit: number,
  offset: number,
): Promise<DeviceRow[]> {
  const result = await db.execute<DeviceRow>(sql`
    select d.id, d.serial_number, d.name, d.device_type_id, t.name as device_type_name, d.software_version,
      ${IS_ONLINE} as is_online, d.battery_level, d.storage_total, d.storage_used, d.last_seen, d.organisation_id,
      d.current_app, d.current_content_uuid, d.playback_state, d.active_configuration_id, d.sync_status,
      d.sync_progress, ${SYNC_QUEUED} as sync_queued, ${SYNC_TRANSFER_COLUMNS},
      d.guided_mode, d.manufacturer_mode, d.muted,
      d.attention, d.attention_fallback is not null as attention_fallback, d.playback_position, d.token_hash is not null as is_enrolled,
      ${NEWEST_OPERATING_SYSTEM} as newest_operating_system, d.software_update,
      coalesce((select array_agg(i.content_id order by i.position_number)
        from configuration_items i join contents c on c.id = i.content_id
        where i.configuration_id = d.active_configuration_id and not (c.uuid = any(d.installed_content))),
        '{}') as missing_content,
      (select count(*) from devices d where ${where}) as total
    from devices d
    join device_types t on t.id = d.device_type_id
    where d.id = any(array(select d.id from devices d where ${where} order by ${orderBy} limit ${limit} offset ${offset}))
    order by ${orderBy}`);
  return result.rows;
}

const bytes = (value: string | null) => (value === null ? null : Number(value));

function toView(row: DeviceRow): DeviceView {
  return {
    id: row.id,
    serialNumber: row.serial_number,
    name: row.name,
    deviceType: { id: row.device_type_id, name: row.device_type_name },
    softwareVersion: row.software_version,
    isOnline: row.is_online,
    batteryLevel: row.battery_level,
    storageTotal: bytes(row.storage_total),
    storageUsed: bytes(row.storage_used),
    lastSeen: row.last_seen ? new Date(row.last_seen).toISOString() : null,
    organisationId: row.organisation_id,
    currentApp: row.current_app,
    currentContentUuid: row.current_content_uuid,
    playbackState: row.playback_state,
    activeConfigurationId: row.active_configuration_id,
    syncStatus: row.sync_status,
    syncProgress: row.sync_progress,
    syncQueued: row.sync_queued,
    syncTransfer: syncTransferOf(row),
    missingContent: row.missing_content.map(Number),
    guidedMode: row.guided_mode,
    manufacturerMode: row.manufacturer_mode,
    muted: row.muted,
    attention: row.attention,
    attentionFallback: row.attention_fallback,
    currentTime: row.playback_state === 'stopped' ? null : row.playback_position,
    isEnrolled: row.is_enrolled,
    newestOperatingSystem: row.newest_operating_system,
    softwareUpdate: row.software_update,
  };
}

/** Which of the caller's headsets: all, one organisation's, one group's. */
export interface DeviceScope {
  organisation?: number | undefined;
  group?: number | undefined;
}

/**
 * The conditions of a scope: the caller's organisations, narrowed to one of them (404 unless theirs) or to one group
 * (404 unless it is a group of their organisations).
 */
async function scopeConditions(db: Executor, caller: Caller, scope: DeviceScope): Promise<SQL[]> {
  const conditions: SQL[] = [devicesVisibleTo(caller)];
  if (scope.organisation !== undefined) {
    requireListedOrganisation(caller, scope.organisation);
    conditions.push(sql`d.organisation_id = ${scope.organisation}`);
  }
  if (scope.group !== undefined) {
    const found = await db.execute<{ organisationId: number }>(sql`
      select dg.organisation_id as "organisationId" from device_groups dg
      where dg.id = ${scope.group} and ${deviceGroupsVisibleTo(caller)}`);
    requireGroupMember(caller, found.rows[0]);
    conditions.push(sql`exists (select 1 from device_group_members m
      where m.device_id = d.id and m.group_id = ${scope.group})`);
  }
  return conditions;
}

export interface DeviceListQuery extends DeviceScope {
  page: number;
  pageSize: number;
  ordering: DeviceOrdering;
  search?: string | undefined;
  isOnline?: boolean | undefined;
  deviceType?: number | undefined;
  configuration?: number | undefined;
  lowBattery?: boolean | undefined;
  isSynced?: boolean | undefined;
  outdatedSoftware?: boolean | undefined;
}

/**
 * One page of the caller's organisations' headsets with the total: one statement. The total is a subquery of its own
 * rather than a window count, so that the page itself can be read in order from an index (by name) or by a top-N
 * sort, instead of every matching headset being built and sorted first.
 */
export async function listDevices(
  db: Database,
  caller: Caller,
  query: DeviceListQuery,
): Promise<{ count: number; results: DeviceView[] }> {
  const conditions = await scopeConditions(db, caller, query);
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(sql`(d.name ilike ${pattern} or d.serial_number ilike ${pattern})`);
  }
  if (query.isOnline !== undefined) conditions.push(either(FLEET_HEALTH.online, query.isOnline));
  if (query.lowBattery !== undefined) conditions.push(either(FLEET_HEALTH.lowBattery, query.lowBattery));
  if (query.isSynced !== undefined) conditions.push(either(FLEET_HEALTH.outOfSync, !query.isSynced));
  if (query.outdatedSoftware !== undefined) {
    conditions.push(either(FLEET_HEALTH.outdatedSoftware, query.outdatedSoftware));
  }
  if (query.deviceType !== undefined) conditions.push(sql`d.device_type_id = ${query.deviceType}`);
  if (query.configuration !== undefined) {
    conditions.push(sql`d.active_configuration_id = ${query.configuration}`);
  }
  return selectPage(
    conditions,
    query,
    (where, limit, offset) => selectDevices(db, where, ORDER_BY[query.ordering], limit, offset),
    toView,
  );
}

/** A headset by any condition (`d.id = …`, `d.serial_number = …`), or null. No scope: callers add theirs. */
export async function findDevice(db: Executor, where: SQL): Promise<DeviceView | null> {
  const [row] = await selectDevices(db, where, sql`d.id`, 1, 0);
  return row ? toView(row) : null;
}

/** One headset of the caller's organisations; 404 for every other id, so ids cannot be probed. */
export async function getDevice(db: Database, caller: Caller, id: number): Promise<DeviceView> {
  const device = await findDevice(db, sql`d.id = ${id} and ${devicesVisibleTo(caller)}`);
  if (!device) throw new NotFound(MESSAGES.devices.notFound);
  return device;
}

export async function listDeviceTypes(db: Database): Promise<DeviceTypeView[]> {
  const result = await db.execute<{ id: number; name: string; storage_total: string | null }>(
    sql`select id, name, storage_total from device_types order by id`,
  );
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    storageCapacityGb:
      row.storage_total === null ? null : Math.round((Number(row.storage_total) / GB) * 100) / 100,
  }));
}

export type DeviceSummaryView = Schemas['DeviceSummary'];

/**
 * getDeviceSummary: the dashboard's counts in one statement, each with the same fragment as the list filter it links
 * to (FLEET_HEALTH), so a count equals the `count` of that filtered list.
 */
export async function deviceSummary(
  db: Database,
  caller: Caller,
  scope: DeviceScope,
): Promise<DeviceSummaryView> {
  const where = sql.join(await scopeConditions(db, caller, scope), sql` and `);
  const result = await db.execute<Record<keyof DeviceSummaryView, string>>(sql`
    select count(*) as "total",
      count(*) filter (where ${FLEET_HEALTH.online}) as "online",
      count(*) filter (where ${FLEET_HEALTH.offline}) as "offline",
      count(*) filter (where ${FLEET_HEALTH.lowBattery}) as "lowBattery",
      count(*) filter (where ${FLEET_HEALTH.outOfSync}) as "outOfSync",
      count(*) filter (where ${FLEET_HEALTH.outdatedSoftware}) as "outdatedSoftware",
      count(*) filter (where d.playback_state = 'playing') as "playing"
    from devices d where ${where}`);
  const row = result.rows[0];
  const count = (key: keyof DeviceSummaryView) => Number(row?.[key] ?? 0);
  return {
    total: count('total'),
    online: count('online'),
    offline: count('offline'),
    lowBattery: count('lowBattery'),
    outOfSync: count('outOfSync'),
    outdatedSoftware: count('outdatedSoftware'),
    playing: count('playing'),
  };
}
