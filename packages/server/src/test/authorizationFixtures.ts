import type { OperationId } from '../http/operation.ts';
import {
  type Caller,
  type DemoWorld,
  documentUpload,
  previewUpload,
  type Role,
  unique,
} from './demoWorld.ts';

/**
 * One valid request per operation of the contract, for the authorization matrix (authorizationMatrix.ts): what the
 * operation acts on (the Gymnasium's things; fresh ones wherever a request changes or deletes them, so no cell takes
 * away what a later one needs) and a body the contract accepts. The method and the path come from the contract; a
 * fixture names the path's parameters, the query and the body.
 *
 * To add an operation: a fixture here and a row in authorizationMatrix.ts (see the server README, "Authorization
 * matrix"). The request must be one that succeeds for the role allowed to make it.
 */

export interface CellRequest {
  /** The path's parameters, by the names of the contract's path template. */
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  /** A JSON body. */
  body?: unknown;
  /** A body in another media type (multipart, form, octet-stream), with its `content-type` in `headers`. */
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

export interface Fixture {
  /**
   * Who makes the cell's request: the role's standing caller (default), a new session of its account (the operation
   * ends or rotates the caller's session), or a new account like the role's (it changes or deletes the account).
   */
  caller?: 'freshSession' | 'freshAccount';
  request(world: DemoWorld, caller: Caller): CellRequest | Promise<CellRequest>;
  /** Puts back what a successful cell changed for everybody (a new terms version resets every acceptance). */
  restore?(world: DemoWorld): Promise<void>;
}

const PASSWORD = 'portal2026';
const NEW_PASSWORD = 'Matrix2026';
const freshAddress = (prefix: string) => `${unique(prefix)}@matrix.example`;
const NOTHING: Fixture = { request: () => ({}) };
const MUTE = { command: 'CMD.MUTE', extras: { guidedModeState: true, manufacturerModeState: false } };
const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** The refresh token of the caller's session, or of a new session of the member for callers without one. */
async function refreshOf(world: DemoWorld, caller: Caller): Promise<string> {
  return caller.refresh ?? ((await world.freshSession('member')).refresh as string);
}

/** Fixtures of the upload flow, the same for content items and operating systems. */
function uploadFixtures(kind: 'content' | 'operatingSystem') {
  const start: Fixture = {
    async request(world) {
      const id = kind === 'content' ? (await world.freshContent()).id : await world.freshOperatingSystem();
      return {
        params: { id },
        body: { file_name: kind === 'content' ? 'matrix.mp4' : 'matrix.img', file_size: 16 },
      };
    },
  };
  const partUrl: Fixture = {
    async request(world) {
      const upload = await world.freshUpload(kind);
      return {
        params: { id: upload.targetId },
        body: { file_name: upload.fileName, upload_id: upload.uploadId, part_number: 1 },
      };
    },
  };
  const complete: Fixture = {
    async request(world) {
      const upload = await world.freshUpload(kind, { withPart: true });
      return {
        params: { id: upload.targetId },
        body: {
          file_name: upload.fileName,
          upload_id: upload.uploadId,
          parts: [{ part_number: 1, etag: upload.etag }],
        },
      };
    },
  };
  const abort: Fixture = {
    async request(world) {
      const upload = await world.freshUpload(kind);
      return {
        params: { id: upload.targetId },
        body: { file_name: upload.fileName, upload_id: upload.uploadId },
      };
    },
  };
  return { start, partUrl, complete, abort };
}

const contentUploads = uploadFixtures('content');
const systemUploads = uploadFixtures('operatingSystem');

/** A playlist body as create and replace take it: the Gymnasium's, holding its item, on no headset. */
const playlistBody = (world: DemoWorld) => ({
  name: unique('Matrix-Liste'),
  ownerId: world.ids.gymnasium,
  contentIds: [world.ids.content.id],
  activeState: false,
  sdmDevices: [],
});

export const FIXTURES: Record<OperationId, Fixture> = {
  // --- sessions
  login: { request: () => ({ body: { username: 'lehrer@schule.example', password: PASSWORD } }) },
  logout: {
    caller: 'freshSession',
    request: async (world, caller) => ({ body: { refresh: await refreshOf(world, caller) } }),
  },
  refreshSession: {
    caller: 'freshSession',
    request: async (world, caller) => ({ body: { refresh: await refreshOf(world, caller) } }),
  },
  obtainSocialUserToken: {
    request: async (world) => ({ headers: { cookie: `sessionid=${await world.freshSocialSession()}` } }),
  },

  // --- users
  getCurrentUser: NOTHING,
  updateCurrentUser: { request: () => ({ body: { firstName: 'Matrix' } }) },
  deleteCurrentUser: { caller: 'freshAccount', request: () => ({}) },
  acceptTos: { request: () => ({ body: {} }) },
  getCurrentTos: NOTHING,
  getCurrentPrivacyPolicy: NOTHING,
  resetPassword: {
    request: async (world) => ({ body: { password: NEW_PASSWORD, urlHash: await world.freshResetToken() } }),
  },
  sendResetPasswordMail: { request: () => ({ body: { email: freshAddress('vergessen') } }) },

  // --- organisations
  publishTos: {
    request: () => ({ body: { tosFile: '/media/nutzungsbedingungen-v1.pdf' } }),
    // A new version would send every later caller to the terms first.
    async restore(world) {
      await world.server.database.pool.query('delete from tos_versions where version > 1');
    },
  },
  listOrganisations: NOTHING,
  updateOrganisation: {
    request: (world) => ({ params: { id: world.ids.gymnasium }, body: { name: 'Gymnasium Demo' } }),
  },
  updateMembership: {
    request: async (world) => ({
      params: { id: world.ids.gymnasium, membershipId: await world.freshMembership() },
      body: { isAdministrator: false },
    }),
  },
  removeMembership: {
    request: async (world) => ({
      params: { id: world.ids.gymnasium, membershipId: await world.freshMembership() },
    }),
  },
  listInvitations: { request: (world) => ({ params: { id: world.ids.gymnasium } }) },
  inviteMember: {
    request: (world) => ({
      params: { id: world.ids.gymnasium },
      body: { email: freshAddress('eingeladen') },
    }),
  },
  withdrawInvitation: {
    request: async (world) => ({
      params: { id: world.ids.gymnasium, invitationId: (await world.freshInvitation()).id },
    }),
  },
  getInvitation: { request: async (world) => ({ params: { token: (await world.freshInvitation()).token } }) },
  acceptInvitation: {
    request: async (world) => ({
      body: {
        token: (await world.freshInvitation()).token,
        password: NEW_PASSWORD,
        firstName: 'Ina',
        lastName: 'Eingeladen',
      },
    }),
  },

  // --- site and social login
  getSiteInfo: NOTHING,
  getSocialConfig: NOTHING,
  getSocialSession: {
    request: async (world) => ({ headers: { cookie: `sessionid=${await world.freshSocialSession()}` } }),
  },
  redirectToSocialProvider: {
    request: () => {
      const { payload, headers } = form({
        provider: 'antares',
        process: 'login',
        callback_url: '/oidc-antares',
        csrfmiddlewaretoken: 'matrix-csrf',
      });
      return { payload, headers: { ...headers, cookie: 'csrftoken=matrix-csrf' } };
    },
  },
  // Without the state cookie of a login this browser began: back to the portal's page with `login_expired`.
  socialProviderCallback: { request: () => ({ query: { code: 'matrix', state: 'matrix' } }) },

  // --- content
  listContent: NOTHING,
  getContent: { request: (world) => ({ params: { id: world.ids.content.id } }) },
  createContent: { request: () => ({ body: { title: unique('Matrix-Video'), contentType: 'video' } }) },
  // The one change only content administrators (and staff) may make: publishing an item.
  updateContent: {
    request: async (world) => ({ params: { id: (await world.freshContent()).id }, body: { isPublic: true } }),
  },
  deleteContent: { request: async (world) => ({ params: { id: (await world.freshContent()).id } }) },
  shareContent: {
    request: async (world) => ({
      params: { id: (await world.freshContent()).id },
      body: { organisation_ids: [world.ids.kmz] },
    }),
  },
  unshareContent: {
    request: async (world) => ({
      params: { id: (await world.freshSharedContent()).id },
      body: { organisation_ids: [world.ids.zfsl] },
    }),
  },
  listContentCategories: NOTHING,
  listLanguages: NOTHING,
  uploadPreviewFile: { request: () => previewUpload() },
  deletePreviewFile: { request: async (world) => ({ params: { id: await world.freshPreviewFile() } }) },
  uploadDocumentFile: { request: () => documentUpload() },
  deleteDocumentFile: { request: async (world) => ({ params: { id: await world.freshDocumentFile() } }) },
  createContentMultipartUpload: contentUploads.start,
  getContentUploadPartUrl: contentUploads.partUrl,
  completeContentMultipartUpload: contentUploads.complete,
  abortContentMultipartUpload: contentUploads.abort,

  // --- uploads: the signed URL is the authorisation
  uploadPart: {
    async request(world) {
      const upload = await world.freshUpload('content');
      const url = new URL(upload.partUrl, 'http://localhost');
      const [, partNumber] = url.pathname.match(/\/parts\/(\d+)\//) ?? [];
      return {
        params: { uploadId: upload.uploadId, partNumber: Number(partNumber) },
        query: Object.fromEntries(url.searchParams),
        payload: Buffer.alloc(16, 7),
        headers: { 'content-type': 'application/octet-stream' },
      };
    },
  },

  // --- configurations (playlists)
  listConfigurations: NOTHING,
  createConfiguration: { request: (world) => ({ body: playlistBody(world) }) },
  getConfiguration: { request: (world) => ({ params: { id: world.ids.playlist } }) },
  updateConfiguration: {
    request: async (world) => ({ params: { id: await world.freshPlaylist() }, body: playlistBody(world) }),
  },
  partialUpdateConfiguration: {
    request: async (world) => ({
      params: { id: await world.freshPlaylist() },
      body: { name: unique('Matrix-Liste') },
    }),
  },
  deleteConfiguration: { request: async (world) => ({ params: { id: await world.freshPlaylist() } }) },
  listAvailableConfigurations: { request: (world) => ({ body: { contentUuid: world.ids.content.uuid } }) },
  duplicateConfiguration: {
    request: (world) => ({ params: { id: world.ids.playlist }, body: { copyName: unique('Matrix-Kopie') } }),
  },
  activateConfiguration: {
    request: async (world) => ({ params: { id: await world.freshPlaylist() }, body: { sdmDevices: [] } }),
  },
  addConfigurationContent: {
    request: async (world) => ({
      params: { id: await world.freshPlaylist() },
      body: { contentId: world.ids.content.id, contentOrigin: 'cms' },
    }),
  },
  removeConfigurationContent: {
    request: async (world) => ({
      params: { id: await world.freshPlaylist([world.ids.content.id]) },
      body: { contentId: world.ids.content.id, contentOrigin: 'cms' },
    }),
  },
  moveConfigurationContent: {
    async request(world) {
      const second = await world.freshContent();
      return {
        params: { id: await world.freshPlaylist([world.ids.content.id, second.id]) },
        body: { contentId: world.ids.content.id, contentOrigin: 'cms', positionNumber: 2 },
      };
    },
  },
  shareConfiguration: {
    request: async (world) => ({
      params: { id: await world.freshPlaylist() },
      body: { organisation_ids: [world.ids.kmz] },
    }),
  },
  unshareConfiguration: {
    request: async (world) => ({
      params: { id: await world.freshSharedPlaylist() },
      body: { organisation_ids: [world.ids.zfsl] },
    }),
  },

  // --- lesson plans (Unterrichtsablauf)
  listLessonPlans: NOTHING,
  createLessonPlan: { request: () => ({ body: { name: unique('Matrix-Ablauf') } }) },
  getLessonPlan: { request: async (world) => ({ params: { id: (await world.freshLessonPlan()).id } }) },
  renameLessonPlan: {
    request: async (world) => ({
      params: { id: (await world.freshLessonPlan()).id },
      body: { name: unique('Matrix-Ablauf') },
    }),
  },
  deleteLessonPlan: { request: async (world) => ({ params: { id: (await world.freshLessonPlan()).id } }) },
  duplicateLessonPlan: {
    request: async (world) => ({
      params: { id: (await world.freshLessonPlan([world.ids.content.id])).id },
      body: { copyName: unique('Matrix-Kopie') },
    }),
  },
  addLessonPlanStep: {
    request: async (world) => ({
      params: { id: (await world.freshLessonPlan()).id },
      body: { contentId: world.ids.content.id, note: 'Einstieg', plannedMinutes: 10 },
    }),
  },
  updateLessonPlanStep: {
    async request(world) {
      const plan = await world.freshLessonPlan([world.ids.content.id]);
      return {
        params: { id: plan.id, stepId: plan.steps[0] ?? 0 },
        body: { contentId: world.ids.content.id, note: 'Neu', plannedMinutes: null },
      };
    },
  },
  removeLessonPlanStep: {
    async request(world) {
      const plan = await world.freshLessonPlan([world.ids.content.id]);
      return { params: { id: plan.id, stepId: plan.steps[0] ?? 0 } };
    },
  },
  moveLessonPlanStep: {
    async request(world) {
      const plan = await world.freshLessonPlan([world.ids.content.id, world.ids.content.id]);
      return { params: { id: plan.id, stepId: plan.steps[0] ?? 0 }, body: { positionNumber: 2 } };
    },
  },
  shareLessonPlan: {
    request: async (world) => ({
      params: { id: (await world.freshLessonPlan()).id },
      body: { organisation_ids: [world.ids.kmz] },
    }),
  },
  unshareLessonPlan: {
    request: async (world) => ({
      params: { id: await world.freshSharedLessonPlan() },
      body: { organisation_ids: [world.ids.zfsl] },
    }),
  },

  // --- devices (the fleet, from the portal)
  listDevices: NOTHING,
  enrolDevice: {
    request: (world) => ({
      body: { serialNumber: unique('MATRIX').replaceAll('-', ''), deviceTypeId: world.ids.deviceType },
    }),
  },
  getDeviceSummary: NOTHING,
  checkDeviceReadiness: {
    request: (world) => ({
      body: { devices: [world.ids.commandedDevice.id], contentUuid: world.ids.content.uuid },
    }),
  },
  listCommandReceipts: { request: async (world) => ({ body: { commands: [await world.freshCommand()] } }) },
  getDevice: { request: (world) => ({ params: { id: world.ids.commandedDevice.id } }) },
  deleteDevice: { request: async (world) => ({ params: { id: (await world.freshDevice()).id } }) },
  renewDeviceEnrolmentCode: {
    request: async (world) => ({ params: { id: (await world.freshDevice()).id } }),
  },
  revokeDeviceToken: { request: async (world) => ({ params: { id: (await world.freshDevice()).id } }) },
  listDeviceTypes: NOTHING,
  queueDeviceSync: { request: (world) => ({ body: { devices: [world.ids.commandedDevice.id] } }) },
  queueDeviceSoftwareSync: { request: (world) => ({ body: { devices: [world.ids.commandedDevice.id] } }) },
  queueDeviceCommand: {
    request: (world) => ({
      body: { devices: [world.ids.commandedDevice.id], command: 'CMD.MUTE', extras: {} },
    }),
  },
  sendDeviceCommand: {
    request: (world) => ({ params: { serial: world.ids.commandedDevice.serial }, body: MUTE }),
  },
  listDeviceCommandsLegacy: { request: (world) => ({ params: { id: world.ids.commandedDevice.id } }) },

  // --- groups
  listRunningLessons: NOTHING,
  listDeviceGroups: NOTHING,
  createDeviceGroup: {
    request: (world) => ({
      body: { name: unique('Matrix-Gruppe'), devices: [world.ids.commandedDevice.id] },
    }),
  },
  getDeviceGroup: { request: async (world) => ({ params: { id: await world.freshGroup() } }) },
  updateDeviceGroup: {
    request: async (world) => ({
      params: { id: await world.freshGroup() },
      body: { name: unique('Matrix-Gruppe'), devices: [] },
    }),
  },
  deleteDeviceGroup: { request: async (world) => ({ params: { id: await world.freshGroup() } }) },

  // --- the headset side
  enrolHeadset: {
    async request(world) {
      const device = await world.freshDevice();
      return { body: { enrolmentCode: device.enrolmentCode, serialNumber: device.serial } };
    },
  },
  getHeadsetConfiguration: NOTHING,
  pollHeadsetCommands: NOTHING,
  reportHeadsetCommandResult: {
    request: async (world) => ({
      params: { commandId: await world.freshDeliveredCommand() },
      body: { status: 'done' },
    }),
  },
  getHeadsetOperatingSystem: { request: (world) => ({ params: { id: world.ids.headsetImage } }) },
  reportHeadsetState: {
    request: () => ({
      body: {
        softwareVersion: '4.9.4',
        batteryLevel: 80,
        storageTotal: 256 * 1024 ** 3,
        storageUsed: 20 * 1024 ** 3,
        currentApp: null,
        playbackState: 'stopped',
        syncStatus: 'synced',
      },
    }),
  },

  // --- Moderieren
  getContentPublication: { request: (world) => ({ params: { id: world.ids.content.id } }) },
  requestContentPublication: {
    request: async (world) => ({ params: { id: (await world.freshContent()).id }, body: { note: 'Matrix' } }),
  },
  listPublicationRequests: NOTHING,
  decidePublicationRequest: {
    request: async (world) => ({
      params: { id: await world.freshPublicationRequest() },
      body: { approve: false, reason: 'Matrix' },
    }),
  },
  withdrawContentPublication: {
    request: async (world) => ({ params: { id: await world.freshPublicItem() }, body: { reason: 'Matrix' } }),
  },

  // --- Adminbereich
  listAdminOrganisations: NOTHING,
  createAdminOrganisation: { request: () => ({ body: { name: unique('Matrix-KMZ'), organisationType: 4 } }) },
  getAdminOrganisation: { request: (world) => ({ params: { id: world.ids.gymnasium } }) },
  updateAdminOrganisation: {
    request: async (world) => ({
      params: { id: await world.freshOrganisation() },
      body: { name: unique('Matrix') },
    }),
  },
  addOrganisationAdministrator: {
    request: async (world) => ({
      params: { id: await world.freshOrganisation() },
      body: { email: freshAddress('schulleitung') },
    }),
  },
  resendAdminInvitation: {
    async request(world) {
      const { organisation, invitation } = await world.freshAdministratorInvitation();
      return { params: { id: organisation, invitationId: invitation } };
    },
  },
  listAdminUsers: NOTHING,
  updateAdminUser: {
    request: async (world) => ({ params: { id: await world.freshUser() }, body: { locked: true } }),
  },

  // --- Protokoll
  listAuditEntries: NOTHING,
  exportAuditEntries: NOTHING,

  // --- operating systems
  listOperatingSystems: NOTHING,
  createOperatingSystem: {
    request: (world) => ({
      body: { name: unique('Matrix-OS'), version: '1.0.0', deviceTypeIds: [world.ids.deviceType] },
    }),
  },
  getOperatingSystem: { request: async (world) => ({ params: { id: await world.freshOperatingSystem() } }) },
  updateOperatingSystem: {
    request: async (world) => ({
      params: { id: await world.freshOperatingSystem() },
      body: { releaseNotes: 'Matrix' },
    }),
  },
  deleteOperatingSystem: {
    request: async (world) => ({ params: { id: await world.freshOperatingSystem() } }),
  },
  createOperatingSystemMultipartUpload: systemUploads.start,
  getOperatingSystemUploadPartUrl: systemUploads.partUrl,
  completeOperatingSystemMultipartUpload: systemUploads.complete,
  abortOperatingSystemMultipartUpload: systemUploads.abort,
};

/** Who makes a cell's request, as its fixture asks. */
export function callerFor(world: DemoWorld, fixture: Fixture, role: Role): Promise<Caller> | Caller {
  if (fixture.caller === 'freshSession') return world.freshSession(role);
  if (fixture.caller === 'freshAccount') return world.freshAccount(role);
  return world.caller(role);
}
