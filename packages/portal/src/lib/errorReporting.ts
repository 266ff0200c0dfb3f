/**
 * The error-reporting hook of spec §8. No reporting service is configured yet, so reports go to the
 * console; a service (e.g. Sentry) plugs in here without touching the callers.
 */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  console.error('[portal]', error, context ?? {});
}
