import type { components } from '@portal/api/schema';
import { type ContentType, type ReadinessPlaylist, readinessOf, type SyncState } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { intArray } from '../../db/sql.ts';
import { InvalidFields } from '../../errors.ts';
import { MESSAGES } from '../../messages.ts';
import { type Caller, contentVisibleTo, devicesVisibleTo } from '../access.ts';
import { IS_ONLINE } from './devices.ts';
import { SYNC_QUEUED, SYNC_TRANSFER_COLUMNS, type SyncTransferRow, syncTransferOf } from './syncTransfer.ts';

type Schemas = components['schemas'];
export type ReadinessReportView = Schemas['ReadinessReport'];

/**
 * How long after it reported an update done a headset that has not been back counts as restarting for it ('wird
 * aktualisiert') rather than offline. Real headsets install within a few minutes; one still away after this is
 * switched off or stuck, which the teacher should hear as such.
 */
export const UPDATE_RESTART_WINDOW_MINUTES = 15;

/**
 * A software update the portal sent is under way on the headset `d`: an UPDATE waits while it is online (it picks it
 * up at once and restarts; one waiting for a headset that is off leaves it 'offline'), or it reported one done within
 * the window and has not been seen since.
 */
const UPDATING = sql`exists (select 1 from device_commands c where c.device_id = d.id and c.command = 'CMD.UPDATE'
  and ((c.status in ('queued', 'delivered') and c.expires_at > now() and ${IS_ONLINE})
    or (c.status = 'done' and c.finished_at > now() - make_interval(mins => ${UPDATE_RESTART_WINDOW_MINUTES})
      and not ${IS_ONLINE} and (d.last_seen is null or d.last_seen <= c.finished_at))))`;

type FactsRow = SyncTransferRow & {
  id: number;
  name: string;
  serial_number: string;
  is_enrolled: boolean;
  is_online: boolean;
  battery_level: number | null;
  software_version: string | null;
  sync_status: SyncState;
  sync_progress: number | null;
  sync_queued: boolean;
  updating: boolean;
  holds_content: boolean;
  active_playlist: ReadinessPlaylist | null;
  in_playlist: boolean;
  playlist_with_content: ReadinessPlaylist | null;
};

/**
 * checkDeviceReadiness ('Ist meine Klasse startklar?'): the facts of each headset the rule needs — online or being
 * updated, battery, software, sync (running, waiting, its bytes), whether it holds the content (its last
 * `installedContent`), its active playlist and whether that lists the content, and for a headset without one a
 * playlist of its organisation that does (the one on most headsets, then the first in the owner's list) — read in one
 * statement, judged by `readinessOf` of @portal/domain. Content the caller cannot see and headsets outside their
 * organisations are 400, as for the sync queue.
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
  const found = await db.execute<FactsRow>(sql`
    select d.id, d.name, d.serial_number, d.token_hash is not null as is_enrolled, ${IS_ONLINE} as is_online,
      d.battery_level, d.software_version, d.sync_status, d.sync_progress, ${SYNC_QUEUED} as sync_queued,
      ${SYNC_TRANSFER_COLUMNS}, ${UPDATING} as updating,
      ${contentUuid}::uuid = any(d.installed_content) as holds_content,
      (select json_build_object('id', a.id, 'name', a.name) from configurations a
        where a.id = d.active_configuration_id) as active_playlist,
      exists (select 1 from configuration_items i
        where i.configuration_id = d.active_configuration_id and i.content_id = ${item.id}) as in_playlist,
      case when d.active_configuration_id is null then (
        select json_build_object('id', p.id, 'name', p.name) from configurations p
        where p.owner_id = d.organisation_id
          and exists (select 1 from configuration_items i where i.configuration_id = p.id and i.content_id = ${item.id})
        order by (select count(*) from devices o where o.active_configuration_id = p.id) desc, p.position_number, p.id
        limit 1) end as playlist_with_content
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
        syncQueued: row.sync_queued,
        updating: row.updating,
        holdsContent: row.holds_content,
        activePlaylist: row.active_playlist,
        contentInActivePlaylist: row.in_playlist,
        playlistWithContent: row.playlist_with_content,
      },
      item.content_type,
    );
    return [
      {
        deviceId: row.id,
        name: row.name,
        serialNumber: row.serial_number,
        ...readiness,
        syncTransfer: syncTransferOf(row),
      },
    ];
  });
  return { contentUuid, readyCount: results.filter((r) => r.ready).length, results };
}
