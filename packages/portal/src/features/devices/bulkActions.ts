import type { Device, QueuedCommands } from '@portal/api';
import { type DeviceCommand, isolateBidi, unmetVersionGate } from '@portal/domain';
import type { TFunction } from 'i18next';
import { type CommandOutcome, refusalsText } from '../../lib/commands.ts';
import type { ToastInput } from '../../lib/toasts.ts';

/**
 * The fleet page's actions for the selected headsets, each one request for all of them (`useBulkAction` of
 * deviceQueries.ts sends it). Sync and software sync go through the sync queues (all or none); the others through the
 * command queue, which refuses single headsets by their own state (lib/commands.ts). Reboot, shutdown and update
 * interrupt a lesson: they are asked first, naming the count. 'Stoppen' stops what plays on the selection; the server
 * takes those headsets out of their lesson (its tag `lessons`).
 */
export const BULK_ACTIONS = [
  { id: 'sync', command: 'CMD.SYNC', queue: '/api/v3/mdm/devices/sync-queue/' },
  { id: 'softwareSync', command: 'CMD.SYNC.SOFTWARE', queue: '/api/v3/mdm/devices/sync-software-queue/' },
  { id: 'reboot', command: 'CMD.REBOOT', confirm: true },
  { id: 'shutdown', command: 'CMD.SHUTDOWN', confirm: true },
  { id: 'update', command: 'CMD.UPDATE', confirm: true },
  { id: 'mute', command: 'CMD.MUTE' },
  { id: 'stop', command: 'CMD.STOP.RUNNING' },
] as const satisfies readonly {
  id: string;
  command: DeviceCommand;
  queue?: `/api/v3/mdm/devices/${string}/`;
  confirm?: true;
}[];

export type BulkAction = (typeof BULK_ACTIONS)[number];
export type ConfirmedAction = Extract<BulkAction, { confirm: true }>;

/** Whom an action reaches of the selection, and whom it leaves out and why. */
export interface BulkPlan {
  targets: Device[];
  /** Their software is too old for the command (version gate of @portal/domain). */
  tooOld: Device[];
  requiredVersion: string | undefined;
  /** Muting reaches only headsets with sound: CMD.MUTE toggles, a muted headset would get its sound back. */
  alreadyMuted: Device[];
  /** Stopping reaches only headsets that report something playing or paused. */
  notPlaying: Device[];
}

export function planBulk(action: BulkAction, selected: readonly Device[]): BulkPlan {
  const plan: BulkPlan = {
    targets: [],
    tooOld: [],
    requiredVersion: undefined,
    alreadyMuted: [],
    notPlaying: [],
  };
  for (const device of selected) {
    const gate = unmetVersionGate(device.softwareVersion, action.command);
    if (gate) {
      plan.tooOld.push(device);
      plan.requiredVersion = gate.requiredVersion;
    } else if (action.id === 'mute' && device.muted) plan.alreadyMuted.push(device);
    else if (action.id === 'stop' && device.playbackState === 'stopped') plan.notPlaying.push(device);
    else plan.targets.push(device);
  }
  return plan;
}

/** Why the action's button is unavailable for this selection, or undefined when it reaches at least one headset. */
export function bulkUnavailableReason(t: TFunction<'devices'>, plan: BulkPlan): string | undefined {
  if (plan.targets.length > 0) return undefined;
  if (plan.tooOld.length > 0) return t('gate.reasonAll', { version: plan.requiredVersion ?? '' });
  if (plan.alreadyMuted.length > 0) return t('bulk.allMuted');
  if (plan.notPlaying.length > 0) return t('bulk.nothingPlaying');
  // Nothing left out for a reason: nothing is selected yet (the bar is there before a selection).
  return t('bulk.selectFirst');
}

export type BulkOutcome =
  | { kind: 'queued'; queued: QueuedCommands }
  | { kind: 'sent'; outcomes: CommandOutcome[] };

/** An action and whom it reaches: what `useBulkAction` of deviceQueries.ts sends. */
export interface BulkRequest {
  action: BulkAction;
  plan: BulkPlan;
}

/** Each name isolated on its own: an override in one must not run into the next (lib/interpolation.ts). */
const names = (devices: readonly Pick<Device, 'name'>[]) =>
  devices.map((device) => isolateBidi(device.name)).join(', ');

/** The words of a toast: the feature's, the common ones (a refusal's reason) and the command's name. */
export interface BulkToastWords {
  t: TFunction<'devices'>;
  tc: TFunction;
  commandLabel: string;
}

/**
 * The toast after an action: what was sent to how many headsets, which ones were left out and why, and which
 * ones the server refused with its reason, worded as the receipts of a playback word it.
 */
export function bulkToast(
  { t, tc, commandLabel }: BulkToastWords,
  action: BulkAction,
  plan: BulkPlan,
  outcome: BulkOutcome,
): ToastInput {
  const notes: string[] = [];
  if (plan.tooOld.length > 0) {
    notes.push(t('bulk.skipped', { version: plan.requiredVersion ?? '', names: names(plan.tooOld) }));
  }
  if (plan.alreadyMuted.length > 0) notes.push(t('bulk.skippedMuted', { names: names(plan.alreadyMuted) }));
  const withNotes = (text: string) => [text, ...notes].join(' ');
  const tone = notes.length > 0 ? 'warning' : 'success';
  if (outcome.kind === 'queued') {
    const count = outcome.queued.commands.length;
    return {
      tone,
      title: 'devices:bulk.sent.title',
      descriptionText: withNotes(
        action.id === 'softwareSync'
          ? t('bulk.softwareSyncQueued', { count })
          : t('bulk.syncQueued', { count }),
      ),
    };
  }
  const { outcomes } = outcome;
  const nameOf = (id: number) => plan.targets.find((device) => device.id === id)?.name ?? String(id);
  const refused = refusalsText(tc, outcomes, nameOf);
  const sent = outcomes.filter((result) => 'commandId' in result).length;
  if (refused === null) {
    return {
      tone,
      title: 'devices:bulk.sent.title',
      descriptionText: withNotes(t('bulk.sent.description', { command: commandLabel, count: sent })),
    };
  }
  return {
    tone: sent === 0 ? 'error' : 'warning',
    title: sent === 0 ? 'devices:bulk.failed.title' : 'devices:bulk.partial.title',
    descriptionText: withNotes(
      `${t('bulk.partial.description', { command: commandLabel, sent, total: outcomes.length })} ${refused}`,
    ),
  };
}
