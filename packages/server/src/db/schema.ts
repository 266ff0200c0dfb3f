import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * German sort key (DIN 5007-1: ä as a, ß as s) that does not depend on the database's collation, which is
 * bytewise in PGlite. Callers break ties by id so that pages never overlap or skip items. An index on it (headsets by
 * name) serves a list only when the list orders by exactly this expression.
 */
export const germanSortKey = (column: SQL) =>
  sql`lower(translate(${column}, 'ÄÖÜäöüßÉéÈèÀàÂâ', 'AOUaousEeEeAaAa'))`;

export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  organisationType: integer('organisation_type').notNull(),
  msbSchoolNumber: text('msb_school_number'),
  // Bytes of stored files the organisation may keep; null: the server's STORAGE_QUOTA_BYTES (staff change it).
  storageQuotaBytes: bigint('storage_quota_bytes', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    // Stored lower-cased: sign-in treats addresses case-insensitively.
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    isStaff: boolean('is_staff').notNull().default(false),
    isSocialUser: boolean('is_social_user').notNull().default(false),
    isContentAdmin: boolean('is_content_admin').notNull().default(false),
    arixSchoolid: text('arix_schoolid'),
    img: text('img'),
    // The portal language the user chose ('de' | 'en'); null until they choose (contract: PortalLanguage).
    language: text('language'),
    // Acceptance is per terms version, so publishing a new version resets everybody without touching users.
    acceptedTosVersion: integer('accepted_tos_version'),
    // Set while portal staff have locked the account: no sign-in, and its sessions end at once.
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    isAdministrator: boolean('is_administrator').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_user_org_unique').on(t.userId, t.organisationId),
    index('memberships_org_idx').on(t.organisationId),
  ],
);

export const tosVersions = pgTable('tos_versions', {
  version: integer('version').primaryKey(),
  // Root-relative URL or absolute URL of the terms document.
  file: text('file').notNull(),
  privacyPolicyFile: text('privacy_policy_file'),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: text('jti').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // All tokens descending from one login share a family; reuse of a rotated token ends the family.
    familyId: text('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: text('replaced_by'),
    // The pair a rotation gave for this token, sealed with the token itself (services/accounts/tokens.ts): for the
    // reuse leeway, without live tokens in the database or its dumps.
    successor: text('successor'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.familyId)],
);

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const deviceTypes = pgTable(
  'device_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    // Bytes: the model's nominal capacity (spec §3, GB of 1024³ bytes).
    storageTotal: bigint('storage_total', { mode: 'number' }),
  },
  (t) => [uniqueIndex('device_types_name_unique').on(t.name)],
);

