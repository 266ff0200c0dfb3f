import type { CommandStatus, DeviceCommand } from './devices.ts';
import { supportsFeature, type UnmetVersionGate, unmetVersionGate } from './gates.ts';

/**
 * 'Alle Blicke nach vorn' (issue 26): the teacher asks every pupil at once to take the headset off and look at the
 * front. CMD.ATTENTION pauses what runs, mutes and shows a full-screen message; CMD.ATTENTION.END undoes all three.
 */
export const ATTENTION_COMMANDS = [
  'CMD.ATTENTION',
  'CMD.ATTENTION.END',
] as const satisfies readonly DeviceCommand[];
export type AttentionCommand = (typeof ATTENTION_COMMANDS)[number];

export function isAttentionCommand(command: DeviceCommand): command is AttentionCommand {
  return (ATTENTION_COMMANDS as readonly DeviceCommand[]).includes(command);
}

/** The message when the teacher writes none (spec voice for pupils: 'ihr'). */
export const DEFAULT_ATTENTION_MESSAGE = 'Bitte setzt die VR-Brillen ab und schaut nach vorn.';

/** The longest message a teacher may write: it must fit on a headset's screen in large type. */
export const ATTENTION_MESSAGE_MAX_LENGTH = 120;

/**
 * How a headset carries out an attention command: itself (`attention`), by the server's fallback of pause + mute
 * (`fallback`: software below the attention gate, but with the pause and mute gates), or not at all (`tooOld`, with
 * the first of those gates it lacks).
 */
export type AttentionRoute =
  | { kind: 'attention' }
  | { kind: 'fallback' }
  | { kind: 'tooOld'; gate: UnmetVersionGate };

export function attentionRoute(softwareVersion: string | null | undefined): AttentionRoute {
  if (supportsFeature(softwareVersion, 'attention')) return { kind: 'attention' };
  const gate =
    unmetVersionGate(softwareVersion, 'CMD.TOGGLE.PAUSE') ?? unmetVersionGate(softwareVersion, 'CMD.MUTE');
  return gate === null ? { kind: 'fallback' } : { kind: 'tooOld', gate };
}

/** What the fallback did to a headset, so that ending it undoes exactly that (and not a pause the class had before). */
export interface AttentionFallback {
  paused: boolean;
  muted: boolean;
}

/**
 * The commands that stand in for CMD.ATTENTION on an older headset, from its last report: pause only what plays, mute
 * only what sounds.
 */
export function attentionFallbackCommands(device: {
  playbackState: 'playing' | 'paused' | 'stopped';
  muted: boolean;
}): DeviceCommand[] {
  return [
    ...(device.playbackState === 'playing' ? (['CMD.TOGGLE.PAUSE'] as const) : []),
    ...(device.muted ? [] : (['CMD.MUTE'] as const)),
  ];
}

/**
 * The commands that end the fallback: undo the pause and the mute it set, as far as the headset still reports them
 * (a pupil who resumed by hand is not paused again by a toggle).
 */
export function attentionFallbackEndCommands(
  fallback: AttentionFallback | null,
  device: { playbackState: 'playing' | 'paused' | 'stopped'; muted: boolean },
): DeviceCommand[] {
  if (fallback === null) return [];
  return [
    ...(fallback.paused && device.playbackState === 'paused' ? (['CMD.TOGGLE.PAUSE'] as const) : []),
    ...(fallback.muted && device.muted ? (['CMD.MUTE'] as const) : []),
  ];
}

/** The fallback's record after its commands: what it paused and muted. */
export function fallbackOf(commands: readonly DeviceCommand[]): AttentionFallback {
  return { paused: commands.includes('CMD.TOGGLE.PAUSE'), muted: commands.includes('CMD.MUTE') };
}

/**
 * The receipt of an attention command on one headset, as for playback: sent, arrived, then what the headset shows —
 * the message (`attention`), paused and muted by the fallback (`pausedAndMuted`), back to the lesson after
 * CMD.ATTENTION.END (`resumed`) — or failed with the reason.
 */
export type AttentionReceiptState =
  | 'sent'
  | 'arrived'
  | 'attention'
  | 'pausedAndMuted'
  | 'resumed'
  | 'failed';

export interface AttentionReceiptCommand {
  command: DeviceCommand;
  status: CommandStatus;
  message: string | null;
}

export function attentionReceiptOf(
  command: AttentionReceiptCommand,
  device: { isOnline: boolean },
  ending: boolean,
): { state: AttentionReceiptState; message?: string } {
  // Interrupted: the headset restarted before it reported the result (the server's reason is the message).
  if (command.status === 'failed' || command.status === 'expired' || command.status === 'interrupted') {
    return { state: 'failed', ...(command.message ? { message: command.message } : {}) };
  }
  if (!device.isOnline) return { state: 'failed' };
  if (command.status === 'queued') return { state: 'sent' };
  if (command.status === 'delivered') return { state: 'arrived' };
  if (ending) return { state: 'resumed' };
  return { state: isAttentionCommand(command.command) ? 'attention' : 'pausedAndMuted' };
}
