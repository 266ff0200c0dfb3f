import { type ContentOrdering, type ContentType, FORMATS_180 } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { containsPattern, type Executor, germanSortKey, intArray, selectPage } from '../../db/sql.ts';
import { NotFound } from '../../errors.ts';
import { mediaUrl } from '../../infra/storage.ts';
import { MESSAGES } from '../../messages.ts';
import {
  type Caller,
  contentFileGrantOf,
  contentOwnedBy,
  contentSharedWith,
  contentVisibleTo,
  type FileGrant,
} from '../access.ts';
import type { Services } from '../dependencies.ts';
import type { MediaLinks } from './mediaLinks.ts';

/** What reading content needs: the database, and the signer of its files' URLs. */
type ContentReader = Pick<Services, 'db' | 'mediaLinks'>;

export interface ContentView {
  id: number;
  uuid: string;
  title: string;
  description: string;
  contentType: ContentType;
  packageName: string | null;
  url: string | null;
  file: string | null;
  fileSize: number | null;
  duration: number | null;
  format: string | null;
  minAge: number | null;
  maxAge: number | null;
  languages: string[];
  category: { id: number; name: string } | null;
  previewImage: string | null;
  owner: { id: number; name: string };
  sharedWith: number[];
  isPublic: boolean;
  created_at: string;
  documentFiles?: StoredFileView[];
}

export interface StoredFileView {
  id: number;
  file: string;
  fileName: string;
  fileSize: number;
  created_at: string;
}

export interface ContentListQuery {
  page: number;
  pageSize: number;
  ordering: ContentOrdering;
  search?: string | undefined;
  contentType?: string | undefined;
  category?: number | undefined;
  language?: string | undefined;
  format?: '180' | '360' | undefined;
  age?: number | undefined;
  scope?: 'own' | 'shared' | undefined;
}

const TITLE_KEY = germanSortKey(sql.raw('c.title'));
const ORDER_BY: Record<ContentOrdering, SQL> = {
  '-created_at': sql`c.created_at desc, c.id desc`,
  created_at: sql`c.created_at asc, c.id asc`,
  title: sql`${TITLE_KEY} asc, c.id asc`,
  '-title': sql`${TITLE_KEY} desc, c.id desc`,
};

const FORMAT_180_LIST = sql.join(
  FORMATS_180.map((f) => sql`${f}`),
  sql`, `,
);

type ContentRow = {
  id: number;
  uuid: string;
  title: string;
  description: string;
  content_type: ContentType;
  package_name: string | null;
  url: string | null;
  file: string | null;
  file_size: string | null;
  duration: number | null;
  format: string | null;
  min_age: number | null;
  max_age: number | null;
  languages: string[];
  category_id: number | null;
  category_name: string | null;
  preview_image: string | null;
  owner_id: number;
  owner_name: string;
  shared_with: number[];
  is_public: boolean;
  created_at: Date;
  /** The organisation the viewer's file URLs are signed for (null: public, plain URLs). */
  file_grant: number | null;
  total: string;
};

async function selectContent(
  db: Executor,
  viewer: Caller | null,
  where: SQL,
  orderBy: SQL,
  limit: number,
  offset: number,
): Promise<ContentRow[]> {
  const result = await db.execute<ContentRow>(sql`
    select c.id, c.uuid, c.title, c.description, c.content_type, c.package_name, c.url, c.file, c.file_size,
      c.duration, c.format, c.min_age, c.max_age, c.languages, c.category_id, cat.name as category_name,
      c.preview_image, c.owner_id, o.name as owner_name, c.is_public, c.created_at,
      coalesce((select array_agg(s.organisation_id order by s.organisation_id) from content_shares s
        where s.content_id = c.id), '{}') as shared_with,
      ${contentFileGrantOf(viewer)} as file_grant,
      count(*) over () as total
    from contents c
    join organisations o on o.id = c.owner_id
    left join content_categories cat on cat.id = c.category_id
    where ${where}
    order by ${orderBy}
    limit ${limit} offset ${offset}`);
  return result.rows;
}

const grantOf = (row: ContentRow): FileGrant | null =>
  row.file_grant === null ? null : { organisationId: row.file_grant };

