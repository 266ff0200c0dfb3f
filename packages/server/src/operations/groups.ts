import { created, noContent, type Operations, ok } from '../http/operation.ts';
import { paginated } from '../http/urls.ts';
import { signedIn } from '../services/access.ts';
import {
  createDeviceGroup,
  deleteDeviceGroup,
  getDeviceGroup,
  listDeviceGroups,
  updateDeviceGroup,
} from '../services/headsets/index.ts';

/**
 * Gruppierungen (contract tag `groups`): named sets of headsets of one organisation. Every member of the organisation
 * lists, creates, changes and deletes them (services/access.ts, the same checks as for headsets).
 */
export const groupOperations = {
  async listDeviceGroups({ query, caller, http }, { db }) {
    const paging = { page: query.page ?? 1, pageSize: query.page_size ?? 100 };
    const list = await listDeviceGroups(db, signedIn(caller), {
      ...paging,
      search: query.search,
      organisation: query.organisation,
    });
    return ok(paginated(http, paging, list));
  },

  async getDeviceGroup({ params, caller }, { db }) {
    return ok(await getDeviceGroup(db, signedIn(caller), params.id));
  },

  async createDeviceGroup({ body, caller }, { db }) {
    return created(await createDeviceGroup(db, signedIn(caller), body));
  },

  async updateDeviceGroup({ params, body, caller }, { db }) {
    return ok(await updateDeviceGroup(db, signedIn(caller), params.id, body));
  },

  async deleteDeviceGroup({ params, caller }, { db }) {
    await deleteDeviceGroup(db, signedIn(caller), params.id);
    return noContent();
  },
} satisfies Operations;
