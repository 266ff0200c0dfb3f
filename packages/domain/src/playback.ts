import { RUNNING_STATE_MAX_AGE_MS } from './constants.ts';

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
