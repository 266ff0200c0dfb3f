import type { components } from '@portal/api/schema';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import {
  contentCategories,
  contentLanguages,
  contentShares,
  contents,
  memberships,
  organisations,
  storedFiles,
  users,
} from '../db/schema.ts';
import { FieldErrorsError, HttpError } from '../errors.ts';
import { removeContentFromConfigurations, removeContentWhereNoLongerVisible } from './configurationItems.ts';
import { visibleTo } from './content.ts';

type Schemas = components['schemas'];
export type ContentCreate = Schemas['ContentCreate'];
export type ContentUpdate = Schemas['ContentUpdate'];

export const CONTENT_MESSAGES = {
  notFound: 'Dieser Inhalt wurde nicht gefunden.',
  notOwner: 'Nur die Organisation, der dieser Inhalt gehört, darf ihn ändern.',
  noOrganisation: 'Sie gehören keiner Organisation an und können daher keine Inhalte anlegen.',
  required: 'Dieses Feld ist erforderlich.',
  blank: 'Dieses Feld darf nicht leer sein.',
  ageOrder: 'Das Höchstalter darf nicht kleiner als das Mindestalter sein.',
  packageNameRequired: 'Für Apps ist ein Paketname erforderlich.',
  urlRequired: 'Für Web-Apps ist eine URL erforderlich.',
  urlScheme: 'Bitte geben Sie eine URL mit http:// oder https:// ein.',
  unknownCategory: 'Diese Kategorie gibt es nicht.',
  unknownLanguage: (code: string) => `Die Sprache „${code}“ gibt es nicht.`,
  unknownPreview: 'Dieses Vorschaubild gibt es nicht oder es gehört nicht Ihrer Organisation.',
  unknownDocument: (id: number) =>
    `Das Dokument ${id} gibt es nicht oder es gehört nicht Ihrer Organisation.`,
  fileOfOtherContent: 'Diese Datei gehört bereits zu einem anderen Inhalt.',
  documentOfOtherContent: (id: number) => `Das Dokument ${id} gehört bereits zu einem anderen Inhalt.`,
  notMember: 'Sie gehören dieser Organisation nicht an.',
  publicOnlyAdmins: 'Nur Inhalts-Administratoren dürfen Inhalte für alle sichtbar machen.',
  unknownOrganisations: (ids: number[]) => `Diese Organisationen gibt es nicht: ${ids.join(', ')}.`,
  shareWithOwner: 'Ein Inhalt kann nicht mit der eigenen Organisation geteilt werden.',
} as const;

type FieldErrors = Record<string, string[]>;

function addError(errors: FieldErrors, field: string, message: string): void {
  const list = errors[field] ?? [];
  list.push(message);
  errors[field] = list;
}

/** The caller's organisation ids in membership order (the first one is "the" organisation of spec §3). */
export async function organisationIdsOf(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: memberships.organisationId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.id));
  return rows.map((r) => r.id);
}

/**
 * Owner check of spec §3: the caller's organisations contain content.owner.id. Content the caller cannot even
 * see answers 404 (ids cannot be probed), visible but foreign content 403.
 */
export async function requireOwnedContent(db: Database, userId: number, contentId: number) {
  // One statement: it runs for every part URL of an upload.
  const result = await db.execute<{
    owner_id: number;
    content_type: string;
    package_name: string | null;
    url: string | null;
    min_age: number | null;
    max_age: number | null;
    is_public: boolean;
    file: string | null;
    visible: boolean;
    organisation_ids: number[];
  }>(sql`
    select c.owner_id, c.content_type, c.package_name, c.url, c.min_age, c.max_age, c.is_public, c.file,
      ${visibleTo(userId)} as visible,
      coalesce((select array_agg(m.organisation_id order by m.id) from memberships m where m.user_id = ${userId}),
        '{}') as organisation_ids
    from contents c where c.id = ${contentId}`);
  const row = result.rows[0];
  if (!row?.visible) throw new HttpError(404, CONTENT_MESSAGES.notFound);
  const organisationIds = row.organisation_ids.map(Number);
  if (!organisationIds.includes(row.owner_id)) throw new HttpError(403, CONTENT_MESSAGES.notOwner);
  const content = {
    owner: { id: row.owner_id },
    contentType: row.content_type,
    packageName: row.package_name,
    url: row.url,
    minAge: row.min_age,
    maxAge: row.max_age,
    isPublic: row.is_public,
    file: row.file,
  };
  return { content, organisationIds };
}

