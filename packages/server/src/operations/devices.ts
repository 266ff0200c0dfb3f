import { created, noContent, type Operations, ok } from '../http/operation.ts';
import { paginated } from '../http/urls.ts';
import { signedIn } from '../services/access.ts';
import {
  checkReadiness,
  deleteDevice,
  deviceSummary,
  enrolDevice,
  getDevice,
  listCommandReceipts,
  listDeviceCommands,
  listDevices,
  listDeviceTypes,
  queueBulkCommand,
  queueDeviceCommand,
  renewEnrolmentCode,
  revokeDeviceToken,
  sendDeviceCommand,
} from '../services/headsets/index.ts';

/**
 * Headsets, device types, commands and enrolment (contract tag `devices`). Every operation is for signed-in users
 * and scoped to the caller's organisations by the access policy (services/access.ts): members see and command their
 * organisations' headsets, administrators add, pair, unpair and remove them.
 */
export const deviceOperations = {
  async listDevices({ query, caller, http }, { db }) {
    // Defaults (page 1, page_size 100, ordering name) come from the contract through validation.
    const paging = { page: query.page ?? 1, pageSize: query.page_size ?? 100 };
    const list = await listDevices(db, signedIn(caller), {
      ...paging,
      ordering: query.ordering ?? 'name',
      search: query.search,
      isOnline: query.is_online,
      deviceType: query.device_type,
      organisation: query.organisation,
      configuration: query.configuration,
      group: query.group,
      lowBattery: query.low_battery,
      isSynced: query.is_synced,
      outdatedSoftware: query.outdated_software,
    });
    return ok(paginated(http, paging, list));
  },

  async getDeviceSummary({ query, caller }, { db }) {
    return ok(
      await deviceSummary(db, signedIn(caller), { organisation: query.organisation, group: query.group }),
    );
  },

  async checkDeviceReadiness({ body, caller }, { db }) {
    return ok(await checkReadiness(db, signedIn(caller), body.devices, body.contentUuid));
  },

  async listCommandReceipts({ body, caller }, { db }) {
    return ok(await listCommandReceipts(db, signedIn(caller), body.commands));
  },

  async getDevice({ params, caller }, { db }) {
    return ok(await getDevice(db, signedIn(caller), params.id));
  },

  async listDeviceTypes(_request, { db }) {
    return ok(await listDeviceTypes(db));
  },

  async sendDeviceCommand({ params, body, caller }, services) {
    return created(await sendDeviceCommand(services, signedIn(caller), params.serial, body));
  },

  async queueDeviceCommand({ body, caller }, services) {
    const { devices, ...request } = body;
    return ok(await queueDeviceCommand(services, signedIn(caller), devices, request));
  },

  async queueDeviceSync({ body, caller }, services) {
    return {
      status: 202,
      body: await queueBulkCommand(services, signedIn(caller), body.devices, 'CMD.SYNC'),
    };
  },

  async queueDeviceSoftwareSync({ body, caller }, services) {
    const queued = await queueBulkCommand(services, signedIn(caller), body.devices, 'CMD.SYNC.SOFTWARE');
    return { status: 202, body: queued };
  },

  async listDeviceCommandsLegacy({ params, query, caller, http }, { db }) {
    const paging = { page: query.page ?? 1, pageSize: query.page_size ?? 24 };
    const list = await listDeviceCommands(db, signedIn(caller), params.id, {
      ...paging,
      status: query.status,
    });
    return ok(paginated(http, paging, list));
  },

  async enrolDevice({ body, caller }, { db }) {
    return created(await enrolDevice(db, signedIn(caller), body));
  },

  async renewDeviceEnrolmentCode({ params, caller }, { db }) {
    return created(await renewEnrolmentCode(db, signedIn(caller), params.id));
  },

  async revokeDeviceToken({ params, caller }, { db }) {
    await revokeDeviceToken(db, signedIn(caller), params.id);
    return noContent();
  },

  async deleteDevice({ params, caller }, { db }) {
    await deleteDevice(db, signedIn(caller), params.id);
    return noContent();
  },
} satisfies Operations;
