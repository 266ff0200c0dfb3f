import type { components } from '@portal/api/schema';
import { type DeviceCommand, isPowerCycleCommand } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { intArray } from '../db/sql.ts';
import { Conflict, NotFound } from '../errors.ts';
import { secretHash } from '../infra/passwords.ts';
import { MESSAGES } from '../messages.ts';
import type { HeadsetCaller } from './access.ts';
import type { Services } from './dependencies.ts';

type Schemas = components['schemas'];
export type HeadsetCommandView = Schemas['HeadsetCommand'];
export type HeadsetState = Schemas['HeadsetState'];
export type HeadsetCommandResult = Schemas['HeadsetCommandResult'];
export type HeadsetConfiguration = Schemas['HeadsetConfiguration'];

/**
 * The headset a device token belongs to, or null (unknown or revoked). Every call of the headset side is a sign of
 * life, so the same statement renews `last_seen` and clears a reported power-down. To keep writes few while a
 * headset calls in quick succession (result, state, next poll), `last_seen` moves only when older than 5 seconds.
 */
export async function authenticateHeadset(db: Database, token: string): Promise<HeadsetCaller | null> {
  const result = await db.execute<{ id: number; organisation_id: number }>(sql`
    with hit as (select id, organisation_id from devices where token_hash = ${secretHash(token)}),
    touched as (
      update devices d set last_seen = now(), announced_offline = false from hit
      where d.id = hit.id
        and (d.last_seen is null or d.last_seen < now() - interval '5 seconds' or d.announced_offline)
    )
    select id, organisation_id from hit`);
  const row = result.rows[0];
  return row ? { id: row.id, organisationId: row.organisation_id } : null;
}

type HeadsetCommandRow = {
  id: number;
  command: DeviceCommand;
  extras: Schemas['CommandExtras'];
  status: Schemas['CommandStatus'];
  created_at: Date;
  expires_at: Date;
};

