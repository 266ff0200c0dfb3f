import { describe, expect, it } from 'vitest';
import {
  FALLBACK_LANGUAGE,
  isPortalLanguage,
  LOGIN_ATTEMPTS,
  LOGIN_LOCK_DURATION_MS,
  PLAYBACK_TICK_MS,
  PORTAL_LANGUAGES,
  RUNNING_STATE_MAX_AGE_MS,
  STORAGE_PREFIX,
  shouldRetryTranslationLoad,
  TRANSLATION_MAX_PARALLEL_READS,
  TRANSLATION_MAX_PLACEHOLDERS,
  TRANSLATION_MAX_RETRIES,
  TRANSLATION_RETRY_INITIAL_DELAY_MS,
  translationRetryDelayMs,
} from './constants.ts';

describe('portal languages', () => {
  it('are German, the fallback, and English; nothing else passes for one', () => {
    expect(PORTAL_LANGUAGES).toEqual(['de', 'en']);
    expect(PORTAL_LANGUAGES).toContain(FALLBACK_LANGUAGE);
    expect(PORTAL_LANGUAGES.every(isPortalLanguage)).toBe(true);
    for (const other of ['fr', 'DE', 'de-DE', '', null, undefined, 1])
      expect(isPortalLanguage(other)).toBe(false);
  });
});

describe('constants of spec §9', () => {
  it('have the spec values', () => {
    expect({
      LOGIN_ATTEMPTS,
      LOGIN_LOCK_DURATION_MS,
      RUNNING_STATE_MAX_AGE_MS,
      PLAYBACK_TICK_MS,
      FALLBACK_LANGUAGE,
      STORAGE_PREFIX,
      TRANSLATION_MAX_PARALLEL_READS,
      TRANSLATION_MAX_RETRIES,
      TRANSLATION_RETRY_INITIAL_DELAY_MS,
      TRANSLATION_MAX_PLACEHOLDERS,
    }).toEqual({
      LOGIN_ATTEMPTS: 3,
      LOGIN_LOCK_DURATION_MS: 900_000,
      RUNNING_STATE_MAX_AGE_MS: 3_600_000,
      PLAYBACK_TICK_MS: 1000,
      FALLBACK_LANGUAGE: 'de',
      STORAGE_PREFIX: 'vr-portal.',
      TRANSLATION_MAX_PARALLEL_READS: 10,
      TRANSLATION_MAX_RETRIES: 5,
      TRANSLATION_RETRY_INITIAL_DELAY_MS: 350,
      TRANSLATION_MAX_PLACEHOLDERS: 1000,
    });
  });
});

describe('shouldRetryTranslationLoad', () => {
  it.each([undefined, null, 0, Number.NaN, 500, 502, 503, 599])('retries status %j', (status) => {
    expect(shouldRetryTranslationLoad(status)).toBe(true);
  });

  it.each([400, 401, 403, 404, 429, 499, 200, 304])('does not retry status %j', (status) => {
    expect(shouldRetryTranslationLoad(status)).toBe(false);
  });
});

describe('translationRetryDelayMs', () => {
  it('starts at 350 ms and doubles for each of the 5 retries', () => {
    expect([1, 2, 3, 4, 5].map(translationRetryDelayMs)).toEqual([350, 700, 1400, 2800, 5600]);
  });

  it('gives no delay once retries are used up or for nonsense attempts', () => {
    expect(translationRetryDelayMs(6)).toBeNull();
    expect(translationRetryDelayMs(0)).toBeNull();
    expect(translationRetryDelayMs(-1)).toBeNull();
    expect(translationRetryDelayMs(1.5)).toBeNull();
    expect(translationRetryDelayMs(Number.NaN)).toBeNull();
  });
});
