import { created, noContent, type Operations, ok } from '../http/operation.ts';
import { paginated } from '../http/urls.ts';
import { signedIn } from '../services/access.ts';
import {
  activateConfiguration,
  addConfigurationContent,
  changeConfigurationShares,
  configurationView,
  createConfiguration,
  deleteConfiguration,
  duplicateConfiguration,
  getConfiguration,
  listAvailableConfigurations,
  listConfigurations,
  moveConfigurationContent,
  removeConfigurationContent,
  renameConfiguration,
  updateConfiguration,
} from '../services/playlists/index.ts';

/**
 * Playlists (contract tag `configurations`). Every operation is for signed-in users (the auth hook refuses anonymous
 * calls) and scoped to the caller's organisations in the service; each answers the playlist as the caller sees it.
 */
export const configurationOperations = {
  async listConfigurations({ query, caller, http }, { db }) {
    // Defaults (page 1, page_size 24, ordering positionNumber) come from the contract through validation.
    const paging = { page: query.page ?? 1, pageSize: query.page_size ?? 24 };
    const list = await listConfigurations(db, signedIn(caller), {
      ...paging,
      ordering: query.ordering ?? 'positionNumber',
      search: query.search,
      owner: query.owner,
      active: query.active,
    });
    return ok(paginated(http, paging, list));
  },

  async createConfiguration({ body, caller }, { db }) {
    const id = await createConfiguration(db, signedIn(caller), body);
    return created(await configurationView(db, signedIn(caller), id));
  },

  async getConfiguration({ params, caller }, services) {
    return ok(await getConfiguration(services, signedIn(caller), params.id));
  },

  async updateConfiguration({ params, body, caller }, { db }) {
    await updateConfiguration(db, signedIn(caller), params.id, body);
    return ok(await configurationView(db, signedIn(caller), params.id));
  },

  async partialUpdateConfiguration({ params, body, caller }, { db }) {
    if (body.name !== undefined) await renameConfiguration(db, signedIn(caller), params.id, body.name);
    return ok(await configurationView(db, signedIn(caller), params.id));
  },

  async deleteConfiguration({ params, caller }, { db }) {
    await deleteConfiguration(db, signedIn(caller), params.id);
    return noContent();
  },

  async listAvailableConfigurations({ body, caller }, { db }) {
    return ok(await listAvailableConfigurations(db, signedIn(caller), body.contentUuid));
  },

  async addConfigurationContent({ params, body, caller }, services) {
    await addConfigurationContent(services, signedIn(caller), params.id, body);
    return ok(await configurationView(services.db, signedIn(caller), params.id));
  },

  async removeConfigurationContent({ params, body, caller }, services) {
    await removeConfigurationContent(services, signedIn(caller), params.id, body);
    return ok(await configurationView(services.db, signedIn(caller), params.id));
  },

  async moveConfigurationContent({ params, body, caller }, services) {
    await moveConfigurationContent(services, signedIn(caller), params.id, body);
    return ok(await configurationView(services.db, signedIn(caller), params.id));
  },

  async duplicateConfiguration({ params, body, caller }, { db }) {
    const id = await duplicateConfiguration(db, signedIn(caller), params.id, body.copyName);
    return created(await configurationView(db, signedIn(caller), id));
  },

  async activateConfiguration({ params, body, caller }, services) {
    await activateConfiguration(services, signedIn(caller), params.id, body);
    return ok(await configurationView(services.db, signedIn(caller), params.id));
  },

  async shareConfiguration({ params, body, caller }, { db }) {
    await changeConfigurationShares(db, signedIn(caller), params.id, body.organisation_ids, 'add');
    return ok(await configurationView(db, signedIn(caller), params.id));
  },

  async unshareConfiguration({ params, body, caller }, { db }) {
    await changeConfigurationShares(db, signedIn(caller), params.id, body.organisation_ids, 'remove');
    return ok(await configurationView(db, signedIn(caller), params.id));
  },
} satisfies Operations;