type Fields = ContentCreate | ContentUpdate;
interface Effective {
  contentType: string;
  packageName: string | null;
  url: string | null;
  minAge: number | null;
  maxAge: number | null;
  /** Whether the item is public already (then sending isPublic: true again changes nothing and is allowed). */
  wasPublic: boolean;
}

/**
 * Rules the contract's schema cannot express; all problems at once, as DRF reports them. `contentId` is the item
 * being changed (null on create): files may be unattached or attached to it, never to another item.
 */
async function validate(
  db: Database,
  userId: number,
  fields: Fields,
  effective: Effective,
  organisationIds: number[],
  contentId: number | null,
): Promise<void> {
  const errors: FieldErrors = {};
  if (fields.title !== undefined && fields.title.trim() === '')
    addError(errors, 'title', CONTENT_MESSAGES.blank);
  if (effective.minAge !== null && effective.maxAge !== null && effective.minAge > effective.maxAge) {
    addError(errors, 'maxAge', CONTENT_MESSAGES.ageOrder);
  }
  if (effective.contentType === 'app' && !effective.packageName?.trim()) {
    addError(errors, 'packageName', CONTENT_MESSAGES.packageNameRequired);
  }
  if (effective.contentType === 'webApp' && !effective.url?.trim()) {
    addError(errors, 'url', CONTENT_MESSAGES.urlRequired);
  }
  if (fields.url && !/^https?:\/\//i.test(fields.url)) addError(errors, 'url', CONTENT_MESSAGES.urlScheme);
  if (fields.categoryId !== undefined && fields.categoryId !== null) {
    const [category] = await db
      .select({ id: contentCategories.id })
      .from(contentCategories)
      .where(eq(contentCategories.id, fields.categoryId));
    if (!category) addError(errors, 'categoryId', CONTENT_MESSAGES.unknownCategory);
  }
  if (fields.languages && fields.languages.length > 0) {
    const known = await db
      .select({ code: contentLanguages.code })
      .from(contentLanguages)
      .where(inArray(contentLanguages.code, fields.languages));
    const knownCodes = new Set(known.map((k) => k.code));
    for (const code of fields.languages) {
      if (!knownCodes.has(code)) addError(errors, 'languages', CONTENT_MESSAGES.unknownLanguage(code));
    }
  }
  const fileIds = [
    ...(fields.previewImageId ? [fields.previewImageId] : []),
    ...(fields.documentFileIds ?? []),
  ];
  if (fileIds.length > 0) {
    const files = await db
      .select({
        id: storedFiles.id,
        kind: storedFiles.kind,
        organisationId: storedFiles.organisationId,
        contentId: storedFiles.contentId,
      })
      .from(storedFiles)
      .where(inArray(storedFiles.id, fileIds));
    const find = (id: number, kind: string) =>
      files.find((f) => f.id === id && f.kind === kind && organisationIds.includes(f.organisationId));
    const elsewhere = (file: { contentId: number | null }) =>
      file.contentId !== null && file.contentId !== contentId;
    if (fields.previewImageId) {
      const preview = find(fields.previewImageId, 'preview');
      if (!preview) addError(errors, 'previewImageId', CONTENT_MESSAGES.unknownPreview);
      else if (elsewhere(preview)) addError(errors, 'previewImageId', CONTENT_MESSAGES.fileOfOtherContent);
    }
    for (const id of fields.documentFileIds ?? []) {
      const document = find(id, 'document');
      if (!document) addError(errors, 'documentFileIds', CONTENT_MESSAGES.unknownDocument(id));
      else if (elsewhere(document))
        addError(errors, 'documentFileIds', CONTENT_MESSAGES.documentOfOtherContent(id));
    }
  }
  if (fields.isPublic === true && !effective.wasPublic) {
    const [user] = await db
      .select({ isContentAdmin: users.isContentAdmin, isStaff: users.isStaff })
      .from(users)
      .where(eq(users.id, userId));
    if (!user?.isContentAdmin && !user?.isStaff)
      addError(errors, 'isPublic', CONTENT_MESSAGES.publicOnlyAdmins);
  }
  if (Object.keys(errors).length > 0) throw new FieldErrorsError(errors);
}

/** Column values of the plain fields present in the request. */
function columns(fields: Fields) {
  const values: Partial<typeof contents.$inferInsert> = {};
  if (fields.title !== undefined) values.title = fields.title.trim();
  if (fields.description !== undefined) values.description = fields.description;
  if (fields.contentType !== undefined) values.contentType = fields.contentType;
  if (fields.packageName !== undefined) values.packageName = fields.packageName?.trim() || null;
  if (fields.url !== undefined) values.url = fields.url?.trim() || null;
  if (fields.duration !== undefined) values.duration = fields.duration;
  if (fields.format !== undefined) values.format = fields.format || null;
  if (fields.minAge !== undefined) values.minAge = fields.minAge;
  if (fields.maxAge !== undefined) values.maxAge = fields.maxAge;
  if (fields.languages !== undefined) values.languages = fields.languages;
  if (fields.categoryId !== undefined) values.categoryId = fields.categoryId;
  if (fields.isPublic !== undefined) values.isPublic = fields.isPublic;
  return values;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Files that are unattached or already this item's; `validate` checked it, this keeps concurrent writes honest. */
const freeFor = (contentId: number) =>
  or(isNull(storedFiles.contentId), eq(storedFiles.contentId, contentId));

/**
 * Points the item at its preview and documents; files it no longer uses are returned for deletion. A file that
 * another item took in the meantime (after `validate`) is refused as `validate` would have, undoing the change.
 */
async function attachFiles(tx: Tx, contentId: number, fields: Fields): Promise<string[]> {
  const orphaned: string[] = [];
  if (fields.previewImageId !== undefined) {
    const old = await tx
      .select({ id: storedFiles.id, key: storedFiles.storageKey })
      .from(storedFiles)
      .where(and(eq(storedFiles.contentId, contentId), eq(storedFiles.kind, 'preview')));
    for (const file of old.filter((f) => f.id !== fields.previewImageId)) {
      await tx.delete(storedFiles).where(eq(storedFiles.id, file.id));
      orphaned.push(file.key);
    }
    let url: string | null = null;
    if (fields.previewImageId !== null) {
      const [file] = await tx
        .update(storedFiles)
        .set({ contentId })
        .where(and(eq(storedFiles.id, fields.previewImageId), freeFor(contentId)))
        .returning({ key: storedFiles.storageKey });
      if (!file) {
        const [exists] = await tx
          .select({ id: storedFiles.id })
          .from(storedFiles)
          .where(eq(storedFiles.id, fields.previewImageId));
        const message = exists ? CONTENT_MESSAGES.fileOfOtherContent : CONTENT_MESSAGES.unknownPreview;
        throw new FieldErrorsError({ previewImageId: [message] });
      }
      url = `/media/files/${file.key.split('/').map(encodeURIComponent).join('/')}`;
    }
    await tx.update(contents).set({ previewImage: url }).where(eq(contents.id, contentId));
  }
  if (fields.documentFileIds !== undefined) {
    const keep = fields.documentFileIds;
    const old = await tx
      .select({ id: storedFiles.id, key: storedFiles.storageKey })
      .from(storedFiles)
      .where(and(eq(storedFiles.contentId, contentId), eq(storedFiles.kind, 'document')));
    for (const file of old.filter((f) => !keep.includes(f.id))) {
      await tx.delete(storedFiles).where(eq(storedFiles.id, file.id));
      orphaned.push(file.key);
    }
    if (keep.length > 0) {
      const attached = await tx
        .update(storedFiles)
        .set({ contentId })
        .where(and(inArray(storedFiles.id, keep), freeFor(contentId)))
        .returning({ id: storedFiles.id });
      const missed = keep.filter((id) => !attached.some((f) => f.id === id));
      if (missed.length > 0) {
        const existing = await tx
          .select({ id: storedFiles.id })
          .from(storedFiles)
          .where(inArray(storedFiles.id, missed));
        throw new FieldErrorsError({
          documentFileIds: missed.map((id) =>
            existing.some((f) => f.id === id)
              ? CONTENT_MESSAGES.documentOfOtherContent(id)
              : CONTENT_MESSAGES.unknownDocument(id),
          ),
        });
      }
    }
  }
  return orphaned;
}

export async function createContent(
  db: Database,
  userId: number,
  fields: ContentCreate,
): Promise<{ id: number; orphanedFiles: string[] }> {
  const organisationIds = await organisationIdsOf(db, userId);
  const ownerId = fields.ownerId ?? organisationIds[0];
  if (ownerId === undefined) throw new HttpError(403, CONTENT_MESSAGES.noOrganisation);
  if (!organisationIds.includes(ownerId))
    throw new FieldErrorsError({ ownerId: [CONTENT_MESSAGES.notMember] });
  await validate(
    db,
    userId,
    fields,
    {
      contentType: fields.contentType,
      packageName: fields.packageName ?? null,
      url: fields.url ?? null,
      minAge: fields.minAge ?? null,
      maxAge: fields.maxAge ?? null,
      wasPublic: false,
    },
    organisationIds,
    null,
  );
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contents)
      .values({
        description: '',
        ...columns(fields),
        title: fields.title.trim(),
        contentType: fields.contentType,
        ownerId,
      })
      .returning({ id: contents.id });
    if (!row) throw new Error('content insert returned nothing');
    const orphanedFiles = await attachFiles(tx, row.id, fields);
    return { id: row.id, orphanedFiles };
  });
}

