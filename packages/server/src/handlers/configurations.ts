import type { components, operations } from '@portal/api/schema';
import { type AppContext, type HandlerMap, requireUserId } from '../context.ts';
import {
  addConfigurationContent,
  type ConfigurationContentRequest,
  type ConfigurationWrite,
  configurationView,
  createConfiguration,
  deleteConfiguration,
  duplicateConfiguration,
  getConfiguration,
  listAvailableConfigurations,
  listConfigurations,
  removeConfigurationContent,
  updateConfiguration,
} from '../services/configurations.ts';
import { paginated, withFieldErrors } from './content.ts';

type Schemas = components['schemas'];
type ListQuery = NonNullable<operations['listConfigurations']['parameters']['query']>;
type IdParams = { id: number };

/**
 * Playlists (contract tag `configurations`). Every operation is for signed-in users (the auth hook refuses
 * anonymous calls) and scoped to the caller's organisations in the service. activateConfiguration and the
 * share operations are not built yet and answer 501 (handlers/index.ts).
 */
export function configurationHandlers(context: AppContext): HandlerMap {
  const { db } = context;
  const idOf = (request: { params: unknown }) => (request.params as IdParams).id;

  return withFieldErrors({
    async listConfigurations(request) {
      const userId = requireUserId(request);
      // Defaults (page 1, page_size 24, ordering positionNumber) come from the contract through validation.
      const query = request.query as ListQuery;
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? 24;
      const result = await listConfigurations(db, userId, {
        page,
        pageSize,
        ordering: query.ordering ?? 'positionNumber',
        search: query.search,
        owner: query.owner,
        active: query.active,
      });
      const body: Schemas['PaginatedConfigurationList'] = paginated(request, page, pageSize, result);
      return body;
    },

    async createConfiguration(request, reply) {
      const userId = requireUserId(request);
      const id = await createConfiguration(db, userId, request.body as ConfigurationWrite);
      return reply.code(201).send(await configurationView(db, userId, id));
    },

    async getConfiguration(request) {
      return getConfiguration(db, requireUserId(request), idOf(request));
    },

    async updateConfiguration(request) {
      const userId = requireUserId(request);
      await updateConfiguration(db, userId, idOf(request), request.body as ConfigurationWrite);
      return configurationView(db, userId, idOf(request));
    },

    async deleteConfiguration(request, reply) {
      await deleteConfiguration(db, requireUserId(request), idOf(request));
      return reply.code(204).send();
    },

    async listAvailableConfigurations(request) {
      const { contentUuid } = request.body as Schemas['AvailableConfigurationsRequest'];
      return listAvailableConfigurations(db, requireUserId(request), contentUuid);
    },

    async addConfigurationContent(request) {
      const userId = requireUserId(request);
      await addConfigurationContent(db, userId, idOf(request), request.body as ConfigurationContentRequest);
      return configurationView(db, userId, idOf(request));
    },

    async removeConfigurationContent(request) {
      const userId = requireUserId(request);
      await removeConfigurationContent(
        db,
        userId,
        idOf(request),
        request.body as ConfigurationContentRequest,
      );
      return configurationView(db, userId, idOf(request));
    },

    async duplicateConfiguration(request, reply) {
      const userId = requireUserId(request);
      const { copyName } = request.body as Schemas['DuplicateConfigurationRequest'];
      const id = await duplicateConfiguration(db, userId, idOf(request), copyName);
      return reply.code(201).send(await configurationView(db, userId, id));
    },
  });
}
