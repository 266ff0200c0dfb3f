import type { components } from '@portal/api/schema';
import { type ContentType, readinessOf, type SyncState } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { intArray } from '../../db/sql.ts';
import { InvalidFields } from '../../errors.ts';
import { MESSAGES } from '../../messages.ts';
import { type Caller, contentVisibleTo, devicesVisibleTo } from '../access.ts';
import { IS_ONLINE } from './devices.ts';

type Schemas = components['schemas'];
export type ReadinessReportView = Schemas['ReadinessReport'];

/**
 * checkDeviceReadiness ('Ist meine Klasse startklar?'): the facts of each headset the rule needs — online, battery,
 * software, sync, and whether it holds the content (its last `installedContent`) or its active playlist lists it —
 * read in one statement, judged by `readinessOf` of @portal/domain. Content the caller cannot see and headsets outside
 * their organisations are 400, as for the sync queue.
 */
export async function checkReadiness(
  db: Database,
  caller: Caller,
  deviceIds: number[],
  contentUuid: string,
): Promise<ReadinessReportView> {
  const content = await db.execute<{ id: number; content_type: ContentType }>(sql`
    select c.id, c.content_type from contents c where c.uuid = ${contentUuid} and ${contentVisibleTo(caller)}`);
  const item = content.rows[0];
  if (!item) throw InvalidFields.of('contentUuid', MESSAGES.devices.unknownContent);
  const found = await db.execute<{
    id: number;
    name: string;
    serial_number: string;
    is_enrolled: boolean;
    is_online: boolean;
    battery_level: number | null;
    software_version: string | null;
    sync_status: SyncState;
    sync_progress: number | null;
    holds_content: boolean;
    in_playlist: boolean;
  }>(sql`
    select d.id, d.name, d.serial_number, d.token_hash is not null as is_enrolled, ${IS_ONLINE} as is_online,
      d.battery_level, d.software_version, d.sync_status, d.sync_progress,
      ${contentUuid}::uuid = any(d.installed_content) as holds_content,
      exists (select 1 from configuration_items i
        where i.configuration_id = d.active_configuration_id and i.content_id = ${item.id}) as in_playlist
    from devices d
    where d.id = any(${intArray(deviceIds)}) and ${devicesVisibleTo(caller)}`);
  const byId = new Map(found.rows.map((row) => [Number(row.id), row]));
  const foreign = deviceIds.filter((id) => !byId.has(id));
  if (foreign.length > 0) throw InvalidFields.of('devices', MESSAGES.devices.foreignDevices(foreign));
  const results = deviceIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const readiness = readinessOf(
      {
        isEnrolled: row.is_enrolled,
        isOnline: row.is_online,
        batteryLevel: row.battery_level,
        softwareVersion: row.software_version,
        syncStatus: row.sync_status,
        syncProgress: row.sync_progress,
        holdsContent: row.holds_content,
        contentInActivePlaylist: row.in_playlist,
      },
      item.content_type,
    );
    return [{ deviceId: row.id, name: row.name, serialNumber: row.serial_number, ...readiness }];
  });
  return { contentUuid, readyCount: results.filter((r) => r.ready).length, results };
}
