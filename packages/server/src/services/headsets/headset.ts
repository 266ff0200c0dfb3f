import { randomBytes } from 'node:crypto';
import type { components } from '@portal/api/schema';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { executePrepared, intArray } from '../../db/sql.ts';
import { InvalidFields, TooManyAttempts } from '../../errors.ts';
import { secretHash } from '../../infra/passwords.ts';
import { MESSAGES } from '../../messages.ts';
import type { HeadsetCaller } from '../access.ts';
import { enrolAddressRule, enrolCodeRule, waitBefore } from '../accounts/index.ts';
import type { Services } from '../dependencies.ts';
import { normaliseEnrolmentCode } from './enrolment.ts';
import {
  announceGoneDown,
  type HeadsetCommandResult,
  type HeadsetCommandView,
  type HeadsetPoll,
  type HeadsetSide,
  type HeadsetState,
} from './headsetSide.ts';

/**
 * The headset side: every call a headset makes (contract tag `headset`), the one module operations/headset.ts uses.
 * Behind it: headsetSide.ts (the statements, gathered for headsets calling at the same moment) and headsetEvents.ts
 * (the doorbells that wake held polls).
 */

type Schemas = components['schemas'];
export type HeadsetConfiguration = Schemas['HeadsetConfiguration'];
export type HeadsetEnrolRequest = Schemas['HeadsetEnrolRequest'];
export type HeadsetEnrolment = Schemas['HeadsetEnrolment'];

function newDeviceToken(): string {
  return `vrd_${randomBytes(32).toString('base64url')}`;
}

/**
 * enrolHeadset: the code (for this serial number, not expired) is used up and answers a new device token; any
 * earlier token of the headset ends. Every failure is the same 400, so codes and serial numbers cannot be probed.
 */
