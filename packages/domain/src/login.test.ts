import { describe, expect, it } from 'vitest';
import {
  isLoginBlocked,
  loginAttemptsReducer,
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
