import { describe, expect, it } from 'vitest';
import { LOGIN_LOCK_DURATION_MS } from './constants.ts';
import {
  isLoginBlocked,
  loginAttemptsAt,
  loginAttemptsReducer,
  loginLockEndsAt,
  nextLoginAttempts,
  parseLoginAttempts,
  remainingAfterFailure,
  resetLoginAttempts,
} from './login.ts';

describe('login attempts', () => {
  it('counts down 3, 2, 1, 0 and blocks at 0', () => {
    let remaining = resetLoginAttempts();
    const seen = [remaining];
    for (let i = 0; i < 3; i += 1) {
      expect(isLoginBlocked(remaining)).toBe(false);
      remaining = remainingAfterFailure(remaining);
      seen.push(remaining);
    }
    expect(seen).toEqual([3, 2, 1, 0]);
    expect(isLoginBlocked(remaining)).toBe(true);
  });

  it('never goes below 0', () => {
    expect(remainingAfterFailure(0)).toBe(0);
    expect(remainingAfterFailure(-4)).toBe(0);
    expect(isLoginBlocked(-1)).toBe(true);
  });

  it('brings out-of-range counts into range', () => {
    expect(remainingAfterFailure(99)).toBe(2);
    expect(remainingAfterFailure(2.7)).toBe(1);
    expect(remainingAfterFailure(Number.NaN)).toBe(2);
  });

  it('resets to 3 on success through the reducer', () => {
    expect(loginAttemptsReducer(1, 'failure')).toBe(0);
    expect(loginAttemptsReducer(0, 'success')).toBe(3);
    expect(loginAttemptsReducer(2, 'success')).toBe(3);
  });
});

describe('parseLoginAttempts', () => {
  it.each([
    [null, 3],
    [undefined, 3],
    ['', 3],
    ['abc', 3],
    ['2', 2],
    ['0', 0],
    ['-1', 0],
    ['17', 3],
    ['1.9', 1],
  ] as const)('reads %j as %d', (stored, expected) => {
    expect(parseLoginAttempts(stored)).toBe(expected);
  });
});

describe('the temporary lock (spec §8: temporär gesperrt)', () => {
  const start = Date.UTC(2026, 10, 22, 14, 5);
  const minutes = (n: number) => n * 60 * 1000;

  it('lasts 15 minutes', () => {
    expect(LOGIN_LOCK_DURATION_MS).toBe(minutes(15));
  });

  it('starts with the failure that uses up the last attempt and ends after the lock period', () => {
    let state = loginAttemptsAt({ remaining: null, lockedAt: null }, start);
    expect(state).toEqual({ remaining: 3, lockedAt: null });
    for (const at of [start, start + 1000]) state = nextLoginAttempts(state, 'failure', at);
    expect(state).toEqual({ remaining: 1, lockedAt: null });
    state = nextLoginAttempts(state, 'failure', start + 2000);
    expect(state).toEqual({ remaining: 0, lockedAt: start + 2000 });
    expect(loginLockEndsAt(state)).toBe(start + 2000 + LOGIN_LOCK_DURATION_MS);

    const stored = { remaining: String(state.remaining), lockedAt: String(state.lockedAt) };
    const justBefore = start + 2000 + LOGIN_LOCK_DURATION_MS - 1;
    expect(isLoginBlocked(loginAttemptsAt(stored, justBefore).remaining)).toBe(true);
    expect(loginAttemptsAt(stored, justBefore + 1)).toEqual({ remaining: 3, lockedAt: null });
    expect(loginAttemptsAt(stored, start + minutes(60))).toEqual({ remaining: 3, lockedAt: null });
  });

  it('lets a success reset the counter and forget the lock', () => {
    expect(nextLoginAttempts({ remaining: 0, lockedAt: start }, 'success', start + 5)).toEqual({
      remaining: 3,
      lockedAt: null,
    });
    expect(loginLockEndsAt({ remaining: 3, lockedAt: null })).toBeNull();
  });

  it('starts a lock of unknown or future beginning now, so that it ends too', () => {
    expect(loginAttemptsAt({ remaining: '0', lockedAt: null }, start)).toEqual({
      remaining: 0,
      lockedAt: start,
    });
    expect(loginAttemptsAt({ remaining: '0', lockedAt: 'gestern' }, start)).toEqual({
      remaining: 0,
      lockedAt: start,
    });
    expect(loginAttemptsAt({ remaining: '0', lockedAt: String(start + minutes(600)) }, start)).toEqual({
      remaining: 0,
      lockedAt: start,
    });
  });

  it('ignores a lock start while attempts remain', () => {
    expect(loginAttemptsAt({ remaining: '2', lockedAt: String(start) }, start)).toEqual({
      remaining: 2,
      lockedAt: null,
    });
  });
});
