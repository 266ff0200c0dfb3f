import type { Device, DeviceCommand as SentCommand } from '@portal/api';
import {
  type DeviceCommand,
  isolateBidi,
  type ReceiptReason,
  UPDATE_MIN_BATTERY_PERCENT,
} from '@portal/domain';
import type { TFunction } from 'i18next';
import { $api, apiClient } from './api.ts';
import { reportError } from './errorReporting.ts';
import { answerOf, errorDetail, ServerRefusal } from './serverErrors.ts';

/** The 15 commands by their names in the portal (namespace common, `commands.*`). */
export const COMMAND_LABELS = {
  'CMD.REBOOT': 'commands.reboot',
  'CMD.SHUTDOWN': 'commands.shutdown',
  'CMD.SYNC': 'commands.sync',
  'CMD.SYNC.SOFTWARE': 'commands.softwareSync',
  'CMD.UPDATE': 'commands.update',
  'CMD.MUTE': 'commands.mute',
  'CMD.TOGGLE.PAUSE': 'commands.togglePause',
  'CMD.START.APP': 'commands.startApp',
  'CMD.START.VIDEO': 'commands.startVideo',
  'CMD.START.WEBAPP': 'commands.startWebApp',
  'CMD.STOP.RUNNING': 'commands.stop',
  'CMD.SET.GUIDED.MODE': 'commands.guidedMode',
  'CMD.SET.MANUFACTURER.MODE': 'commands.manufacturerMode',
  'CMD.ATTENTION': 'commands.attention',
  'CMD.ATTENTION.END': 'commands.attentionEnd',
} as const satisfies Record<DeviceCommand, `commands.${string}`>;

export interface CommandInput {
  command: DeviceCommand;
  /** Content to start (start commands); the modes default to what the headset reported. */
  contentUuid?: string;
  packageName?: string;
  /** The published operating system image a CMD.UPDATE installs (its rollout); left out, the newest for each model. */
  operatingSystemId?: number;
  guidedModeState?: boolean;
  manufacturerModeState?: boolean;
  /** CMD.ATTENTION only: the teacher's own message (at most 120 characters); left out, the server's default. */
  message?: string;
  /**
   * The running lesson a playback command belongs to (only {@link sendToHeadsets}): a start with it is the lesson's
   * 'Erneut versuchen', a pause with it pauses or resumes the lesson (contract tag `lessons`).
   */
  lesson?: number;
  /**
   * The step of a lesson plan a start plays (only {@link sendToHeadsets}): without `lesson` it begins the plan, with it
   * the lesson moves to that step ('Weiter', 'Zurück').
   */
  lessonPlanStep?: { plan: number; step: number };
}

/**
 * Sends one command to one headset (sendDeviceCommand, spec §7: per serial number), for one headset's own controls;
 * a command to several goes out as {@link sendToHeadsets}. The extras always carry both modes (spec §7 requires them);
 * commands other than the two mode switches ignore them, so they repeat what the headset reported and never change a
 * mode by accident.
 */
export function sendCommand(
  device: Pick<Device, 'serialNumber' | 'guidedMode' | 'manufacturerMode'>,
  input: Omit<CommandInput, 'lesson'>,
): Promise<SentCommand> {
  const { command, guidedModeState, manufacturerModeState, ...content } = input;
  return answerOf(
    apiClient.POST('/api/v1/mdm/devices/{serial}/command/', {
      params: { path: { serial: device.serialNumber } },
      body: {
        command,
        extras: {
          ...content,
          guidedModeState: guidedModeState ?? device.guidedMode,
          manufacturerModeState: manufacturerModeState ?? device.manufacturerMode,
        },
      },
    }),
  );
}

/** What became of one headset's command in a request for several: the command the server queued, or why it refused. */
export type CommandOutcome =
  | { headsetId: number; commandId: number }
  | { headsetId: number; refusal: ReceiptReason };

/** The server's refusals of an update (CMD.UPDATE) that the portal words itself. */
const UPDATE_REFUSALS = [
  'batteryTooLow',
  'updateRunning',
  'operatingSystemNotForModel',
  'softwareUpToDate',
] as const satisfies readonly ReceiptReason['code'][];

function isUpdateRefusal(code: unknown): code is (typeof UPDATE_REFUSALS)[number] {
  return (UPDATE_REFUSALS as readonly unknown[]).includes(code);
}

/**
 * Why the server refused a headset's command, as a receipt says it: its codes `deviceOffline`, `softwareTooOld` (with
 * the version needed) and an update's refusals are worded by the portal, any other refusal by the server's text (its
 * `detail`, or the first message of a field error).
 */