/**
 * Headsets. What the portal decides (name, organisation, active playlist) and what the headset reported last
 * (`reportHeadsetState`); the reported columns are null until its first report. Online is not stored: it follows
 * from `last_seen` and `announced_offline` (the online rule, @portal/domain HEADSET_ONLINE_WINDOW_SECONDS).
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    serialNumber: text('serial_number').notNull(),
    name: text('name').notNull(),
    deviceTypeId: integer('device_type_id')
      .notNull()
      .references(() => deviceTypes.id),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    softwareVersion: text('software_version'),
    batteryLevel: integer('battery_level'),
    storageTotal: bigint('storage_total', { mode: 'number' }),
    storageUsed: bigint('storage_used', { mode: 'number' }),
    // Last sign of life: a poll, a state report or a command result.
    lastSeen: timestamp('last_seen', { withTimezone: true }),
    // Set when the headset reports a reboot, shutdown or update done (it goes down now) or hangs up a held poll;
    // its next call clears it.
    announcedOffline: boolean('announced_offline').notNull().default(false),
    // The `session` of its latest poll (a value the headset chooses anew at every start): another one means it
    // restarted, and what was delivered to it unanswered is handed out again or ends interrupted (headsetSide.ts).
    headsetSession: text('headset_session'),
    currentApp: text('current_app'),
    currentContentUuid: uuid('current_content_uuid'),
    playbackState: text('playback_state').notNull().default('stopped'),
    playbackPosition: integer('playback_position'),
    // When the last state report arrived: a receipt trusts what runs only from a report after the command's result.
    stateReportedAt: timestamp('state_reported_at', { withTimezone: true }),
    // The one source of a playlist's `sdmDevices`: a headset has at most one active playlist, and deleting the
    // playlist leaves it with none (contract: deleteConfiguration).
    activeConfigurationId: integer('active_configuration_id').references(() => configurations.id, {
      onDelete: 'set null',
    }),
    syncStatus: text('sync_status').notNull().default('synced'),
    syncProgress: integer('sync_progress'),
    // The running sync's bytes as the headset reported them, and when it first reported this sync running: its rate
    // gives the time left (issue 22). Null while no sync runs.
    syncBytesDone: bigint('sync_bytes_done', { mode: 'number' }),
    syncBytesTotal: bigint('sync_bytes_total', { mode: 'number' }),
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
    // Uuids of the Mediathek items the headset holds (its last `installedContent`): one array, so that a state
    // report stays one UPDATE however much the headset holds.
    installedContent: uuid('installed_content').array().notNull().default(sql`'{}'::uuid[]`),
    guidedMode: boolean('guided_mode').notNull().default(false),
    manufacturerMode: boolean('manufacturer_mode').notNull().default(false),
    muted: boolean('muted').notNull().default(false),
    // 'Alle Blicke nach vorn' (issue 26): the message the headset reported on its screen, null when none.
    attention: text('attention'),
    // What the server's fallback for software below the attention gate paused and muted (@portal/domain
    // `AttentionFallback`), so CMD.ATTENTION.END undoes exactly that; null when no fallback is on.
    attentionFallback: jsonb('attention_fallback'),
    // The update under way as the headset reported it last (contract `SoftwareUpdate`), null when none runs.
    softwareUpdate: jsonb('software_update'),
    // SHA-256 (hex) of the device token and of the one-time enrolment code; the secrets themselves are never stored.
    tokenHash: text('token_hash'),
    enrolmentCodeHash: text('enrolment_code_hash'),
    enrolmentCodeExpiresAt: timestamp('enrolment_code_expires_at', { withTimezone: true }),
    // A demo headset that the built-in simulator plays on `npm start` (DEMO_FLEET).
    simulated: boolean('simulated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_serial_unique').on(t.serialNumber),
    uniqueIndex('devices_token_hash_unique').on(t.tokenHash),
    uniqueIndex('devices_enrolment_code_hash_unique').on(t.enrolmentCodeHash),
    index('devices_org_idx').on(t.organisationId),
    // The fleet page as it opens: an organisation's headsets by name, a page at a time, without sorting thousands.
    index('devices_org_name_idx').on(t.organisationId, germanSortKey(sql`${t.name}`), t.id),
    // Every playlist in a list names its headsets (`sdmDevices`).
    index('devices_active_configuration_idx').on(t.activeConfigurationId),
    // The fleet's search finds a part of a name or serial number (`ilike '%…%'`): trigrams make it a lookup instead of
    // a scan of every headset, twice (page and total). pg_trgm: migration 0021, db/pgliteExtensions.mjs.
    index('devices_name_search_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('devices_serial_search_idx').using('gin', t.serialNumber.op('gin_trgm_ops')),
  ],
);

/**
 * Commands sent to headsets, with their lifecycle queued → delivered → done | failed, or expired (never deleted
 * before their headset: the history keeps every one).
 */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    command: text('command').notNull(),
    extras: jsonb('extras').notNull(),
    status: text('status').notNull().default('queued'),
    // The headset's message with its result, or why the command expired.
    message: text('message'),
    // With a failed result: the reason as a code the portal words (contract HeadsetFailureCode).
    code: text('code'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The history (newest first) and the poll (open commands of one headset).
    index('device_commands_device_idx').on(t.deviceId, t.id),
    index('device_commands_open_idx').on(t.deviceId, t.id).where(sql`status in ('queued', 'delivered')`),
    // The expiry sweep.
    index('device_commands_open_expiry_idx').on(t.expiresAt).where(sql`status in ('queued', 'delivered')`),
  ],
);

/** Gruppierungen: named sets of headsets of one organisation ('Klasse 7b', 'Koffer 1'). */
export const deviceGroups = pgTable(
  'device_groups',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One name once per organisation, whatever its case.
  (t) => [uniqueIndex('device_groups_org_name_unique').on(t.organisationId, sql`lower(${t.name})`)],
);

/** The headsets of a group; a headset may be in several groups. */
export const deviceGroupMembers = pgTable(
  'device_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => deviceGroups.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.deviceId] }),
    // The headset list's group filter and removing a headset.
    index('device_group_members_device_idx').on(t.deviceId),
  ],
);

