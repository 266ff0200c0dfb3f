import { COMMAND_EXPIRY_SECONDS, type DeviceCommand, unmetVersionGate } from '@portal/domain';
import { MESSAGES } from '../messages.ts';
import { MESSAGES as HEADSET_SAYS } from '../simulator/model.ts';
import { auditEntries, auditEntryDevices, deviceCommands } from './schema.ts';
import type { Executor } from './sql.ts';

/**
 * The Protokoll's demo morning (issue 24): so that an administrator who opens it after `npm start` finds something to
 * read. In the Gymnasium, before first period the Schulleitung takes Nina Neu's administrator role back and adds a
 * headset, Lars Lehrer shares an item with the ZfsL; 8:05–8:50 his lesson on the class set: start, pause, resume,
 * stop, then a reboot of all thirty. Each command is stored with every headset's command and its end as the demo
 * headsets would have reported it: one headset was switched off (its playback commands refused, its reboot expired),
 * two lacked the video, the four with software below 4.5.0 cannot pause. Written as the server stores them, like
 * the rest of the demo data.
 */

export interface LessonPeople {
  organisationId: number;
  zfsl: { id: number; name: string };
  schulleitung: DemoPerson;
  lehrer: DemoPerson;
  neu: DemoPerson;
}
interface DemoPerson {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}
interface ClassSetHeadset {
  id: number;
  name: string;
  serialNumber: string;
  softwareVersion: string;
}
interface LessonContent {
  shared: { id: number; title: string };
  video: { id: number; uuid: string; title: string };
}

const BERLIN = 'Europe/Berlin';

/** The wall clock in Berlin at `time`, read as if it were UTC (so that differences give Berlin's offset). */
function berlinWallClock(time: number): number {
  const parts: Record<string, number> = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: BERLIN,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(time)
      .map((part) => [part.type, Number(part.value)]),
  );
  const part = (name: string) => parts[name] ?? 0;
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** The instant it is `hours:minutes` in Berlin on the Berlin day of `day`. */
export function berlinTime(day: Date, hours: number, minutes: number, seconds = 0): Date {
  const wall = new Date(berlinWallClock(day.getTime()));
  const guess = Date.UTC(
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate(),
    hours,
    minutes,
    seconds,
  );
  return new Date(guess - (berlinWallClock(guess) - guess));
}

/** The morning shown: today's when the lesson is over, else yesterday's (the log holds no future). */
export function lessonDay(now: Date): Date {
  return berlinTime(now, 9, 0) <= now ? now : new Date(now.getTime() - 24 * 3600 * 1000);
}

const person = (p: DemoPerson) => ({
  type: 'person' as const,
  id: p.id,
  name: `${p.firstName} ${p.lastName}`,
  email: p.email,
});
const actorOf = (p: DemoPerson) => ({
  actorId: p.id,
  actorName: `${p.firstName} ${p.lastName}`,
  actorEmail: p.email,
});

type Part =
  | { outcome: 'done' | 'failed'; message?: string; code?: string }
  | { outcome: 'expired' }
  | { outcome: 'refused'; refusal: Record<string, unknown> };

/** What each headset made of a command of the lesson. */
function partOf(
  command: DeviceCommand,
  headset: ClassSetHeadset,
  switchedOff: string,
  lacking: string[],
): Part {
  const label = MESSAGES.devices.commandLabels[command];
  const playback = command !== 'CMD.REBOOT';
  if (headset.name === switchedOff) {
    if (!playback) return { outcome: 'expired' };
    return {
      outcome: 'refused',
      refusal: {
        detail: MESSAGES.devices.deviceOffline(headset.name),
        code: 'deviceOffline',
        params: { device: headset.name },
      },
    };
  }
  const gate = unmetVersionGate(headset.softwareVersion, command);
  if (gate) {
    return {
      outcome: 'refused',
      refusal: {
        detail: MESSAGES.devices.softwareTooOld(label, gate.requiredVersion, headset.softwareVersion),
        code: 'softwareTooOld',
        params: { command, requiredVersion: gate.requiredVersion, softwareVersion: headset.softwareVersion },
      },
    };
  }
  if (!lacking.includes(headset.name)) return { outcome: 'done' };
  if (command === 'CMD.START.VIDEO') {
    return { outcome: 'failed', message: HEADSET_SAYS.contentMissing, code: 'contentMissing' };
  }
  if (command === 'CMD.TOGGLE.PAUSE') {
    return { outcome: 'failed', message: HEADSET_SAYS.nothingRunning, code: 'nothingRunning' };
  }
  return { outcome: 'done' };
}

