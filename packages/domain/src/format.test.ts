import { describe, expect, it } from 'vitest';
import {
  AGE_TEXT_NONE,
  AGE_TEXT_RANGE,
  ageRange,
  ageRangeText,
  byteSize,
  elapsedSince,
  formatBytes,
  formatDuration,
  truncateText,
} from './format.ts';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;
const TB = GB * 1024;

describe('byteSize', () => {
  it.each([
    [0, { value: 0, unit: 'B' }],
    [512, { value: 512, unit: 'B' }],
    [1023, { value: 1023, unit: 'B' }],
    [1024, { value: 1, unit: 'KB' }],
    [1536, { value: 1.5, unit: 'KB' }],
    [1.5 * GB, { value: 1.5, unit: 'GB' }],
    [5 * TB, { value: 5, unit: 'TB' }],
    [2048 * TB, { value: 2048, unit: 'TB' }],
    [12.3456 * MB, { value: 12.35, unit: 'MB' }],
  ])('%d bytes → %j', (bytes, expected) => {
    expect(byteSize(bytes)).toEqual(expected);
  });

  it('moves up a unit when rounding reaches 1024', () => {
    expect(byteSize(MB - 1)).toEqual({ value: 1, unit: 'MB' });
  });

  it('rounds fractional bytes to whole bytes', () => {
    expect(byteSize(10.6)).toEqual({ value: 11, unit: 'B' });
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('has no size for %d', (bytes) => {
    expect(byteSize(bytes)).toBeNull();
  });
});

describe('formatBytes', () => {
  it('writes German numbers with two decimals by default', () => {
    expect(formatBytes(1.5 * GB)).toBe('1,50 GB');
    expect(formatBytes(1234.5 * MB)).toBe('1,21 GB');
    expect(formatBytes(1000 * KB)).toBe('1.000,00 KB');
  });

  it('uses the given locale', () => {
    expect(formatBytes(1.5 * GB, 'en')).toBe('1.50 GB');
  });

  it('writes whole bytes without decimals', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
  });

  it('gives null for values that are no size', () => {
    expect(formatBytes(-5)).toBeNull();
    expect(formatBytes(Number.NaN)).toBeNull();
    expect(formatBytes(null)).toBeNull();
    expect(formatBytes(undefined)).toBeNull();
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00:00'],
    [5, '0:00:05'],
    [59, '0:00:59'],
    [60, '0:01:00'],
    [3599, '0:59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [360_000, '100:00:00'],
    [61.9, '0:01:01'],
  ])('%d s → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it.each([-1, -3725, Number.NaN, Number.POSITIVE_INFINITY])('shows %d as 0:00:00', (seconds) => {
    expect(formatDuration(seconds)).toBe('0:00:00');
  });
});

describe('ageRange and ageRangeText', () => {
  it('has no recommendation when both ends are missing or 0', () => {
    for (const [min, max] of [
      [null, null],
      [undefined, undefined],
      [0, 0],
      [0, null],
      [null, 0],
      [-3, Number.NaN],
    ] as const) {
      expect(ageRange(min, max)).toEqual({ kind: 'none' });
      expect(ageRangeText(min, max)).toBe('Keine Altersempfehlung');
    }
  });

  it('gives a range when both ends are set', () => {
    expect(ageRange(12, 16)).toEqual({ kind: 'range', min: 12, max: 16 });
    expect(ageRangeText(12, 16)).toBe('12 bis 16 Jahre');
    expect(ageRangeText(10, 10)).toBe('10 bis 10 Jahre');
  });

  it('puts ends given the wrong way round in order', () => {
    expect(ageRange(16, 12)).toEqual({ kind: 'range', min: 12, max: 16 });
  });

  it('gives an open range when only one end is set', () => {
    expect(ageRange(12, null)).toEqual({ kind: 'from', min: 12 });
    expect(ageRangeText(12, 0)).toBe('ab 12 Jahren');
    expect(ageRange(undefined, 10)).toEqual({ kind: 'upTo', max: 10 });
    expect(ageRangeText(0, 10)).toBe('bis 10 Jahre');
  });

  it('exports the spec texts for the translation files', () => {
    expect(AGE_TEXT_NONE).toBe('Keine Altersempfehlung');
    expect(AGE_TEXT_RANGE).toBe('{{min}} bis {{max}} Jahre');
  });
});

describe('truncateText', () => {
  const text = 'Reise durch das Sonnensystem';

  it('cuts at the next space after the index and appends " ..."', () => {
    expect(truncateText(text, 8)).toBe('Reise durch ...');
    expect(truncateText(text, 3)).toBe('Reise ...');
  });

  it('cuts at a space that sits exactly at the index', () => {
    expect(truncateText(text, 5)).toBe('Reise ...');
  });

  it('leaves short texts unchanged', () => {
    expect(truncateText(text, text.length)).toBe(text);
    expect(truncateText(text, 100)).toBe(text);
    expect(truncateText('', 0)).toBe('');
  });

  it('leaves the text unchanged when no space follows the index', () => {
    expect(truncateText(text, 17)).toBe(text);
    expect(truncateText('Einwort', 2)).toBe('Einwort');
  });

  it('does not cut off trailing whitespace alone, nor keep leading whitespace alone', () => {
    expect(truncateText('Hallo Welt   ', 7)).toBe('Hallo Welt   ');
    expect(truncateText('  Hallo Welt', 0)).toBe('  Hallo Welt');
  });

  it('treats newlines as spaces and drops doubled spaces before the suffix', () => {
    expect(truncateText('Erste Zeile\nzweite Zeile', 7)).toBe('Erste Zeile ...');
    expect(truncateText('Hallo   Welt', 6)).toBe('Hallo ...');
  });

  it('counts a negative index as 0 and ignores a non-finite one', () => {
    expect(truncateText(text, -10)).toBe('Reise ...');
    expect(truncateText(text, Number.NaN)).toBe(text);
  });
});

describe('parseDuration', () => {
  it('reads h:mm:ss, m:ss and whole seconds, the reverse of formatDuration', async () => {
    const { parseDuration, formatDuration } = await import('./format.ts');
    expect(parseDuration('1:02:05')).toBe(3725);
    expect(parseDuration('12:00')).toBe(720);
    expect(parseDuration(' 90 ')).toBe(90);
    expect(parseDuration('100:00:00')).toBe(360000);
    for (const seconds of [0, 59, 3725, 86399]) expect(parseDuration(formatDuration(seconds))).toBe(seconds);
  });

  it('is null for nothing and invalid for anything else', async () => {
    const { parseDuration } = await import('./format.ts');
    expect(parseDuration('')).toBeNull();
    for (const text of ['1:60:00', '0:75', 'eine Stunde', '1.5', '-3', '1:2:3:4', '1::2'])
      expect(parseDuration(text), text).toBe('invalid');
  });
});

describe('elapsedSince', () => {
  const now = Date.parse('2026-11-24T10:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it.each([
    [0, { unit: 'seconds', count: 0 }],
    [59, { unit: 'seconds', count: 59 }],
    [60, { unit: 'minutes', count: 1 }],
    [5 * 60 + 59, { unit: 'minutes', count: 5 }],
    [3599, { unit: 'minutes', count: 59 }],
    [3600, { unit: 'hours', count: 1 }],
    [86_399, { unit: 'hours', count: 23 }],
    [86_400, { unit: 'days', count: 1 }],
    [40 * 86_400, { unit: 'days', count: 40 }],
  ])('%i seconds ago is %j', (seconds, expected) => {
    expect(elapsedSince(ago(seconds), now)).toEqual(expected);
    expect(elapsedSince(new Date(now - seconds * 1000), new Date(now))).toEqual(expected);
  });

  it('counts a time a little in the future as just now, and nothing for a missing or invalid time', () => {
    expect(elapsedSince(ago(-30), now)).toEqual({ unit: 'seconds', count: 0 });
    expect(elapsedSince(null, now)).toBeNull();
    expect(elapsedSince(undefined, now)).toBeNull();
    expect(elapsedSince('gestern', now)).toBeNull();
  });
});