export async function updateContent(
  db: Database,
  userId: number,
  id: number,
  fields: ContentUpdate,
): Promise<{ orphanedFiles: string[] }> {
  const { content, organisationIds } = await requireOwnedContent(db, userId, id);
  await validate(
    db,
    userId,
    fields,
    {
      contentType: fields.contentType ?? content.contentType,
      packageName: fields.packageName !== undefined ? fields.packageName : content.packageName,
      url: fields.url !== undefined ? fields.url : content.url,
      minAge: fields.minAge !== undefined ? fields.minAge : content.minAge,
      maxAge: fields.maxAge !== undefined ? fields.maxAge : content.maxAge,
      wasPublic: content.isPublic,
    },
    organisationIds,
    id,
  );
  return db.transaction(async (tx) => {
    const values = columns(fields);
    if (Object.keys(values).length > 0) await tx.update(contents).set(values).where(eq(contents.id, id));
    if (content.isPublic && fields.isPublic === false) await removeContentWhereNoLongerVisible(tx, id);
    return { orphanedFiles: await attachFiles(tx, id, fields) };
  });
}

/**
 * Deletes the item. Shares and document links go with it (foreign keys). Design decision of the contract: it leaves
 * every playlist that holds it, also other organisations' (their positions close up and they need a sync), rather
 * than refusing the delete — in the same transaction, so a failed delete leaves the playlists untouched.
 * Returns the storage keys of its files so the caller can delete them.
 */
