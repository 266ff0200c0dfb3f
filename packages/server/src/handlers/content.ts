import type { components, operations } from '@portal/api/schema';
import type { FastifyRequest } from 'fastify';
import { type AppContext, type Handler, type HandlerMap, requestOrigin, requireUserId } from '../context.ts';
import { HttpError } from '../errors.ts';
import { findVisibleContent, listContent } from '../services/content.ts';
import {
  CONTENT_MESSAGES,
  type ContentCreate,
  type ContentUpdate,
  changeShares,
  createContent,
  deleteContent,
  FieldErrorsError,
  listCategories,
  listLanguages,
  requireOwnedContent,
  setContentFile,
  updateContent,
} from '../services/contentWrite.ts';
import { deleteStoredFile, storeUploadedFile } from '../services/files.ts';
import { mediaFor } from '../services/media.ts';

type Schemas = components['schemas'];
type ListQuery = NonNullable<operations['listContent']['parameters']['query']>;
type IdParams = { id: number };

export const INVALID_PAGE = 'Ungültige Seite.';

/** Absolute URL of another page of the same list (DRF's `next`/`previous`). */
export function pageUrl(origin: string, url: string, page: number): string {
  const target = new URL(url, origin);
  if (page === 1) target.searchParams.delete('page');
  else target.searchParams.set('page', String(page));
  return target.toString();
}

/**
 * DRF's envelope of one page with absolute `next`/`previous` links; a page beyond the last answers 404 as in DRF
 * (the services' window count is 0 there, so an empty page is the only sign).
 */
export function paginated<T>(
  request: FastifyRequest,
  page: number,
  pageSize: number,
  { count, results }: { count: number; results: T[] },
): { count: number; next: string | null; previous: string | null; results: T[] } {
  if (results.length === 0 && page > 1) throw new HttpError(404, INVALID_PAGE);
  const origin = requestOrigin(request);
  return {
    count,
    next: page * pageSize < count ? pageUrl(origin, request.url, page + 1) : null,
    previous: page > 1 ? pageUrl(origin, request.url, page - 1) : null,
    results,
  };
}

/** Handlers throw FieldErrorsError for cross-field rules; it leaves as DRF field errors `{field: [messages]}`. */
export function withFieldErrors(handlers: HandlerMap): HandlerMap {
  const wrapped: HandlerMap = {};
  for (const [operationId, handler] of Object.entries(handlers)) {
    const run: Handler = async (request, reply) => {
      try {
        return await handler(request, reply);
      } catch (error) {
        if (error instanceof FieldErrorsError) return reply.code(400).send(error.fields);
        throw error;
      }
    };
    wrapped[operationId] = run;
  }
  return wrapped;
}

