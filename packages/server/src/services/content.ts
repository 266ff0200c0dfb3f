import type { ContentOrdering, ContentType } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';

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
}

export interface ContentListQuery {
  page: number;
  pageSize: number;
  ordering: ContentOrdering;
  search?: string | undefined;
  contentType?: string | undefined;
}

// German title order (DIN 5007-1: ä as a, ß as s) that does not depend on the database's collation, which is
// bytewise in PGlite. Ties are broken by id so that pages never overlap or skip items.
const TITLE_KEY = sql.raw(`lower(translate(c.title, 'ÄÖÜäöüßÉéÈèÀàÂâ', 'AOUaousEeEeAaAa'))`);
const ORDER_BY: Record<ContentOrdering, SQL> = {
  '-created_at': sql`c.created_at desc, c.id desc`,
  created_at: sql`c.created_at asc, c.id asc`,
  title: sql`${TITLE_KEY} asc, c.id asc`,
  '-title': sql`${TITLE_KEY} desc, c.id desc`,
};

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/**
 * Content the caller may see: anonymous callers public content only; signed-in users also their organisations'
 * content and content shared with those organisations. One query per page; the total comes from a window count
 * in the same query.
 */
export async function listContent(
  db: Database,
  userId: number | null,
  query: ContentListQuery,
): Promise<{ count: number; results: ContentView[] }> {
  const conditions: SQL[] = [];
  if (userId === null) {
    conditions.push(sql`c.is_public`);
  } else {
    conditions.push(sql`(c.is_public
      or c.owner_id in (select organisation_id from memberships where user_id = ${userId})
      or exists (select 1 from content_shares s where s.content_id = c.id
        and s.organisation_id in (select organisation_id from memberships where user_id = ${userId})))`);
  }
  if (query.search?.trim()) {
    conditions.push(sql`c.title ilike ${`%${escapeLike(query.search.trim())}%`}`);
  }
  if (query.contentType) conditions.push(sql`c.content_type = ${query.contentType}`);
  const where = sql.join(conditions, sql` and `);
  const offset = (query.page - 1) * query.pageSize;

  const result = await db.execute<{
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
    total: string;
  }>(sql`
    select c.id, c.uuid, c.title, c.description, c.content_type, c.package_name, c.url, c.file, c.file_size,
      c.duration, c.format, c.min_age, c.max_age, c.languages, c.category_id, cat.name as category_name,
      c.preview_image, c.owner_id, o.name as owner_name, c.is_public, c.created_at,
      coalesce((select array_agg(s.organisation_id order by s.organisation_id) from content_shares s
        where s.content_id = c.id), '{}') as shared_with,
      count(*) over () as total
    from contents c
    join organisations o on o.id = c.owner_id
    left join content_categories cat on cat.id = c.category_id
    where ${where}
    order by ${ORDER_BY[query.ordering]}
    limit ${query.pageSize} offset ${offset}`);

  // Empty beyond the last page; the handler answers 404 there as DRF does, so the window count suffices.
  const count = Number(result.rows[0]?.total ?? 0);
  return {
    count,
    results: result.rows.map((r) => ({
      id: r.id,
      uuid: r.uuid,
      title: r.title,
      description: r.description,
      contentType: r.content_type,
      packageName: r.package_name,
      url: r.url,
      file: r.file,
      fileSize: r.file_size === null ? null : Number(r.file_size),
      duration: r.duration,
      format: r.format,
      minAge: r.min_age,
      maxAge: r.max_age,
      languages: r.languages,
      category: r.category_id === null ? null : { id: r.category_id, name: r.category_name ?? '' },
      previewImage: r.preview_image,
      owner: { id: r.owner_id, name: r.owner_name },
      sharedWith: r.shared_with.map(Number),
      isPublic: r.is_public,
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
}
