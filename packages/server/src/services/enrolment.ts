import { randomBytes, randomInt } from 'node:crypto';
import type { components } from '@portal/api/schema';
import { defaultDeviceName } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import type { Executor } from './configurationItems.ts';
import { FieldErrorsError } from './contentWrite.ts';
import { DEVICE_MESSAGES, findDevice } from './devices.ts';
import { secretHash } from './headset.ts';

type Schemas = components['schemas'];
export type DeviceEnrolRequest = Schemas['DeviceEnrolRequest'];
export type DeviceEnrolment = Schemas['DeviceEnrolment'];
export type HeadsetEnrolRequest = Schemas['HeadsetEnrolRequest'];
export type HeadsetEnrolment = Schemas['HeadsetEnrolment'];

/** How long an enrolment code pairs its headset: long enough to set up a class set the next days. */
export const ENROLMENT_CODE_TTL_SECONDS = 7 * 24 * 60 * 60;

export const ENROLMENT_MESSAGES = {
  notAdministrator: 'Nur Administratoren können VR-Brillen hinzufügen, koppeln oder entfernen.',
  notAdministratorOf: 'Sie können VR-Brillen nur in Organisationen hinzufügen, die Sie verwalten.',
  serialTaken: 'Eine VR-Brille mit dieser Seriennummer ist bereits registriert.',
  unknownDeviceType: 'Dieses Modell gibt es nicht.',
  blankName: 'Dieses Feld darf nicht leer sein.',
  invalidCode:
    'Der Kopplungscode ist ungültig, abgelaufen oder gehört zu einer anderen VR-Brille. Bitte lassen Sie sich im Portal einen neuen Code geben.',
  enrolThrottled: 'Zu viele ungültige Kopplungscodes von dieser Adresse.',
} as const;

// 32 characters without 0/O and 1/I, which are easily mixed up when typed on a headset: 8 of them are 40 bits.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

function newEnrolmentCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** Case, hyphens and blanks do not matter when the code is typed in. */
export function normaliseEnrolmentCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

function newDeviceToken(): string {
  return `vrd_${randomBytes(32).toString('base64url')}`;
}

/** The organisations the caller administers, first membership first. */
async function administeredOrganisations(db: Executor, userId: number): Promise<number[]> {
  const result = await db.execute<{ organisation_id: number }>(sql`select organisation_id from memberships
    where user_id = ${userId} and is_administrator order by id`);
  return result.rows.map((row) => Number(row.organisation_id));
}

/**
 * A headset the caller may manage: of one of their organisations (404 otherwise, as for every device call) and one
 * they administer (403 for other members).
 */
async function requireAdministeredDevice(db: Executor, userId: number, deviceId: number): Promise<void> {
  const result = await db.execute<{ is_administrator: boolean }>(sql`select m.is_administrator
    from devices d join memberships m on m.organisation_id = d.organisation_id and m.user_id = ${userId}
    where d.id = ${deviceId}`);
  const row = result.rows[0];
  if (!row) throw new HttpError(404, DEVICE_MESSAGES.notFound);
  if (!row.is_administrator) throw new HttpError(403, ENROLMENT_MESSAGES.notAdministrator);
}

/** The first default name (code names, then 'VR-Brille 21', …) no headset of the organisation carries yet. */
async function nextDeviceName(db: Executor, organisationId: number): Promise<string> {
  const result = await db.execute<{ name: string }>(
    sql`select name from devices where organisation_id = ${organisationId}`,
  );
  const taken = new Set(result.rows.map((row) => row.name));
  for (let i = 0; ; i += 1) {
    const name = defaultDeviceName(i);
    if (!taken.has(name)) return name;
  }
}

/** Stores the hash of a fresh code (7 days) and ends the headset's token; returns the code. */
async function issueEnrolmentCode(
  db: Executor,
  deviceId: number,
): Promise<{ code: string; expiresAt: Date }> {
  const code = newEnrolmentCode();
  const result = await db.execute<{ expires_at: Date }>(sql`update devices set
      enrolment_code_hash = ${secretHash(normaliseEnrolmentCode(code))},
      enrolment_code_expires_at = now() + make_interval(secs => ${ENROLMENT_CODE_TTL_SECONDS}),
      token_hash = null
    where id = ${deviceId}
    returning enrolment_code_expires_at as expires_at`);
  const row = result.rows[0];
  if (!row) throw new HttpError(404, DEVICE_MESSAGES.notFound);
  return { code, expiresAt: new Date(row.expires_at) };
}

