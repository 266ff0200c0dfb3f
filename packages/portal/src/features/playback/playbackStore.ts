import type {
  CommandReceiptDevice,
  ContentType,
  RunningLesson,
  DeviceCommand as SentCommand,
} from '@portal/api';
import {
  elapsedSeconds,
  isRunningStateUsable,
  PLAYBACK_TICK_MS,
  type Receipt,
  type ReceiptReason,
  RUNNING_STATE_MAX_AGE_MS,
  type RunningState,
  receiptOf,
  summariseReceipts,
} from '@portal/domain';
import { useSyncExternalStore } from 'react';
import { refusalReason } from '../../lib/commands.ts';
import { appStorage } from '../../lib/session.ts';
import { type KeyValueStorage, storageKeys } from '../../lib/storage.ts';

/** What plays: the Mediathek item, as the bar and the receipts need it. */
export interface PlayingContent {
  uuid: string;
  title: string;
  contentType: ContentType;
}

/** A headset of a lesson. */
export interface SessionHeadset {
  id: number;
  name: string;
  serialNumber: string;
}

/** A headset of a running lesson with what its receipt is made of: its latest lesson command or refusal, its report. */
export interface LessonHeadsetCopy extends SessionHeadset {
  command: SentCommand | null;
  refusal: ReceiptReason | null;
  device: CommandReceiptDevice;
}

/**
 * The browser's copy of a lesson the server runs (listRunningLessons): spec §3's running state (`currentApp` holds an
 * app or web app, `currentVideo` a video; `currentTime` the elapsed seconds without pauses when `updatedAt` was
 * reached) plus the lesson, who started it and its headsets.
 */
export interface LessonCopy extends RunningState<PlayingContent> {
  lessonId: number;
  startedAt: string;
  startedBy: string | null;
  headsets: LessonHeadsetCopy[];
  /** The lesson plan it runs and its step ('Schritt 2 von 4'); kept with the copy, so a reload shows it at once. */
  lessonPlan?: RunningLesson['lessonPlan'];
}

/**
 * A lesson this browser stopped: what it played on which headsets (for 'Nochmal starten'), where the time stood, and
 * the stop command each headset got or the server's refusal of it (for 'Gestoppt auf 30 VR-Brillen').
 */
export interface StoppedLesson {
  /** When it was stopped (epoch ms): the view goes after 60 minutes, as a stored running state does. */
  stoppedAt: number;
  content: PlayingContent;
  duration: number | null;
  elapsed: number;
  headsets: SessionHeadset[];
  commands: Record<string, number>;
  refusals: Record<string, ReceiptReason>;
}

export interface PlaybackView {
  /** The running lessons, newest start first. */
  lessons: LessonCopy[];
  stopped: StoppedLesson | null;
}

/** The content of a lesson, whichever slot holds it. */
export function lessonContent(lesson: RunningState<PlayingContent>): PlayingContent | null {
  return lesson.currentVideo ?? lesson.currentApp;
}

/** The server's lesson as the browser keeps it, its time counted from `now` on. */
export function lessonCopyOf(lesson: RunningLesson, now: number): LessonCopy {
  const { uuid, title, contentType, duration } = lesson.content;
  const content = { uuid, title, contentType };
  return {
    isPlaying: true,
    isPaused: lesson.isPaused,
    currentTime: lesson.elapsedSeconds,
    duration,
    updatedAt: now,
    currentApp: contentType === 'video' ? null : content,
    currentVideo: contentType === 'video' ? content : null,
    lessonId: lesson.id,
    startedAt: lesson.startedAt,
    startedBy: lesson.startedBy?.name ?? null,
    lessonPlan: lesson.lessonPlan,
    headsets: lesson.headsets.map((headset) => ({
      id: headset.device.id,
      name: headset.device.name,
      serialNumber: headset.serialNumber,
      command: headset.command,
      refusal: headset.refusal ? refusalReason(headset.refusal) : null,
      device: headset.device,
    })),
  };
}

export interface HeadsetReceipt {
  headset: SessionHeadset;
  receipt: Receipt;
}

/**
 * A headset's receipt in a lesson, from what it reported (receiptOf): a refused command is failed with the server's
 * reason, a command not seen yet counts as sent.
 */
function receiptIn(lesson: LessonCopy, headset: LessonHeadsetCopy): Receipt {
  if (headset.refusal) return { state: 'failed', reason: headset.refusal };
  if (!headset.command) return { state: 'sent' };
  return receiptOf(headset.command, headset.device, lessonContent(lesson)?.uuid ?? '');
}

/** Each headset's receipt in the lesson and their summary ('Läuft auf 28 von 30 VR-Brillen'). */
export function lessonReceipts(lesson: LessonCopy) {
  const receipts: HeadsetReceipt[] = lesson.headsets.map((headset) => ({
    headset,
    receipt: receiptIn(lesson, headset),
  }));
  return { receipts, summary: summariseReceipts(receipts.map((r) => r.receipt)) };
}

function isLessonCopy(value: unknown): value is LessonCopy {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown>;
  return (
    typeof state.isPlaying === 'boolean' &&
    typeof state.isPaused === 'boolean' &&
    typeof state.currentTime === 'number' &&
    typeof state.updatedAt === 'number' &&
    typeof state.lessonId === 'number' &&
    Array.isArray(state.headsets) &&
    isStoredLessonPlan(state.lessonPlan)
  );
}

/** A stored lesson plan's place: none, or the fields 'Schritt 2 von 4' reads. */
function isStoredLessonPlan(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object') return false;
  const plan = value as Record<string, unknown>;
  return (
    typeof plan.id === 'number' &&
    typeof plan.name === 'string' &&
    typeof plan.step === 'number' &&
    typeof plan.stepCount === 'number' &&
    typeof plan.note === 'string'
  );
}

