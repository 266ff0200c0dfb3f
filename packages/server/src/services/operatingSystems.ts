import type { components } from '@portal/api/schema';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { deviceTypes, operatingSystems, users } from '../db/schema.ts';
import { FieldErrorsError, HttpError } from '../errors.ts';

type Schemas = components['schemas'];
export type OperatingSystemView = Schemas['OperatingSystem'];

export const OS_MESSAGES = {
  notFound: 'Dieses Betriebssystem wurde nicht gefunden.',
  staffOnly: 'Nur Mitarbeitende des Portals dürfen Betriebssysteme verwalten.',
  unknownDeviceType: 'Diesen Gerätetyp gibt es nicht.',
  blank: 'Dieses Feld darf nicht leer sein.',
} as const;

export async function requireStaff(db: Database, userId: number): Promise<void> {
  const [user] = await db.select({ isStaff: users.isStaff }).from(users).where(eq(users.id, userId));
  if (!user?.isStaff) throw new HttpError(403, OS_MESSAGES.staffOnly);
}

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

function select(db: Database, where: SQL | undefined) {
  return db
    .select(columns)
    .from(operatingSystems)
    .leftJoin(deviceTypes, eq(deviceTypes.id, operatingSystems.deviceTypeId))
    .where(where);
}

export async function listOperatingSystems(
  db: Database,
  query: { page: number; pageSize: number; deviceType?: number | undefined },
): Promise<{ count: number; results: OperatingSystemView[] }> {
  const where =
    query.deviceType === undefined ? undefined : eq(operatingSystems.deviceTypeId, query.deviceType);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(operatingSystems).where(where);
  const rows = await select(db, where)
    .orderBy(desc(operatingSystems.createdAt), desc(operatingSystems.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { count: total?.n ?? 0, results: rows.map(toView) };
}

export async function findOperatingSystem(db: Database, id: number): Promise<OperatingSystemView> {
  const [row] = await select(db, eq(operatingSystems.id, id));
  if (!row) throw new HttpError(404, OS_MESSAGES.notFound);
  return toView(row);
}

type Fields = Schemas['OperatingSystemCreate'] | Schemas['OperatingSystemUpdate'];

async function validate(db: Database, fields: Fields): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (fields.name !== undefined && fields.name.trim() === '') errors.name = [OS_MESSAGES.blank];
  if (fields.version !== undefined && fields.version.trim() === '') errors.version = [OS_MESSAGES.blank];
  if (fields.deviceTypeId !== undefined && fields.deviceTypeId !== null) {
    const [type] = await db
      .select({ id: deviceTypes.id })
      .from(deviceTypes)
      .where(eq(deviceTypes.id, fields.deviceTypeId));
    if (!type) errors.deviceTypeId = [OS_MESSAGES.unknownDeviceType];
  }
  if (Object.keys(errors).length > 0) throw new FieldErrorsError(errors);
}

function values(fields: Fields) {
  const v: Partial<typeof operatingSystems.$inferInsert> = {};
  if (fields.name !== undefined) v.name = fields.name.trim();
  if (fields.version !== undefined) v.version = fields.version.trim();
  if (fields.deviceTypeId !== undefined) v.deviceTypeId = fields.deviceTypeId;
  if (fields.releaseNotes !== undefined) v.releaseNotes = fields.releaseNotes;
  return v;
}

export async function createOperatingSystem(db: Database, fields: Schemas['OperatingSystemCreate']) {
  await validate(db, fields);
  const [row] = await db
    .insert(operatingSystems)
    .values({ ...values(fields), name: fields.name.trim(), version: fields.version.trim() })
    .returning({ id: operatingSystems.id });
  if (!row) throw new Error('operating system insert returned nothing');
  return findOperatingSystem(db, row.id);
}

export async function updateOperatingSystem(
  db: Database,
  id: number,
  fields: Schemas['OperatingSystemUpdate'],
) {
  await findOperatingSystem(db, id);
  await validate(db, fields);
  const v = values(fields);
  if (Object.keys(v).length > 0) await db.update(operatingSystems).set(v).where(eq(operatingSystems.id, id));
  return findOperatingSystem(db, id);
}

/** Deletes the entry; returns its file URL so the caller can delete the stored image. */
export async function deleteOperatingSystem(db: Database, id: number): Promise<string | null> {
  const [row] = await db
    .delete(operatingSystems)
    .where(eq(operatingSystems.id, id))
    .returning({ file: operatingSystems.file });
  if (!row) throw new HttpError(404, OS_MESSAGES.notFound);
  return row.file;
}

export async function setOperatingSystemFile(db: Database, id: number, file: string, fileSize: number) {
  await db.update(operatingSystems).set({ file, fileSize }).where(eq(operatingSystems.id, id));
}
