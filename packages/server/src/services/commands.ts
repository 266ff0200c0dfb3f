import type { components } from '@portal/api/schema';
import {
  COMMAND_EXPIRY_SECONDS,
  contentTypeOfStartCommand,
  type DeviceCommand,
  unmetVersionGate,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { type Executor, intArray } from './configurationItems.ts';
import { visibleTo, visibleToOrganisation } from './content.ts';
import { FieldErrorsError } from './contentWrite.ts';
import { DEVICE_MESSAGES, ofCallerOrganisations } from './devices.ts';
import type { HeadsetEvents } from './headsetEvents.ts';

type Schemas = components['schemas'];
export type DeviceCommandView = Schemas['DeviceCommand'];
export type DeviceCommandRequest = Schemas['DeviceCommandRequest'];
export type CommandStatus = Schemas['CommandStatus'];
type CommandExtras = Schemas['CommandExtras'];

/** At most this many commands wait for one headset (queued or delivered); more answer 429. */
export const MAX_OPEN_COMMANDS_PER_DEVICE = 100;

/** German names of the commands, as the portal's buttons call them. */
const COMMAND_LABELS: Record<DeviceCommand, string> = {
  'CMD.REBOOT': 'Neu starten',
  'CMD.SHUTDOWN': 'Ausschalten',
  'CMD.SYNC': 'Synchronisieren',
  'CMD.SYNC.SOFTWARE': 'Software synchronisieren',
  'CMD.UPDATE': 'Software aktualisieren',
  'CMD.MUTE': 'Stummschalten',
  'CMD.TOGGLE.PAUSE': 'Pausieren / Fortsetzen',
  'CMD.START.APP': 'App starten',
  'CMD.START.VIDEO': 'Video starten',
  'CMD.START.WEBAPP': 'Web-App starten',
  'CMD.STOP.RUNNING': 'Stoppen',
  'CMD.SET.GUIDED.MODE': 'Geführter Modus',
  'CMD.SET.MANUFACTURER.MODE': 'Herstellermodus',
};

const CONTENT_TYPE_NAMES = { app: 'eine App', video: 'ein Video', webApp: 'eine Web-App' } as const;

export const COMMAND_MESSAGES = {
  contentRequired: 'Bitte wählen Sie den Inhalt, der starten soll.',
  appRequired: 'Bitte wählen Sie eine App (Inhalt oder Paketname).',
  notForCommand: (command: DeviceCommand) => `Der Befehl „${COMMAND_LABELS[command]}“ startet keinen Inhalt.`,
  packageOnlyForApps: 'Einen Paketnamen nimmt nur „App starten“.',
  unknownContent: 'Diesen Inhalt gibt es nicht oder Sie dürfen ihn nicht verwenden.',
  notUsable:
    'Diesen Inhalt darf die Organisation der VR-Brille nicht verwenden. Bitte teilen Sie ihn zuerst mit ihr.',
  wrongType: (command: DeviceCommand, actual: keyof typeof CONTENT_TYPE_NAMES) =>
    `„${COMMAND_LABELS[command]}“ startet keinen Inhalt dieser Art: der Inhalt ist ${CONTENT_TYPE_NAMES[actual]}.`,
  packageMismatch: 'Der Paketname gehört nicht zu der gewählten App.',
  noFile: 'Dieses Video hat noch keine Datei. Bitte laden Sie sie zuerst hoch.',
  softwareTooOld: (command: DeviceCommand, required: string, installed: string) =>
    `„${COMMAND_LABELS[command]}“ braucht auf der VR-Brille mindestens die Software-Version ${required} ` +
    `(installiert: ${installed}). Bitte aktualisieren Sie die VR-Brille zuerst.`,
  softwareTooOldMany: (command: DeviceCommand, required: string, names: string) =>
    `„${COMMAND_LABELS[command]}“ braucht mindestens die Software-Version ${required}. Zu alt sind: ${names}. ` +
    'Bitte aktualisieren Sie diese VR-Brillen zuerst oder wählen Sie sie ab.',
  unknownVersion: 'unbekannt',
  tooManyOpen: (limit: number) =>
    `Für diese VR-Brille warten schon ${limit} Befehle. Bitte warten Sie, bis sie sie abgeholt hat.`,
  foreignDevices: (ids: number[]) =>
    `Diese VR-Brillen gibt es nicht oder sie gehören nicht zu Ihren Organisationen: ${ids.join(', ')}.`,
  syncQueued: (n: number) =>
    n === 1 ? '1 VR-Brille wird synchronisiert.' : `${n} VR-Brillen werden synchronisiert.`,
  softwareSyncQueued: (n: number) =>
    `Die Software von ${n} ${n === 1 ? 'VR-Brille' : 'VR-Brillen'} wird synchronisiert.`,
  expiredQueued: 'Die VR-Brille hat den Befehl nicht abgeholt, bevor er ablief.',
  expiredDelivered: 'Die VR-Brille hat kein Ergebnis gemeldet, bevor der Befehl ablief.',
} as const;

/** Open (queued or delivered) and past its expiry: expired, whether or not the sweep has written it yet. */
const EXPIRED_NOW = sql`(c.status in ('queued', 'delivered') and c.expires_at <= now())`;

/** The command as the portal sees it; expiry applies at once, before {@link sweepExpiredCommands} wrote it. */
const COMMAND_COLUMNS = sql`c.id, c.device_id, d.serial_number, c.command, c.extras,
  case when ${EXPIRED_NOW} then 'expired' else c.status end as status,
  case when ${EXPIRED_NOW} then (case c.status when 'queued' then ${COMMAND_MESSAGES.expiredQueued}
    else ${COMMAND_MESSAGES.expiredDelivered} end) else c.message end as message,
  c.created_at, c.delivered_at,
  case when ${EXPIRED_NOW} then c.expires_at else c.finished_at end as finished_at,
  c.expires_at`;

type CommandRow = {
  id: number;
  device_id: number;
  serial_number: string;
  command: DeviceCommand;
  extras: CommandExtras;
  status: CommandStatus;
  message: string | null;
  created_at: Date;
  delivered_at: Date | null;
  finished_at: Date | null;
  expires_at: Date;
  total?: string;
};

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

function toView(row: CommandRow): DeviceCommandView {
  return {
    id: row.id,
    deviceId: row.device_id,
    serialNumber: row.serial_number,
    command: row.command,
    extras: row.extras,
    status: row.status,
    message: row.message,
    createdAt: new Date(row.created_at).toISOString(),
    deliveredAt: iso(row.delivered_at),
    finishedAt: iso(row.finished_at),
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}

type TargetDevice = { id: number; name: string; organisation_id: number; software_version: string | null };

/** Extras must fit the command: start commands name their content, every other command none. */
function checkExtrasFit(command: DeviceCommand, extras: CommandExtras): void {
  const startType = contentTypeOfStartCommand(command);
  if (startType === null) {
    const errors: Record<string, string[]> = {};
    if (extras.contentUuid !== undefined)
      errors['extras.contentUuid'] = [COMMAND_MESSAGES.notForCommand(command)];
    if (extras.packageName !== undefined)
      errors['extras.packageName'] = [COMMAND_MESSAGES.notForCommand(command)];
    if (Object.keys(errors).length > 0) throw new FieldErrorsError(errors);
    return;
  }
  if (startType !== 'app' && extras.packageName !== undefined) {
    throw new FieldErrorsError({ 'extras.packageName': [COMMAND_MESSAGES.packageOnlyForApps] });
  }
  if (extras.contentUuid === undefined) {
    if (startType === 'app' && extras.packageName !== undefined) return;
    throw new FieldErrorsError({
      'extras.contentUuid': [
        startType === 'app' ? COMMAND_MESSAGES.appRequired : COMMAND_MESSAGES.contentRequired,
      ],
    });
  }
}

/**
 * The content of a start command: one the caller may see (else the same message as for one that does not exist),
 * the headset's organisation may use, of the command's type, and for a video with its file.
 */
async function checkContent(
  db: Executor,
  userId: number,
  device: TargetDevice,
  command: DeviceCommand,
  extras: CommandExtras,
): Promise<void> {
  const expected = contentTypeOfStartCommand(command);
  if (expected === null || extras.contentUuid === undefined) return;
  const result = await db.execute<{
    content_type: keyof typeof CONTENT_TYPE_NAMES;
    package_name: string | null;
    file: string | null;
    usable: boolean;
  }>(sql`select c.content_type, c.package_name, c.file,
      ${visibleToOrganisation(device.organisation_id)} as usable
    from contents c where c.uuid = ${extras.contentUuid} and ${visibleTo(userId)}`);
  const content = result.rows[0];
  const field = 'extras.contentUuid';
  if (!content) throw new FieldErrorsError({ [field]: [COMMAND_MESSAGES.unknownContent] });
  if (!content.usable) throw new FieldErrorsError({ [field]: [COMMAND_MESSAGES.notUsable] });
  if (content.content_type !== expected) {
    throw new FieldErrorsError({ [field]: [COMMAND_MESSAGES.wrongType(command, content.content_type)] });
  }
  if (expected === 'app' && extras.packageName !== undefined && extras.packageName !== content.package_name) {
    throw new FieldErrorsError({ 'extras.packageName': [COMMAND_MESSAGES.packageMismatch] });
  }
  if (expected === 'video' && !content.file)
    throw new FieldErrorsError({ [field]: [COMMAND_MESSAGES.noFile] });
}

function checkVersionGate(device: TargetDevice, command: DeviceCommand): void {
  const gate = unmetVersionGate(device.software_version, command);
  if (!gate) return;
  const installed = device.software_version ?? COMMAND_MESSAGES.unknownVersion;
  throw new HttpError(409, COMMAND_MESSAGES.softwareTooOld(command, gate.requiredVersion, installed), {
    code: 'softwareTooOld',
    params: { command, requiredVersion: gate.requiredVersion, softwareVersion: installed },
  });
}

/**
 * Inserts one command per headset, expiring after the command's time; returns the new rows' ids. A sync makes the
 * headsets' playlists count as not synchronised until they report.
 */
async function insertCommands(
  db: Executor,
  userId: number,
  deviceIds: number[],
  command: DeviceCommand,
  extras: CommandExtras,
): Promise<number[]> {
  if (command === 'CMD.SYNC') {
    // Until the headset reports, its playlist counts as not synchronised.
    await db.execute(sql`update devices set sync_status = 'pending'
      where id = any(${intArray(deviceIds)}) and sync_status <> 'syncing'`);
  }
  const result = await db.execute<{ id: number }>(sql`
    insert into device_commands (device_id, command, extras, created_by, expires_at)
    select device_id, ${command}, ${JSON.stringify(extras)}::jsonb, ${userId},
      now() + make_interval(secs => ${COMMAND_EXPIRY_SECONDS[command]})
    from unnest(${intArray(deviceIds)}) as device_id
    returning id`);
  return result.rows.map((row) => Number(row.id));
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
 * open commands 429), then the command is queued and the headset's poll woken.
 */
export async function sendDeviceCommand(
  db: Database,
  events: HeadsetEvents,
  userId: number,
  serial: string,
  request: DeviceCommandRequest,
): Promise<DeviceCommandView> {
  const { command, extras } = request;
  const found = await db.execute<TargetDevice & { open_commands: number }>(sql`
    select d.id, d.name, d.organisation_id, d.software_version,
      (select count(*)::int from device_commands c
        where c.device_id = d.id and c.status in ('queued', 'delivered') and c.expires_at > now()) as open_commands
    from devices d where d.serial_number = ${serial} and ${ofCallerOrganisations(userId)}`);
  const device = found.rows[0];
  if (!device) throw new HttpError(404, DEVICE_MESSAGES.notFound);
  checkExtrasFit(command, extras);
  await checkContent(db, userId, device, command, extras);
  checkVersionGate(device, command);
  if (device.open_commands >= MAX_OPEN_COMMANDS_PER_DEVICE) {
    throw new HttpError(429, COMMAND_MESSAGES.tooManyOpen(MAX_OPEN_COMMANDS_PER_DEVICE), {
      code: 'tooManyOpenCommands',
      params: { limit: MAX_OPEN_COMMANDS_PER_DEVICE },
    });
  }
  const ids = await insertCommands(db, userId, [device.id], command, extras);
  await events.commandsQueued([device.id]);
  const [view] = await commandViews(db, ids);
  if (!view) throw new Error('queued command not found');
  return view;
}

/** The extras a command without content carries: the modes are part of every command (spec §7) and stay off. */
const NO_EXTRAS: CommandExtras = { guidedModeState: false, manufacturerModeState: false };

/**
 * queueDeviceSync / queueDeviceSoftwareSync: one command per headset, all or none. Unknown or foreign ids are a
 * 400 naming them; for a gated command every headset must have the version (409 naming the others).
 */
export async function queueBulkCommand(
  db: Database,
  events: HeadsetEvents,
  userId: number,
  deviceIds: number[],
  command: 'CMD.SYNC' | 'CMD.SYNC.SOFTWARE',
): Promise<Schemas['QueuedCommands']> {
  const ids = await db.transaction(async (tx) => {
    const found =
      await tx.execute<TargetDevice>(sql`select d.id, d.name, d.organisation_id, d.software_version
      from devices d where d.id = any(${intArray(deviceIds)}) and ${ofCallerOrganisations(userId)}
      order by d.id`);
    const devices = found.rows;
    const known = new Set(devices.map((d) => d.id));
    const foreign = deviceIds.filter((id) => !known.has(id));
    if (foreign.length > 0)
      throw new FieldErrorsError({ devices: [COMMAND_MESSAGES.foreignDevices(foreign)] });
    const tooOld = devices.filter((d) => unmetVersionGate(d.software_version, command) !== null);
    const gate = tooOld[0] ? unmetVersionGate(tooOld[0].software_version, command) : null;
    if (gate) {
      const names = tooOld.map((d) => d.name).join(', ');
      throw new HttpError(409, COMMAND_MESSAGES.softwareTooOldMany(command, gate.requiredVersion, names), {
        code: 'softwareTooOld',
        params: { command, requiredVersion: gate.requiredVersion, devices: names },
      });
    }
    return insertCommands(tx, userId, deviceIds, command, NO_EXTRAS);
  });
  await events.commandsQueued(deviceIds);
  const commands = await commandViews(db, ids);
  const detail =
    command === 'CMD.SYNC'
      ? COMMAND_MESSAGES.syncQueued(commands.length)
      : COMMAND_MESSAGES.softwareSyncQueued(commands.length);
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
  userId: number,
  deviceId: number,
  query: CommandHistoryQuery,
): Promise<{ count: number; results: DeviceCommandView[] }> {
  const device = await db.execute(sql`select 1 from devices d
    where d.id = ${deviceId} and ${ofCallerOrganisations(userId)}`);
  if (device.rows.length === 0) throw new HttpError(404, DEVICE_MESSAGES.notFound);
  let status: SQL = sql``;
  if (query.status === 'expired') status = sql`and (c.status = 'expired' or ${EXPIRED_NOW})`;
  else if (query.status === 'queued' || query.status === 'delivered') {
    status = sql`and c.status = ${query.status} and not ${EXPIRED_NOW}`;
  } else if (query.status) status = sql`and c.status = ${query.status}`;
  const result = await db.execute<CommandRow>(sql`select ${COMMAND_COLUMNS}, count(*) over () as total
    from device_commands c join devices d on d.id = c.device_id
    where c.device_id = ${deviceId} ${status}
    order by c.id desc
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  return { count: Number(result.rows[0]?.total ?? 0), results: result.rows.map(toView) };
}

/**
 * Writes the expiry of every open command past its time, with its reason. Reads already show them expired
 * (COMMAND_COLUMNS), so this only makes the stored rows say so; any server process may run it at any time.
 */
export async function sweepExpiredCommands(db: Executor): Promise<number> {
  const result = await db.execute(sql`update device_commands set status = 'expired', finished_at = expires_at,
      message = case status when 'queued' then ${COMMAND_MESSAGES.expiredQueued}
        else ${COMMAND_MESSAGES.expiredDelivered} end
    where status in ('queued', 'delivered') and expires_at <= now()`);
  return result.rowCount ?? 0;
}

/** Seconds between two sweeps of each server process. */
export const COMMAND_SWEEP_INTERVAL_SECONDS = 60;
