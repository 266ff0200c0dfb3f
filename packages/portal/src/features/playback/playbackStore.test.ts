import type { RunningLesson } from '@portal/api';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/storage.ts';
import {
  createPlaybackStore,
  type LessonCopy,
  lessonCopyOf,
  lessonReceipts,
  loadLesson,
  loadStopped,
  type StoppedLesson,
} from './playbackStore.ts';

const KEY = 'vr-portal.playback';
const STOPPED_KEY = 'vr-portal.playbackStopped';
const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);
const video = {
  uuid: '6f1c1c3e-2d4f-4a55-9a51-2f0a7f0c1a01',
  title: 'Vulkane',
  contentType: 'video' as const,
};

const device = (
  id: number,
  name: string,
  report: Partial<RunningLesson['headsets'][number]['device']> = {},
) => ({
  id,
  name,
  isOnline: true,
  playbackState: 'playing' as const,
  currentContentUuid: video.uuid,
  stateReportedAt: new Date(T0 + 2000).toISOString(),
  syncStatus: 'synced' as const,
  syncProgress: null,
  softwareVersion: '4.9.4',
  softwareUpdate: null,
  ...report,
});

const command = (id: number, deviceId: number, status: 'queued' | 'done' = 'done') => ({
  id,
  deviceId,
  serialNumber: `PA7GY000${deviceId}`,
  command: 'CMD.START.VIDEO' as const,
  extras: { contentUuid: video.uuid, guidedModeState: false, manufacturerModeState: false },
  status,
  message: null,
  code: null,
  createdAt: new Date(T0).toISOString(),
  deliveredAt: new Date(T0).toISOString(),
  finishedAt: status === 'done' ? new Date(T0 + 1000).toISOString() : null,
  expiresAt: new Date(T0 + 300_000).toISOString(),
});

/** The server's lesson: Sirius plays, Canopus has not answered, Vega was refused (offline). */
const serverLesson: RunningLesson = {
  id: 4,
  organisationId: 2,
  content: { id: 9, ...video, duration: 720 },
  lessonPlan: null,
  startedAt: new Date(T0 - 30_000).toISOString(),
  startedBy: { id: 3, name: 'Lars Lehrer' },
  isPaused: false,
  elapsedSeconds: 30,
  headsets: [
    { serialNumber: 'PA7GY0001', device: device(1, 'Sirius'), command: command(11, 1), refusal: null },
    {
      serialNumber: 'PA7GY0002',
      device: device(2, 'Canopus'),
      command: command(12, 2, 'queued'),
      refusal: null,
    },
    {
      serialNumber: 'PA7GY0020',
      device: device(20, 'Vega', { isOnline: false }),
      command: null,
      refusal: { detail: 'Vega ist aus.', code: 'deviceOffline' },
    },
  ],
};

function lesson(overrides: Partial<LessonCopy> = {}): LessonCopy {
  return { ...lessonCopyOf(serverLesson, T0), ...overrides };
}

const stopped = (overrides: Partial<StoppedLesson> = {}): StoppedLesson => ({
  stoppedAt: T0,
  content: video,
  duration: 720,
  elapsed: 30,
  headsets: [{ id: 1, name: 'Sirius', serialNumber: 'PA7GY0001' }],
  commands: { '1': 21 },
  refusals: {},
  ...overrides,
});

/** A clock the test moves by hand, with the store's one-second ticker run on demand. */
function fakeClock(start: number) {
  let now = start;
  let tick: (() => void) | null = null;
  return {
    now: () => now,
    every: (_ms: number, run: () => void) => {
      tick = run;
      return () => {
        tick = null;
      };
    },
    advance(seconds: number) {
      for (let i = 0; i < seconds; i += 1) {
        now += 1000;
        tick?.();
      }
    },
    get ticking() {
      return tick !== null;
    },
  };
}

describe('the browser’s copy of the server’s lesson', () => {
  it('is spec §3’s running state of the lesson, counted from when the answer arrived', () => {
    expect(lessonCopyOf(serverLesson, T0)).toMatchObject({
      isPlaying: true,
      isPaused: false,
      currentTime: 30,
      duration: 720,
      updatedAt: T0,
      currentApp: null,
      currentVideo: video,
      lessonId: 4,
      startedBy: 'Lars Lehrer',
    });
    const app = lessonCopyOf(
      { ...serverLesson, content: { ...serverLesson.content, contentType: 'app' } },
      T0,
    );
    expect([app.currentApp?.title, app.currentVideo]).toEqual(['Vulkane', null]);
  });

  it('words each headset’s receipt from what it reported, a refusal with the server’s reason', () => {
    const { receipts, summary } = lessonReceipts(lesson());
    expect(receipts.map((r) => [r.headset.name, r.receipt.state, r.receipt.reason?.code])).toEqual([
      ['Sirius', 'playing', undefined],
      ['Canopus', 'sent', undefined],
      ['Vega', 'failed', 'offline'],
    ]);
    expect(summary).toMatchObject({ total: 3, playing: 1, pending: 1, failed: 1 });
  });
});

