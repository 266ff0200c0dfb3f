import { describe, expect, it } from 'vitest';
import { berlinTime, lessonDay } from './seedLesson.ts';

describe('the demo morning’s times', () => {
  it('are German local times of the seed day, in winter and in summer time', () => {
    expect(berlinTime(new Date('2026-11-27T12:00:00Z'), 8, 5).toISOString()).toBe('2026-11-27T07:05:00.000Z');
    expect(berlinTime(new Date('2026-07-01T12:00:00Z'), 8, 5, 12).toISOString()).toBe(
      '2026-07-01T06:05:12.000Z',
    );
    // Just after midnight in Berlin it is still the day before in UTC: the Berlin day counts.
    expect(berlinTime(new Date('2026-11-26T23:30:00Z'), 8, 5).toISOString()).toBe('2026-11-27T07:05:00.000Z');
  });

  it('lie in the past: before nine the morning shown is yesterday’s', () => {
    const early = new Date('2026-11-27T06:00:00Z'); // 7:00 in Berlin
    expect(berlinTime(lessonDay(early), 8, 50).toISOString()).toBe('2026-11-26T07:50:00.000Z');
    const later = new Date('2026-11-27T10:00:00Z');
    expect(berlinTime(lessonDay(later), 8, 50).toISOString()).toBe('2026-11-27T07:50:00.000Z');
  });
});
