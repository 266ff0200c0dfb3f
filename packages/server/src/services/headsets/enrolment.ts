import { randomInt } from 'node:crypto';
import type { components } from '@portal/api/schema';
import { defaultDeviceName } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/sql.ts';
import { fieldErrors, InvalidFields, NotFound, throwFieldErrors } from '../../errors.ts';
import { secretHash } from '../../infra/passwords.ts';
import { MESSAGES } from '../../messages.ts';
import { type Caller, enrolmentOrganisation, requireDeviceAdministrator } from '../access.ts';
import { enrolCodeKey, forgetCounters } from '../accounts/index.ts';
import { audit } from '../audit/index.ts';
import { nameProblem } from '../names.ts';
import { findDevice } from './devices.ts';

type Schemas = components['schemas'];
export type DeviceEnrolRequest = Schemas['DeviceEnrolRequest'];
export type DeviceEnrolment = Schemas['DeviceEnrolment'];

/** How long an enrolment code pairs its headset: long enough to set up a class set the next days. */
export const ENROLMENT_CODE_TTL_SECONDS = 7 * 24 * 60 * 60;

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

/** A headset an administrator changes, as the access policy and the Protokoll need it. */
type AdministeredDevice = {
  id: number;
  name: string;
  organisationId: number;
};

/**
 * The headset's organisation, read and locked in the transaction that changes the headset, for the access policy:
 * administrators of it may pair, unpair and remove it.
 */
async function lockAdministeredDevice(
  tx: Executor,
  caller: Caller,
  deviceId: number,
): Promise<AdministeredDevice> {
  const result = await tx.execute<AdministeredDevice>(
    sql`select id, name, organisation_id as "organisationId" from devices where id = ${deviceId} for update`,
  );
  const device = result.rows[0];
  requireDeviceAdministrator(caller, device);
  if (!device) throw new NotFound(MESSAGES.devices.notFound);
  return device;
}

/** The Protokoll's entry of an administrator's change of a headset, in its transaction. */
async function recordDeviceChange(
  tx: Executor,
  caller: Caller,
  kind: 'headsetEnrolled' | 'enrolmentCodeRenewed' | 'headsetUnpaired' | 'headsetRemoved',
  device: AdministeredDevice,
  serialNumber?: string,
): Promise<void> {
  await audit.record(tx, {
    kind,
    actor: caller,
    organisationId: device.organisationId,
    headsets: [{ id: device.id, name: device.name }],
    details: serialNumber === undefined ? {} : { serialNumber },
  });
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

/**
 * Stores the hash of a fresh code (7 days) and ends the headset's token; returns the code. The invalid codes counted
 * at the old one are forgotten: a new code is not locked by guesses at its predecessor.
 */
async function issueEnrolmentCode(
  db: Executor,
  deviceId: number,
): Promise<{ code: string; expiresAt: Date }> {
  const code = newEnrolmentCode();
  const result = await db.execute<{ expires_at: Date; serial_number: string }>(sql`update devices set
      enrolment_code_hash = ${secretHash(normaliseEnrolmentCode(code))},
      enrolment_code_expires_at = now() + make_interval(secs => ${ENROLMENT_CODE_TTL_SECONDS}),
      token_hash = null
    where id = ${deviceId}
    returning enrolment_code_expires_at as expires_at, serial_number`);
  const row = result.rows[0];
  if (!row) throw new NotFound(MESSAGES.devices.notFound);
  await forgetCounters(db, [enrolCodeKey(row.serial_number)]);
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
  caller: Caller,
  request: DeviceEnrolRequest,
): Promise<DeviceEnrolment> {
  const organisationId = enrolmentOrganisation(caller, request.organisationId);
  const errors = fieldErrors();
  const name = request.name?.trim();
  const nameRefusal = name === undefined ? null : nameProblem(name);
  if (nameRefusal) errors.name = [nameRefusal];
  const type = await db.execute(sql`select 1 from device_types where id = ${request.deviceTypeId}`);
  if (type.rows.length === 0) errors.deviceTypeId = [MESSAGES.enrolment.unknownDeviceType];
  throwFieldErrors(errors);

  return db.transaction(async (tx) => {
    const deviceName = name || (await nextDeviceName(tx, organisationId));
    const inserted = await tx.execute<{ id: number }>(sql`
      insert into devices (serial_number, name, device_type_id, organisation_id)
      values (${request.serialNumber}, ${deviceName}, ${request.deviceTypeId}, ${organisationId})
      on conflict (serial_number) do nothing
      returning id`);
    const id = inserted.rows[0]?.id;
    if (id === undefined) throw InvalidFields.of('serialNumber', MESSAGES.enrolment.serialTaken);
    const device = { id, name: deviceName, organisationId };
    await recordDeviceChange(tx, caller, 'headsetEnrolled', device, request.serialNumber);
    return enrolmentAnswer(tx, id, await issueEnrolmentCode(tx, id));
  });
}

/** renewDeviceEnrolmentCode: a new code; the old code and token stop working at once. */
export async function renewEnrolmentCode(
  db: Database,
  caller: Caller,
  deviceId: number,
): Promise<DeviceEnrolment> {
  return db.transaction(async (tx) => {
    const device = await lockAdministeredDevice(tx, caller, deviceId);
    await recordDeviceChange(tx, caller, 'enrolmentCodeRenewed', device);
    return enrolmentAnswer(tx, deviceId, await issueEnrolmentCode(tx, deviceId));
  });
}

/** revokeDeviceToken: unpairs the headset (token and open code); it stays with its history. */
export async function revokeDeviceToken(db: Database, caller: Caller, deviceId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const device = await lockAdministeredDevice(tx, caller, deviceId);
    await tx.execute(sql`update devices set token_hash = null, enrolment_code_hash = null,
      enrolment_code_expires_at = null where id = ${deviceId}`);
    await recordDeviceChange(tx, caller, 'headsetUnpaired', device);
  });
}

/** deleteDevice: the headset with its token and command history. */
export async function deleteDevice(db: Database, caller: Caller, deviceId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const device = await lockAdministeredDevice(tx, caller, deviceId);
    await tx.execute(sql`delete from devices where id = ${deviceId}`);
    await recordDeviceChange(tx, caller, 'headsetRemoved', device);
  });
}

/** Pairs a headset without an administrator: for the demo fleet the server starts itself (trusted code only). */
export async function issueEnrolmentCodeFor(db: Database, deviceId: number): Promise<string> {
  return (await issueEnrolmentCode(db, deviceId)).code;
}
