import type { components } from '@portal/api/schema';
import {
  type AttentionFallback,
  attentionFallbackCommands,
  attentionFallbackEndCommands,
  attentionRoute,
  COMMAND_EXPIRY_SECONDS,
  contentTypeOfStartCommand,
  DEFAULT_ATTENTION_MESSAGE,
  type DeviceCommand,
  fallbackOf,
  hasVisibleCharacter,
  isAttentionCommand,
  isHeadsetFailureCode,
  isolateBidi,
  needsHeadsetOnline,
  UPDATE_MIN_BATTERY_PERCENT,
  type UpdateProblem,
  unmetVersionGate,
  updateProblemsOf,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { type Executor, intArray, keyedBy, selectPage } from '../../db/sql.ts';
import { Conflict, fieldErrors, InvalidFields, LimitReached, NotFound, problemOf } from '../../errors.ts';
import { listed, MESSAGES } from '../../messages.ts';
import {
  type Caller,
  contentVisibleTo,
  contentVisibleToOrganisation,
  devicesVisibleTo,
  requireDeviceMember,
} from '../access.ts';
import {
  type AuditDetails,
  type AuditHeadsetRecord,
  type AuditRefusal,
  type AuditSubject,
  audit,
} from '../audit/index.ts';
import { COMMAND_EXPIRED_NOW, COMMAND_MESSAGE_NOW, COMMAND_STATUS_NOW } from '../commandStatus.ts';
import type { Services } from '../dependencies.ts';
import { imageForUpdate, NEWER_OPERATING_SYSTEM_ID, type UpdateImageFacts } from '../support/index.ts';
import { IS_ONLINE } from './devices.ts';
import { recordLessonCommand } from './lessonRecord.ts';

type Schemas = components['schemas'];
export type DeviceCommandView = Schemas['DeviceCommand'];
export type DeviceCommandRequest = Schemas['DeviceCommandRequest'];
/** queueDeviceCommand's body without the headsets: its modes may be left to each headset. */
export type QueuedCommandRequest = Omit<Schemas['DeviceCommandsRequest'], 'devices'>;
export type CommandStatus = Schemas['CommandStatus'];
type CommandExtras = Schemas['CommandExtras'];
/** Extras whose modes may be left out: each headset's own are queued then ({@link insertCommands}). */
type QueuedExtras = Schemas['QueuedCommandExtras'];

/** At most this many commands wait for one headset (queued or delivered); more answer 429. */
export const MAX_OPEN_COMMANDS_PER_DEVICE = 100;

const TEXT = MESSAGES.devices;
const label = (command: DeviceCommand) => TEXT.commandLabels[command];

const EXPIRED_NOW = COMMAND_EXPIRED_NOW;

/** The command as the portal sees it; expiry applies at once, before {@link sweepExpiredCommands} wrote it. */
export const COMMAND_COLUMNS = sql`c.id, c.device_id, d.serial_number, c.command, c.extras,
  ${COMMAND_STATUS_NOW} as status, ${COMMAND_MESSAGE_NOW} as message, c.code,
  c.created_at, c.delivered_at,
  case when ${EXPIRED_NOW} then c.expires_at else c.finished_at end as finished_at,
  c.expires_at`;

export type CommandRow = {
  id: number;
  device_id: number;
  serial_number: string;
  command: DeviceCommand;
  extras: CommandExtras;
  status: CommandStatus;
  message: string | null;
  code: string | null;
  created_at: Date;
  delivered_at: Date | null;
  finished_at: Date | null;
  expires_at: Date;
};

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

export function toView(row: CommandRow): DeviceCommandView {
  return {
    id: row.id,
    deviceId: row.device_id,
    serialNumber: row.serial_number,
    command: row.command,
    extras: row.extras,
    status: row.status,
    message: row.message,
    // Stored from the headset's result, which the contract validated against HeadsetFailureCode.
    code: isHeadsetFailureCode(row.code) ? row.code : null,
    createdAt: new Date(row.created_at).toISOString(),
    deliveredAt: iso(row.delivered_at),
    finishedAt: iso(row.finished_at),
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}

type TargetDevice = { id: number; name: string; organisationId: number; softwareVersion: string | null };

/** A headset a command goes to, with what the checks of a command need to know about it. */
type CommandTarget = TargetDevice & {
  isOnline: boolean;
  isEnrolled: boolean;
  batteryLevel: number | null;
  deviceTypeId: number;
  /** Its model's name (device type), for a refusal that names it. */
  model: string;
  /** It reported an update under way. */
  updating: boolean;
  openCommands: number;
  /** Whether the headset's organisation may use the command's content (true when it names none). */
  contentUsable: boolean;
  /** As it reported last: what the fallback of 'Alle Blicke nach vorn' pauses and mutes. */
  playbackState: 'playing' | 'paused' | 'stopped';
  muted: boolean;
  /** What that fallback paused and muted, while it is on. */
  attentionFallback: AttentionFallback | null;
};

/**
 * The headsets `where` picks (rows `d`), locked until the transaction ends (so that the limit of open commands
 * holds for parallel calls), in id order, with what the checks need: one statement for one headset or a class set.
 */
async function lockTargets(
  db: Executor,
  where: SQL,
  contentUuid: string | undefined,
): Promise<CommandTarget[]> {
  const usable =
    contentUuid === undefined
      ? sql`true`
      : sql`exists (select 1 from contents c where c.uuid = ${contentUuid}
          and ${contentVisibleToOrganisation(sql`d.organisation_id`)})`;
  const found = await db.execute<CommandTarget>(sql`
    select d.id, d.name, d.organisation_id as "organisationId", d.software_version as "softwareVersion",
      ${IS_ONLINE} as "isOnline", d.token_hash is not null as "isEnrolled", d.battery_level as "batteryLevel",
      d.device_type_id as "deviceTypeId", (select t.name from device_types t where t.id = d.device_type_id) as model,
      d.software_update is not null as "updating",
      (select count(*)::int from device_commands c where c.device_id = d.id
        and c.status in ('queued', 'delivered') and c.expires_at > now()) as "openCommands",
      ${usable} as "contentUsable",
      d.playback_state as "playbackState", d.muted, d.attention_fallback as "attentionFallback"
    from devices d where ${where}
    order by d.id
    for update of d`);
  return found.rows;
}

/** The mode a mode switch sets: the extra it cannot do without. */
function switchedMode(command: DeviceCommand): 'guidedModeState' | 'manufacturerModeState' | null {
  if (command === 'CMD.SET.GUIDED.MODE') return 'guidedModeState';
  if (command === 'CMD.SET.MANUFACTURER.MODE') return 'manufacturerModeState';
  return null;
}

/**
 * Extras must fit the command: start commands name their content, every other command none, a mode switch its
 * mode (only queueDeviceCommand's schema lets a mode out), and only an update an operating system image.
 */
function checkExtrasFit(command: DeviceCommand, extras: QueuedExtras): void {
  const startType = contentTypeOfStartCommand(command);
  const mode = switchedMode(command);
  if (mode !== null && extras[mode] === undefined) {
    throw InvalidFields.of(`extras.${mode}`, TEXT.modeRequired(label(command)));
  }
  if (command !== 'CMD.UPDATE' && extras.operatingSystemId !== undefined) {
    throw InvalidFields.of('extras.operatingSystemId', MESSAGES.operatingSystems.notForUpdate);
  }
  if (extras.message !== undefined) {
    if (command !== 'CMD.ATTENTION') throw InvalidFields.of('extras.message', TEXT.messageOnlyForAttention);
    // The schema bounds its length (120); a message of blanks or invisible characters would show an empty screen.
    if (!hasVisibleCharacter(extras.message)) throw InvalidFields.of('extras.message', TEXT.messageBlank);
  }
  if (startType === null) {
    const errors = fieldErrors();
    if (extras.contentUuid !== undefined) errors['extras.contentUuid'] = [TEXT.notForCommand(label(command))];
    if (extras.packageName !== undefined) errors['extras.packageName'] = [TEXT.notForCommand(label(command))];
    if (Object.keys(errors).length > 0) throw new InvalidFields(errors);
    return;
  }
  if (startType !== 'app' && extras.packageName !== undefined) {
    throw InvalidFields.of('extras.packageName', TEXT.packageOnlyForApps);
  }
  if (extras.contentUuid === undefined) {
    if (startType === 'app' && extras.packageName !== undefined) return;
    throw InvalidFields.of(
      'extras.contentUuid',
      startType === 'app' ? TEXT.appRequired : TEXT.contentRequired,
    );
  }
}

type ContentFacts = {
  id: number;
  title: string;
  content_type: keyof typeof TEXT.contentTypeNames;
  package_name: string | null;
  file: string | null;
};

/**
 * The content a start command names, as far as the caller may see it: null when they may not (or it does not exist),
 * undefined when the command names none.
 */
async function namedContent(
  db: Executor,
  caller: Caller,
  command: DeviceCommand,
  extras: QueuedExtras,
): Promise<ContentFacts | null | undefined> {
  if (contentTypeOfStartCommand(command) === null || extras.contentUuid === undefined) return undefined;
  const result =
    await db.execute<ContentFacts>(sql`select c.id, c.title, c.content_type, c.package_name, c.file
    from contents c where c.uuid = ${extras.contentUuid} and ${contentVisibleTo(caller)}`);
  return result.rows[0] ?? null;
}

/**
 * The content of a start command: one the caller may see (else the same message as for one that does not exist),
 * the headset's organisation may use, of the command's type, and for a video with its file.
 */
function checkContent(
  command: DeviceCommand,
  extras: QueuedExtras,
  content: ContentFacts | null | undefined,
  headset: CommandTarget,
): void {
  const expected = contentTypeOfStartCommand(command);
  if (expected === null || content === undefined) return;
  const field = 'extras.contentUuid';
  if (!content) throw InvalidFields.of(field, TEXT.unknownContent);
  if (!headset.contentUsable) throw InvalidFields.of(field, TEXT.notUsable);
  if (content.content_type !== expected) {
    throw InvalidFields.of(
      field,
      TEXT.wrongType(label(command), TEXT.contentTypeNames[content.content_type]),
    );
  }
  if (expected === 'app' && extras.packageName !== undefined && extras.packageName !== content.package_name) {
    throw InvalidFields.of('extras.packageName', TEXT.packageMismatch);
  }
  if (expected === 'video' && !content.file) throw InvalidFields.of(field, TEXT.noFile);
}

/**
 * The image a CMD.UPDATE names, one the caller sees and that is published (400 on the field otherwise, one message
 * for every reason); null when the command names none.
 */
async function namedImage(
  db: Executor,
  caller: Caller,
  extras: QueuedExtras,
): Promise<UpdateImageFacts | null> {
  if (extras.operatingSystemId === undefined) return null;
  const image = await imageForUpdate(db, caller, extras.operatingSystemId);
  if (!image) throw InvalidFields.of('extras.operatingSystemId', MESSAGES.operatingSystems.unknownForCommand);
  return image;
}

/** The 409 for the first of a headset's {@link UpdateProblem}s (an unpaired headset is offline to the portal). */
function updateRefusal(
  device: CommandTarget,
  problem: UpdateProblem,
  image: UpdateImageFacts | null,
): Conflict {
  switch (problem) {
    case 'unpaired':
    case 'offline':
      return new Conflict(TEXT.deviceOffline(device.name), {
        code: 'deviceOffline',
        params: { device: device.name },
      });
    case 'batteryLow':
      return new Conflict(TEXT.batteryTooLow(device.name, device.batteryLevel, UPDATE_MIN_BATTERY_PERCENT), {
        code: 'batteryTooLow',
        params: {
          device: device.name,
          requiredPercent: UPDATE_MIN_BATTERY_PERCENT,
          ...(device.batteryLevel === null ? {} : { batteryLevel: device.batteryLevel }),
        },
      });
    case 'updateRunning':
      return new Conflict(TEXT.updateRunning(device.name), {
        code: 'updateRunning',
        params: { device: device.name },
      });
    case 'wrongModel': {
      const version = image?.version ?? '';
      return new Conflict(TEXT.notForModel(version, device.model), {
        code: 'operatingSystemNotForModel',
        params: { device: device.name, version, model: device.model },
      });
    }
    case 'upToDate': {
      const version = image?.version ?? '';
      const installed = device.softwareVersion ?? TEXT.unknownVersion;
      return new Conflict(TEXT.upToDate(device.name, installed, version), {
        code: 'softwareUpToDate',
        params: { device: device.name, version, softwareVersion: installed },
      });
    }
  }
}

/** A CMD.UPDATE needs what @portal/domain's `updateProblemsOf` asks (the rollout picker shows the same). */
function checkUpdate(device: CommandTarget, image: UpdateImageFacts | null): void {
  const [problem] = updateProblemsOf(
    {
      isEnrolled: device.isEnrolled,
      isOnline: device.isOnline,
      batteryLevel: device.batteryLevel,
      softwareVersion: device.softwareVersion,
      deviceTypeId: device.deviceTypeId,
      updating: device.updating,
    },
    image,
  );
  if (problem) throw updateRefusal(device, problem, image);
}

/**
 * The version gate of the command (409 `softwareTooOld`). An attention command below its own gate passes when the
 * headset can take the fallback of pause + mute; the 409 then names the gate of the fallback it lacks.
 */
function checkVersionGate(device: TargetDevice, command: DeviceCommand): void {
  let gate = unmetVersionGate(device.softwareVersion, command);
  if (isAttentionCommand(command)) {
    const route = attentionRoute(device.softwareVersion);
    gate = route.kind === 'tooOld' ? route.gate : null;
  }
  if (!gate) return;
  const installed = device.softwareVersion ?? TEXT.unknownVersion;
  throw new Conflict(TEXT.softwareTooOld(label(command), gate.requiredVersion, installed), {
    code: 'softwareTooOld',
    params: { command, requiredVersion: gate.requiredVersion, softwareVersion: installed },
  });
}

/**
 * What the headset's own state of the moment allows, in the contract's order: the command's version gate (409), a
 * playback command only to a headset online now (409: playback belongs to the moment, it is refused, not queued), an
 * update only as {@link checkUpdate} allows (409), at most {@link MAX_OPEN_COMMANDS_PER_DEVICE} open commands (429).
 */
function checkHeadsetState(
  device: CommandTarget,
  command: DeviceCommand,
  image: UpdateImageFacts | null,
): void {
  checkVersionGate(device, command);
  if (!device.isOnline && needsHeadsetOnline(command)) {
    throw new Conflict(TEXT.deviceOffline(device.name), {
      code: 'deviceOffline',
      params: { device: device.name },
    });
  }
  if (command === 'CMD.UPDATE') checkUpdate(device, image);
  if (device.openCommands >= MAX_OPEN_COMMANDS_PER_DEVICE) {
    throw new LimitReached(TEXT.tooManyOpen(MAX_OPEN_COMMANDS_PER_DEVICE), {
      code: 'tooManyOpenCommands',
      params: { limit: MAX_OPEN_COMMANDS_PER_DEVICE },
    });
  }
}

/**
 * The commands a headset gets for the one requested: that command, or for an attention command below its gate the
 * fallback's toggles (@portal/domain attention.ts, from what the headset reported last). None needed: 409
 * `nothingToDo`.
 */
function plannedCommands(device: CommandTarget, command: DeviceCommand): DeviceCommand[] {
  if (!isAttentionCommand(command) || attentionRoute(device.softwareVersion).kind === 'attention')
    return [command];
  const ending = command === 'CMD.ATTENTION.END';
  const planned = ending
    ? attentionFallbackEndCommands(device.attentionFallback, device)
    : attentionFallbackCommands(device);
  if (planned.length > 0) return planned;
  throw new Conflict(
    ending ? TEXT.attentionNothingToUndo(device.name) : TEXT.attentionNothingToDo(device.name),
    {
      code: 'nothingToDo',
      params: { device: device.name },
    },
  );
}

/** The order the fallback's commands are queued in, so that a headset pauses before it mutes (ids ascending). */
const FALLBACK_ORDER: readonly DeviceCommand[] = ['CMD.TOGGLE.PAUSE', 'CMD.MUTE'];

/**
 * Queues each headset's {@link plannedCommands}: the requested command with its extras to those that run it, the
 * fallback's toggles (each headset's own modes) to the others, and keeps the fallback's record (what CMD.ATTENTION
 * paused and muted, cleared by CMD.ATTENTION.END). Returns one command per headset, the last queued for it: the
 * headset carries its commands out in order, so the last one's receipt is the headset's.
 */
async function queuePlanned(
  tx: Executor,
  caller: Caller,
  plans: ReadonlyMap<number, readonly DeviceCommand[]>,
  command: DeviceCommand,
  extras: QueuedExtras,
): Promise<QueuedCommand[]> {
  const direct = [...plans].filter(([, planned]) => planned.includes(command)).map(([id]) => id);
  const queued = await insertCommands(tx, caller, direct, command, extras);
  for (const fallbackCommand of FALLBACK_ORDER) {
    if (fallbackCommand === command) continue;
    const ids = [...plans].filter(([, planned]) => planned.includes(fallbackCommand)).map(([id]) => id);
    queued.push(...(await insertCommands(tx, caller, ids, fallbackCommand, NO_EXTRAS)));
  }
  if (command === 'CMD.ATTENTION') {
    const fallbacks = [...plans]
      .filter(([, planned]) => !planned.includes(command))
      .map(([id, planned]) => ({ id, ...fallbackOf(planned) }));
    if (fallbacks.length > 0) {
      // A second attention while the fallback is on adds to what the first did: ending it undoes both.
      await tx.execute(sql`update devices d set attention_fallback = jsonb_build_object(
          'paused', coalesce((d.attention_fallback->>'paused')::boolean, false) or f.paused,
          'muted', coalesce((d.attention_fallback->>'muted')::boolean, false) or f.muted)
        from jsonb_to_recordset(${JSON.stringify(fallbacks)}::jsonb) as f(id int, paused boolean, muted boolean)
        where d.id = f.id and ${keyedBy(
          sql`d.id`,
          fallbacks.map((f) => f.id),
        )}`);
    }
  } else if (command === 'CMD.ATTENTION.END' && plans.size > 0) {
    await tx.execute(sql`update devices set attention_fallback = null
      where id = any(${intArray([...plans.keys()])}) and attention_fallback is not null`);
  }
  const last = new Map<number, QueuedCommand>();
  for (const each of queued) if ((last.get(each.deviceId)?.id ?? 0) < each.id) last.set(each.deviceId, each);
  return [...last.values()];
}

/** {@link lockTargets} for listed ids, each of which must be a headset the caller sees: 400 on `devices` naming the others. */
async function lockListed(
  db: Executor,
  caller: Caller,
  deviceIds: readonly number[],
  contentUuid: string | undefined,
): Promise<CommandTarget[]> {
  const where = sql`d.id = any(${intArray(deviceIds)}) and ${devicesVisibleTo(caller)}`;
  const targets = await lockTargets(db, where, contentUuid);
  const known = new Set(targets.map((d) => d.id));
  const foreign = deviceIds.filter((id) => !known.has(id));
  if (foreign.length > 0) throw InvalidFields.of('devices', TEXT.foreignDevices(foreign));
  return targets;
}

/** The extras of a command without content: the modes stay each headset's own ({@link insertCommands}). */
const NO_EXTRAS: QueuedExtras = {};

/** The extras as queued: CMD.ATTENTION carries its message, the default one when the teacher wrote none. */
function withDefaults(command: DeviceCommand, extras: QueuedExtras): QueuedExtras {
  if (command !== 'CMD.ATTENTION' || extras.message !== undefined) return extras;
  return { ...extras, message: DEFAULT_ATTENTION_MESSAGE };
}

/** A command stored for a headset. */
interface QueuedCommand {
  id: number;
  deviceId: number;
}

/**
 * Inserts one command per headset, expiring after the command's time; returns the new rows. A mode the extras
 * leave out is stored as the headset reported it last, so every stored command carries both modes (contract
 * `CommandExtras`) and none switches a mode by accident. A CMD.UPDATE that names no image gets the newest one published
 * for the headset's model when that is newer than its software (contract `CommandOperatingSystemId`). A sync makes the
 * headsets' playlists count as not synchronised until they report.
 */
async function insertCommands(
  db: Executor,
  caller: Caller,
  deviceIds: number[],
  command: DeviceCommand,
  extras: QueuedExtras,
): Promise<QueuedCommand[]> {
  if (deviceIds.length === 0) return [];
  if (command === 'CMD.SYNC') {
    // Until the headset reports, its playlist counts as not synchronised.
    await db.execute(sql`update devices set sync_status = 'pending'
      where id = any(${intArray(deviceIds)}) and sync_status <> 'syncing'`);
  }
  const { guidedModeState, manufacturerModeState, ...content } = extras;
  const newestImage =
    command === 'CMD.UPDATE' && content.operatingSystemId === undefined
      ? sql`jsonb_strip_nulls(jsonb_build_object('operatingSystemId', ${NEWER_OPERATING_SYSTEM_ID}))`
      : sql`'{}'::jsonb`;
  const result = await db.execute<{ id: number; device_id: number }>(sql`
    insert into device_commands (device_id, command, extras, created_by, expires_at)
    select d.id, ${command},
      ${JSON.stringify(content)}::jsonb || ${newestImage} || jsonb_build_object(
        'guidedModeState', coalesce(${guidedModeState ?? null}::boolean, d.guided_mode),
        'manufacturerModeState', coalesce(${manufacturerModeState ?? null}::boolean, d.manufacturer_mode)),
      ${caller.id}, now() + make_interval(secs => ${COMMAND_EXPIRY_SECONDS[command]})
    from unnest(${intArray(deviceIds)}) with ordinality as listed(device_id, position)
    join devices d on d.id = listed.device_id
    order by listed.position
    returning id, device_id`);
  return result.rows.map((row) => ({ id: Number(row.id), deviceId: Number(row.device_id) }));
}

/** What a command entry of the Protokoll says besides the command: its content, its playlist, an app, a mode. */
interface CommandAbout {
  subjects?: AuditSubject[];
  details?: Omit<AuditDetails, 'command'>;
}

/** The Protokoll's words for a command's extras: the content it starts, the app by package name, the mode it sets. */
function aboutExtras(
  command: DeviceCommand,
  extras: QueuedExtras,
  content: ContentFacts | null | undefined,
): CommandAbout {
  if (content) return { subjects: [{ type: 'content', id: content.id, name: content.title }] };
  if (command === 'CMD.ATTENTION') return { details: { note: extras.message ?? DEFAULT_ATTENTION_MESSAGE } };
  if (extras.packageName !== undefined) return { details: { packageName: extras.packageName } };
  const mode = switchedMode(command);
  const modeState = mode === null ? undefined : extras[mode];
  return modeState === undefined ? {} : { details: { modeState } };
}

/**
 * The Protokoll's entry of a command, in its transaction: who sent it, to which headsets, each with its command (whose
 * state the log reads as the headset answers) or the refusal it was answered with. One entry per organisation of the
 * headsets, whose administrators read it (a caller in several organisations may command headsets of each).
 */
async function recordCommand(
  tx: Executor,
  caller: Caller,
  command: DeviceCommand,
  sent: {
    targets: readonly TargetDevice[];
    queued: readonly QueuedCommand[];
    refusals?: ReadonlyMap<number, AuditRefusal | null>;
  },
  about: CommandAbout,
): Promise<void> {
  const commandOf = new Map(sent.queued.map((queued) => [queued.deviceId, queued.id]));
  const byOrganisation = new Map<number, AuditHeadsetRecord[]>();
  for (const target of sent.targets) {
    const headsets = byOrganisation.get(target.organisationId) ?? [];
    headsets.push({
      id: target.id,
      name: target.name,
      commandId: commandOf.get(target.id) ?? null,
      refusal: sent.refusals?.get(target.id) ?? null,
    });
    byOrganisation.set(target.organisationId, headsets);
  }
  for (const [organisationId, headsets] of byOrganisation) {
    await audit.record(tx, {
      kind: 'command',
      actor: caller,
      organisationId,
      headsets,
      subjects: about.subjects ?? [],
      details: { command, ...about.details },
    });
  }
}

async function commandViews(db: Executor, ids: number[]): Promise<DeviceCommandView[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<CommandRow>(sql`select ${COMMAND_COLUMNS}
    from device_commands c join devices d on d.id = c.device_id
    where c.id = any(${intArray(ids)}) order by c.id`);
  return result.rows.map(toView);
}

/**
 * sendDeviceCommand: every check of the contract, in its order (headset 404, extras 400, content 400, version 409,
 * playback to an offline headset 409, open commands 429), in the transaction that queues the command with the
 * headset's row locked (so the limit of open commands holds for parallel calls); then the headset's poll is woken.
 */
export async function sendDeviceCommand(
  { db, headsetEvents }: Pick<Services, 'db' | 'headsetEvents'>,
  caller: Caller,
  serial: string,
  request: DeviceCommandRequest,
): Promise<DeviceCommandView> {
  const { command, extras } = request;
  const queued = await db.transaction(async (tx) => {
    const [found] = await lockTargets(tx, sql`d.serial_number = ${serial}`, extras.contentUuid);
    const device = requireDeviceMember(caller, found);
    checkExtrasFit(command, extras);
    const content = await namedContent(tx, caller, command, extras);
    checkContent(command, extras, content, device);
    checkHeadsetState(device, command, await namedImage(tx, caller, extras));
    const plans = new Map([[device.id, plannedCommands(device, command)]]);
    const commands = await queuePlanned(tx, caller, plans, command, withDefaults(command, extras));
    const commandIds = commands.map((queued) => queued.id);
    await recordCommand(
      tx,
      caller,
      command,
      { targets: [device], queued: commands },
      aboutExtras(command, extras, content),
    );
    const targets = [{ deviceId: device.id, organisationId: device.organisationId, refusal: null }];
    await recordLessonCommand(tx, caller, {
      command,
      contentUuid: extras.contentUuid,
      lesson: undefined,
      lessonPlanStep: undefined,
      targets,
      commandIds,
    });
    return { commandIds, deviceId: device.id };
  });
  await headsetEvents.commandsQueued([queued.deviceId]);
  const [view] = await commandViews(db, queued.commandIds);
  if (!view) throw new Error('queued command not found');
  return view;
}

export type DeviceCommandOutcome = Schemas['DeviceCommandOutcome'];

/**
 * queueDeviceCommand: sendDeviceCommand for a class set in one transaction. What holds for the request as a whole
 * (the ids, the extras, the content) refuses it as a whole; a headset's own state of the moment (version, online,
 * open commands) refuses that headset only, with the body sendDeviceCommand would answer. A mode the extras leave
 * out is each headset's own. A playback command keeps the lessons in the same transaction (lessonRecord.ts). Then the
 * polls of the headsets that got their command are woken. Results in the order of the request.
 */
export async function queueDeviceCommand(
  { db, headsetEvents }: Pick<Services, 'db' | 'headsetEvents'>,
  caller: Caller,
  deviceIds: number[],
  request: QueuedCommandRequest,
): Promise<{ results: DeviceCommandOutcome[] }> {
  const { command, extras } = request;
  const { commandIds, refusals } = await db.transaction(async (tx) => {
    const targets = await lockListed(tx, caller, deviceIds, extras.contentUuid);
    checkExtrasFit(command, extras);
    const content = await namedContent(tx, caller, command, extras);
    for (const target of targets) checkContent(command, extras, content, target);
    const image = await namedImage(tx, caller, extras);
    const refusals = new Map<number, DeviceCommandOutcome['refusal']>();
    const plans = new Map<number, DeviceCommand[]>();
    for (const target of targets) {
      try {
        checkHeadsetState(target, command, image);
        plans.set(target.id, plannedCommands(target, command));
      } catch (error) {
        if (!(error instanceof Conflict || error instanceof LimitReached)) throw error;
        refusals.set(target.id, problemOf(error));
      }
    }
    const queued = await queuePlanned(tx, caller, plans, command, withDefaults(command, extras));
    const commandIds = queued.map((each) => each.id);
    await recordCommand(
      tx,
      caller,
      command,
      { targets, queued, refusals },
      aboutExtras(command, extras, content),
    );
    await recordLessonCommand(tx, caller, {
      command,
      contentUuid: extras.contentUuid,
      lesson: request.lesson,
      lessonPlanStep: request.lessonPlanStep,
      targets: targets.map((t) => ({
        deviceId: t.id,
        organisationId: t.organisationId,
        refusal: refusals.get(t.id) ?? null,
      })),
      commandIds,
    });
    return { commandIds, refusals };
  });
  const views = await commandViews(db, commandIds);
  await headsetEvents.commandsQueued(views.map((view) => view.deviceId));
  const byDevice = new Map(views.map((view) => [view.deviceId, view]));
  return {
    results: deviceIds.map((deviceId) => ({
      deviceId,
      command: byDevice.get(deviceId) ?? null,
      refusal: refusals.get(deviceId) ?? null,
    })),
  };
}

/**
 * Queues a `CMD.SYNC` for the headsets of a playlist that changed (activated on them, items added, removed or moved),
 * inside the transaction of that change. A headset that still has a sync waiting in its queue gets no second one:
 * the waiting one reads the playlist as it is when the headset picks it up. Returns the headsets that got a command,
 * whose polls the caller wakes once the transaction has committed.
 */
export async function queuePlaylistSync(
  tx: Executor,
  caller: Caller,
  deviceIds: number[],
  playlist: { id: number; name: string },
): Promise<number[]> {
  if (deviceIds.length === 0) return [];
  const result =
    await tx.execute<TargetDevice>(sql`select d.id, d.name, d.organisation_id as "organisationId",
      d.software_version as "softwareVersion"
    from devices d where d.id = any(${intArray(deviceIds)})
      and not exists (select 1 from device_commands c where c.device_id = d.id and c.command = 'CMD.SYNC'
        and c.status = 'queued' and c.expires_at > now())
    order by d.id`);
  const targets = result.rows;
  if (targets.length === 0) return [];
  const queued = await insertCommands(
    tx,
    caller,
    targets.map((target) => target.id),
    'CMD.SYNC',
    NO_EXTRAS,
  );
  await recordCommand(
    tx,
    caller,
    'CMD.SYNC',
    { targets, queued },
    { subjects: [{ type: 'playlist', id: playlist.id, name: playlist.name }] },
  );
  return targets.map((target) => target.id);
}

/**
 * queueDeviceSync / queueDeviceSoftwareSync: one command per headset, all or none. Unknown or foreign ids are a
 * 400 naming them; for a gated command every headset must have the version (409 naming the others).
 */
export async function queueBulkCommand(
  { db, headsetEvents }: Pick<Services, 'db' | 'headsetEvents'>,
  caller: Caller,
  deviceIds: number[],
  command: 'CMD.SYNC' | 'CMD.SYNC.SOFTWARE',
): Promise<Schemas['QueuedCommands']> {
  const ids = await db.transaction(async (tx) => {
    const devices = await lockListed(tx, caller, deviceIds, undefined);
    const tooOld = devices.filter((d) => unmetVersionGate(d.softwareVersion, command) !== null);
    const gate = tooOld[0] ? unmetVersionGate(tooOld[0].softwareVersion, command) : null;
    if (gate) {
      // Each name isolated on its own: an override in one must not run into the next (messages.ts).
      const names = listed(tooOld.map((d) => isolateBidi(d.name)));
      throw new Conflict(TEXT.softwareTooOldMany(label(command), gate.requiredVersion, names), {
        code: 'softwareTooOld',
        params: { command, requiredVersion: gate.requiredVersion, devices: names },
      });
    }
    const queued = await insertCommands(tx, caller, deviceIds, command, NO_EXTRAS);
    await recordCommand(tx, caller, command, { targets: devices, queued }, {});
    return queued.map((each) => each.id);
  });
  await headsetEvents.commandsQueued(deviceIds);
  const commands = await commandViews(db, ids);
  const detail =
    command === 'CMD.SYNC' ? TEXT.syncQueued(commands.length) : TEXT.softwareSyncQueued(commands.length);
  return { detail, commands };
}

export interface CommandHistoryQuery {
  page: number;
  pageSize: number;
  status?: CommandStatus | undefined;
}

/** listDeviceCommandsLegacy: a headset's commands, newest first (the order they were queued in). */
export async function listDeviceCommands(
  db: Database,
  caller: Caller,
  deviceId: number,
  query: CommandHistoryQuery,
): Promise<{ count: number; results: DeviceCommandView[] }> {
  const device = await db.execute(sql`select 1 from devices d
    where d.id = ${deviceId} and ${devicesVisibleTo(caller)}`);
  if (device.rows.length === 0) throw new NotFound(MESSAGES.devices.notFound);
  const conditions = [sql`c.device_id = ${deviceId}`];
  if (query.status === 'expired') conditions.push(sql`(c.status = 'expired' or ${EXPIRED_NOW})`);
  else if (query.status === 'queued' || query.status === 'delivered') {
    conditions.push(sql`c.status = ${query.status} and not ${EXPIRED_NOW}`);
  } else if (query.status) conditions.push(sql`c.status = ${query.status}`);
  const select = async (where: SQL, limit: number, offset: number) => {
    const result = await db.execute<CommandRow & { total: string }>(sql`select ${COMMAND_COLUMNS},
        count(*) over () as total
      from device_commands c join devices d on d.id = c.device_id
      where ${where}
      order by c.id desc
      limit ${limit} offset ${offset}`);
    return result.rows;
  };
  return selectPage(conditions, query, select, toView);
}

/**
 * Writes the expiry of every open command past its time, with its reason. Reads already show them expired
 * (COMMAND_COLUMNS), so this only makes the stored rows say so; any server process may run it at any time.
 */
export async function sweepExpiredCommands(db: Executor): Promise<number> {
  const result = await db.execute(sql`update device_commands set status = 'expired', finished_at = expires_at,
      message = case status when 'queued' then ${TEXT.expiredQueued}
        else ${TEXT.expiredDelivered} end
    where status in ('queued', 'delivered') and expires_at <= now()`);
  return result.rowCount ?? 0;
}

/** Seconds between two sweeps of each server process. */
export const COMMAND_SWEEP_INTERVAL_SECONDS = 60;

export type CommandReceiptView = Schemas['CommandReceipt'];

/** What a receipt needs of a headset's last report (rows `d`), read by listCommandReceipts and the lessons. */
export const RECEIPT_DEVICE_COLUMNS = sql`d.name as device_name, ${IS_ONLINE} as is_online, d.playback_state,
  d.current_content_uuid, d.state_reported_at, d.sync_status, d.sync_progress, d.software_version, d.software_update`;

export type ReceiptDeviceRow = {
  device_name: string;
  is_online: boolean;
  playback_state: CommandReceiptView['device']['playbackState'];
  current_content_uuid: string | null;
  state_reported_at: Date | null;
  sync_status: CommandReceiptView['device']['syncStatus'];
  sync_progress: number | null;
  software_version: string | null;
  software_update: CommandReceiptView['device']['softwareUpdate'];
};

export function receiptDeviceOf(id: number, row: ReceiptDeviceRow): CommandReceiptView['device'] {
  return {
    id,
    name: row.device_name,
    isOnline: row.is_online,
    playbackState: row.playback_state,
    currentContentUuid: row.current_content_uuid,
    stateReportedAt: iso(row.state_reported_at),
    syncStatus: row.sync_status,
    syncProgress: row.sync_progress,
    softwareVersion: row.software_version,
    softwareUpdate: row.software_update,
  };
}

/**
 * listCommandReceipts: the listed commands of the caller's organisations' headsets (others are left out), each with
 * its headset's latest report, in the order asked for. One statement.
 */
export async function listCommandReceipts(
  db: Database,
  caller: Caller,
  commandIds: number[],
): Promise<{ results: CommandReceiptView[] }> {
  const result = await db.execute<CommandRow & ReceiptDeviceRow>(sql`select ${COMMAND_COLUMNS},
      ${RECEIPT_DEVICE_COLUMNS}
    from device_commands c join devices d on d.id = c.device_id
    where c.id = any(${intArray(commandIds)}) and ${devicesVisibleTo(caller)}
    order by array_position(${intArray(commandIds)}, c.id)`);
  return {
    results: result.rows.map((row) => ({
      command: toView(row),
      device: receiptDeviceOf(row.device_id, row),
    })),
  };
}
