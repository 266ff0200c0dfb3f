import type { components } from '@portal/api/schema';
import type { ContentType } from '@portal/domain';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  contentCategories,
  contentLanguages,
  contentShares,
  contents,
  storedFiles,
} from '../../db/schema.ts';
import type { Executor, Transaction } from '../../db/sql.ts';
import { addFieldError, fieldErrors, InvalidFields, throwFieldErrors } from '../../errors.ts';
import { type MediaStorage, mediaUrl } from '../../infra/storage.ts';
import { MESSAGES } from '../../messages.ts';
import {
  type Caller,
  contentVisibleTo,
  isMember,
  mayMakeContentPublic,
  ownerOfNewItem,
  requireOwner,
} from '../access.ts';
import { audit } from '../audit/index.ts';
import type { Services } from '../dependencies.ts';
import { nameProblem } from '../names.ts';
import {
  removeContentFromConfigurations,
  removeContentFromLessonPlans,
  removeContentWhereNoLongerVisible,
} from './configurationItems.ts';
import { checkShareRequest, organisationSubjects, type ShareAction } from './sharing.ts';

type Schemas = components['schemas'];
export type ContentCreate = Schemas['ContentCreate'];
export type ContentUpdate = Schemas['ContentUpdate'];

/** What the rules need to know about an item before it is changed. */
export type ContentFacts = {
  visible: boolean;
  ownerId: number;
  title: string;
  contentType: ContentType;
  packageName: string | null;
  url: string | null;
  minAge: number | null;
  maxAge: number | null;
  isPublic: boolean;
  file: string | null;
};

/**
 * The item if the caller may change it (the owner check of spec §3, services/access.ts): one statement, since it also
 * runs for every part URL of an upload. With `lock` (inside the transaction that writes) the row stays locked until
 * the transaction ends, so the check and the write see the same item.
 */
export async function ownedContent(
  db: Executor,
  caller: Caller,
  contentId: number,
  lock = false,
): Promise<ContentFacts> {
  const result = await db.execute<ContentFacts>(sql`
    select c.owner_id as "ownerId", c.title, c.content_type as "contentType", c.package_name as "packageName", c.url,
      c.min_age as "minAge", c.max_age as "maxAge", c.is_public as "isPublic", c.file,
      ${contentVisibleTo(caller)} as visible
    from contents c where c.id = ${contentId}
    ${lock ? sql`for update of c` : sql``}`);
  return requireOwner(caller, result.rows[0], MESSAGES.content);
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
  db: Executor,
  caller: Caller,
  fields: Fields,
  effective: Effective,
  contentId: number | null,
): Promise<void> {
  const errors = fieldErrors();
  const titleRefusal = fields.title === undefined ? null : nameProblem(fields.title);
  if (titleRefusal) addFieldError(errors, 'title', titleRefusal);
  if (effective.minAge !== null && effective.maxAge !== null && effective.minAge > effective.maxAge) {
    addFieldError(errors, 'maxAge', MESSAGES.content.ageOrder);
  }
  if (effective.contentType === 'app' && !effective.packageName?.trim()) {
    addFieldError(errors, 'packageName', MESSAGES.content.packageNameRequired);
  }
  if (effective.contentType === 'webApp' && !effective.url?.trim()) {
    addFieldError(errors, 'url', MESSAGES.content.urlRequired);
  }
  if (fields.url && !/^https?:\/\//i.test(fields.url))
    addFieldError(errors, 'url', MESSAGES.content.urlScheme);
  if (fields.categoryId !== undefined && fields.categoryId !== null) {
    const [category] = await db
      .select({ id: contentCategories.id })
      .from(contentCategories)
      .where(eq(contentCategories.id, fields.categoryId));
    if (!category) addFieldError(errors, 'categoryId', MESSAGES.content.unknownCategory);
  }
  if (fields.languages && fields.languages.length > 0) {
    const known = await db
      .select({ code: contentLanguages.code })
      .from(contentLanguages)
      .where(inArray(contentLanguages.code, fields.languages));
    const knownCodes = new Set(known.map((k) => k.code));
    for (const code of fields.languages) {
      if (!knownCodes.has(code)) addFieldError(errors, 'languages', MESSAGES.content.unknownLanguage(code));
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
      files.find((f) => f.id === id && f.kind === kind && isMember(caller, f.organisationId));
    const elsewhere = (file: { contentId: number | null }) =>
      file.contentId !== null && file.contentId !== contentId;
    if (fields.previewImageId) {
      const preview = find(fields.previewImageId, 'preview');
      if (!preview) addFieldError(errors, 'previewImageId', MESSAGES.content.unknownPreview);
      else if (elsewhere(preview))
        addFieldError(errors, 'previewImageId', MESSAGES.content.fileOfOtherContent);
    }
    for (const id of fields.documentFileIds ?? []) {
      const document = find(id, 'document');
      if (!document) addFieldError(errors, 'documentFileIds', MESSAGES.content.unknownDocument(id));
      else if (elsewhere(document))
        addFieldError(errors, 'documentFileIds', MESSAGES.content.documentOfOtherContent(id));
    }
  }
  if (fields.isPublic === true && !effective.wasPublic && !mayMakeContentPublic(caller)) {
    addFieldError(errors, 'isPublic', MESSAGES.content.publicOnlyAdmins);
  }
  throwFieldErrors(errors);
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

/** Files that are unattached or already this item's; `validate` checked it, this keeps concurrent writes honest. */
const freeFor = (contentId: number) =>
  or(isNull(storedFiles.contentId), eq(storedFiles.contentId, contentId));

/**
 * Points the item at its preview and documents; files it no longer uses are returned for deletion. A file that
 * another item took in the meantime (after `validate`) is refused as `validate` would have, undoing the change.
 */
async function attachFiles(tx: Transaction, contentId: number, fields: Fields): Promise<string[]> {
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
        const message = exists ? MESSAGES.content.fileOfOtherContent : MESSAGES.content.unknownPreview;
        throw InvalidFields.of('previewImageId', message);
      }
      url = mediaUrl(file.key);
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
        throw new InvalidFields(
          fieldErrors(
            missed.map((id) => [
              'documentFileIds',
              existing.some((f) => f.id === id)
                ? MESSAGES.content.documentOfOtherContent(id)
                : MESSAGES.content.unknownDocument(id),
            ]),
          ),
        );
      }
    }
  }
  return orphaned;
}

