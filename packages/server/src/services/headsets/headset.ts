import type { components } from '@portal/api/schema';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { executePrepared, intArray } from '../../db/sql.ts';
import type { HeadsetCaller } from '../access.ts';
import type { Services } from '../dependencies.ts';
import { announceGoneDown, type HeadsetCommandView } from './headsetSide.ts';

type Schemas = components['schemas'];
export type HeadsetConfiguration = Schemas['HeadsetConfiguration'];

async function requeue(db: Database, commands: HeadsetCommandView[]): Promise<void> {
  if (commands.length === 0) return;
  await executePrepared(
    db,
    sql`update device_commands set status = 'queued', delivered_at = null
    where id = any(${intArray(commands.map((c) => c.id))}) and status = 'delivered'`,
  );
}

/**
 * pollHeadsetCommands: what is queued now, or, with `waitSeconds`, the first commands queued within that time. The
 * doorbell is set up before the first look into the database, so a command queued in between still wakes it. No
 * database connection is held while waiting. `signal` ends the wait when the headset hangs up.
 */
export async function pollHeadsetCommands(
  { db, headsetEvents, headsetSide }: Pick<Services, 'db' | 'headsetEvents' | 'headsetSide'>,
  deviceId: number,
  waitSeconds: number,
  signal?: AbortSignal,
): Promise<HeadsetCommandView[]> {
  const deadline = Date.now() + waitSeconds * 1000;
  const bell = headsetEvents.subscribe(deviceId);
  try {
    for (;;) {
      const commands = await headsetSide.deliver(deviceId);
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
  await announceGoneDown(db, deviceId);
}

/**
 * getHeadsetConfiguration: the headset's active playlist with what it needs to download each item. The files of
 * items that are not public come as URLs signed for the headset's organisation (services/content/mediaLinks.ts): the
 * headset downloads them with a plain GET, for as long as its organisation may see the item.
 */
export async function headsetConfiguration(
  { db, mediaLinks }: Pick<Services, 'db' | 'mediaLinks'>,
  headset: HeadsetCaller,
): Promise<HeadsetConfiguration> {
  const deviceId = headset.id;
  const result = await executePrepared<{
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
  }>(
    db,
    sql`
    select g.id as configuration_id, g.name as configuration_name, c.id as content_id, c.uuid, c.title,
      c.content_type, c.package_name, c.url, c.file, c.file_size, c.is_public, c.duration, i.position_number
    from devices d
    left join configurations g on g.id = d.active_configuration_id
    left join configuration_items i on i.configuration_id = g.id
    left join contents c on c.id = i.content_id
    where d.id = ${deviceId}
    order by i.position_number`,
  );
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