/**
 * Lessons (issue 22): playback an organisation runs on a set of its headsets, recorded by the server when the
 * playback commands go out (services/headsets/lessonRecord.ts), so that every signed-in member sees and controls it
 * from any device (services/headsets/lessons.ts). `paused_at` is set while paused, `paused_seconds` sums the pauses
 * before it; `last_command_at` is the latest start, retry, pause or resume; `ended_at` with `end_reason` ('stopped',
 * 'replaced', 'expired', 'idle') once it is over. Reads count a lesson as ended at once when it is past its time or idle
 * (LESSON_RUNNING); the sweep writes it.
 */
export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastCommandAt: timestamp('last_command_at', { withTimezone: true }).notNull().defaultNow(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pausedSeconds: doublePrecision('paused_seconds').notNull().default(0),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
    // A lesson run from a lesson plan (Unterrichtsablauf): the plan and the 1-based position of the step that plays,
    // so that every screen and a reload know where the class is. 'Weiter' and 'Zurück' move it within the lesson.
    lessonPlanId: integer('lesson_plan_id').references(() => lessonPlans.id, { onDelete: 'set null' }),
    lessonPlanStep: integer('lesson_plan_step'),
  },
  // An organisation's running lessons (the read every open dashboard polls) and the sweep.
  (t) => [index('lessons_running_idx').on(t.organisationId).where(sql`ended_at is null`)],
);

/**
 * The headsets of a lesson: the latest lesson command each got (`command_id`, for its receipt) or the server's
 * refusal of it (`refusal`, the `Error` body), and `left_at` once it left (stopped, taken over by another lesson, or the
 * lesson ended). A headset is in at most one lesson at a time (the partial unique index).
 */
export const lessonDevices = pgTable(
  'lesson_devices',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    commandId: integer('command_id').references(() => deviceCommands.id, { onDelete: 'set null' }),
    refusal: jsonb('refusal'),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.lessonId, t.deviceId] }),
    uniqueIndex('lesson_devices_one_lesson_idx').on(t.deviceId).where(sql`left_at is null`),
  ],
);

export const contentCategories = pgTable('content_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const contents = pgTable(
  'contents',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().default(sql`gen_random_uuid()`),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    contentType: text('content_type').notNull(),
    packageName: text('package_name'),
    url: text('url'),
    file: text('file'),
    fileSize: bigint('file_size', { mode: 'number' }),
    duration: integer('duration'),
    format: text('format'),
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    categoryId: integer('category_id').references(() => contentCategories.id, { onDelete: 'set null' }),
    previewImage: text('preview_image'),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contents_uuid_unique').on(t.uuid),
    index('contents_owner_idx').on(t.ownerId),
    index('contents_created_idx').on(t.createdAt),
    // Every request for a stored file finds its item by the file's URL (http/mediaFiles.ts).
    index('contents_file_idx').on(t.file),
  ],
);

/**
 * Requests to make an item public ('Für alle Schulen freigeben beantragen', Moderieren): every request is kept, the
 * newest one of an item is what its page shows. At most one waits per item (the partial unique index), so two
 * members proposing at once get one request and one 409.
 */
export const publicationRequests = pgTable(
  'publication_requests',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    state: text('state')
      .$type<'pending' | 'approved' | 'rejected' | 'withdrawn'>()
      .notNull()
      .default('pending'),
    note: text('note').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('publication_requests_content_idx').on(t.contentId),
    index('publication_requests_state_idx').on(t.state, t.requestedAt),
    uniqueIndex('publication_requests_one_pending').on(t.contentId).where(sql`state = 'pending'`),
  ],
);

export const contentShares = pgTable(
  'content_shares',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.organisationId] }),
    index('content_shares_org_idx').on(t.organisationId),
  ],
);

/** Playlists (configurations, spec §3) of an organisation, synchronised to the headsets they are active on. */
export const configurations = pgTable(
  'configurations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    // Written by every assignment of headsets (devices.active_configuration_id); reads derive activeState from the
    // headsets instead, which is right also after a headset was removed (services/playlists/configurations.ts).
    activeState: boolean('active_state').notNull().default(false),
    // Place in the owner's list: the portal's default sort.
    positionNumber: integer('position_number').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('configurations_owner_idx').on(t.ownerId)],
);

/**
 * Mediathek items of a playlist; positions are 1-based and kept without gaps. Only `cms` items: the MSB media
 * source of the contract's `msb` origin is not connected to this server.
 */
