// The public surface of @portal/domain, named one by one so every export is a decision.

export {
  FALLBACK_LANGUAGE,
  LOGIN_ATTEMPTS,
  LOGIN_LOCK_DURATION_MS,
  NAVBAR_HEIGHT_PX,
  PLAYBACK_TICK_MS,
  RUNNING_STATE_MAX_AGE_MS,
  STORAGE_PREFIX,
  shouldRetryTranslationLoad,
  TOAST_DURATION_MS,
  TRANSLATION_MAX_PARALLEL_READS,
  TRANSLATION_MAX_PLACEHOLDERS,
  TRANSLATION_MAX_RETRIES,
  TRANSLATION_RETRY_INITIAL_DELAY_MS,
  translationRetryDelayMs,
} from './constants.ts';
export {
  CONTENT_ORDERINGS,
  CONTENT_TYPES,
  type ContentDegrees,
  type ContentOrdering,
  type ContentType,
  contentFormatDegrees,
  contentOrderingFor,
  FORMATS_180,
  isContentType,
} from './content.ts';
export {
  DEVICE_CODE_NAMES,
  DEVICE_COMMANDS,
  type DeviceCodeName,
  type DeviceCommand,
  isDeviceCommand,
  type StartCommand,
  startCommandFor,
} from './devices.ts';
export {
  AGE_TEXT_FROM,
  AGE_TEXT_NONE,
  AGE_TEXT_RANGE,
  AGE_TEXT_UP_TO,
  type AgeRange,
  ageRange,
  ageRangeText,
  BYTE_UNITS,
  type ByteSize,
  type ByteUnit,
  byteSize,
  formatBytes,
  formatDuration,
  TRUNCATION_SUFFIX,
  truncateText,
} from './format.ts';
export {
  HELP_TOPIC_ALIASES,
  HELP_TOPICS,
  type HelpTopic,
  type HelpTopicKey,
  helpTopicForPath,
} from './help.ts';
export {
  isLoginBlocked,
  type LoginAttemptEvent,
  type LoginAttemptsState,
  loginAttemptsAt,
  loginAttemptsReducer,
  loginLockEndsAt,
  nextLoginAttempts,
  parseLoginAttempts,
  remainingAfterFailure,
  resetLoginAttempts,
} from './login.ts';
export {
  isRunningStateUsable,
  type RunningState,
} from './playback.ts';
export {
  type DomainMembership,
  type DomainMembershipUser,
  type DomainOrganisation,
  type DomainOwnedContent,
  type DomainUser,
  deriveRoleFlags,
  isAdministrator,
  isContentOwner,
  isInMsbGroup,
  isKmzUser,
  isMsbUser,
  isZfslUser,
  type KnownOrganisationType,
  ORGANISATION_TYPE,
  type RoleFlags,
} from './roles.ts';
export {
  DEFAULT_SORT_OPTION,
  isSortOption,
  SORT_OPTIONS,
  type SortablePlaylistItem,
  type SortOption,
  sortPlaylistItems,
} from './sorting.ts';
export {
  freeStorageGb,
  STORAGE_CAPACITY_GB,
  usableStorageGb,
} from './storage.ts';
export {
  EMAIL_PATTERN,
  EMAIL_PATTERN_SOURCE,
  EMAIL_PATTERN_STRICT_TLD,
  EMAIL_PATTERN_STRICT_TLD_SOURCE,
  FILE_NAME_PATTERN,
  FILE_NAME_PATTERN_SOURCE,
  isValidEmail,
  isValidFileName,
  isValidPassword,
  PASSWORD_MIN_LENGTH,
  PASSWORD_PATTERN,
  PASSWORD_PATTERN_SOURCE,
  PASSWORD_RULES,
  type PasswordRule,
  passwordRuleViolations,
} from './validation.ts';
export {
  compareVersions,
  isOlderThan,
  meetsVersionGate,
  type ParsedVersion,
  parseVersion,
  VERSION_GATES,
  type VersionGate,
} from './version.ts';