async function enrolmentAnswer(
  db: Executor,
  deviceId: number,
  issued: { code: string; expiresAt: Date },
): Promise<DeviceEnrolment> {
  const device = await findDevice(db, sql`d.id = ${deviceId}`);
  if (!device) throw new Error('enrolled device not found');
  return { device, enrolmentCode: issued.code, enrolmentCodeExpiresAt: issued.expiresAt.toISOString() };
}

/** enrolDevice: an administrator adds a headset to an organisation they administer and gets its code. */
export async function enrolDevice(
  db: Database,
  userId: number,
  request: DeviceEnrolRequest,
): Promise<DeviceEnrolment> {
  const administered = await administeredOrganisations(db, userId);
  if (administered.length === 0) throw new HttpError(403, ENROLMENT_MESSAGES.notAdministrator);
  const organisationId = request.organisationId ?? administered[0];
  if (organisationId === undefined || !administered.includes(organisationId)) {
    throw new HttpError(403, ENROLMENT_MESSAGES.notAdministratorOf);
  }
  const errors: Record<string, string[]> = {};
  const name = request.name?.trim();
  if (name === '') errors.name = [ENROLMENT_MESSAGES.blankName];
  const type = await db.execute(sql`select 1 from device_types where id = ${request.deviceTypeId}`);
  if (type.rows.length === 0) errors.deviceTypeId = [ENROLMENT_MESSAGES.unknownDeviceType];
  if (Object.keys(errors).length > 0) throw new FieldErrorsError(errors);

  return db.transaction(async (tx) => {
    const deviceName = name || (await nextDeviceName(tx, organisationId));
    const inserted = await tx.execute<{ id: number }>(sql`
      insert into devices (serial_number, name, device_type_id, organisation_id)
      values (${request.serialNumber}, ${deviceName}, ${request.deviceTypeId}, ${organisationId})
      on conflict (serial_number) do nothing
      returning id`);
    const id = inserted.rows[0]?.id;
    if (id === undefined) throw new FieldErrorsError({ serialNumber: [ENROLMENT_MESSAGES.serialTaken] });
    return enrolmentAnswer(tx, id, await issueEnrolmentCode(tx, id));
  });
}

/** renewDeviceEnrolmentCode: a new code; the old code and token stop working at once. */
export async function renewEnrolmentCode(
  db: Database,
  userId: number,
  deviceId: number,
): Promise<DeviceEnrolment> {
  return db.transaction(async (tx) => {
    await requireAdministeredDevice(tx, userId, deviceId);
    return enrolmentAnswer(tx, deviceId, await issueEnrolmentCode(tx, deviceId));
  });
}

/** revokeDeviceToken: unpairs the headset (token and open code); it stays with its history. */
export async function revokeDeviceToken(db: Database, userId: number, deviceId: number): Promise<void> {
  await requireAdministeredDevice(db, userId, deviceId);
  await db.execute(sql`update devices set token_hash = null, enrolment_code_hash = null,
    enrolment_code_expires_at = null where id = ${deviceId}`);
}

/** deleteDevice: the headset with its token and command history. */
export async function deleteDevice(db: Database, userId: number, deviceId: number): Promise<void> {
  await requireAdministeredDevice(db, userId, deviceId);
  await db.execute(sql`delete from devices where id = ${deviceId}`);
}

/**
 * enrolHeadset: the code (for this serial number, not expired) is used up and answers a new device token; any
 * earlier token of the headset ends. Every failure is the same 400, so codes and serial numbers cannot be probed.
 */
export async function exchangeEnrolmentCode(
  db: Database,
  request: HeadsetEnrolRequest,
): Promise<HeadsetEnrolment | null> {
  const token = newDeviceToken();
  const result = await db.execute<{ id: number; serial_number: string; name: string }>(sql`
    update devices set token_hash = ${secretHash(token)}, enrolment_code_hash = null,
      enrolment_code_expires_at = null, last_seen = now(), announced_offline = false
    where enrolment_code_hash = ${secretHash(normaliseEnrolmentCode(request.enrolmentCode))}
      and enrolment_code_expires_at > now() and serial_number = ${request.serialNumber}
    returning id, serial_number, name`);
  const row = result.rows[0];
  if (!row) return null;
  return { deviceToken: token, device: { id: row.id, serialNumber: row.serial_number, name: row.name } };
}

/** Pairs a headset without an administrator: for the demo fleet the server starts itself (trusted code only). */
export async function issueEnrolmentCodeFor(db: Database, deviceId: number): Promise<string> {
  return (await issueEnrolmentCode(db, deviceId)).code;
}