export function contentHandlers(context: AppContext): HandlerMap {
  const { db } = context;
  const media = mediaFor(context);
  const target = (request: { params: unknown }) => ({
    kind: 'content' as const,
    id: (request.params as IdParams).id,
  });

  const visibleOr404 = async (userId: number | null, id: number) => {
    const content = await findVisibleContent(db, userId, id);
    if (!content) throw new HttpError(404, CONTENT_MESSAGES.notFound);
    return content;
  };
  const deleteKeys = async (keys: string[]) => {
    for (const key of keys) await media.storage.deleteFile(key);
  };

  return withFieldErrors({
    async listContent(request) {
      // Defaults come from the contract (page 1, page_size 24, ordering -created_at) through validation.
      const query = request.query as ListQuery;
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? 24;
      const result = await listContent(db, request.userId, {
        page,
        pageSize,
        ordering: query.ordering ?? '-created_at',
        search: query.search,
        contentType: query.content_type,
        category: query.category,
        language: query.language,
        format: query.format,
        age: query.age,
        scope: query.scope,
      });
      const body: Schemas['PaginatedContentList'] = paginated(request, page, pageSize, result);
      return body;
    },

    async getContent(request) {
      return visibleOr404(request.userId, (request.params as IdParams).id);
    },

    async createContent(request, reply) {
      const userId = requireUserId(request);
      const { id, orphanedFiles } = await createContent(db, userId, request.body as ContentCreate);
      await deleteKeys(orphanedFiles);
      return reply.code(201).send(await visibleOr404(userId, id));
    },

    async updateContent(request) {
      const userId = requireUserId(request);
      const { id } = request.params as IdParams;
      const { orphanedFiles } = await updateContent(db, userId, id, request.body as ContentUpdate);
      await deleteKeys(orphanedFiles);
      return visibleOr404(userId, id);
    },

    async deleteContent(request, reply) {
      const userId = requireUserId(request);
      const { id } = request.params as IdParams;
      const keys = await deleteContent(db, userId, id);
      await media.uploads.abortAll({ kind: 'content', id });
      await deleteKeys(keys);
      return reply.code(204).send();
    },

    async shareContent(request) {
      const userId = requireUserId(request);
      const { id } = request.params as IdParams;
      const { organisation_ids } = request.body as Schemas['ShareRequest'];
      await changeShares(db, userId, id, organisation_ids, 'add');
      return visibleOr404(userId, id);
    },

    async unshareContent(request) {
      const userId = requireUserId(request);
      const { id } = request.params as IdParams;
      const { organisation_ids } = request.body as Schemas['ShareRequest'];
      await changeShares(db, userId, id, organisation_ids, 'remove');
      return visibleOr404(userId, id);
    },

    async listContentCategories() {
      return listCategories(db);
    },

    async listLanguages() {
      return listLanguages(db);
    },

    async uploadPreviewFile(request, reply) {
      const userId = requireUserId(request);
      const file = await storeUploadedFile(
        db,
        media.storage,
        request,
        userId,
        'preview',
        media.config.maxFileBytes,
      );
      return reply.code(201).send(file);
    },

    async deletePreviewFile(request, reply) {
      const userId = requireUserId(request);
      await deleteStoredFile(db, media.storage, userId, 'preview', (request.params as IdParams).id);
      return reply.code(204).send();
    },

    async uploadDocumentFile(request, reply) {
      const userId = requireUserId(request);
      const file = await storeUploadedFile(
        db,
        media.storage,
        request,
        userId,
        'document',
        media.config.maxFileBytes,
      );
      return reply.code(201).send(file);
    },

    async deleteDocumentFile(request, reply) {
      const userId = requireUserId(request);
      await deleteStoredFile(db, media.storage, userId, 'document', (request.params as IdParams).id);
      return reply.code(204).send();
    },

    async createContentMultipartUpload(request, reply) {
      const userId = requireUserId(request);
      await requireOwnedContent(db, userId, target(request).id);
      const body = request.body as Schemas['MultipartUploadStartRequest'];
      const start = await media.uploads.start(target(request), body.file_name, body.file_size, userId);
      return reply.code(201).send(start);
    },

    async getContentUploadPartUrl(request) {
      const userId = requireUserId(request);
      await requireOwnedContent(db, userId, target(request).id);
      const body = request.body as Schemas['UploadPartUrlRequest'];
      return media.uploads.partUrl(target(request), body.upload_id, body.file_name, body.part_number);
    },

    async completeContentMultipartUpload(request) {
      const userId = requireUserId(request);
      const { id } = target(request);
      const { content } = await requireOwnedContent(db, userId, id);
      const body = request.body as Schemas['CompleteMultipartUploadRequest'];
      const { key, size, checksum } = await media.uploads.complete(
        target(request),
        body.upload_id,
        body.file_name,
        body.parts,
        body.checksum,
      );
      const file = media.storage.url(key);
      await setContentFile(db, id, file, size);
      const oldKey = content.file ? media.storage.keyOf(content.file) : null;
      if (oldKey && oldKey !== key) await media.storage.deleteFile(oldKey);
      const result: Schemas['MultipartUploadResult'] = checksum
        ? { file, fileSize: size, checksum }
        : { file, fileSize: size };
      return result;
    },

    async abortContentMultipartUpload(request, reply) {
      const userId = requireUserId(request);
      await requireOwnedContent(db, userId, target(request).id);
      const body = request.body as Schemas['AbortMultipartUploadRequest'];
      await media.uploads.abort(target(request), body.upload_id, body.file_name);
      return reply.code(204).send();
    },
  });
}