export const configurationItems = pgTable(
  'configuration_items',
  {
    configurationId: integer('configuration_id')
      .notNull()
      .references(() => configurations.id, { onDelete: 'cascade' }),
    // Cascade as a safety net (an organisation's deletion takes its content along); deleteContent removes the
    // items itself so that the remaining positions are renumbered and the playlists count as changed.
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    positionNumber: integer('position_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.configurationId, t.contentId] }),
    index('configuration_items_content_idx').on(t.contentId),
  ],
);

export const configurationShares = pgTable(
  'configuration_shares',
  {
    configurationId: integer('configuration_id')
      .notNull()
      .references(() => configurations.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.configurationId, t.organisationId] }),
    index('configuration_shares_org_idx').on(t.organisationId),
  ],
);

/**
 * Attempts per key (services/accounts/throttle.ts: e.g. 'login:pair:<email>|<ip>', 'login:account:<email>',
 * 'login:address:<ip>', 'reset:account:<email>') in a window from the first attempt; the attempt that reaches the
 * limit sets `locked_until`. Kept in the database, not in memory, so that several server processes on one database
 * throttle together.
 */
export const throttleCounters = pgTable('throttle_counters', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Client addresses an account signed in from successfully (services/accounts/loginThrottle.ts): while an address is throttled
 * for spraying many accounts, the accounts that signed in from it before keep signing in. Forgotten after 30 days.
 */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.address] }),
    index('sign_in_addresses_time_idx').on(t.lastSuccessAt),
  ],
);

/**
 * Open invitations of people without an account to an organisation (services/accounts/invitations.ts): one per organisation
 * and address, removed when it is accepted or withdrawn. Only the SHA-256 of the link's token is stored.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    // Stored lower-cased like users.email.
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    // Sent by portal staff to onboard an organisation: the link creates the account as its administrator.
    isAdministrator: boolean('is_administrator').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_unique').on(t.tokenHash),
    uniqueIndex('invitations_org_email_unique').on(t.organisationId, t.email),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the link's hash: a leaked database does not hand out working reset links.
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/** Content languages with their German names (lookup list of listLanguages; content stores the codes). */
export const contentLanguages = pgTable('content_languages', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

/**
 * Preview images and documents. Uploaded before the content item exists (the form uploads first), so they belong
 * to the uploader's organisation until a content item takes them up.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    contentId: integer('content_id').references(() => contents.id, { onDelete: 'set null' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    // Key in the media store; the URL is derived from it.
    storageKey: text('storage_key').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stored_files_content_idx').on(t.contentId),
    // Every request for a preview or document finds it by its key (http/mediaFiles.ts).
    index('stored_files_storage_key_idx').on(t.storageKey),
  ],
);

/** What a multipart upload's file is for (`multipart_uploads.target_kind`, text in the database). */
export type UploadTargetKind = 'content' | 'operatingSystem';

/** An unfinished multipart upload of a content file or an operating system image. */
export const multipartUploads = pgTable(
  'multipart_uploads',
  {
    id: text('id').primaryKey(),
    targetKind: text('target_kind').$type<UploadTargetKind>().notNull(),
    targetId: integer('target_id').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }),
    partSize: integer('part_size').notNull(),
    maxParts: integer('max_parts').notNull(),
    /** The target's limit when the upload started (null for uploads started before limits were kept here). */
    maxBytes: bigint('max_bytes', { mode: 'number' }),
    /** Key of the finished file, fixed at start: an S3 multipart upload is created at its final key. */
    storageKey: text('storage_key'),
    /** The store's own id of the upload (S3 UploadId); null on local disk. */
    storageUploadId: text('storage_upload_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('multipart_uploads_target_idx').on(t.targetKind, t.targetId)],
);

export const multipartUploadParts = pgTable(
  'multipart_upload_parts',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => multipartUploads.id, { onDelete: 'cascade' }),
    partNumber: integer('part_number').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    etag: text('etag').notNull(),
    /** The store's own tag of the part (S3 part ETag, needed by CompleteMultipartUpload); null on local disk. */
    storageEtag: text('storage_etag'),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);

/** Links a social login (provider + subject of its ID token) to a portal user. */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('social_accounts_provider_subject_unique').on(t.provider, t.subject)],
);

