import { created, noContent, type Operations, ok } from '../http/operation.ts';
import { paginated } from '../http/urls.ts';
import { signedIn } from '../services/access.ts';
import { abortUpload, completeUpload, startUpload, uploadPartUrl } from '../services/content/index.ts';
import {
  createOperatingSystem,
  deleteOperatingSystem,
  getOperatingSystem,
  listOperatingSystems,
  operatingSystemFileTarget,
  updateOperatingSystem,
} from '../services/support/index.ts';

/** Operating system images: staff manage them and upload the image, administrators read the published ones. */
export const operatingSystemOperations = {
  async listOperatingSystems({ query, http, caller }, services) {
    const paging = { page: query.page ?? 1, pageSize: query.page_size ?? 24 };
    const list = await listOperatingSystems(services, signedIn(caller), {
      ...paging,
      deviceType: query.device_type,
    });
    return ok(paginated(http, paging, list));
  },

  async getOperatingSystem({ params, caller }, services) {
    return ok(await getOperatingSystem(services, signedIn(caller), params.id));
  },

  async createOperatingSystem({ body, caller }, services) {
    return created(await createOperatingSystem(services, signedIn(caller), body));
  },

  async updateOperatingSystem({ params, body, caller }, services) {
    return ok(await updateOperatingSystem(services, signedIn(caller), params.id, body));
  },

  async deleteOperatingSystem({ params, caller }, services) {
    await deleteOperatingSystem(services, signedIn(caller), params.id);
    return noContent();
  },

  async createOperatingSystemMultipartUpload({ params, body, caller }, services) {
    const owner = operatingSystemFileTarget(services, signedIn(caller), params.id);
    return created(await startUpload(services, signedIn(caller), owner, body));
  },

  async getOperatingSystemUploadPartUrl({ params, body, caller }, services) {
    return ok(
      await uploadPartUrl(services, operatingSystemFileTarget(services, signedIn(caller), params.id), body),
    );
  },

  async completeOperatingSystemMultipartUpload({ params, body, caller }, services) {
    return ok(
      await completeUpload(services, operatingSystemFileTarget(services, signedIn(caller), params.id), body),
    );
  },

  async abortOperatingSystemMultipartUpload({ params, body, caller }, services) {
    await abortUpload(services, operatingSystemFileTarget(services, signedIn(caller), params.id), body);
    return noContent();
  },
} satisfies Operations;