/**
 * The stored lesson when it is still usable (spec §4: not older than 60 minutes and running an app or a video);
 * anything else is removed from the storage on load.
 */
export function loadLesson(storage: KeyValueStorage, now: number): LessonCopy | null {
  const text = storage.getItem(storageKeys.playback);
  if (text === null) return null;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Unreadable: discarded below like a stale one.
  }
  if (isLessonCopy(parsed) && isRunningStateUsable(parsed, now)) return parsed;
  storage.removeItem(storageKeys.playback);
  return null;
}

function isStoppedLesson(value: unknown): value is StoppedLesson {
  if (typeof value !== 'object' || value === null) return false;
  const stopped = value as Record<string, unknown>;
  return (
    typeof stopped.stoppedAt === 'number' &&
    typeof stopped.content === 'object' &&
    stopped.content !== null &&
    Array.isArray(stopped.headsets) &&
    typeof stopped.commands === 'object' &&
    stopped.commands !== null &&
    typeof stopped.refusals === 'object' &&
    stopped.refusals !== null
  );
}

/** The stopped lesson of this browser, for 60 minutes after the stop (then, or unreadable, it is removed). */
export function loadStopped(storage: KeyValueStorage, now: number): StoppedLesson | null {
  const text = storage.getItem(storageKeys.playbackStopped);
  if (text === null) return null;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Unreadable: discarded below.
  }
  if (isStoppedLesson(parsed) && now - parsed.stoppedAt <= RUNNING_STATE_MAX_AGE_MS) return parsed;
  storage.removeItem(storageKeys.playbackStopped);
  return null;
}

/** What the storage holds: the newest running lesson and the stopped one. */
function loadView(storage: KeyValueStorage, now: number): PlaybackView {
  const lesson = loadLesson(storage, now);
  return { lessons: lesson ? [lesson] : [], stopped: loadStopped(storage, now) };
}

export interface PlaybackStore {
  get(): PlaybackView;
  /** The running lessons as the server answered (newest first); the newest is stored. */
  setLessons(lessons: LessonCopy[]): void;
  /** Changes one running lesson at once (a pause before the server has answered), its time brought up first. */
  updateLesson(lessonId: number, change: (lesson: LessonCopy) => LessonCopy): void;
  /** The lesson is over here: it leaves the running ones, and `stopped` (when given) shows what became of it. */
  endLesson(lessonId: number, stopped: StoppedLesson | null): void;
  /** Replaces what the stopped lesson's view shows (`null`: nothing). */
  setStopped(stopped: StoppedLesson | null): void;
  subscribe(listener: () => void): () => void;
}

/**
 * This browser's copy of the organisation's running lessons, newest first. The newest is kept under
 * `vr-portal.playback` (spec §3's stored running state), so that a reload shows it before the server has answered, and
 * only a copy nobody has shown for 60 minutes is discarded. While anyone watches, a ticker counts the elapsed time
 * every second (not while paused) and stores the copy again. The lesson this browser stopped is kept beside it
 * (`vr-portal.playbackStopped`); a logout removes both with every `vr-portal.` key.
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
  let view = loadView(storage, clock.now());
  const listeners = new Set<() => void>();
  let stopTicker: (() => void) | null = null;

  const brought = (lesson: LessonCopy, now: number): LessonCopy => ({
    ...lesson,
    currentTime: elapsedSeconds(lesson, now),
    updatedAt: now,
  });
  const ticking = () => {
    const shouldTick = view.lessons.length > 0 && listeners.size > 0;
    if (shouldTick && !stopTicker) {
      stopTicker = clock.every(PLAYBACK_TICK_MS, () => {
        const now = clock.now();
        write({ ...view, lessons: view.lessons.map((lesson) => brought(lesson, now)) });
      });
    } else if (!shouldTick && stopTicker) {
      stopTicker();
      stopTicker = null;
    }
  };
  const write = (next: PlaybackView) => {
    view = next;
    const [newest] = next.lessons;
    if (newest) storage.setItem(storageKeys.playback, JSON.stringify(newest));
    else storage.removeItem(storageKeys.playback);
    if (next.stopped) storage.setItem(storageKeys.playbackStopped, JSON.stringify(next.stopped));
    else storage.removeItem(storageKeys.playbackStopped);
    for (const listener of listeners) listener();
    ticking();
  };

  return {
    get: () => view,
    setLessons(lessons) {
      write({ ...view, lessons });
    },
    updateLesson(lessonId, change) {
      const now = clock.now();
      write({
        ...view,
        lessons: view.lessons.map((lesson) =>
          lesson.lessonId === lessonId ? change(brought(lesson, now)) : lesson,
        ),
      });
    },
    endLesson(lessonId, stopped) {
      write({ lessons: view.lessons.filter((lesson) => lesson.lessonId !== lessonId), stopped });
    },
    setStopped(stopped) {
      write({ ...view, stopped });
    },
    subscribe(listener) {
      // Read again when the first one starts watching: a logout (which clears every vr-portal. key) or another tab
      // may have changed it since. The server's answer replaces it soon after.
      if (listeners.size === 0) {
        const again = loadView(storage, clock.now());
        const [newest = null] = view.lessons;
        const [storedNewest = null] = again.lessons;
        if (
          JSON.stringify(storedNewest) !== JSON.stringify(newest) ||
          JSON.stringify(again.stopped) !== JSON.stringify(view.stopped)
        ) {
          view = again;
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

/** The running lessons and the stopped one, re-rendering every second while a lesson counts. */
export function usePlaybackView(): PlaybackView {
  return useSyncExternalStore(playbackStore.subscribe, playbackStore.get, playbackStore.get);
}