function toHeadsetCommand(row: HeadsetCommandRow): HeadsetCommandView {
  return {
    id: row.id,
    command: row.command,
    extras: row.extras,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}

/** Hands out the headset's queued, unexpired commands (oldest first) and marks them delivered: one statement. */
async function deliverQueued(db: Database, deviceId: number): Promise<HeadsetCommandView[]> {
  const result = await db.execute<HeadsetCommandRow>(sql`
    update device_commands c set status = 'delivered', delivered_at = now()
    where c.id in (select id from device_commands
      where device_id = ${deviceId} and status = 'queued' and expires_at > now()
      order by id for update skip locked)
    returning c.id, c.command, c.extras, c.status, c.created_at, c.expires_at`);
  return result.rows.map(toHeadsetCommand).sort((a, b) => a.id - b.id);
}

async function requeue(db: Database, commands: HeadsetCommandView[]): Promise<void> {
  if (commands.length === 0) return;
  await db.execute(sql`update device_commands set status = 'queued', delivered_at = null
    where id = any(${intArray(commands.map((c) => c.id))}) and status = 'delivered'`);
}

/**
 * pollHeadsetCommands: what is queued now, or, with `waitSeconds`, the first commands queued within that time. The
 * doorbell is set up before the first look into the database, so a command queued in between still wakes it. No
 * database connection is held while waiting. `signal` ends the wait when the headset hangs up.
 */
export async function pollHeadsetCommands(
  { db, headsetEvents }: Pick<Services, 'db' | 'headsetEvents'>,
  deviceId: number,
  waitSeconds: number,
  signal?: AbortSignal,
): Promise<HeadsetCommandView[]> {
  const deadline = Date.now() + waitSeconds * 1000;
  const bell = headsetEvents.subscribe(deviceId);
  try {
    for (;;) {
      const commands = await deliverQueued(db, deviceId);
      if (signal?.aborted) {
        // Hung up meanwhile: what was just marked delivered goes back to the queue for its next poll.
        await requeue(db, commands);
        return [];
      }
      if (commands.length > 0) return commands;
      if (!(await bell.next(deadline - Date.now(), signal))) return [];
    }
  } finally {
    bell.close();
  }
}

/**
 * The headset hung up a held poll (switched off, lost its network, or its process ended): it no longer polls, so
 * it counts as offline at once (the online rule), not only when its last sign of life is a minute old. Unless
 * another poll of it waits in this process already; its next call makes it online again anyway.
 */
export async function headsetHungUp(
  { db, headsetEvents }: Pick<Services, 'db' | 'headsetEvents'>,
  deviceId: number,
): Promise<void> {
  if (headsetEvents.waitingPolls(deviceId) > 0) return;
  await db.execute(sql`update devices set announced_offline = true where id = ${deviceId}`);
}

/**
 * reportHeadsetCommandResult: an open command of this headset becomes done or failed (a failure with its reason's
 * code, when the headset names one). Another headset's command is 404; a final or expired one 409. A reboot, shutdown
 * or update reported done means the headset goes down now.
 */
export async function reportCommandResult(
  db: Database,
  deviceId: number,
  commandId: number,
  report: HeadsetCommandResult,
): Promise<HeadsetCommandView> {
  const updated = await db.execute<HeadsetCommandRow>(sql`
    update device_commands set status = ${report.status}, message = ${report.message ?? null},
      code = ${report.status === 'failed' ? (report.code ?? null) : null}, finished_at = now()
    where id = ${commandId} and device_id = ${deviceId} and status in ('queued', 'delivered') and expires_at > now()
    returning id, command, extras, status, created_at, expires_at`);
  const row = updated.rows[0];
  if (!row) {
    const existing = await db.execute<{ status: string; expired: boolean }>(sql`
      select status, (status in ('queued', 'delivered') and expires_at <= now()) as expired
      from device_commands where id = ${commandId} and device_id = ${deviceId}`);
    const command = existing.rows[0];
    if (!command) throw new NotFound(MESSAGES.headsets.commandNotFound);
    const status = command.expired ? 'expired' : command.status;
    throw new Conflict(MESSAGES.headsets.commandFinished, { code: 'commandFinished', params: { status } });
  }
  if (report.status === 'done' && isPowerCycleCommand(row.command)) {
    await db.execute(sql`update devices set announced_offline = true where id = ${deviceId}`);
  }
  return toHeadsetCommand(row);
}

/**
 * reportHeadsetState: the headset's report replaces what the portal shows, stamped with its arrival
 * (`state_reported_at`, which receipts compare with a command's result). Omitted optional fields keep their last
 * value. A headset that says `synced` but lacks an item of its active playlist (changed since it synced) stays
 * `pending`.
 */
export async function reportHeadsetState(db: Database, deviceId: number, state: HeadsetState): Promise<void> {
  const installed =
    state.installedContent === undefined
      ? sql`d.installed_content`
      : sql`${sql.param(state.installedContent)}::uuid[]`;
  await db.execute(sql`
    update devices d set
      software_version = ${state.softwareVersion},
      battery_level = ${state.batteryLevel},
      storage_total = ${state.storageTotal},
      storage_used = ${state.storageUsed},
      current_app = ${state.currentApp},
      current_content_uuid = ${state.currentContentUuid ?? null},
      playback_state = ${state.playbackState},
      playback_position = ${state.currentTime ?? null},
      sync_progress = ${state.syncProgress ?? null},
      installed_content = ${installed},
      state_reported_at = now(),
      guided_mode = coalesce(${state.guidedMode ?? null}::boolean, d.guided_mode),
      manufacturer_mode = coalesce(${state.manufacturerMode ?? null}::boolean, d.manufacturer_mode),
      muted = coalesce(${state.muted ?? null}::boolean, d.muted),
      sync_status = case
        when ${state.syncStatus} = 'synced' and exists (
          select 1 from configuration_items i join contents c on c.id = i.content_id
          where i.configuration_id = d.active_configuration_id and not (c.uuid = any(${installed})))
        then 'pending'
        else ${state.syncStatus} end
    where d.id = ${deviceId}`);
}

/**
 * getHeadsetConfiguration: the headset's active playlist with what it needs to download each item. The files of
 * items that are not public come as URLs signed for the headset's organisation (services/mediaLinks.ts): the
 * headset downloads them with a plain GET, for as long as its organisation may see the item.
 */
export async function headsetConfiguration(
  { db, mediaLinks }: Pick<Services, 'db' | 'mediaLinks'>,
  headset: HeadsetCaller,
): Promise<HeadsetConfiguration> {
  const deviceId = headset.id;
  const result = await db.execute<{
    configuration_id: number | null;
    configuration_name: string | null;
    content_id: number | null;
    uuid: string;
    title: string;
    content_type: Schemas['ContentType'];
    package_name: string | null;
    url: string | null;
    file: string | null;
    file_size: string | null;
    is_public: boolean | null;
    duration: number | null;
    position_number: number;
  }>(sql`
    select g.id as configuration_id, g.name as configuration_name, c.id as content_id, c.uuid, c.title,
      c.content_type, c.package_name, c.url, c.file, c.file_size, c.is_public, c.duration, i.position_number
    from devices d
    left join configurations g on g.id = d.active_configuration_id
    left join configuration_items i on i.configuration_id = g.id
    left join contents c on c.id = i.content_id
    where d.id = ${deviceId}
    order by i.position_number`);
  const first = result.rows[0];
  return {
    id: first?.configuration_id ?? null,
    name: first?.configuration_name ?? null,
    items: result.rows
      .filter((row) => row.content_id !== null)
      .map((row) => ({
        contentId: Number(row.content_id),
        contentUuid: row.uuid,
        title: row.title,
        contentType: row.content_type,
        packageName: row.package_name,
        url: row.url,
        file: mediaLinks.link(row.file, row.is_public ? null : { organisationId: headset.organisationId }),
        fileSize: row.file_size === null ? null : Number(row.file_size),
        duration: row.duration,
        positionNumber: row.position_number,
      })),
  };
}
