import { describe, expect, it } from 'vitest';
import { compareVersions, isOlderThan, parseVersion } from './version.ts';

describe('parseVersion', () => {
  it('reads numbers, an optional v, pre-release and build metadata', () => {
    expect(parseVersion('4.9.4')).toEqual({ numbers: [4, 9, 4], prerelease: [] });
    expect(parseVersion(' v4.10 ')).toEqual({ numbers: [4, 10], prerelease: [] });
    expect(parseVersion('4.5.0-rc.1+build.7')).toEqual({ numbers: [4, 5, 0], prerelease: ['rc', '1'] });
  });

  it.each(['', 'abc', '4.', '.4', '4..1', '4.x', 'v', '4.0-', '4.0-a..b', '4 .0', null, undefined])(
    'refuses %j',
    (value) => {
      expect(parseVersion(value)).toBeNull();
    },
  );
});

describe('compareVersions', () => {
  it.each([
    ['4.9.4', '4.9.4', 0],
    ['4.10.0', '4.9.4', 1],
    ['4.9.4', '4.10', -1],
    ['v4.10', '4.10.0', 0],
    ['4', '4.0.0', 0],
    ['4.0.1', '4.0', 1],
    ['4.9.4.1', '4.9.4', 1],
    ['5.0.0', '4.99.99', 1],
    ['04.5.0', '4.5.0', 0],
    ['4.5.0+build.9', '4.5.0', 0],
  ] as const)('%s vs %s → %d', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
    expect(compareVersions(b, a)).toBe(expected === 0 ? 0 : -expected);
  });

  it('ranks pre-releases below their release and in semver order', () => {
    const ordered = [
      '4.5.0-alpha',
      '4.5.0-alpha.1',
      '4.5.0-alpha.beta',
      '4.5.0-beta',
      '4.5.0-beta.2',
      '4.5.0-beta.11',
      '4.5.0-rc.1',
      '4.5.0',
      '4.5.1-alpha',
    ];
    const shuffled = [...ordered].reverse();
    expect(shuffled.sort(compareVersions)).toEqual(ordered);
  });

  it('ranks invalid versions below valid ones, and equal to each other', () => {
    expect(compareVersions('unbekannt', '0.0.1')).toBe(-1);
    expect(compareVersions('0.0.0', null)).toBe(1);
    expect(compareVersions(undefined, 'kaputt')).toBe(0);
  });
});

describe('isOlderThan', () => {
  it('is true only below the reference', () => {
    expect(isOlderThan('4.6.9', '4.7.0')).toBe(true);
    expect(isOlderThan('4.7.0', '4.7.0')).toBe(false);
    expect(isOlderThan('4.7.1', '4.7.0')).toBe(false);
    expect(isOlderThan('4.7.0-rc.1', '4.7.0')).toBe(true);
  });

  it('treats a missing or invalid version as older', () => {
    expect(isOlderThan(null, '4.0.1')).toBe(true);
    expect(isOlderThan('', '4.0.1')).toBe(true);
  });
});
