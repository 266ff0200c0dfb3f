import type { components, operations } from '@portal/api/schema';
import { type AppContext, type HandlerMap, requireUserId } from '../context.ts';
import { mediaFor } from '../services/media.ts';
import {
  createOperatingSystem,
  deleteOperatingSystem,
  findOperatingSystem,
  listOperatingSystems,
  requireStaff,
  setOperatingSystemFile,
  updateOperatingSystem,
} from '../services/operatingSystems.ts';
import { paginated, withFieldErrors } from './content.ts';

type Schemas = components['schemas'];
type ListQuery = NonNullable<operations['listOperatingSystems']['parameters']['query']>;
type IdParams = { id: number };

/** Operating system images: every signed-in user reads them, staff manage them and upload the image. */
export function operatingSystemHandlers(context: AppContext): HandlerMap {
  const { db } = context;
  const media = mediaFor(context);
  const staffTarget = async (request: { userId: number | null; params: unknown }) => {
    await requireStaff(db, requireUserId(request as Parameters<typeof requireUserId>[0]));
    const { id } = request.params as IdParams;
    await findOperatingSystem(db, id);
    return { kind: 'operatingSystem' as const, id };
  };

  return withFieldErrors({
    async listOperatingSystems(request) {
      const query = request.query as ListQuery;
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? 24;
      const result = await listOperatingSystems(db, {
        page,
        pageSize,
        deviceType: query.device_type,
      });
      const body: Schemas['PaginatedOperatingSystemList'] = paginated(request, page, pageSize, result);
      return body;
    },

    async getOperatingSystem(request) {
      return findOperatingSystem(db, (request.params as IdParams).id);
    },

    async createOperatingSystem(request, reply) {
      await requireStaff(db, requireUserId(request));
      const created = await createOperatingSystem(db, request.body as Schemas['OperatingSystemCreate']);
      return reply.code(201).send(created);
    },

    async updateOperatingSystem(request) {
      await requireStaff(db, requireUserId(request));
      const { id } = request.params as IdParams;
      return updateOperatingSystem(db, id, request.body as Schemas['OperatingSystemUpdate']);
    },

    async deleteOperatingSystem(request, reply) {
      await requireStaff(db, requireUserId(request));
      const { id } = request.params as IdParams;
      const file = await deleteOperatingSystem(db, id);
      await media.uploads.abortAll({ kind: 'operatingSystem', id });
      const key = file ? media.storage.keyOf(file) : null;
      if (key) await media.storage.deleteFile(key);
      return reply.code(204).send();
    },

    async createOperatingSystemMultipartUpload(request, reply) {
      const target = await staffTarget(request);
      const body = request.body as Schemas['MultipartUploadStartRequest'];
      const start = await media.uploads.start(target, body.file_name, body.file_size, requireUserId(request));
      return reply.code(201).send(start);
    },

    async getOperatingSystemUploadPartUrl(request) {
      const target = await staffTarget(request);
      const body = request.body as Schemas['UploadPartUrlRequest'];
      return media.uploads.partUrl(target, body.upload_id, body.file_name, body.part_number);
    },

    async completeOperatingSystemMultipartUpload(request) {
      const target = await staffTarget(request);
      const before = await findOperatingSystem(db, target.id);
      const body = request.body as Schemas['CompleteMultipartUploadRequest'];
      const { key, size, checksum } = await media.uploads.complete(
        target,
        body.upload_id,
        body.file_name,
        body.parts,
        body.checksum,
      );
      const file = media.storage.url(key);
      await setOperatingSystemFile(db, target.id, file, size);
      const oldKey = before.file ? media.storage.keyOf(before.file) : null;
      if (oldKey && oldKey !== key) await media.storage.deleteFile(oldKey);
      const result: Schemas['MultipartUploadResult'] = checksum
        ? { file, fileSize: size, checksum }
        : { file, fileSize: size };
      return result;
    },

    async abortOperatingSystemMultipartUpload(request, reply) {
      const target = await staffTarget(request);
      const body = request.body as Schemas['AbortMultipartUploadRequest'];
      await media.uploads.abort(target, body.upload_id, body.file_name);
      return reply.code(204).send();
    },
  });
}
