import type { components } from '@portal/api/schema';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { operatingSystemDeviceTypes, operatingSystems } from '../../db/schema.ts';
import { type Executor, intArray } from '../../db/sql.ts';
import { addFieldError, fieldErrors, NotFound, throwFieldErrors } from '../../errors.ts';
import { MESSAGES } from '../../messages.ts';
import {
  type Caller,
  operatingSystemsVisibleTo,
  requireOperatingSystemReader,
  requireStaffForOperatingSystems,
} from '../access.ts';
import type { FileTarget, MediaLinks } from '../content/index.ts';
import type { Services } from '../dependencies.ts';
import { nameProblem } from '../names.ts';

type Schemas = components['schemas'];
export type OperatingSystemView = Schemas['OperatingSystem'];

type Row = {
  id: number;
  name: string;
  version: string;
  is_published: boolean;
  release_notes: string;
  file: string | null;
  file_size: string | null;
  created_at: Date;
  device_types: { id: number; name: string }[];
  total: string;
};

function toView(row: Row): OperatingSystemView {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    deviceTypes: row.device_types,
    isPublished: row.is_published,
    releaseNotes: row.release_notes,
    file: row.file,
    fileSize: row.file_size === null ? null : Number(row.file_size),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Whoever reads the entries is signed in (the contract), so the image's URL is signed for signed-in users. */
function signedFile(view: OperatingSystemView, links: MediaLinks): OperatingSystemView {
  return { ...view, file: links.link(view.file, 'signedIn') };
}

/** Images (rows `o`) with their models, newest first, one page with the total. */
async function selectImages(db: Executor, where: SQL, limit: number, offset: number): Promise<Row[]> {
  const result = await db.execute<Row>(sql`
    select o.id, o.name, o.version, o.is_published, o.release_notes, o.file, o.file_size, o.created_at,
      coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.id)
        from operating_system_device_types ot join device_types t on t.id = ot.device_type_id
        where ot.operating_system_id = o.id), '[]') as device_types,
      (select count(*) from operating_systems o where ${where}) as total
    from operating_systems o
    where ${where}
    order by o.created_at desc, o.id desc
    limit ${limit} offset ${offset}`);
  return result.rows;
}

/**
 * listOperatingSystems: staff see every image, administrators the published ones of their organisations' models
 * (`operatingSystemsVisibleTo`), other members are refused.
 */
export async function listOperatingSystems(
  { db, mediaLinks }: Pick<Services, 'db' | 'mediaLinks'>,
  caller: Caller,
  query: { page: number; pageSize: number; deviceType?: number | undefined },
): Promise<{ count: number; results: OperatingSystemView[] }> {
  requireOperatingSystemReader(caller);
  const conditions = [operatingSystemsVisibleTo(caller)];
  if (query.deviceType !== undefined) {
    conditions.push(sql`exists (select 1 from operating_system_device_types ot
      where ot.operating_system_id = o.id and ot.device_type_id = ${query.deviceType})`);
  }
  const rows = await selectImages(
    db,
    sql.join(conditions, sql` and `),
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  return {
    count: Number(rows[0]?.total ?? 0),
    results: rows.map((row) => signedFile(toView(row), mediaLinks)),
  };
}

/** One image as `caller` may see it (404 otherwise), or with `caller` null every image (staff's own writes). */
async function findOperatingSystem(
  db: Executor,
  id: number,
  caller: Caller | null,
): Promise<OperatingSystemView> {
  const visible = caller === null ? sql`true` : operatingSystemsVisibleTo(caller);
  const [row] = await selectImages(db, sql`o.id = ${id} and ${visible}`, 1, 0);
  if (!row) throw new NotFound(MESSAGES.operatingSystems.notFound);
  return toView(row);
}

export async function getOperatingSystem(
  { db, mediaLinks }: Pick<Services, 'db' | 'mediaLinks'>,
  caller: Caller,
  id: number,
): Promise<OperatingSystemView> {
  requireOperatingSystemReader(caller);
  return signedFile(await findOperatingSystem(db, id, caller), mediaLinks);
}

type Fields = Schemas['OperatingSystemCreate'] | Schemas['OperatingSystemUpdate'];

/**
 * The fields the contract's schema cannot judge: a name that shows something, models that exist, and publishing only
 * an image whose file has arrived (`file` is the stored one; a new entry has none).
 */
async function validate(db: Executor, fields: Fields, file: string | null): Promise<void> {
  const errors = fieldErrors();
  // The version follows the contract's pattern (three numbers), which leaves nothing invisible to check.
  const nameRefusal = fields.name === undefined ? null : nameProblem(fields.name);
  if (nameRefusal) addFieldError(errors, 'name', nameRefusal);
  if (fields.deviceTypeIds !== undefined) {
    const found = await db.execute<{ id: number }>(
      sql`select id from device_types where id = any(${intArray(fields.deviceTypeIds)})`,
    );
    const known = new Set(found.rows.map((row) => row.id));
    const unknown = fields.deviceTypeIds.filter((id) => !known.has(id));
    if (unknown.length > 0)
      addFieldError(errors, 'deviceTypeIds', MESSAGES.operatingSystems.unknownDeviceTypes(unknown));
  }
  if ('isPublished' in fields && fields.isPublished === true && file === null) {
    addFieldError(errors, 'isPublished', MESSAGES.operatingSystems.publishNeedsFile);
  }
  throwFieldErrors(errors);
}

function values(fields: Fields) {
  const v: Partial<typeof operatingSystems.$inferInsert> = {};
  if (fields.name !== undefined) v.name = fields.name.trim();
  if (fields.version !== undefined) v.version = fields.version;
  if (fields.releaseNotes !== undefined) v.releaseNotes = fields.releaseNotes;
  if ('isPublished' in fields && fields.isPublished !== undefined) v.isPublished = fields.isPublished;
  return v;
}

/** Replaces the image's models. */
async function setModels(tx: Executor, id: number, deviceTypeIds: readonly number[]): Promise<void> {
  await tx
    .delete(operatingSystemDeviceTypes)
    .where(sql`${operatingSystemDeviceTypes.operatingSystemId} = ${id}`);
  await tx
    .insert(operatingSystemDeviceTypes)
    .values(deviceTypeIds.map((deviceTypeId) => ({ operatingSystemId: id, deviceTypeId })));
}

/** createOperatingSystem (staff): a draft with its models; the file follows by upload. */
export async function createOperatingSystem(
  { db, mediaLinks }: Pick<Services, 'db' | 'mediaLinks'>,
  caller: Caller,
  fields: Schemas['OperatingSystemCreate'],
): Promise<OperatingSystemView> {
  requireStaffForOperatingSystems(caller);
  const created = await db.transaction(async (tx) => {
    await validate(tx, fields, null);
    const [row] = await tx
      .insert(operatingSystems)
      .values({ ...values(fields), name: fields.name.trim(), version: fields.version })
      .returning({ id: operatingSystems.id });
    if (!row) throw new Error('operating system insert returned nothing');
    await setModels(tx, row.id, fields.deviceTypeIds);
    return findOperatingSystem(tx, row.id, null);
  });
  return signedFile(created, mediaLinks);
}

/** updateOperatingSystem (staff), with the row locked: publishing checks the file it holds at that moment. */
export async function updateOperatingSystem(
  { db, mediaLinks }: Pick<Services, 'db' | 'mediaLinks'>,
  caller: Caller,
  id: number,
  fields: Schemas['OperatingSystemUpdate'],
): Promise<OperatingSystemView> {
  requireStaffForOperatingSystems(caller);
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ file: operatingSystems.file })
      .from(operatingSystems)
      .where(sql`${operatingSystems.id} = ${id}`)
      .for('update');
    if (!before) throw new NotFound(MESSAGES.operatingSystems.notFound);
    await validate(tx, fields, before.file);
    const v = values(fields);
    if (Object.keys(v).length > 0)
      await tx.update(operatingSystems).set(v).where(sql`${operatingSystems.id} = ${id}`);
    if (fields.deviceTypeIds !== undefined) await setModels(tx, id, fields.deviceTypeIds);
    return findOperatingSystem(tx, id, null);
  });
  return signedFile(updated, mediaLinks);
}

