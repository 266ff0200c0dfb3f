import type { components } from '@portal/api/schema';
import { syncSecondsLeft } from '@portal/domain';
import { sql } from 'drizzle-orm';

/**
 * A headset's sync as the portal follows it (issue 22), for the headset list and the readiness check alike: whether a
 * sync waits for it, and the running sync's bytes with the time left (@portal/domain `syncSecondsLeft`). Times are
 * taken as spans by the database's clock, so a server process whose clock differs from the database's estimates the
 * same.
 */

export type SyncTransferView = components['schemas']['SyncTransfer'];

/** A CMD.SYNC waits for the headset (`d`): queued or delivered, not expired. Read through `device_commands_open_idx`. */
export const SYNC_QUEUED = sql`exists (select 1 from device_commands c where c.device_id = d.id
  and c.command = 'CMD.SYNC' and c.status in ('queued', 'delivered') and c.expires_at > now())`;

/** The columns {@link syncTransferOf} reads, of the headset `d`. */
export const SYNC_TRANSFER_COLUMNS = sql`d.sync_bytes_done, d.sync_bytes_total,
  extract(epoch from d.state_reported_at - d.sync_started_at) as sync_seconds_running,
  extract(epoch from now() - d.state_reported_at) as sync_seconds_since_report`;

export type SyncTransferRow = {
  sync_status: string;
  sync_bytes_done: string | number | null;
  sync_bytes_total: string | number | null;
  sync_seconds_running: string | number | null;
  sync_seconds_since_report: string | number | null;
};

/** The running sync's bytes and time left; null unless the headset syncs and reported its byte counts. */
export function syncTransferOf(row: SyncTransferRow): SyncTransferView | null {
  if (row.sync_status !== 'syncing' || row.sync_bytes_done === null || row.sync_bytes_total === null)
    return null;
  const bytesDone = Number(row.sync_bytes_done);
  const bytesTotal = Number(row.sync_bytes_total);
  const running = row.sync_seconds_running === null ? 0 : Number(row.sync_seconds_running) * 1000;
  const sinceReport =
    row.sync_seconds_since_report === null ? 0 : Number(row.sync_seconds_since_report) * 1000;
  const secondsLeft = syncSecondsLeft(
    { bytesDone, bytesTotal, startedAt: 0, reportedAt: running },
    running + sinceReport,
  );
  return { bytesDone, bytesTotal, secondsLeft };
}
