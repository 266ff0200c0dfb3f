import { multipartBody } from '../http/bodies.ts';
import { created, noContent, type Operations, ok } from '../http/operation.ts';
import { paginated } from '../http/urls.ts';
import { signedIn } from '../services/access.ts';
import {
  abortUpload,
  changeShares,
  completeUpload,
  contentFileTarget,
  createContent,
  deleteContent,
  deleteStoredFile,
  findVisibleContent,
  listCategories,
  listContent,
  listLanguages,
  startUpload,
  storeUploadedFile,
  updateContent,
  uploadPartUrl,
} from '../services/content/index.ts';

/** The Mediathek: content, lookup lists, preview and document files, sharing, content upload (tag `content`). */
export const contentOperations = {
  async listContent({ query, caller, http }, services) {
    // Defaults come from the contract (page 1, page_size 24, ordering -created_at) through validation.
    const paging = { page: query.page ?? 1, pageSize: query.page_size ?? 24 };
    const list = await listContent(services, caller, {
      ...paging,
      ordering: query.ordering ?? '-created_at',
      search: query.search,
      contentType: query.content_type,
      category: query.category,
      language: query.language,
      format: query.format,
      age: query.age,
      scope: query.scope,
    });
    return ok(paginated(http, paging, list));
  },

  async getContent({ params, caller }, services) {
    return ok(await findVisibleContent(services, caller, params.id));
  },

  async createContent({ body, caller }, services) {
    const id = await createContent(services, signedIn(caller), body);
    return created(await findVisibleContent(services, caller, id));
  },

  async updateContent({ params, body, caller }, services) {
    await updateContent(services, signedIn(caller), params.id, body);
    return ok(await findVisibleContent(services, caller, params.id));
  },

  async deleteContent({ params, caller }, services) {
    await deleteContent(services, signedIn(caller), params.id);
    return noContent();
  },

  async shareContent({ params, body, caller }, services) {
    await changeShares(services.db, signedIn(caller), params.id, body.organisation_ids, 'add');
    return ok(await findVisibleContent(services, caller, params.id));
  },

  async unshareContent({ params, body, caller }, services) {
    await changeShares(services.db, signedIn(caller), params.id, body.organisation_ids, 'remove');
    return ok(await findVisibleContent(services, caller, params.id));
  },

  async listContentCategories(_request, { db }) {
    return ok(await listCategories(db));
  },

  async listLanguages(_request, { db }) {
    return ok(await listLanguages(db));
  },

  async uploadPreviewFile({ caller, http }, services) {
    return created(await storeUploadedFile(services, signedIn(caller), 'preview', multipartBody(http)));
  },

  async deletePreviewFile({ params, caller }, { db, storage }) {
    await deleteStoredFile(db, storage, signedIn(caller), 'preview', params.id);
    return noContent();
  },

  async uploadDocumentFile({ caller, http }, services) {
    return created(await storeUploadedFile(services, signedIn(caller), 'document', multipartBody(http)));
  },

  async deleteDocumentFile({ params, caller }, { db, storage }) {
    await deleteStoredFile(db, storage, signedIn(caller), 'document', params.id);
    return noContent();
  },

  async createContentMultipartUpload({ params, body, caller }, services) {
    const owner = contentFileTarget(services, signedIn(caller), params.id);
    return created(await startUpload(services, signedIn(caller), owner, body));
  },

  async getContentUploadPartUrl({ params, body, caller }, services) {
    return ok(await uploadPartUrl(services, contentFileTarget(services, signedIn(caller), params.id), body));
  },

  async completeContentMultipartUpload({ params, body, caller }, services) {
    return ok(await completeUpload(services, contentFileTarget(services, signedIn(caller), params.id), body));
  },

  async abortContentMultipartUpload({ params, body, caller }, services) {
    await abortUpload(services, contentFileTarget(services, signedIn(caller), params.id), body);
    return noContent();
  },
} satisfies Operations;
