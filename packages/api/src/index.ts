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
  ApiErrorBody,
  CategoryRef,
  Content,
  ContentCategory,
  ContentFormat,
  ContentType,
  Device,
  DeviceType,
  DeviceTypeRef,
  ErrorDetail,
  FieldErrors,
  Language,
  ListContentQuery,
  LoginRequest,
  LogoutRequest,
  Membership,
  Message,
  NotImplementedError,
  Organisation,
  OrganisationSummary,
  PaginatedContentList,
  PaginatedDeviceList,
  Pagination,
  PlaybackState,
  PrivacyPolicy,
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
