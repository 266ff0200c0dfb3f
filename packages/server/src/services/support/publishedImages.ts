import type { components } from '@portal/api/schema';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/sql.ts';
import { NotFound } from '../../errors.ts';
import { MESSAGES } from '../../messages.ts';
import { type Caller, type HeadsetCaller, operatingSystemsVisibleTo } from '../access.ts';
import type { MediaLinks } from '../content/index.ts';

/**
 * Published operating system images as the rest of the server measures headsets against them (issue 23): 'Software
 * veraltet' (older than the newest published image of the headset's model), the newest image a headset is offered,
 * the image a CMD.UPDATE names, and the image a headset reads to install it. One place for the SQL of these rules.
 */

/** Versions as the contract writes them (digits and dots); anything else is compared as unknown. */
const READABLE_VERSION = sql.raw(`'^[0-9]+(\\.[0-9]+)*$'`);

/** `version` (text) as numbers, so that 5.10.0 ranks above 5.9.0. Only for readable versions. */
const versionNumbers = (version: SQL) => sql`string_to_array(${version}, '.')::numeric[]`;

/**
 * True when `softwareVersion` is older than the image version `version` (rows `o`): never reported or unreadable
 * counts as older, as in @portal/domain `compareVersions`.
 */
function olderThanImage(softwareVersion: SQL): SQL {
  return sql`(${softwareVersion} is null or ${softwareVersion} !~ ${READABLE_VERSION}
    or ${versionNumbers(softwareVersion)} < ${versionNumbers(sql`o.version`)})`;
}

/** Published images (rows `o`) for the model `deviceTypeId`: the from-and-where of the fragments below. */
function publishedFor(deviceTypeId: SQL): SQL {
  return sql`operating_system_device_types ot join operating_systems o on o.id = ot.operating_system_id
    where ot.device_type_id = ${deviceTypeId} and o.is_published and o.version ~ ${READABLE_VERSION}`;
}

/**
 * 'Software veraltet' of headset `d` (@portal/domain `isSoftwareOutdated`): an image published for its model is newer
 * than its software. A model without a published image has no outdated headsets. The one fragment of the headset
 * list's `outdated_software` filter and the dashboard's count.
 */
export const OUTDATED_SOFTWARE: SQL = sql`exists (select 1 from ${publishedFor(sql`d.device_type_id`)}
  and ${olderThanImage(sql`d.software_version`)})`;

/** The newest image published for the model of headset `d` as JSON `{id, version}`, or null (`Device.newestOperatingSystem`). */
export const NEWEST_OPERATING_SYSTEM: SQL = sql`(select json_build_object('id', o.id, 'version', o.version)
  from ${publishedFor(sql`d.device_type_id`)}
  order by ${versionNumbers(sql`o.version`)} desc, o.id desc limit 1)`;

/**
 * The id of the newest image published for the model of headset `d` that is newer than its software, or null: what a
 * CMD.UPDATE that names no image installs.
 */
export const NEWER_OPERATING_SYSTEM_ID: SQL = sql`(select o.id from ${publishedFor(sql`d.device_type_id`)}
  and ${olderThanImage(sql`d.software_version`)}
  order by ${versionNumbers(sql`o.version`)} desc, o.id desc limit 1)`;

/** An image as a CMD.UPDATE's checks need it. */
export type UpdateImageFacts = {
  id: number;
  version: string;
  deviceTypeIds: number[];
};

/**
 * The published image a CMD.UPDATE names, as far as the caller sees it (`operatingSystemsVisibleTo`: an
 * administrator the images of their organisations' models); null when they do not (or it does not exist, or it is a
 * draft).
 */
export async function imageForUpdate(
  db: Executor,
  caller: Caller,
  id: number,
): Promise<UpdateImageFacts | null> {
  const result = await db.execute<UpdateImageFacts>(sql`
    select o.id, o.version,
      array(select ot.device_type_id from operating_system_device_types ot where ot.operating_system_id = o.id)
        as "deviceTypeIds"
    from operating_systems o
    where o.id = ${id} and o.is_published and ${operatingSystemsVisibleTo(caller)}`);
  return result.rows[0] ?? null;
}

export type HeadsetOperatingSystemView = components['schemas']['HeadsetOperatingSystem'];

/**
 * getHeadsetOperatingSystem: a published image for the calling headset's model with its file, the file's URL signed
 * like the images' URLs for signed-in users; 404 for anything else (withdrawn or deleted since the command).
 */
export async function headsetOperatingSystem(
  { db, mediaLinks }: { db: Executor; mediaLinks: MediaLinks },
  headset: HeadsetCaller,
  id: number,
): Promise<HeadsetOperatingSystemView> {
  const result = await db.execute<{
    id: number;
    name: string;
    version: string;
    file: string;
    file_size: string;
  }>(
    sql`select o.id, o.name, o.version, o.file, o.file_size
      from devices d, ${publishedFor(sql`d.device_type_id`)}
        and d.id = ${headset.id} and o.id = ${id} and o.file is not null`,
  );
  const row = result.rows[0];
  if (!row) throw new NotFound(MESSAGES.operatingSystems.notFound);
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    file: mediaLinks.link(row.file, 'signedIn'),
    fileSize: Number(row.file_size),
  };
}
