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

  it('lasts 15 minutes when the server says nothing', () => {
    expect(LOGIN_LOCK_DURATION_MS).toBe(minutes(15));
  });

  it('counting locally: starts with the failure that uses up the last attempt and ends after the lock period', () => {
    let state = loginAttemptsAt({ remaining: null, lockedUntil: null }, start);
    expect(state).toEqual({ remaining: 3, lockedUntil: null });
    for (const at of [start, start + 1000]) state = nextLoginAttempts(state, 'failure', at);
    expect(state).toEqual({ remaining: 1, lockedUntil: null });
    state = nextLoginAttempts(state, 'failure', start + 2000);
    expect(state).toEqual({ remaining: 0, lockedUntil: start + 2000 + LOGIN_LOCK_DURATION_MS });
    expect(loginLockEndsAt(state)).toBe(start + 2000 + LOGIN_LOCK_DURATION_MS);

    const stored = { remaining: String(state.remaining), lockedUntil: String(state.lockedUntil) };
    const justBefore = start + 2000 + LOGIN_LOCK_DURATION_MS - 1;
    expect(isLoginBlocked(loginAttemptsAt(stored, justBefore).remaining)).toBe(true);
    expect(loginAttemptsAt(stored, justBefore + 1)).toEqual({ remaining: 3, lockedUntil: null });
    expect(loginAttemptsAt(stored, start + minutes(60))).toEqual({ remaining: 3, lockedUntil: null });
  });

  it("takes the server's word: the attempts it names, and a lock for the time it names", () => {
    const fresh = { remaining: 3, lockedUntil: null };
    // The server counts failures from other computers too: after one failure here it may name 1.
    expect(nextLoginAttempts(fresh, { remainingAttempts: 1 }, start)).toEqual({
      remaining: 1,
      lockedUntil: null,
    });
    expect(nextLoginAttempts(fresh, { remainingAttempts: 7 }, start)).toEqual({
      remaining: 3,
      lockedUntil: null,
    });
    expect(nextLoginAttempts(fresh, { remainingAttempts: 0 }, start)).toEqual({
      remaining: 0,
      lockedUntil: start + LOGIN_LOCK_DURATION_MS,
    });
    const locked = nextLoginAttempts(fresh, { lockedForMs: minutes(4) }, start);
    expect(locked).toEqual({ remaining: 0, lockedUntil: start + minutes(4) });
    expect(loginLockEndsAt(locked)).toBe(start + minutes(4));
    const stored = { remaining: '0', lockedUntil: String(locked.lockedUntil) };
    expect(loginAttemptsAt(stored, start + minutes(4))).toEqual({ remaining: 3, lockedUntil: null });
  });

  it('lets a success reset the counter and forget the lock', () => {
    expect(nextLoginAttempts({ remaining: 0, lockedUntil: start }, 'success', start + 5)).toEqual({
      remaining: 3,
      lockedUntil: null,
    });
    expect(loginLockEndsAt({ remaining: 3, lockedUntil: null })).toBeNull();
  });

  it('gives a block of unknown or unbelievable end the usual period from now, so that it ends too', () => {
    const usual = { remaining: 0, lockedUntil: start + LOGIN_LOCK_DURATION_MS };
    expect(loginAttemptsAt({ remaining: '0', lockedUntil: null }, start)).toEqual(usual);
    expect(loginAttemptsAt({ remaining: '0', lockedUntil: 'gestern' }, start)).toEqual(usual);
    expect(loginAttemptsAt({ remaining: '0', lockedUntil: String(start + minutes(60 * 48)) }, start)).toEqual(
      usual,
    );
  });

  it('ignores a lock end while attempts remain', () => {
    expect(loginAttemptsAt({ remaining: '2', lockedUntil: String(start + 1000) }, start)).toEqual({
      remaining: 2,
      lockedUntil: null,
    });
  });
});