/** The row as the contract's Content; its file and preview URLs signed for the viewer where the item is not public. */
function toView(r: ContentRow, links: MediaLinks): ContentView {
  const grant = grantOf(r);
  return {
    id: r.id,
    uuid: r.uuid,
    title: r.title,
    description: r.description,
    contentType: r.content_type,
    packageName: r.package_name,
    url: r.url,
    file: links.link(r.file, grant),
    fileSize: r.file_size === null ? null : Number(r.file_size),
    duration: r.duration,
    format: r.format,
    minAge: r.min_age,
    maxAge: r.max_age,
    languages: r.languages,
    category: r.category_id === null ? null : { id: r.category_id, name: r.category_name ?? '' },
    previewImage: links.link(r.preview_image, grant),
    owner: { id: r.owner_id, name: r.owner_name },
    sharedWith: r.shared_with.map(Number),
    isPublic: r.is_public,
    created_at: new Date(r.created_at).toISOString(),
  };
}

/**
 * Content the caller may see (see `contentVisibleTo`), filtered as the contract's listContent describes. One query per
 * page; the total comes from a window count in the same query.
 */
export async function listContent(
  { db, mediaLinks }: ContentReader,
  viewer: Caller | null,
  query: ContentListQuery,
): Promise<{ count: number; results: ContentView[] }> {
  const conditions: SQL[] = [contentVisibleTo(viewer)];
  if (query.search?.trim()) conditions.push(sql`c.title ilike ${containsPattern(query.search.trim())}`);
  if (query.contentType) conditions.push(sql`c.content_type = ${query.contentType}`);
  if (query.category !== undefined) conditions.push(sql`c.category_id = ${query.category}`);
  if (query.language) conditions.push(sql`${query.language} = any(c.languages)`);
  if (query.format === '180') conditions.push(sql`c.format in (${FORMAT_180_LIST})`);
  // Without a format an item has no projection (apps, web apps): the cards show no 180°/360° for it, nor does this.
  if (query.format === '360') conditions.push(sql`c.format not in (${FORMAT_180_LIST})`);
  if (query.age !== undefined) {
    // An open end of the range counts as unbounded; no recommendation at all does not match an age.
    conditions.push(sql`(c.min_age is not null or c.max_age is not null)
      and coalesce(c.min_age, 0) <= ${query.age} and coalesce(c.max_age, 99) >= ${query.age}`);
  }
  if (viewer !== null && query.scope === 'own') {
    conditions.push(contentOwnedBy(viewer));
  }
  if (viewer !== null && query.scope === 'shared') {
    conditions.push(sql`not (${contentOwnedBy(viewer)}) and ${contentSharedWith(viewer)}`);
  }
  return selectPage(
    conditions,
    query,
    (where, limit, offset) => selectContent(db, viewer, where, ORDER_BY[query.ordering], limit, offset),
    (row) => toView(row, mediaLinks),
  );
}

/** One item with its documents if the caller may see it, else 404 (ids cannot be probed). */
export async function findVisibleContent(
  { db, mediaLinks }: ContentReader,
  viewer: Caller | null,
  id: number,
): Promise<ContentView> {
  const [row] = await selectContent(
    db,
    viewer,
    sql`c.id = ${id} and ${contentVisibleTo(viewer)}`,
    sql`c.id`,
    1,
    0,
  );
  if (!row) throw new NotFound(MESSAGES.content.notFound);
  return {
    ...toView(row, mediaLinks),
    documentFiles: await documentFilesOf(db, id, (url) => mediaLinks.link(url, grantOf(row))),
  };
}

/** The items among `ids` the caller may see, in the order of `ids` (a playlist's order); one statement. */
export async function findVisibleContents(
  { db, mediaLinks }: { db: Executor; mediaLinks: MediaLinks },
  viewer: Caller | null,
  ids: number[],
): Promise<ContentView[]> {
  if (ids.length === 0) return [];
  const rows = await selectContent(
    db,
    viewer,
    sql`c.id = any(${intArray(ids)}) and ${contentVisibleTo(viewer)}`,
    sql`c.id`,
    ids.length,
    0,
  );
  const byId = new Map(rows.map((row) => [row.id, toView(row, mediaLinks)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The item's documents, their URLs made by `link` from the stored ones. */
async function documentFilesOf(
  db: Database,
  contentId: number,
  link: (url: string) => string,
): Promise<StoredFileView[]> {
  const result = await db.execute<{
    id: number;
    file_name: string;
    storage_key: string;
    file_size: string;
    created_at: Date;
  }>(sql`select id, file_name, storage_key, file_size, created_at from stored_files
    where content_id = ${contentId} and kind = 'document' order by id`);
  return result.rows.map((r) => ({
    id: r.id,
    file: link(mediaUrl(r.storage_key)),
    fileName: r.file_name,
    fileSize: Number(r.file_size),
    created_at: new Date(r.created_at).toISOString(),
  }));
}