export function refusalReason(body: unknown): ReceiptReason {
  const { code, params } = (typeof body === 'object' && body !== null ? body : {}) as {
    code?: unknown;
    params?: Record<string, unknown>;
  };
  if (code === 'deviceOffline') return { code: 'offline' };
  if (isUpdateRefusal(code)) return { code, message: errorDetail(body) };
  if (code === 'softwareTooOld') {
    const required = params?.requiredVersion;
    return {
      code: 'softwareTooOld',
      requiredVersion: typeof required === 'string' ? required : undefined,
      message: errorDetail(body),
    };
  }
  const fields = typeof body === 'object' && body !== null ? Object.values(body) : [];
  const firstFieldMessage = fields.flat().find((value): value is string => typeof value === 'string');
  return { code: 'other', message: errorDetail(body) ?? firstFieldMessage };
}

/**
 * Every command to more than one headset, from any page: one request for all (queueDeviceCommand, issue 14 item 7).
 * The server queues each headset's command in one transaction and answers per headset, so a
 * class set of 30 gets it as fast as one headset. The modes are left to the server, which queues each headset's own
 * (the mode switches name theirs). A headset the server refuses (offline, software too old, too many commands
 * waiting) gets its reason; when the request as a whole is refused or gets no answer, every headset gets that reason.
 */
export async function sendToHeadsets(
  headsetIds: readonly number[],
  input: CommandInput,
): Promise<CommandOutcome[]> {
  if (headsetIds.length === 0) return [];
  const { command, lesson, lessonPlanStep, ...extras } = input;
  try {
    const { results } = await answerOf(
      apiClient.POST('/api/v3/mdm/devices/command-queue/', {
        body: {
          devices: [...headsetIds],
          command,
          extras,
          ...(lesson === undefined ? {} : { lesson }),
          ...(lessonPlanStep === undefined ? {} : { lessonPlanStep }),
        },
      }),
    );
    return results.map(({ deviceId, command: queued, refusal }) =>
      queued
        ? { headsetId: deviceId, commandId: queued.id }
        : { headsetId: deviceId, refusal: refusalReason(refusal) },
    );
  } catch (error) {
    if (!(error instanceof ServerRefusal)) reportError(error, { during: 'queueDeviceCommand' });
    // No answer at all (network, a request that failed on the way): worth another try, and said so.
    const reason: ReceiptReason =
      error instanceof ServerRefusal ? refusalReason(error.body) : { code: 'noAnswer' };
    return headsetIds.map((headsetId) => ({ headsetId, refusal: reason }));
  }
}

/**
 * Why a command failed on a headset or was refused for it, in the portal's words (namespace common,
 * `commandFailures.*`): 'Die VR-Brille ist ausgeschaltet oder nicht verbunden.' A reason the portal has no words
 * for keeps the server's or headset's text.
 */
export function commandFailureText(t: TFunction, reason: ReceiptReason): string {
  switch (reason.code) {
    case 'other':
      return reason.message ?? t('commandFailures.other');
    case 'softwareTooOld':
      return reason.requiredVersion
        ? t('commandFailures.softwareTooOld', { version: reason.requiredVersion })
        : t('commandFailures.softwareTooOldUnknown');
    case 'batteryTooLow':
      return t('commandFailures.batteryTooLow', { percent: UPDATE_MIN_BATTERY_PERCENT });
    default:
      return t(`commandFailures.${reason.code}`);
  }
}

/**
 * The headsets the server refused in a request for several, grouped by reason, in the portal's words: 'Nicht gesendet
 * an Altair, Deneb: Die Software ist zu alt (mindestens 4.9.4 nötig).' Null when it refused none.
 */
export function refusalsText(
  t: TFunction,
  outcomes: readonly CommandOutcome[],
  nameOf: (headsetId: number) => string,
): string | null {
  const byReason = new Map<string, string[]>();
  for (const outcome of outcomes) {
    if (!('refusal' in outcome)) continue;
    const reason = commandFailureText(t, outcome.refusal);
    // Each name isolated on its own: an override in one must not run into the next (lib/interpolation.ts).
    byReason.set(reason, [...(byReason.get(reason) ?? []), isolateBidi(nameOf(outcome.headsetId))]);
  }
  if (byReason.size === 0) return null;
  return [...byReason]
    .map(([reason, names]) => t('commandRefused', { names: names.join(', '), reason }))
    .join(' ');
}

/**
 * The receipts of commands sent (listCommandReceipts): each with its headset's latest report. Polled by the caller as
 * long as a headset has not answered (playback, the rollout of an operating system image).
 */
export function receiptsQuery(commandIds: readonly number[]) {
  return $api.queryOptions('post', '/api/v3/mdm/devices/command-receipts/', {
    // The contract wants at least one id; the query is disabled without commands.
    body: { commands: commandIds.length > 0 ? [...commandIds] : [1] },
  });
}
