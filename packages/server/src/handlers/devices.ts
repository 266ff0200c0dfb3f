import type { components, operations } from '@portal/api/schema';
import { type AppContext, type HandlerMap, requireUserId } from '../context.ts';
import {
  type DeviceCommandRequest,
  listDeviceCommands,
  queueBulkCommand,
  sendDeviceCommand,
} from '../services/commands.ts';
import { getDevice, listDevices, listDeviceTypes } from '../services/devices.ts';
import {
  type DeviceEnrolRequest,
  deleteDevice,
  enrolDevice,
  renewEnrolmentCode,
  revokeDeviceToken,
} from '../services/enrolment.ts';
import { paginated, withFieldErrors } from './content.ts';

type Schemas = components['schemas'];
type ListQuery = NonNullable<operations['listDevices']['parameters']['query']>;
type HistoryQuery = NonNullable<operations['listDeviceCommandsLegacy']['parameters']['query']>;
type IdParams = { id: number };
type SerialParams = { serial: string };

/**
 * Headsets, device types, commands and enrolment (contract tag `devices`). Every operation is for signed-in users
 * and scoped to the caller's organisations in the services (services/devices.ts, commands.ts, enrolment.ts).
 */
export function deviceHandlers(context: AppContext): HandlerMap {
  const { db, headsetEvents } = context;
  const idOf = (request: { params: unknown }) => (request.params as IdParams).id;

  return withFieldErrors({
    async listDevices(request) {
      const userId = requireUserId(request);
      // Defaults (page 1, page_size 100, ordering name) come from the contract through validation.
      const query = request.query as ListQuery;
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? 100;
      const result = await listDevices(db, userId, {
        page,
        pageSize,
        ordering: query.ordering ?? 'name',
        search: query.search,
        isOnline: query.is_online,
        deviceType: query.device_type,
        organisation: query.organisation,
        configuration: query.configuration,
      });
      const body: Schemas['PaginatedDeviceList'] = paginated(request, page, pageSize, result);
      return body;
    },

    async getDevice(request) {
      return getDevice(db, requireUserId(request), idOf(request));
    },

    async listDeviceTypes() {
      return listDeviceTypes(db);
    },

    async sendDeviceCommand(request, reply) {
      const { serial } = request.params as SerialParams;
      const command = await sendDeviceCommand(
        db,
        headsetEvents,
        requireUserId(request),
        serial,
        request.body as DeviceCommandRequest,
      );
      return reply.code(201).send(command);
    },

    async queueDeviceSync(request, reply) {
      const { devices } = request.body as Schemas['DeviceIdsRequest'];
      const queued = await queueBulkCommand(db, headsetEvents, requireUserId(request), devices, 'CMD.SYNC');
      return reply.code(202).send(queued);
    },

    async queueDeviceSoftwareSync(request, reply) {
      const { devices } = request.body as Schemas['DeviceIdsRequest'];
      const queued = await queueBulkCommand(
        db,
        headsetEvents,
        requireUserId(request),
        devices,
        'CMD.SYNC.SOFTWARE',
      );
      return reply.code(202).send(queued);
    },

    async listDeviceCommandsLegacy(request) {
      const query = request.query as HistoryQuery;
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? 24;
      const result = await listDeviceCommands(db, requireUserId(request), idOf(request), {
        page,
        pageSize,
        status: query.status,
      });
      const body: Schemas['PaginatedDeviceCommandList'] = paginated(request, page, pageSize, result);
      return body;
    },

    async enrolDevice(request, reply) {
      const enrolment = await enrolDevice(db, requireUserId(request), request.body as DeviceEnrolRequest);
      return reply.code(201).send(enrolment);
    },

    async renewDeviceEnrolmentCode(request, reply) {
      return reply.code(201).send(await renewEnrolmentCode(db, requireUserId(request), idOf(request)));
    },

    async revokeDeviceToken(request, reply) {
      await revokeDeviceToken(db, requireUserId(request), idOf(request));
      return reply.code(204).send();
    },

    async deleteDevice(request, reply) {
      await deleteDevice(db, requireUserId(request), idOf(request));
      return reply.code(204).send();
    },
  });
}
