import { ATTENTION_COMMANDS } from './attention.ts';
import { RUNNING_STATE_MAX_AGE_MS } from './constants.ts';
import type { DeviceCommand } from './devices.ts';

/**
 * The running state the portal stores locally (spec §3). What an app or video entry holds is the portal's
 * business, hence the type parameter; these rules only ask whether one is there.
 */
export interface RunningState<TContent = unknown> {
  isPlaying: boolean;
  isPaused: boolean;
  /** Elapsed seconds. */
  currentTime: number;
  /** Total seconds, when known. */
  duration: number | null;
  /** Milliseconds since the epoch of the last change. */
  updatedAt: number;
  currentApp: TContent | null;
  currentVideo: TContent | null;
}

/**
 * Spec §4: a stored state is discarded when it is older than 60 minutes (exactly 60 still counts) or runs
 * neither an app nor a video. A state without a valid timestamp cannot be dated and is discarded too; one
 * stamped slightly in the future (clock skew between tabs) is kept.
 */
export function isRunningStateUsable(
  state: Pick<RunningState, 'updatedAt' | 'currentApp' | 'currentVideo'> | null | undefined,
  now: number,
): boolean {
  if (!state || !Number.isFinite(state.updatedAt)) return false;
  if (now - state.updatedAt > RUNNING_STATE_MAX_AGE_MS) return false;
  const hasApp = state.currentApp !== null && state.currentApp !== undefined;
  const hasVideo = state.currentVideo !== null && state.currentVideo !== undefined;
  return hasApp || hasVideo;
}

/**
 * The elapsed seconds of a running state at `now` (spec §4: the time counts up each second unless paused):
 * `currentTime` as stored, plus the time since `updatedAt` while playing. Whole seconds, never negative.
 */
export function elapsedSeconds(
  state: Pick<RunningState, 'isPlaying' | 'isPaused' | 'currentTime' | 'updatedAt'>,
  now: number,
): number {
  const running = state.isPlaying && !state.isPaused ? Math.max(0, now - state.updatedAt) / 1000 : 0;
  return Math.max(0, Math.floor(state.currentTime + running));
}

/**
 * Playback commands (spec §4) belong to the moment they are given: the server refuses them for a headset that is
 * offline now (409 `deviceOffline`) instead of queueing them, so a video never starts by itself when someone switches
 * a headset on later, and the portal can say at once that this headset missed it.
 */
export const PLAYBACK_COMMANDS = [
  'CMD.START.APP',
  'CMD.START.VIDEO',
  'CMD.START.WEBAPP',
  'CMD.TOGGLE.PAUSE',
  'CMD.STOP.RUNNING',
] as const satisfies readonly DeviceCommand[];

/** Playback commands and 'Alle Blicke nach vorn' (ATTENTION_COMMANDS): both belong to the moment. */
export function needsHeadsetOnline(command: DeviceCommand): boolean {
  return (
    (PLAYBACK_COMMANDS as readonly DeviceCommand[]).includes(command) ||
    (ATTENTION_COMMANDS as readonly DeviceCommand[]).includes(command)
  );
}