/** A social login between the redirect to the provider and its callback: state, PKCE verifier, nonce, return URL. */
export const socialLogins = pgTable('social_logins', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  callbackUrl: text('callback_url').notNull(),
  origin: text('origin').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Browser session after a social login (cookie `sessionid`, stored hashed); used once to obtain tokens. */
export const socialSessions = pgTable('social_sessions', {
  idHash: text('id_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Operating system images for headsets (support pages); the image arrives by multipart upload. A published one counts
 * for 'Software veraltet' of its models and can be rolled out (CMD.UPDATE); a draft only staff see.
 */
export const operatingSystems = pgTable('operating_systems', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  version: text('version').notNull(),
  isPublished: boolean('is_published').notNull().default(false),
  releaseNotes: text('release_notes').notNull().default(''),
  file: text('file'),
  fileSize: bigint('file_size', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The headset models an image is for (at least one, checked by the service). */
export const operatingSystemDeviceTypes = pgTable(
  'operating_system_device_types',
  {
    operatingSystemId: integer('operating_system_id')
      .notNull()
      .references(() => operatingSystems.id, { onDelete: 'cascade' }),
    deviceTypeId: integer('device_type_id')
      .notNull()
      .references(() => deviceTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.operatingSystemId, t.deviceTypeId] }),
    // 'Software veraltet' looks up the images of a headset's model for every headset of a list.
    index('operating_system_device_types_type_idx').on(t.deviceTypeId),
  ],
);

/**
 * The Protokoll (services/audit): one row per recorded action, written in the transaction of the action. Who did it
 * and what it concerned are kept as they were named then (`actor_name`, `subjects`), so an entry stays readable after
 * a rename or a deleted account; the server deletes entries after the retention time (AUDIT_RETENTION_DAYS). Pages are
 * read newest first by (occurred_at, id) from the indexes below, whatever the log's size.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    // Null for what concerns the portal as a whole (terms versions), which only staff read.
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // Null actor name: the server itself (the command line), not a person.
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    // Persons, content, playlists, organisations, invitations the entry is about (contract AuditSubject).
    subjects: jsonb('subjects').notNull().default(sql`'[]'::jsonb`),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    // Staff's view of everything, and the retention job's oldest entries.
    index('audit_entries_time_idx').on(t.occurredAt, t.id),
    // An administrator's view of the organisation, and with the kind filter.
    index('audit_entries_org_time_idx').on(t.organisationId, t.occurredAt, t.id),
    index('audit_entries_org_kind_time_idx').on(t.organisationId, t.kind, t.occurredAt, t.id),
    index('audit_entries_kind_time_idx').on(t.kind, t.occurredAt, t.id),
    // What one person did.
    index('audit_entries_actor_time_idx').on(t.actorId, t.occurredAt, t.id),
  ],
);

/**
 * The headsets of an entry, named as they were then, with the command each got (its final state is read from
 * device_commands) or the refusal the server answered for it. The time is the entry's, so that one headset's entries
 * page from this table's index alone. No foreign key to devices: a removed headset's entries stay.
 */
export const auditEntryDevices = pgTable(
  'audit_entry_devices',
  {
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => auditEntries.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').notNull(),
    deviceName: text('device_name').notNull(),
    commandId: integer('command_id').references(() => deviceCommands.id, { onDelete: 'set null' }),
    refusal: jsonb('refusal'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.deviceId] }),
    index('audit_entry_devices_device_time_idx').on(t.deviceId, t.occurredAt, t.entryId),
    // Removing a headset sets its commands' links to null.
    index('audit_entry_devices_command_idx').on(t.commandId),
  ],
);

/**
 * Lesson plans (Unterrichtsablauf, issue 26): a named, ordered list of steps of an organisation, each a Mediathek item
 * with an optional note for the teacher and planned minutes. Shared read-only like playlists (`lesson_plan_shares`).
 */
export const lessonPlans = pgTable(
  'lesson_plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lesson_plans_owner_idx').on(t.ownerId)],
);

/**
 * The steps of a plan; positions are 1-based and kept without gaps (as a playlist's items). An item may be a step
 * more than once, so a step has its own id. Deleting the item takes its steps along (deleteContent renumbers).
 */
export const lessonPlanSteps = pgTable(
  'lesson_plan_steps',
  {
    id: serial('id').primaryKey(),
    lessonPlanId: integer('lesson_plan_id')
      .notNull()
      .references(() => lessonPlans.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    positionNumber: integer('position_number').notNull(),
    note: text('note').notNull().default(''),
    plannedMinutes: integer('planned_minutes'),
  },
  (t) => [
    index('lesson_plan_steps_plan_idx').on(t.lessonPlanId, t.positionNumber),
    index('lesson_plan_steps_content_idx').on(t.contentId),
  ],
);

export const lessonPlanShares = pgTable(
  'lesson_plan_shares',
  {
    lessonPlanId: integer('lesson_plan_id')
      .notNull()
      .references(() => lessonPlans.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.lessonPlanId, t.organisationId] }),
    index('lesson_plan_shares_org_idx').on(t.organisationId),
  ],
);