async function deleteFiles(storage: MediaStorage, keys: string[]): Promise<void> {
  for (const key of keys) await storage.deleteFile(key);
}

/**
 * A publication decision for the Protokoll: a content administrator (or staff) made an item visible to every
 * organisation, or took that back. Recorded with the owner organisation, whose administrators read it.
 */
async function recordPublication(
  tx: Transaction,
  caller: Caller,
  item: { id: number; title: string; ownerId: number; isPublic: boolean },
): Promise<void> {
  await audit.record(tx, {
    kind: item.isPublic ? 'contentPublished' : 'contentUnpublished',
    actor: caller,
    organisationId: item.ownerId,
    subjects: [{ type: 'content', id: item.id, name: item.title }],
  });
}

/** A new item of one of the caller's organisations (`ownerId`, or the first); answers its id. */
export async function createContent(
  { db, storage }: Pick<Services, 'db' | 'storage'>,
  caller: Caller,
  fields: ContentCreate,
): Promise<number> {
  const ownerId = ownerOfNewItem(caller, fields.ownerId, MESSAGES.content.noOrganisation);
  const { id, orphanedFiles } = await db.transaction(async (tx) => {
    await validate(
      tx,
      caller,
      fields,
      {
        contentType: fields.contentType,
        packageName: fields.packageName ?? null,
        url: fields.url ?? null,
        minAge: fields.minAge ?? null,
        maxAge: fields.maxAge ?? null,
        wasPublic: false,
      },
      null,
    );
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
    if (fields.isPublic === true) {
      await recordPublication(tx, caller, {
        id: row.id,
        title: fields.title.trim(),
        ownerId,
        isPublic: true,
      });
    }
    return { id: row.id, orphanedFiles: await attachFiles(tx, row.id, fields) };
  });
  await deleteFiles(storage, orphanedFiles);
  return id;
}

