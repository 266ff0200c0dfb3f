import type { OperationId } from '../http/operation.ts';
import type { ROLES } from './demoWorld.ts';

/**
 * The authorization matrix (issue 25, item 4): for every operation of openapi/portal.yaml, the status each role gets
 * for a valid request of it (authorizationFixtures.ts builds that request), in the column order of `ROLES`:
 * anonymous, member, administrator, content administrator, staff, member of another organisation, headset
 * (demoWorld.ts says who each one is). The objects are the Gymnasium's, so a member of another organisation meets
 * a 404 where the Gymnasium's things are invisible to it and a 403 where it sees them but may not change them.
 *
 * Written once by `pnpm run matrix:rows` from the contract and kept by hand since: each cell states a rule of
 * services/access.ts (and the README's tables). `src/authorizationMatrix.test.ts` sends one request per cell to a
 * real test server and fails on every cell that differs and on every operation without a row. A new operation:
 * `pnpm run matrix:rows` prints its first-guess row to paste here and correct; add its fixture too.
 */

/** One status per role, in the order of `ROLES`. */
type PerRole<Roles extends readonly unknown[], Value> = { readonly [Column in keyof Roles]: Value };
type Row = PerRole<typeof ROLES, number>;

// biome-ignore format: a table, one row per operation in the contract's order, one column per role
export const AUTHORIZATION_MATRIX: Record<OperationId, Row> = {
  //                                      anon  mem.  admin cont. staff other headset
  login:                                  [201, 201, 201, 201, 201, 201, 201],
  logout:                                 [204, 204, 204, 204, 204, 204, 204],
  refreshSession:                         [200, 200, 200, 200, 200, 200, 200],
  obtainSocialUserToken:                  [200, 200, 200, 200, 200, 200, 200],
  getCurrentUser:                         [401, 200, 200, 200, 200, 200, 401],
  deleteCurrentUser:                      [401, 204, 204, 204, 204, 204, 401],
  updateCurrentUser:                      [401, 200, 200, 200, 200, 200, 401],
  acceptTos:                              [401, 201, 201, 201, 201, 201, 401],
  getCurrentTos:                          [200, 200, 200, 200, 200, 200, 200],
  getCurrentPrivacyPolicy:                [200, 200, 200, 200, 200, 200, 200],
  publishTos:                             [401, 403, 403, 403, 201, 403, 401],
  listOrganisations:                      [401, 200, 200, 200, 200, 200, 401],
  updateOrganisation:                     [401, 403, 200, 403, 404, 404, 401],
  removeMembership:                       [401, 403, 204, 403, 404, 404, 401],
  updateMembership:                       [401, 403, 200, 403, 404, 404, 401],
  listInvitations:                        [401, 403, 200, 403, 404, 404, 401],
  inviteMember:                           [401, 403, 201, 403, 404, 404, 401],
  withdrawInvitation:                     [401, 403, 204, 403, 404, 404, 401],
  getInvitation:                          [200, 200, 200, 200, 200, 200, 200],
  acceptInvitation:                       [201, 201, 201, 201, 201, 201, 201],
  resetPassword:                          [200, 200, 200, 200, 200, 200, 200],
  sendResetPasswordMail:                  [200, 200, 200, 200, 200, 200, 200],
  getSiteInfo:                            [200, 200, 200, 200, 200, 200, 200],
  getSocialConfig:                        [200, 200, 200, 200, 200, 200, 200],
  getSocialSession:                       [200, 200, 200, 200, 200, 200, 200],
  redirectToSocialProvider:               [302, 302, 302, 302, 302, 302, 302],
  socialProviderCallback:                 [302, 302, 302, 302, 302, 302, 302],
  listContent:                            [200, 200, 200, 200, 200, 200, 200],
  getContent:                             [404, 200, 200, 200, 404, 404, 404],
  createContent:                          [401, 201, 201, 201, 403, 201, 401],
  deleteContent:                          [401, 204, 204, 204, 404, 404, 401],
  updateContent:                          [401, 400, 400, 200, 404, 404, 401],
  shareContent:                           [401, 200, 200, 200, 404, 404, 401],
  unshareContent:                         [401, 200, 200, 200, 404, 403, 401],
  listContentCategories:                  [200, 200, 200, 200, 200, 200, 200],
  listLanguages:                          [200, 200, 200, 200, 200, 200, 200],
  uploadPreviewFile:                      [401, 201, 201, 201, 403, 201, 401],
  deletePreviewFile:                      [401, 204, 204, 204, 404, 404, 401],
  uploadDocumentFile:                     [401, 201, 201, 201, 403, 201, 401],
  deleteDocumentFile:                     [401, 204, 204, 204, 404, 404, 401],
  createContentMultipartUpload:           [401, 201, 201, 201, 404, 404, 401],
  getContentUploadPartUrl:                [401, 200, 200, 200, 404, 404, 401],
  completeContentMultipartUpload:         [401, 200, 200, 200, 404, 404, 401],
  abortContentMultipartUpload:            [401, 204, 204, 204, 404, 404, 401],
  uploadPart:                             [200, 200, 200, 200, 200, 200, 200],
  listConfigurations:                     [401, 200, 200, 200, 200, 200, 401],
  createConfiguration:                    [401, 201, 201, 201, 403, 400, 401],
  getConfiguration:                       [401, 200, 200, 200, 404, 404, 401],
  updateConfiguration:                    [401, 200, 200, 200, 404, 404, 401],
  deleteConfiguration:                    [401, 204, 204, 204, 404, 404, 401],
  partialUpdateConfiguration:             [401, 200, 200, 200, 404, 404, 401],
  listAvailableConfigurations:            [401, 200, 200, 200, 404, 404, 401],
  duplicateConfiguration:                 [401, 201, 201, 201, 404, 404, 401],
  activateConfiguration:                  [401, 200, 200, 200, 404, 404, 401],
  addConfigurationContent:                [401, 200, 200, 200, 404, 404, 401],
  removeConfigurationContent:             [401, 200, 200, 200, 404, 404, 401],
  moveConfigurationContent:               [401, 200, 200, 200, 404, 404, 401],
  shareConfiguration:                     [401, 200, 200, 200, 404, 404, 401],
  unshareConfiguration:                   [401, 200, 200, 200, 404, 403, 401],
  listDevices:                            [401, 200, 200, 200, 200, 200, 401],
  enrolDevice:                            [401, 403, 201, 403, 403, 403, 401],
  getDeviceSummary:                       [401, 200, 200, 200, 200, 200, 401],
  checkDeviceReadiness:                   [401, 200, 200, 200, 400, 400, 401],
  listCommandReceipts:                    [401, 200, 200, 200, 200, 200, 401],
  getDevice:                              [401, 200, 200, 200, 404, 404, 401],
  deleteDevice:                           [401, 403, 204, 403, 404, 404, 401],
  renewDeviceEnrolmentCode:               [401, 403, 201, 403, 404, 404, 401],
  revokeDeviceToken:                      [401, 403, 204, 403, 404, 404, 401],
  listDeviceTypes:                        [401, 200, 200, 200, 200, 200, 401],
  queueDeviceSync:                        [401, 202, 202, 202, 400, 400, 401],
  queueDeviceSoftwareSync:                [401, 202, 202, 202, 400, 400, 401],
  queueDeviceCommand:                     [401, 200, 200, 200, 400, 400, 401],
  sendDeviceCommand:                      [401, 201, 201, 201, 404, 404, 401],
  listDeviceCommandsLegacy:               [401, 200, 200, 200, 404, 404, 401],
  listRunningLessons:                     [401, 200, 200, 200, 200, 200, 401],
  listDeviceGroups:                       [401, 200, 200, 200, 200, 200, 401],
  createDeviceGroup:                      [401, 201, 201, 201, 403, 400, 401],
  getDeviceGroup:                         [401, 200, 200, 200, 404, 404, 401],
  updateDeviceGroup:                      [401, 200, 200, 200, 404, 404, 401],
  deleteDeviceGroup:                      [401, 204, 204, 204, 404, 404, 401],
  enrolHeadset:                           [201, 201, 201, 201, 201, 201, 201],
  getHeadsetConfiguration:                [401, 401, 401, 401, 401, 401, 200],
  pollHeadsetCommands:                    [401, 401, 401, 401, 401, 401, 200],
  reportHeadsetCommandResult:             [401, 401, 401, 401, 401, 401, 200],
  getHeadsetOperatingSystem:              [401, 401, 401, 401, 401, 401, 200],
  reportHeadsetState:                     [401, 401, 401, 401, 401, 401, 204],
  listOperatingSystems:                   [401, 403, 200, 403, 200, 403, 401],
  createOperatingSystem:                  [401, 403, 403, 403, 201, 403, 401],
  getOperatingSystem:                     [401, 403, 404, 403, 200, 403, 401],
  deleteOperatingSystem:                  [401, 403, 403, 403, 204, 403, 401],
  updateOperatingSystem:                  [401, 403, 403, 403, 200, 403, 401],
  createOperatingSystemMultipartUpload:   [401, 403, 403, 403, 201, 403, 401],
  getOperatingSystemUploadPartUrl:        [401, 403, 403, 403, 200, 403, 401],
  completeOperatingSystemMultipartUpload: [401, 403, 403, 403, 200, 403, 401],
  abortOperatingSystemMultipartUpload:    [401, 403, 403, 403, 204, 403, 401],
};
