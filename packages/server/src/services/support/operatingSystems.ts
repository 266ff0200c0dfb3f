import type { components } from '@portal/api/schema';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { deviceTypes, operatingSystems } from '../../db/schema.ts';
import type { Executor } from '../../db/sql.ts';
import { addFieldError, fieldErrors, NotFound, throwFieldErrors } from '../../errors.ts';
import { MESSAGES } from '../../messages.ts';
import { type Caller, requireStaffForOperatingSystems } from '../access.ts';
import type { FileTarget, MediaLinks } from '../content/index.ts';
import type { Services } from '../dependencies.ts';
import { nameProblem } from '../names.ts';

type Schemas = components['schemas'];
export type OperatingSystemView = Schemas['OperatingSystem'];

const columns = {
  id: operatingSystems.id,
  name: operatingSystems.name,
  version: operatingSystems.version,
  releaseNotes: operatingSystems.releaseNotes,
  file: operatingSystems.file,
  fileSize: operatingSystems.fileSize,
  createdAt: operatingSystems.createdAt,
  deviceTypeId: deviceTypes.id,
  deviceTypeName: deviceTypes.name,
};
type Row = {
  id: number;
  name: string;
  version: string;
  releaseNotes: string;
  file: string | null;
  fileSize: number | null;
  createdAt: Date;
  deviceTypeId: number | null;
  deviceTypeName: string | null;
};

function toView(row: Row): OperatingSystemView {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    deviceType: row.deviceTypeId === null ? null : { id: row.deviceTypeId, name: row.deviceTypeName ?? '' },
    releaseNotes: row.releaseNotes,
    file: row.file,
    fileSize: row.fileSize,
    created_at: row.createdAt.toISOString(),
  };
}

/** Whoever reads the entries is signed in (the contract), so the image's URL is signed for signed-in users. */
function signedFile(view: OperatingSystemView, links: MediaLinks): OperatingSystemView {
  return { ...view, file: links.link(view.file, 'signedIn') };
}

function select(db: Executor, where: SQL | undefined) {
  return db
    .select(columns)
    .from(operatingSystems)
    .leftJoin(deviceTypes, eq(deviceTypes.id, operatingSystems.deviceTypeId))
    .where(where);
}

export async function listOperatingSystems(
  { db, mediaLinks }: Pick<Services, 'db' | 'mediaLinks'>,
  query: { page: number; pageSize: number; deviceType?: number | undefined },
): Promise<{ count: number; results: OperatingSystemView[] }> {
  const where =
    query.deviceType === undefined ? undefined : eq(operatingSystems.deviceTypeId, query.deviceType);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(operatingSystems).where(where);
  const rows = await select(db, where)
    .orderBy(desc(operatingSystems.createdAt), desc(operatingSystems.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { count: total?.n ?? 0, results: rows.map((row) => signedFile(toView(row), mediaLinks)) };
}

export async function getOperatingSystem(
  { db, mediaLinks }: Pick<Services, 'db' | 'mediaLinks'>,
  id: number,
): Promise<OperatingSystemView> {
  return signedFile(await findOperatingSystem(db, id), mediaLinks);
}

export async function findOperatingSystem(db: Executor, id: number): Promise<OperatingSystemView> {
  const [row] = await select(db, eq(operatingSystems.id, id));
  if (!row) throw new NotFound(MESSAGES.operatingSystems.notFound);
  return toView(row);
}

/** Staff manage an existing entry (403 for everybody else, then 404 for an unknown id). */
async function requireOperatingSystemManager(db: Executor, caller: Caller, id: number): Promise<void> {
  requireStaffForOperatingSystems(caller);
  await findOperatingSystem(db, id);
}

type Fields = Schemas['OperatingSystemCreate'] | Schemas['OperatingSystemUpdate'];

async function validate(db: Executor, fields: Fields): Promise<void> {
  const errors = fieldErrors();
  for (const field of ['name', 'version'] as const) {
    const value = fields[field];
    const refusal = value === undefined ? null : nameProblem(value);
    if (refusal) addFieldError(errors, field, refusal);
  }
  if (fields.deviceTypeId !== undefined && fields.deviceTypeId !== null) {
    const [type] = await db
      .select({ id: deviceTypes.id })
      .from(deviceTypes)
      .where(eq(deviceTypes.id, fields.deviceTypeId));
    if (!type) addFieldError(errors, 'deviceTypeId', MESSAGES.operatingSystems.unknownDeviceType);
  }
  throwFieldErrors(errors);
}

function values(fields: Fields) {
  const v: Partial<typeof operatingSystems.$inferInsert> = {};
  if (fields.name !== undefined) v.name = fields.name.trim();
  if (fields.version !== undefined) v.version = fields.version.trim();
  if (fields.deviceTypeId !== undefined) v.deviceTypeId = fields.deviceTypeId;
  if (fields.releaseNotes !== undefined) v.releaseNotes = fields.releaseNotes;
  return v;
}

export async function createOperatingSystem(
  { db, mediaLinks }: Pick<Services, 'db' | 'mediaLinks'>,
  caller: Caller,
  fields: Schemas['OperatingSystemCreate'],
): Promise<OperatingSystemView> {
  requireStaffForOperatingSystems(caller);
  const created = await db.transaction(async (tx) => {
    await validate(tx, fields);
    const [row] = await tx
      .insert(operatingSystems)
      .values({ ...values(fields), name: fields.name.trim(), version: fields.version.trim() })
      .returning({ id: operatingSystems.id });
    if (!row) throw new Error('operating system insert returned nothing');
    return findOperatingSystem(tx, row.id);
  });
  return signedFile(created, mediaLinks);
}

export async function updateOperatingSystem(
  { db, mediaLinks }: Pick<Services, 'db' | 'mediaLinks'>,
  caller: Caller,
  id: number,
  fields: Schemas['OperatingSystemUpdate'],
): Promise<OperatingSystemView> {
  requireStaffForOperatingSystems(caller);
  const updated = await db.transaction(async (tx) => {
    await findOperatingSystem(tx, id);
    await validate(tx, fields);
    const v = values(fields);
    if (Object.keys(v).length > 0)
      await tx.update(operatingSystems).set(v).where(eq(operatingSystems.id, id));
    return findOperatingSystem(tx, id);
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
    .where(eq(operatingSystems.id, id))
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
      .where(eq(operatingSystems.id, id))
      .for('update');
    if (!before) throw new NotFound(MESSAGES.operatingSystems.notFound);
    await tx.update(operatingSystems).set({ file, fileSize }).where(eq(operatingSystems.id, id));
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
      await requireOperatingSystemManager(db, caller, id);
      return { limits: { maxBytes: media.maxBytes.operatingSystem }, grant: 'signedIn' };
    },
    attach: (file, size) => setOperatingSystemFile(db, caller, id, file, size),
  };
}
