import type { components, operations } from './schema';

type Schemas = components['schemas'];

// `Error` would shadow the global, hence ErrorDetail.
export type ErrorDetail = Schemas['Error'];
export type FieldErrors = Schemas['FieldErrors'];
export type NotImplementedError = Schemas['NotImplementedError'];
/** Any error body the contract describes; a body-less error answer arrives as `{ detail: 'HTTP <status>' }`. */
export type ApiErrorBody = ErrorDetail | FieldErrors | NotImplementedError;
export type Message = Schemas['Message'];
export type Pagination = Schemas['Pagination'];

export type UserSummary = Schemas['UserSummary'];
export type Membership = Schemas['Membership'];
export type Organisation = Schemas['Organisation'];
export type OrganisationSummary = Schemas['OrganisationSummary'];
export type User = Schemas['User'];
export type UpdateUserRequest = Schemas['UpdateUserRequest'];
export type Invitation = Schemas['Invitation'];
export type InvitationOutcome = Schemas['InvitationOutcome'];
export type InvitationDetails = Schemas['InvitationDetails'];
export type AcceptInvitationRequest = Schemas['AcceptInvitationRequest'];
export type AcceptedInvitation = Schemas['AcceptedInvitation'];

export type LoginRequest = Schemas['LoginRequest'];
export type TokenPair = Schemas['TokenPair'];
export type RefreshRequest = Schemas['RefreshRequest'];
export type LogoutRequest = Schemas['LogoutRequest'];
export type TermsOfUse = Schemas['TermsOfUse'];
export type PrivacyPolicy = Schemas['PrivacyPolicy'];
export type ResetPasswordRequest = Schemas['ResetPasswordRequest'];
export type ResetPasswordMailRequest = Schemas['ResetPasswordMailRequest'];

export type ContentType = Schemas['ContentType'];
export type ContentFormat = Schemas['ContentFormat'];
export type CategoryRef = Schemas['CategoryRef'];
export type ContentCategory = Schemas['ContentCategory'];
export type Language = Schemas['Language'];
export type Content = Schemas['Content'];
export type PaginatedContentList = Schemas['PaginatedContentList'];
/** The filters, sorting and paging of listContent, e.g. to parse them from the URL. */
export type ListContentQuery = NonNullable<operations['listContent']['parameters']['query']>;

export type DeviceTypeRef = Schemas['DeviceTypeRef'];
export type DeviceType = Schemas['DeviceType'];
export type PlaybackState = Schemas['PlaybackState'];
export type SyncStatus = Schemas['SyncStatus'];
export type Device = Schemas['Device'];
export type PaginatedDeviceList = Schemas['PaginatedDeviceList'];
/** The filters, sorting and paging of listDevices. */
export type ListDevicesQuery = NonNullable<operations['listDevices']['parameters']['query']>;
export type CommandName = Schemas['CommandName'];
export type CommandExtras = Schemas['CommandExtras'];
export type CommandStatus = Schemas['CommandStatus'];
export type DeviceCommand = Schemas['DeviceCommand'];
export type DeviceCommandRequest = Schemas['DeviceCommandRequest'];
export type PaginatedDeviceCommandList = Schemas['PaginatedDeviceCommandList'];
export type DeviceIdsRequest = Schemas['DeviceIdsRequest'];
export type QueuedCommands = Schemas['QueuedCommands'];
export type DeviceEnrolRequest = Schemas['DeviceEnrolRequest'];
export type DeviceEnrolment = Schemas['DeviceEnrolment'];

export type Configuration = Schemas['Configuration'];
export type ConfigurationDetail = Schemas['ConfigurationDetail'];
export type PaginatedConfigurationList = Schemas['PaginatedConfigurationList'];
/** The filters, sorting and paging of listConfigurations. */
export type ListConfigurationsQuery = NonNullable<operations['listConfigurations']['parameters']['query']>;
export type DeviceSummary = Schemas['DeviceSummary'];
export type ReadinessRequest = Schemas['ReadinessRequest'];
export type ReadinessIssue = Schemas['ReadinessIssue'];
export type DeviceReadiness = Schemas['DeviceReadiness'];
export type ReadinessReport = Schemas['ReadinessReport'];
export type CommandReceipt = Schemas['CommandReceipt'];
export type CommandReceiptDevice = Schemas['CommandReceiptDevice'];
export type HeadsetFailureCode = Schemas['HeadsetFailureCode'];
export type RunningLesson = Schemas['RunningLesson'];
export type LessonHeadset = Schemas['LessonHeadset'];
export type LessonPlan = Schemas['LessonPlan'];
export type LessonPlanStep = Schemas['LessonPlanStep'];
export type DeviceGroup = Schemas['DeviceGroup'];
export type DeviceGroupWrite = Schemas['DeviceGroupWrite'];
export type PaginatedDeviceGroupList = Schemas['PaginatedDeviceGroupList'];

export type OperatingSystem = Schemas['OperatingSystem'];
export type OperatingSystemCreate = Schemas['OperatingSystemCreate'];
export type OperatingSystemUpdate = Schemas['OperatingSystemUpdate'];
export type AuditKind = Schemas['AuditKind'];
export type AuditEntry = Schemas['AuditEntry'];
export type AuditHeadset = Schemas['AuditHeadset'];
export type AuditSubject = Schemas['AuditSubject'];
export type AuditEntryPage = Schemas['AuditEntryPage'];
/** The filters and cursor of listAuditEntries (exportAuditEntries takes the same filters). */
export type ListAuditEntriesQuery = NonNullable<operations['listAuditEntries']['parameters']['query']>;