async function exchangeEnrolmentCode(
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

/**
 * enrolHeadset from a client address. Invalid codes are counted per code (the headset's serial number, from every
 * address) and per address: 20 at one code within 15 minutes lock that code, which is not looked at until the lock
 * ends or a new code is issued (429 before anything is checked); 20 from one address make its further invalid codes
 * answer 429 instead of 400. A valid code pairs whatever its address did: a class set behind one NAT address, or the
 * demo fleet on the server's own, must not be locked out by someone else's typing. An invalid code is otherwise 400
 * on `enrolmentCode`, the same for every reason, so codes and serial numbers cannot be told apart.
 */
export async function enrolHeadset(
  { db, throttle }: Pick<Services, 'db' | 'throttle'>,
  request: HeadsetEnrolRequest,
  clientAddress: string,
): Promise<HeadsetEnrolment> {
  // Counted before the check, so parallel guesses cannot pass the limit together; a refused try gives it back.
  const [code] = await throttle.reserve([enrolCodeRule(request.serialNumber)]);
  if (!code) throw new Error('throttle answered fewer rules than asked');
  const codeWait = waitBefore(code);
  if (codeWait > 0) {
    await throttle.release([code]);
    throw new TooManyAttempts(codeWait, MESSAGES.enrolment.codeThrottled, 'enrolThrottled');
  }
  const enrolment = await exchangeEnrolmentCode(db, request);
  if (enrolment) {
    // The code is used up; what was counted against it goes with it.
    await throttle.reset([code.rule.key]);
    return enrolment;
  }
  await throttle.lockReached([code]);
  const addressRule = enrolAddressRule(clientAddress);
  const addressWait = await throttle.lockedFor([addressRule]);
  await throttle.recordFailure([addressRule]);
  if (addressWait > 0)
    throw new TooManyAttempts(addressWait, MESSAGES.enrolment.enrolThrottled, 'enrolThrottled');
  throw InvalidFields.of('enrolmentCode', MESSAGES.enrolment.invalidCode);
}

async function requeue(db: Database, commands: HeadsetCommandView[]): Promise<void> {
  if (commands.length === 0) return;
  await executePrepared(
    db,
    sql`update device_commands set status = 'queued', delivered_at = null
    where id = any(${intArray(commands.map((c) => c.id))}) and status = 'delivered'`,
  );
}

/**
 * What is queued now, or, with `waitSeconds`, the first commands queued within that time. The doorbell is set up
 * before the first look into the database, so a command queued in between still wakes it. No database connection is
 * held while waiting. `signal` ends the wait when the headset hangs up.
 */
async function waitForCommands(
  { db, headsetEvents, headsetSide }: Pick<Services, 'db' | 'headsetEvents' | 'headsetSide'>,
  poll: HeadsetPoll,
  waitSeconds: number,
  signal?: AbortSignal,
): Promise<HeadsetCommandView[]> {
  const deadline = Date.now() + waitSeconds * 1000;
  const bell = headsetEvents.subscribe(poll.deviceId);
  try {
    for (;;) {
      const commands = await headsetSide.deliver(poll);
      if (signal?.aborted) {
        // Hung up meanwhile: what was just marked delivered goes back to the queue for its next poll.
        await requeue(db, commands);
        return [];
      }
      if (commands.length > 0) return commands;
      if (!(await bell.next(deadline - Date.now(), signal))) return [];
    }
  } finally {
    bell.close();
  }
}

/**
 * pollHeadsetCommands: {@link waitForCommands}. The headset hanging up (or going down) ends the wait; nothing is
 * handed out to a closed connection, and the headset counts as gone.
 */
export async function pollHeadsetCommands(
  services: Pick<Services, 'db' | 'headsetEvents' | 'headsetSide'>,
  poll: HeadsetPoll,
  waitSeconds: number,
  hungUp: AbortSignal,
): Promise<HeadsetCommandView[]> {
  const commands = await waitForCommands(services, poll, waitSeconds, hungUp);
  if (hungUp.aborted) await headsetHungUp(services, poll.deviceId);
  return commands;
}

/**
 * The headset hung up a held poll (switched off, lost its network, or its process ended): it no longer polls, so
 * it counts as offline at once (the online rule), not only when its last sign of life is a minute old. Unless
 * another poll of it waits in this process already; its next call makes it online again anyway.
 */
async function headsetHungUp(
  { db, headsetEvents }: Pick<Services, 'db' | 'headsetEvents'>,
  deviceId: number,
): Promise<void> {
  if (headsetEvents.waitingPolls(deviceId) > 0) return;
  await announceGoneDown(db, deviceId);
}

/**
 * getHeadsetConfiguration: the headset's active playlist with what it needs to download each item. The files of
 * items that are not public come as URLs signed for the headset's organisation (services/content/mediaLinks.ts): the
 * headset downloads them with a plain GET, for as long as its organisation may see the item.
 */
export async function headsetConfiguration(
  { db, mediaLinks }: Pick<Services, 'db' | 'mediaLinks'>,
  headset: HeadsetCaller,
): Promise<HeadsetConfiguration> {
  const deviceId = headset.id;
  const result = await executePrepared<{
    configuration_id: number | null;
    configuration_name: string | null;
    content_id: number | null;
    uuid: string;
    title: string;
    content_type: Schemas['ContentType'];
    package_name: string | null;
    url: string | null;
    file: string | null;
    file_size: string | null;
    is_public: boolean | null;
    duration: number | null;
    position_number: number;
  }>(
    db,
    sql`
    select g.id as configuration_id, g.name as configuration_name, c.id as content_id, c.uuid, c.title,
      c.content_type, c.package_name, c.url, c.file, c.file_size, c.is_public, c.duration, i.position_number
    from devices d
    left join configurations g on g.id = d.active_configuration_id
    left join configuration_items i on i.configuration_id = g.id
    left join contents c on c.id = i.content_id
    where d.id = ${deviceId}
    order by i.position_number`,
  );
  const first = result.rows[0];
  return {
    id: first?.configuration_id ?? null,
    name: first?.configuration_name ?? null,
    items: result.rows
      .filter((row) => row.content_id !== null)
      .map((row) => ({
        contentId: Number(row.content_id),
        contentUuid: row.uuid,
        title: row.title,
        contentType: row.content_type,
        packageName: row.package_name,
        url: row.url,
        file: mediaLinks.link(row.file, row.is_public ? null : { organisationId: headset.organisationId }),
        fileSize: row.file_size === null ? null : Number(row.file_size),
        duration: row.duration,
        positionNumber: row.position_number,
      })),
  };
}

/** reportHeadsetCommandResult: {@link HeadsetSide.finish}, gathered with the results of other headsets. */
export function reportHeadsetCommandResult(
  { headsetSide }: Pick<Services, 'headsetSide'>,
  deviceId: number,
  commandId: number,
  report: HeadsetCommandResult,
): Promise<HeadsetCommandView> {
  return headsetSide.finish(deviceId, commandId, report);
}

/** reportHeadsetState: {@link HeadsetSide.report}, gathered with the reports of other headsets. */
export function reportHeadsetState(
  { headsetSide }: Pick<Services, 'headsetSide'>,
  deviceId: number,
  state: HeadsetState,
): Promise<void> {
  return headsetSide.report(deviceId, state);
}

/**
 * getHeadsetOperatingSystem: the image a CMD.UPDATE names, as the support area hands it to a headset of its model (a
 * URL to download it from, signed for signed-in users like every image's). Part of this door, so that every call a
 * headset makes is found here.
 */
export { headsetOperatingSystem } from '../support/index.ts';
