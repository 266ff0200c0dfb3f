import type { components } from '@portal/api/schema';
import { type DeviceCommand, isPowerCycleCommand, REPEATABLE_COMMANDS } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { executePrepared, intArray, keyedBy, textArray } from '../../db/sql.ts';
import { Conflict, isValueError, NotFound } from '../../errors.ts';
import { Batches, BatchItemError } from '../../infra/batches.ts';
import { secretHash } from '../../infra/passwords.ts';
import { MESSAGES } from '../../messages.ts';
import type { HeadsetCaller } from '../access.ts';

type Schemas = components['schemas'];
export type HeadsetCommandView = Schemas['HeadsetCommand'];
export type HeadsetState = Schemas['HeadsetState'];
export type HeadsetCommandResult = Schemas['HeadsetCommandResult'];

export type HeadsetCommandRow = {
  id: number;
  command: DeviceCommand;
  extras: Schemas['CommandExtras'];
  status: Schemas['CommandStatus'];
  created_at: Date;
  expires_at: Date;
};

export function toHeadsetCommand(row: HeadsetCommandRow): HeadsetCommandView {
  return {
    id: row.id,
    command: row.command,
    extras: row.extras,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}

/**
 * The headset goes down now (it reported a reboot, shutdown or update done, or hung up its poll): it counts as offline
 * at once (the online rule, `announced_offline`), not only when its last sign of life is a minute old, until its next
 * call (authenticate clears it).
 */
export async function announceGoneDown(db: Database, deviceId: number): Promise<void> {
  await executePrepared(db, sql`update devices set announced_offline = true where id = ${deviceId}`);
}

/** What a headset reports with its command's result (the contract's `HeadsetCommandResult`), for its command. */
interface ResultReport {
  deviceId: number;
  commandId: number;
  report: HeadsetCommandResult;
}

/** A poll: the headset, and the `session` it sent (a value it chooses anew at every start), if any. */
export interface HeadsetPoll {
  deviceId: number;
  session?: string | undefined;
}

/**
 * The statements every headset runs all the time, each gathered into one statement for all headsets that call at the
 * same moment (infra/batches.ts): a class set of 30 that a start wakes at once costs a few statements, not 120
 * (issue 14, item 7). Each call answers as its single statement would. Built once by the composition root (app.ts).
 */
export class HeadsetSide {
  private readonly tokens: Batches<string, HeadsetCaller | null>;
  private readonly deliveries: Batches<HeadsetPoll, HeadsetCommandView[]>;
  private readonly results: Batches<ResultReport, HeadsetCommandView>;
  private readonly states: Batches<{ deviceId: number; state: HeadsetState }, undefined>;

  constructor(private readonly db: Database) {
    // A statement the database refuses for one headset's values fails that headset's call alone (the edge refuses
    // such values first, http/bodies.ts; this keeps any that slip through from failing the others with it).
    const options = { isolate: isValueError };
    this.tokens = new Batches((tokens) => this.authenticateAll(tokens), options);
    this.deliveries = new Batches((polls) => this.deliverAll(polls), options);
    this.results = new Batches((reports) => this.finishAll(reports), options);
    this.states = new Batches((reports) => this.reportAll(reports), options);
  }

  /**
   * The headset a device token belongs to, or null (unknown or revoked). Every call of the headset side is a sign of
   * life, so the same statement renews `last_seen` and clears a reported power-down. To keep writes few while a
   * headset calls in quick succession (result, state, next poll), `last_seen` moves only when older than 5 seconds.
   */
  authenticate(token: string): Promise<HeadsetCaller | null> {
    return this.tokens.call(secretHash(token));
  }

  /**
   * Hands out the headset's queued, unexpired commands (oldest first) and marks them delivered. A poll with another
   * `session` than the headset's last one first settles what the headset got before it restarted (resumeRestarted).
   */
  deliver(poll: HeadsetPoll): Promise<HeadsetCommandView[]> {
    return this.deliveries.call(poll);
  }

  /**
   * reportHeadsetCommandResult: an open command of this headset becomes done or failed (a failure with its reason's
   * code, when the headset names one). Another headset's command is 404; a final or expired one 409. A reboot,
   * shutdown or update reported done means the headset goes down now.
   */
  finish(deviceId: number, commandId: number, report: HeadsetCommandResult): Promise<HeadsetCommandView> {
    return this.results.call({ deviceId, commandId, report });
  }

  /**
   * reportHeadsetState: the headset's report replaces what the portal shows, stamped with its arrival
   * (`state_reported_at`, which receipts compare with a command's result). Omitted optional fields keep their last
   * value. A headset that says `synced` but lacks an item of its active playlist (changed since it synced) stays
   * `pending`.
   */
  report(deviceId: number, state: HeadsetState): Promise<void> {
    return this.states.call({ deviceId, state });
  }

  private async authenticateAll(hashes: string[]): Promise<(HeadsetCaller | null)[]> {
    const result = await executePrepared<{ token_hash: string; id: number; organisation_id: number }>(
      this.db,
      sql`
      with hit as (select id, organisation_id, token_hash from devices where token_hash = any(${textArray(hashes)})),
      touched as (
        update devices d set last_seen = now(), announced_offline = false from hit
        where d.id = hit.id
          and (d.last_seen is null or d.last_seen < now() - interval '5 seconds' or d.announced_offline)
      )
      select token_hash, id, organisation_id from hit`,
    );
    const byHash = new Map(result.rows.map((row) => [row.token_hash, row]));
    return hashes.map((hash) => {
      const row = byHash.get(hash);
      return row ? { id: row.id, organisationId: row.organisation_id } : null;
    });
  }

  /**
   * Headsets whose poll names another session than their last one restarted (switched off hard, crashed, or the
   * server restarted and its simulated headsets with it) and will never report the result of a command delivered
   * before: one that is safe to repeat (REPEATABLE_COMMANDS: sync, software sync, mode switches) goes back to the
   * queue and is handed out by this very poll, any other ends `interrupted` now, with its reason, instead of showing
   * 'angekommen' until its expiry (5 minutes, a day for a sync, which kept the readiness panel waiting). The first
   * session a headset names counts as a restart too: before it, nothing was known about its sessions.
   */
  private async resumeRestarted(polls: HeadsetPoll[]): Promise<void> {
    const rows = polls.flatMap(({ deviceId, session }) =>
      session === undefined ? [] : [{ device_id: deviceId, session }],
    );
    if (rows.length === 0) return;
    await executePrepared(
      this.db,
      sql`
      with s as (select distinct on (device_id) device_id, session
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as s(device_id int, session text)),
        restarted as (
          update devices d set headset_session = s.session from s
          where d.id = s.device_id and ${keyedBy(
            sql`d.id`,
            rows.map((row) => row.device_id),
          )}
            and d.headset_session is distinct from s.session
          returning d.id),
        settled as (select c.id, c.command = any(${textArray(REPEATABLE_COMMANDS)}) as repeatable
          from device_commands c join restarted on restarted.id = c.device_id
          where c.status = 'delivered' and c.expires_at > now())
      update device_commands c set
        status = case when settled.repeatable then 'queued' else 'interrupted' end,
        delivered_at = case when settled.repeatable then null else c.delivered_at end,
        finished_at = case when settled.repeatable then null else now() end,
        message = case when settled.repeatable then null else ${MESSAGES.devices.interruptedByRestart} end
      from settled where c.id = settled.id`,
    );
  }

  private async deliverAll(polls: HeadsetPoll[]): Promise<HeadsetCommandView[][]> {
    await this.resumeRestarted(polls);
    const deviceIds = polls.map((poll) => poll.deviceId);
    const result = await executePrepared<HeadsetCommandRow & { device_id: number }>(
      this.db,
      sql`
      update device_commands c set status = 'delivered', delivered_at = now()
      where c.id in (select id from device_commands
        where device_id = any(${intArray(deviceIds)}) and status = 'queued' and expires_at > now()
        order by id for update skip locked)
      returning c.id, c.device_id, c.command, c.extras, c.status, c.created_at, c.expires_at`,
    );
    const byDevice = new Map<number, HeadsetCommandView[]>();
    for (const row of result.rows) {
      const commands = byDevice.get(row.device_id) ?? [];
      commands.push(toHeadsetCommand(row));
      byDevice.set(row.device_id, commands);
    }
    // A headset polling twice at once gets its commands once, with the first of its polls.
    return deviceIds.map((id) => {
      const commands = byDevice.get(id) ?? [];
      byDevice.delete(id);
      return commands.sort((x, y) => x.id - y.id);
    });
  }

  private async finishAll(reports: ResultReport[]): Promise<(HeadsetCommandView | BatchItemError)[]> {
    const rows = reports.map(({ deviceId, commandId, report }, n) => ({
      n,
      command_id: commandId,
      device_id: deviceId,
      status: report.status,
      message: report.message ?? null,
      code: report.status === 'failed' ? (report.code ?? null) : null,
    }));
    const commandIds = reports.map((report) => report.commandId);
    // Of several results for one command, the first from its own headset counts.
    const updated = await executePrepared<HeadsetCommandRow & { device_id: number }>(
      this.db,
      sql`
      update device_commands c set status = r.status, message = r.message, code = r.code, finished_at = now()
      from (select distinct on (r.command_id) r.command_id, r.status, r.message, r.code
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as r(n int, command_id int, device_id int, status text, message text, code text)
          join device_commands own on own.id = r.command_id and own.device_id = r.device_id
            and ${keyedBy(sql`own.id`, commandIds)}
          order by r.command_id, r.n) r
      where c.id = r.command_id and ${keyedBy(sql`c.id`, commandIds)}
        and c.status in ('queued', 'delivered') and c.expires_at > now()
      returning c.id, c.device_id, c.command, c.extras, c.status, c.created_at, c.expires_at`,
    );
    const finished = new Map(updated.rows.map((row) => [row.id, row]));
    const outcomes: (HeadsetCommandView | BatchItemError)[] = [];
    for (const { deviceId, commandId, report } of reports) {
      const row = finished.get(commandId);
      if (!row || row.device_id !== deviceId) {
        outcomes.push(new BatchItemError(await this.whyNotOpen(deviceId, commandId)));
        continue;
      }
      // Each result finishes its command once: a second report of it in the same batch is too late, as it would be after.
      finished.delete(commandId);
      if (report.status === 'done' && isPowerCycleCommand(row.command)) {
        await announceGoneDown(this.db, deviceId);
      }
      outcomes.push(toHeadsetCommand(row));
    }
    return outcomes;
  }

  /** Why a result could not finish its command: not this headset's (404), or finished or expired already (409). */
  private async whyNotOpen(deviceId: number, commandId: number): Promise<Error> {
    const existing = await executePrepared<{ status: string; expired: boolean }>(
      this.db,
      sql`
      select status, (status in ('queued', 'delivered') and expires_at <= now()) as expired
      from device_commands where id = ${commandId} and device_id = ${deviceId}`,
    );
    const command = existing.rows[0];
    if (!command) return new NotFound(MESSAGES.headsets.commandNotFound);
    const status = command.expired ? 'expired' : command.status;
    return new Conflict(MESSAGES.headsets.commandFinished, { code: 'commandFinished', params: { status } });
  }

  private async reportAll(reports: { deviceId: number; state: HeadsetState }[]): Promise<undefined[]> {
    // Two reports of one headset in a batch: the later one is what it reports now.
    const latest = new Map(reports.map(({ deviceId, state }) => [deviceId, state]));
    const rows = [...latest].map(([deviceId, state]) => ({
      device_id: deviceId,
      software_version: state.softwareVersion,
      battery_level: state.batteryLevel,
      storage_total: state.storageTotal,
      storage_used: state.storageUsed,
      current_app: state.currentApp,
      current_content_uuid: state.currentContentUuid ?? null,
      playback_state: state.playbackState,
      playback_position: state.currentTime ?? null,
      sync_progress: state.syncProgress ?? null,
      sync_bytes_done: state.syncBytesDone ?? null,
      sync_bytes_total: state.syncBytesTotal ?? null,
      sync_status: state.syncStatus,
      // Like the sync's progress: omitted means no update runs.
      software_update: state.softwareUpdate ?? null,
      // Omitted optional fields keep their last value (null here).
      installed_content: state.installedContent ?? null,
      guided_mode: state.guidedMode ?? null,
      manufacturer_mode: state.manufacturerMode ?? null,
      muted: state.muted ?? null,
      // Like the update under way: omitted (software without the feature) means no message shows.
      attention: state.attention ?? null,
    }));
    await executePrepared(
      this.db,
      sql`
      update devices d set
        software_version = s.software_version,
        battery_level = s.battery_level,
        storage_total = s.storage_total,
        storage_used = s.storage_used,
        current_app = s.current_app,
        current_content_uuid = s.current_content_uuid,
        playback_state = s.playback_state,
        playback_position = s.playback_position,
        sync_progress = s.sync_progress,
        software_update = s.software_update,
        sync_bytes_done = case when s.sync_status = 'syncing' then s.sync_bytes_done end,
        sync_bytes_total = case when s.sync_status = 'syncing' then s.sync_bytes_total end,
        -- When this sync began (the old row's values): kept while the same sync goes on (running before, same total,
        -- not fewer bytes), now() for a new one, null once none runs.
        sync_started_at = case
          when s.sync_status <> 'syncing' then null
          when d.sync_status = 'syncing' and d.sync_started_at is not null
            and s.sync_bytes_total is not distinct from d.sync_bytes_total
            and coalesce(s.sync_bytes_done, 0) >= coalesce(d.sync_bytes_done, 0)
          then d.sync_started_at
          else now() end,
        installed_content = coalesce(s.installed_content, d.installed_content),
        state_reported_at = now(),
        guided_mode = coalesce(s.guided_mode, d.guided_mode),
        manufacturer_mode = coalesce(s.manufacturer_mode, d.manufacturer_mode),
        muted = coalesce(s.muted, d.muted),
        attention = s.attention,
        sync_status = case
          when s.sync_status = 'synced' and exists (
            select 1 from configuration_items i join contents c on c.id = i.content_id
            where i.configuration_id = d.active_configuration_id
              and not (c.uuid = any(coalesce(s.installed_content, d.installed_content))))
          then 'pending'
          else s.sync_status end
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as s(device_id int, software_version text,
        battery_level int, storage_total bigint, storage_used bigint, current_app text, current_content_uuid uuid,
        playback_state text, playback_position int, sync_progress int, sync_bytes_done bigint, sync_bytes_total bigint,
        sync_status text, software_update jsonb, installed_content uuid[],
        guided_mode boolean, manufacturer_mode boolean, muted boolean, attention text)
      where d.id = s.device_id and ${keyedBy(sql`d.id`, [...latest.keys()])}`,
    );
    return reports.map(() => undefined);
  }
}
