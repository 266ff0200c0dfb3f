/**
 * Business constants of spec §8 and §9. The toast duration (5000 ms) and the navbar height (60 px) are drawn by
 * @portal/ui and live there (TOAST_DURATION_MS, NAVBAR_HEIGHT_PX), their one home.
 */

/** Spec §9: attempts per account at one computer; the server locks after as many failures (per account and address). */
export const LOGIN_ATTEMPTS = 3;
/**
 * How long a login blocked at 0 attempts stays blocked (spec §8 calls the block 'temporär' without naming a
 * duration): the server's default lock (LOGIN_LOCK_SECONDS). The server names the time left of each lock; the portal
 * uses this only when a server says nothing.
 */
export const LOGIN_LOCK_DURATION_MS = 15 * 60 * 1000;
export const RUNNING_STATE_MAX_AGE_MS = 60 * 60 * 1000;
export const PLAYBACK_TICK_MS = 1000;
export const FALLBACK_LANGUAGE = 'de';
/** The portal's languages (issue 4): German, the fallback, and English. A user's choice is one of these. */
export const PORTAL_LANGUAGES = ['de', 'en'] as const;
export type PortalLanguage = (typeof PORTAL_LANGUAGES)[number];
export function isPortalLanguage(value: unknown): value is PortalLanguage {
  return typeof value === 'string' && (PORTAL_LANGUAGES as readonly string[]).includes(value);
}
/** Every key the portal keeps in browser storage starts with this; logout removes all of them. */
export const STORAGE_PREFIX = 'vr-portal.';

// Translation loading (spec §9); these equal i18next's own defaults, named so the portal can pass them explicitly.
export const TRANSLATION_MAX_PARALLEL_READS = 10;
export const TRANSLATION_MAX_RETRIES = 5;
export const TRANSLATION_RETRY_INITIAL_DELAY_MS = 350;
export const TRANSLATION_MAX_PLACEHOLDERS = 1000;

/**
 * Spec §8: a failed language-file load is retried on 5xx or when there is no status at all (network error;
 * fetch reports 0 then); 4xx is final. Anything below 400 is not a failure and is not retried.
 */
export function shouldRetryTranslationLoad(status: number | undefined | null): boolean {
  if (status === undefined || status === null || status === 0 || Number.isNaN(status)) return true;
  return status >= 500;
}

/**
 * Wait before retry number `attempt` (1-based): 350 ms, doubled for each further retry. Null once the
 * retries are used up (or for a nonsensical attempt), so the caller stops.
 */
export function translationRetryDelayMs(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > TRANSLATION_MAX_RETRIES) return null;
  return TRANSLATION_RETRY_INITIAL_DELAY_MS * 2 ** (attempt - 1);
}