export async function deleteContent(db: Database, userId: number, id: number): Promise<string[]> {
  const { content } = await requireOwnedContent(db, userId, id);
  return db.transaction(async (tx) => {
    await removeContentFromConfigurations(tx, id);
    const files = await tx
      .delete(storedFiles)
      .where(eq(storedFiles.contentId, id))
      .returning({ key: storedFiles.storageKey });
    await tx.delete(contents).where(eq(contents.id, id));
    const keys = files.map((f) => f.key);
    if (content.file?.startsWith('/media/files/')) keys.push(decodeURIComponent(content.file.slice(13)));
    return keys;
  });
}

/**
 * Adds or removes shares; the owner only, every id must name an organisation other than the owner. Removing a
 * share also takes the item out of that organisation's playlists (unless it is public), in the same transaction.
 */
export async function changeShares(
  db: Database,
  userId: number,
  id: number,
  organisationIds: number[],
  action: 'add' | 'remove',
): Promise<void> {
  const { content } = await requireOwnedContent(db, userId, id);
  const existing = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(inArray(organisations.id, organisationIds));
  const missing = organisationIds.filter((o) => !existing.some((e) => e.id === o));
  if (missing.length > 0) {
    throw new FieldErrorsError({ organisation_ids: [CONTENT_MESSAGES.unknownOrganisations(missing)] });
  }
  if (action === 'add') {
    if (organisationIds.includes(content.owner.id)) {
      throw new FieldErrorsError({ organisation_ids: [CONTENT_MESSAGES.shareWithOwner] });
    }
    await db
      .insert(contentShares)
      .values(organisationIds.map((organisationId) => ({ contentId: id, organisationId })))
      .onConflictDoNothing();
  } else {
    await db.transaction(async (tx) => {
      await tx
        .delete(contentShares)
        .where(and(eq(contentShares.contentId, id), inArray(contentShares.organisationId, organisationIds)));
      await removeContentWhereNoLongerVisible(tx, id);
    });
  }
}

export async function listCategories(db: Database) {
  return db
    .select({ id: contentCategories.id, name: contentCategories.name })
    .from(contentCategories)
    .orderBy(asc(contentCategories.name));
}

const GERMAN = new Intl.Collator('de');

export async function listLanguages(db: Database) {
  const rows = await db
    .select({ code: contentLanguages.code, name: contentLanguages.name })
    .from(contentLanguages);
  return rows.sort((a, b) => GERMAN.compare(a.name, b.name));
}

/** Attaches an uploaded file to its content item. */
export async function setContentFile(
  db: Database,
  id: number,
  file: string,
  fileSize: number,
): Promise<void> {
  await db.update(contents).set({ file, fileSize }).where(eq(contents.id, id));
}
