import { describe, expect, it } from 'vitest';
import {
  elapsedSeconds,
  isRunningStateUsable,
  needsHeadsetOnline,
  PLAYBACK_COMMANDS,
  type RunningState,
} from './playback.ts';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const minute = 60_000;

function state(overrides: Partial<RunningState<{ title: string }>> = {}): RunningState<{ title: string }> {
  return {
    isPlaying: true,
    isPaused: false,
    currentTime: 12,
    duration: 300,
    updatedAt: now - 5 * minute,
    currentApp: null,
    currentVideo: { title: 'Ozeane' },
    ...overrides,
  };
}

describe('isRunningStateUsable', () => {
  it('keeps a recent state with a video or an app', () => {
    expect(isRunningStateUsable(state(), now)).toBe(true);
    expect(isRunningStateUsable(state({ currentVideo: null, currentApp: { title: 'Chemie' } }), now)).toBe(
      true,
    );
  });

  it('keeps a state exactly 60 minutes old and drops one older than that', () => {
    expect(isRunningStateUsable(state({ updatedAt: now - 60 * minute }), now)).toBe(true);
    expect(isRunningStateUsable(state({ updatedAt: now - 60 * minute - 1 }), now)).toBe(false);
    expect(isRunningStateUsable(state({ updatedAt: now - 24 * 60 * minute }), now)).toBe(false);
  });

  it('drops a state running neither app nor video', () => {
    expect(isRunningStateUsable(state({ currentVideo: null, currentApp: null }), now)).toBe(false);
  });

  it('drops a state without a usable timestamp, and a missing state', () => {
    expect(isRunningStateUsable(state({ updatedAt: Number.NaN }), now)).toBe(false);
    expect(isRunningStateUsable(null, now)).toBe(false);
    expect(isRunningStateUsable(undefined, now)).toBe(false);
  });

  it('keeps a state stamped slightly in the future', () => {
    expect(isRunningStateUsable(state({ updatedAt: now + 2000 }), now)).toBe(true);
  });
});

describe('elapsedSeconds', () => {
  const base = { isPlaying: true, isPaused: false, currentTime: 90, updatedAt: now - 30_500 };
  it('adds the time since the last change while playing, in whole seconds', () => {
    expect(elapsedSeconds(base, now)).toBe(120);
  });
  it('stands still while paused or stopped', () => {
    expect(elapsedSeconds({ ...base, isPaused: true }, now)).toBe(90);
    expect(elapsedSeconds({ ...base, isPlaying: false }, now)).toBe(90);
  });
  it('never runs backwards for a state stamped in the future', () => {
    expect(elapsedSeconds({ ...base, updatedAt: now + 5000 }, now)).toBe(90);
  });
});

describe('needsHeadsetOnline', () => {
  it('holds for the playback commands only', () => {
    expect(PLAYBACK_COMMANDS).toEqual([
      'CMD.START.APP',
      'CMD.START.VIDEO',
      'CMD.START.WEBAPP',
      'CMD.TOGGLE.PAUSE',
      'CMD.STOP.RUNNING',
    ]);
    expect(needsHeadsetOnline('CMD.START.VIDEO')).toBe(true);
    expect(needsHeadsetOnline('CMD.SYNC')).toBe(false);
    expect(needsHeadsetOnline('CMD.REBOOT')).toBe(false);
  });
});