/** Seeds the demo morning into the demo data's transaction. */
export async function seedDemoLesson(
  tx: Executor,
  people: LessonPeople,
  classSet: readonly ClassSetHeadset[],
  content: LessonContent,
  now = new Date(),
): Promise<void> {
  const day = lessonDay(now);
  const at = (hours: number, minutes: number, seconds = 0) => berlinTime(day, hours, minutes, seconds);
  const { organisationId } = people;
  const entry = async (
    time: Date,
    values: Omit<typeof auditEntries.$inferInsert, 'occurredAt' | 'organisationId'>,
  ) => {
    const [row] = await tx
      .insert(auditEntries)
      .values({ ...values, occurredAt: time, organisationId })
      .returning({ id: auditEntries.id });
    if (!row) throw new Error('seed: audit entry not stored');
    return row.id;
  };

  await entry(at(7, 30), {
    kind: 'roleChanged',
    ...actorOf(people.schulleitung),
    subjects: [person(people.neu)],
    details: { isAdministrator: false },
  });
  const added = classSet.at(-1);
  if (added) {
    const id = await entry(at(7, 40), {
      kind: 'headsetEnrolled',
      ...actorOf(people.schulleitung),
      details: { serialNumber: added.serialNumber },
    });
    await tx
      .insert(auditEntryDevices)
      .values({ entryId: id, deviceId: added.id, deviceName: added.name, occurredAt: at(7, 40) });
  }
  await entry(at(7, 50), {
    kind: 'contentShared',
    ...actorOf(people.lehrer),
    subjects: [
      { type: 'content', id: content.shared.id, name: content.shared.title },
      { type: 'organisation', ...people.zfsl },
    ],
  });

  const switchedOff = classSet[8]?.name ?? '';
  const lacking = [classSet[13]?.name ?? '', classSet[18]?.name ?? ''];
  const video = { type: 'content' as const, id: content.video.id, name: content.video.title };
  const lesson: [Date, DeviceCommand, typeof video | null][] = [
    [at(8, 5, 12), 'CMD.START.VIDEO', video],
    [at(8, 20, 31), 'CMD.TOGGLE.PAUSE', null],
    [at(8, 24, 5), 'CMD.TOGGLE.PAUSE', null],
    [at(8, 45, 2), 'CMD.STOP.RUNNING', null],
    [at(8, 50, 40), 'CMD.REBOOT', null],
  ];
  for (const [time, command, subject] of lesson) {
    const id = await entry(time, {
      kind: 'command',
      ...actorOf(people.lehrer),
      subjects: subject ? [subject] : [],
      details: { command },
    });
    const expiresAt = new Date(time.getTime() + COMMAND_EXPIRY_SECONDS[command] * 1000);
    const extras = {
      ...(subject ? { contentUuid: content.video.uuid } : {}),
      guidedModeState: true,
      manufacturerModeState: false,
    };
    const parts = classSet.map((headset) => ({
      headset,
      part: partOf(command, headset, switchedOff, lacking),
    }));
    const sent = parts.filter(({ part }) => part.outcome !== 'refused');
    const commands = await tx
      .insert(deviceCommands)
      .values(
        sent.map(({ headset, part }) => ({
          deviceId: headset.id,
          command,
          extras,
          createdBy: people.lehrer.id,
          createdAt: time,
          expiresAt,
          ...(part.outcome === 'expired'
            ? { status: 'expired', message: MESSAGES.devices.expiredQueued, finishedAt: expiresAt }
            : {
                status: part.outcome,
                message: 'message' in part ? part.message : null,
                code: 'code' in part ? part.code : null,
                deliveredAt: new Date(time.getTime() + 800),
                finishedAt: new Date(time.getTime() + 2400),
              }),
        })),
      )
      .returning({ id: deviceCommands.id, deviceId: deviceCommands.deviceId });
    const commandOf = new Map(commands.map((row) => [row.deviceId, row.id]));
    await tx.insert(auditEntryDevices).values(
      parts.map(({ headset, part }) => ({
        entryId: id,
        deviceId: headset.id,
        deviceName: headset.name,
        commandId: commandOf.get(headset.id) ?? null,
        refusal: part.outcome === 'refused' ? part.refusal : null,
        occurredAt: time,
      })),
    );
  }
}
