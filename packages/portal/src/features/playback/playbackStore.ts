import type { ContentType } from '@portal/api';
import {
  elapsedSeconds,
  isRunningStateUsable,
  PLAYBACK_TICK_MS,
  type ReceiptReason,
  type RunningState,
} from '@portal/domain';
import { useSyncExternalStore } from 'react';
import { appStorage } from '../../lib/session.ts';
import { type KeyValueStorage, storageKeys } from '../../lib/storage.ts';

/** What plays: the Mediathek item, as the bar and the receipts need it. */
export interface PlayingContent {
  uuid: string;
  title: string;
  contentType: ContentType;
}

/** A headset of the running playback. */
export interface SessionHeadset {
  id: number;
  name: string;
  serialNumber: string;
}

/**
 * The running playback on a class set: spec §3's running state (`currentApp` holds an app or web app, `currentVideo`
 * a video) plus the headsets it runs on and, per headset (by id), the latest command it was sent (for its receipt)
 * or the server's refusal of it.
 */
export interface PlaybackSession extends RunningState<PlayingContent> {
  headsets: SessionHeadset[];
  commands: Record<string, number>;
  refusals: Record<string, ReceiptReason>;
}

/** The content of a session, whichever slot holds it. */
export function sessionContent(session: PlaybackSession): PlayingContent | null {
  return session.currentVideo ?? session.currentApp;
}

function isSession(value: unknown): value is PlaybackSession {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown>;
  return (
    typeof state.isPlaying === 'boolean' &&
    typeof state.isPaused === 'boolean' &&
    typeof state.currentTime === 'number' &&
    typeof state.updatedAt === 'number' &&
    Array.isArray(state.headsets) &&
    typeof state.commands === 'object' &&
    state.commands !== null &&
    typeof state.refusals === 'object' &&
    state.refusals !== null
  );
}

/**
 * The stored session when it is still usable (spec §4: not older than 60 minutes and running an app or a video);
 * anything else is removed from the storage on load.
 */
export function loadSession(storage: KeyValueStorage, now: number): PlaybackSession | null {
  const text = storage.getItem(storageKeys.playback);
  if (text === null) return null;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Unreadable: discarded below like a stale one.
  }
  if (isSession(parsed) && isRunningStateUsable(parsed, now)) return parsed;
  storage.removeItem(storageKeys.playback);
  return null;
}

export interface PlaybackStore {
  get(): PlaybackSession | null;
  /** Replaces the session (stored at once) or ends it (`null`: state, headsets and stored state are gone). */
  set(session: PlaybackSession | null): void;
  /** Applies a change to the running session, with the time brought up to `now` first. */
  update(change: (session: PlaybackSession) => PlaybackSession): void;
  subscribe(listener: () => void): () => void;
}

/**
 * The one running session of this browser, kept under `vr-portal.playback`. While anyone watches it, a ticker counts
 * the elapsed time every second (not while paused) and stores the session again, so a reload restores it and only a
 * session nobody has shown for 60 minutes is discarded.
 */
export function createPlaybackStore(
  storage: KeyValueStorage,
  clock: { now(): number; every(ms: number, tick: () => void): () => void } = {
    now: () => Date.now(),
    every: (ms, tick) => {
      const timer = setInterval(tick, ms);
      return () => clearInterval(timer);
    },
  },
): PlaybackStore {
  let session = loadSession(storage, clock.now());
  const listeners = new Set<() => void>();
  let stopTicker: (() => void) | null = null;

  const brought = (current: PlaybackSession, now: number): PlaybackSession => ({
    ...current,
    currentTime: elapsedSeconds(current, now),
    updatedAt: now,
  });
  const ticking = () => {
    const shouldTick = session !== null && listeners.size > 0;
    if (shouldTick && !stopTicker) {
      stopTicker = clock.every(PLAYBACK_TICK_MS, () => {
        if (session) write(brought(session, clock.now()));
      });
    } else if (!shouldTick && stopTicker) {
      stopTicker();
      stopTicker = null;
    }
  };
  const write = (next: PlaybackSession | null) => {
    session = next;
    if (next) storage.setItem(storageKeys.playback, JSON.stringify(next));
    else storage.removeItem(storageKeys.playback);
    for (const listener of listeners) listener();
    ticking();
  };

  return {
    get: () => session,
    set: write,
    update(change) {
      if (session) write(change(brought(session, clock.now())));
    },
    subscribe(listener) {
      // Read again when the first one starts watching: a logout (which clears every vr-portal. key) or another tab
      // may have changed it since.
      if (listeners.size === 0) {
        const stored = loadSession(storage, clock.now());
        if (JSON.stringify(stored) !== JSON.stringify(session)) {
          session = stored;
          queueMicrotask(listener);
        }
      }
      listeners.add(listener);
      ticking();
      return () => {
        listeners.delete(listener);
        ticking();
      };
    },
  };
}

export const playbackStore = createPlaybackStore(appStorage);

/** The running session (null when nothing runs), re-rendering every second while it counts. */
export function usePlaybackSession(): PlaybackSession | null {
  return useSyncExternalStore(playbackStore.subscribe, playbackStore.get, playbackStore.get);
}