describe('loadLesson and loadStopped (spec §4)', () => {
  it('restores a stored lesson up to 60 minutes old, with the step of its lesson plan', () => {
    const storage = memoryStorage({ [KEY]: JSON.stringify(lesson()) });
    expect(loadLesson(storage, T0 + 60 * 60_000)?.currentVideo?.title).toBe('Vulkane');
    const lessonPlan = { id: 3, name: 'Erdkunde', step: 2, stepCount: 4, note: '', plannedMinutes: null };
    const planned = memoryStorage({ [KEY]: JSON.stringify({ ...lesson(), lessonPlan }) });
    expect(loadLesson(planned, T0)?.lessonPlan).toEqual(lessonPlan);
  });

  it('discards and removes one older than 60 minutes, one running nothing, and one it cannot read', () => {
    for (const stored of [
      JSON.stringify(lesson()),
      JSON.stringify(lesson({ currentVideo: null })),
      '{kaputt',
      JSON.stringify({ isPlaying: true }),
      JSON.stringify({ ...lesson(), lessonPlan: { step: 'zwei' } }),
    ]) {
      const storage = memoryStorage({ [KEY]: stored });
      const now = stored === JSON.stringify(lesson()) ? T0 + 60 * 60_000 + 1 : T0;
      expect(loadLesson(storage, now)).toBeNull();
      expect(storage.getItem(KEY)).toBeNull();
    }
  });

  it('keeps the stopped lesson for 60 minutes after the stop', () => {
    const storage = memoryStorage({ [STOPPED_KEY]: JSON.stringify(stopped()) });
    expect(loadStopped(storage, T0 + 60 * 60_000)?.content.title).toBe('Vulkane');
    expect(loadStopped(storage, T0 + 60 * 60_000 + 1)).toBeNull();
    expect(storage.getItem(STOPPED_KEY)).toBeNull();
  });
});

describe('createPlaybackStore', () => {
  it('counts the elapsed time every second while watched and playing, and stores the newest lesson each time', () => {
    const storage = memoryStorage();
    const clock = fakeClock(T0);
    const store = createPlaybackStore(storage, clock);
    const older = lesson({ lessonId: 2, currentTime: 500 });
    store.setLessons([lesson(), older]);
    const stop = store.subscribe(() => undefined);
    clock.advance(3);
    expect(store.get().lessons.map((l) => l.currentTime)).toEqual([33, 503]);
    expect(JSON.parse(storage.getItem(KEY) ?? '{}')).toMatchObject({
      lessonId: 4,
      currentTime: 33,
      updatedAt: T0 + 3000,
    });
    store.updateLesson(4, (l) => ({ ...l, isPaused: true }));
    clock.advance(5);
    expect(store.get().lessons[0]?.currentTime).toBe(33);
    expect(store.get().lessons[0]?.updatedAt).toBe(T0 + 8000);
    stop();
    expect(clock.ticking).toBe(false);
  });

  it('a stop takes the lesson out and keeps what became of it; no lesson left, nothing running is stored', () => {
    const storage = memoryStorage();
    const store = createPlaybackStore(storage, fakeClock(T0));
    store.setLessons([lesson()]);
    store.endLesson(4, stopped());
    expect(store.get()).toEqual({ lessons: [], stopped: stopped() });
    expect(storage.getItem(KEY)).toBeNull();
    expect(JSON.parse(storage.getItem(STOPPED_KEY) ?? 'null')).toEqual(stopped());
    store.setStopped(null);
    expect(storage.getItem(STOPPED_KEY)).toBeNull();
  });

  it('reads the storage again when watched anew (a logout in between cleared it)', () => {
    const storage = memoryStorage({
      [KEY]: JSON.stringify(lesson()),
      [STOPPED_KEY]: JSON.stringify(stopped()),
    });
    const store = createPlaybackStore(storage, fakeClock(T0));
    expect(store.get().lessons).toHaveLength(1);
    expect(store.get().stopped).not.toBeNull();
    storage.removeItem(KEY);
    storage.removeItem(STOPPED_KEY);
    const stop = store.subscribe(() => undefined);
    expect(store.get()).toEqual({ lessons: [], stopped: null });
    stop();
  });
});