/** Changes an item of the caller's organisations; the owner check and the rules run in the transaction that writes. */
export async function updateContent(
  { db, storage }: Pick<Services, 'db' | 'storage'>,
  caller: Caller,
  id: number,
  fields: ContentUpdate,
): Promise<void> {
  const orphanedFiles = await db.transaction(async (tx) => {
    const content = await ownedContent(tx, caller, id, true);
    await validate(
      tx,
      caller,
      fields,
      {
        contentType: fields.contentType ?? content.contentType,
        packageName: fields.packageName !== undefined ? fields.packageName : content.packageName,
        url: fields.url !== undefined ? fields.url : content.url,
        minAge: fields.minAge !== undefined ? fields.minAge : content.minAge,
        maxAge: fields.maxAge !== undefined ? fields.maxAge : content.maxAge,
        wasPublic: content.isPublic,
      },
      id,
    );
    const values = columns(fields);
    if (Object.keys(values).length > 0) await tx.update(contents).set(values).where(eq(contents.id, id));
    if (content.isPublic && fields.isPublic === false) await removeContentWhereNoLongerVisible(tx, id);
    if (fields.isPublic !== undefined && fields.isPublic !== content.isPublic) {
      const title = values.title ?? content.title;
      await recordPublication(tx, caller, { id, title, ownerId: content.ownerId, isPublic: fields.isPublic });
    }
    return attachFiles(tx, id, fields);
  });
  await deleteFiles(storage, orphanedFiles);
}

/**
 * Deletes the item. Shares and document links go with it (foreign keys). Design decision of the contract: it leaves
 * every playlist that holds it, also other organisations' (their positions close up and they need a sync), rather
 * than refusing the delete — in the same transaction, so a failed delete leaves the playlists untouched.
 * Its files and unfinished uploads go afterwards.
 */
export async function deleteContent(
  { db, uploads }: Pick<Services, 'db' | 'uploads'>,
  caller: Caller,
  id: number,
): Promise<void> {
  const { file, attachedKeys } = await db.transaction(async (tx) => {
    const content = await ownedContent(tx, caller, id, true);
    await removeContentFromConfigurations(tx, id);
    await removeContentFromLessonPlans(tx, id);
    const files = await tx
      .delete(storedFiles)
      .where(eq(storedFiles.contentId, id))
      .returning({ key: storedFiles.storageKey });
    await tx.delete(contents).where(eq(contents.id, id));
    return { file: content.file, attachedKeys: files.map((f) => f.key) };
  });
  await uploads.discardTarget({ kind: 'content', id }, file, attachedKeys);
}

/**
 * Adds or removes shares; the owner only, every id must name an organisation other than the owner. Removing a
 * share also takes the item out of that organisation's playlists (unless it is public), in the same transaction.
 */
export async function changeShares(
  db: Database,
  caller: Caller,
  id: number,
  organisationIds: number[],
  action: ShareAction,
): Promise<void> {
  await db.transaction(async (tx) => {
    const content = await ownedContent(tx, caller, id, true);
    const organisations = await checkShareRequest(
      tx,
      organisationIds,
      content.ownerId,
      action,
      MESSAGES.content.shareWithOwner,
    );
    await audit.record(tx, {
      kind: action === 'add' ? 'contentShared' : 'contentUnshared',
      actor: caller,
      organisationId: content.ownerId,
      subjects: [{ type: 'content', id, name: content.title }, ...organisationSubjects(organisations)],
    });
    if (action === 'add') {
      await tx
        .insert(contentShares)
        .values(organisationIds.map((organisationId) => ({ contentId: id, organisationId })))
        .onConflictDoNothing();
    } else {
      await tx
        .delete(contentShares)
        .where(and(eq(contentShares.contentId, id), inArray(contentShares.organisationId, organisationIds)));
      await removeContentWhereNoLongerVisible(tx, id);
    }
  });
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

/**
 * Attaches an uploaded file to its content item, the owner check again in the transaction that writes (the upload
 * took its time). Returns the item's former file, whose bytes the caller deletes.
 */
export async function setContentFile(
  db: Database,
  caller: Caller,
  id: number,
  file: string,
  fileSize: number,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const content = await ownedContent(tx, caller, id, true);
    await tx.update(contents).set({ file, fileSize }).where(eq(contents.id, id));
    return content.file;
  });
}
