import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/storage.ts';
import { createPlaybackStore, loadSession, type PlaybackSession } from './playbackStore.ts';

const KEY = 'vr-portal.playback';
const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);
const video = {
  uuid: '6f1c1c3e-2d4f-4a55-9a51-2f0a7f0c1a01',
  title: 'Vulkane',
  contentType: 'video' as const,
};

function session(overrides: Partial<PlaybackSession> = {}): PlaybackSession {
  return {
    isPlaying: true,
    isPaused: false,
    currentTime: 0,
    duration: null,
    updatedAt: T0,
    currentApp: null,
    currentVideo: video,
    headsets: [{ id: 1, name: 'Sirius', serialNumber: 'PA7GY0001' }],
    commands: { '1': 7 },
    refusals: {},
    ...overrides,
  };
}

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

describe('loadSession (spec §4)', () => {
  it('restores a stored session up to 60 minutes old', () => {
    const storage = memoryStorage({ [KEY]: JSON.stringify(session()) });
    expect(loadSession(storage, T0 + 60 * 60_000)?.currentVideo?.title).toBe('Vulkane');
  });

  it('discards and removes one older than 60 minutes, one running nothing, and one it cannot read', () => {
    for (const stored of [
      JSON.stringify(session()),
      JSON.stringify(session({ currentVideo: null })),
      '{kaputt',
      JSON.stringify({ isPlaying: true }),
    ]) {
      const storage = memoryStorage({ [KEY]: stored });
      const now = stored === JSON.stringify(session()) ? T0 + 60 * 60_000 + 1 : T0;
      expect(loadSession(storage, now)).toBeNull();
      expect(storage.getItem(KEY)).toBeNull();
    }
  });
});

describe('createPlaybackStore', () => {
  it('counts the elapsed time every second while watched and playing, and stores it each time', () => {
    const storage = memoryStorage();
    const clock = fakeClock(T0);
    const store = createPlaybackStore(storage, clock);
    store.set(session());
    const stop = store.subscribe(() => undefined);
    clock.advance(3);
    expect(store.get()?.currentTime).toBe(3);
    expect(JSON.parse(storage.getItem(KEY) ?? '{}')).toMatchObject({ currentTime: 3, updatedAt: T0 + 3000 });
    store.update((s) => ({ ...s, isPaused: true }));
    clock.advance(5);
    expect(store.get()?.currentTime).toBe(3);
    expect(store.get()?.updatedAt).toBe(T0 + 8000);
    stop();
    expect(clock.ticking).toBe(false);
  });

  it('resets state, headsets and the stored state on stop', () => {
    const storage = memoryStorage();
    const store = createPlaybackStore(storage, fakeClock(T0));
    store.set(session());
    store.set(null);
    expect(store.get()).toBeNull();
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('reads the storage again when watched anew (a logout in between cleared it)', () => {
    const storage = memoryStorage({ [KEY]: JSON.stringify(session()) });
    const store = createPlaybackStore(storage, fakeClock(T0));
    expect(store.get()).not.toBeNull();
    storage.removeItem(KEY);
    const stop = store.subscribe(() => undefined);
    expect(store.get()).toBeNull();
    stop();
  });
});
