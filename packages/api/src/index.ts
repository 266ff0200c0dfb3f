export { createPortalClient, type PortalClient, type PortalClientOptions } from './client.ts';
export { authMiddleware, type TokenGetter } from './middleware/auth.ts';
export { errorBodyMiddleware } from './middleware/errorBody.ts';
export { noCacheMiddleware } from './middleware/noCache.ts';
export { newRequestId, requestIdMiddleware } from './middleware/requestId.ts';
export {
  type UnauthorizedEvent,
  type UnauthorizedHandler,
  unauthorizedMiddleware,
} from './middleware/unauthorized.ts';
export { createPortalQueryHooks, type PortalQueryHooks } from './query.ts';
export type { components, operations, paths } from './schema';
export type {
  AcceptedInvitation,
  AcceptInvitationRequest,
  ApiErrorBody,
  CategoryRef,
  CommandExtras,
  CommandName,
  CommandStatus,
  Content,
  ContentCategory,
  ContentFormat,
  ContentType,
  Device,
  DeviceCommand,
  DeviceCommandRequest,
  DeviceEnrolment,
  DeviceEnrolRequest,
  DeviceIdsRequest,
  DeviceType,
  DeviceTypeRef,
  ErrorDetail,
  FieldErrors,
  Invitation,
  InvitationDetails,
  InvitationOutcome,
  Language,
  ListContentQuery,
  ListDevicesQuery,
  LoginRequest,
  LogoutRequest,
  Membership,
  Message,
  NotImplementedError,
  Organisation,
  OrganisationSummary,
  PaginatedContentList,
  PaginatedDeviceCommandList,
  PaginatedDeviceList,
  Pagination,
  PlaybackState,
  PrivacyPolicy,
  QueuedCommands,
  RefreshRequest,
  ResetPasswordMailRequest,
  ResetPasswordRequest,
  SyncStatus,
  TermsOfUse,
  TokenPair,
  UpdateUserRequest,
  User,
  UserSummary,
} from './types.ts';
export {
  type AbortMultipartUploadRequest,
  type CompleteMultipartUploadRequest,
  type MultipartUploadResult,
  type MultipartUploadStart,
  type MultipartUploadStartRequest,
  resumeKey,
  type UploadedPart,
  type UploadPartUrl,
  type UploadPartUrlRequest,
  type UploadTarget,
} from './upload/endpoints.ts';
export {
  isAbortError,
  UploadAbortedError,
  UploadError,
  type UploadErrorCode,
  type UploadErrorDetails,
  UploadInterruptedError,
  uploadErrorCodes,
} from './upload/errors.ts';
export {
  discardResumableUpload,
  type MultipartUploadOptions,
  type PartFetch,
  type UploadProgress,
  uploadMultipart,
} from './upload/multipart.ts';
export { maxPartNumber, type PartPlan, planParts } from './upload/parts.ts';
export {
  createLocalStorageResumeStore,
  createMemoryResumeStore,
  type FinishedPart,
  type KeyValueStorage,
  parseResumeState,
  type UploadFileIdentity,
  type UploadResumeState,
  type UploadResumeStore,
} from './upload/resumeStore.ts';
export {
  defaultSpeedWindowMs,
  estimateTransfer,
  pruneSamples,
  type TransferEstimate,
  type TransferSample,
} from './upload/speed.ts';