/** Deletes the entry (staff only) with its stored image and unfinished uploads. */
export async function deleteOperatingSystem(
  { db, uploads }: Pick<Services, 'db' | 'uploads'>,
  caller: Caller,
  id: number,
): Promise<void> {
  requireStaffForOperatingSystems(caller);
  const [row] = await db
    .delete(operatingSystems)
    .where(sql`${operatingSystems.id} = ${id}`)
    .returning({ file: operatingSystems.file });
  if (!row) throw new NotFound(MESSAGES.operatingSystems.notFound);
  await uploads.discardTarget({ kind: 'operatingSystem', id }, row.file);
}

/** Sets the uploaded image (staff only, checked in the transaction that writes); answers the image it replaces. */
async function setOperatingSystemFile(
  db: Database,
  caller: Caller,
  id: number,
  file: string,
  fileSize: number,
): Promise<string | null> {
  requireStaffForOperatingSystems(caller);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ file: operatingSystems.file })
      .from(operatingSystems)
      .where(sql`${operatingSystems.id} = ${id}`)
      .for('update');
    if (!before) throw new NotFound(MESSAGES.operatingSystems.notFound);
    await tx.update(operatingSystems).set({ file, fileSize }).where(sql`${operatingSystems.id} = ${id}`);
    return before.file;
  });
}

/** An operating system's image: portal staff upload it; every signed-in user may download it. */
export function operatingSystemFileTarget(
  { db, media }: Pick<Services, 'db' | 'media'>,
  caller: Caller,
  id: number,
): FileTarget {
  return {
    target: { kind: 'operatingSystem', id },
    async requireUploader() {
      requireStaffForOperatingSystems(caller);
      await findOperatingSystem(db, id, null);
      return { limits: { maxBytes: media.maxBytes.operatingSystem }, grant: 'signedIn' };
    },
    attach: (file, size) => setOperatingSystemFile(db, caller, id, file, size),
  };
}
