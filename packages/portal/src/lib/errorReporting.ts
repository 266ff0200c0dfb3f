import { type ErrorReportingDsn, env } from './env.ts';

/**
 * The one error-reporting hook of the portal (spec §8: a failed device-type load is reported to an
 * error-reporting service). Every report goes to the browser console; with VITE_ERROR_REPORTING_DSN (lib/env.ts)
 * it also goes to that Sentry-compatible service as an envelope with one event. Reporting never throws and never
 * waits: a service that is down costs a console line, not the page.
 */
export type ReportError = (error: unknown, context?: Record<string, unknown>) => void;

export interface ErrorReporterOptions {
  /** Where events go besides the console; null for the console only. */
  service: ErrorReportingDsn | null;
  /** The network (fetch); tests pass their own. */
  send?: (url: string, init: RequestInit) => Promise<unknown>;
  log?: (...data: unknown[]) => void;
  now?: () => number;
  /** The page the error happened on (sent with the event). */
  location?: () => string;
  /** 32 hex digits per event. */
  eventId?: () => string;
}

function randomEventId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What the service needs to group and show an error: its type, message and stack. */
function exceptionOf(error: unknown): { type: string; value: string } {
  if (error instanceof Error) return { type: error.name, value: error.message };
  return {
    type: 'Error',
    value: typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)),
  };
}

/** The Sentry envelope of one event: envelope header, item header, event, one JSON document per line. */
export function errorEnvelope(
  service: ErrorReportingDsn,
  event: { id: string; timestamp: number; url: string; error: unknown; context: Record<string, unknown> },
): string {
  const sentAt = new Date(event.timestamp).toISOString();
  const payload = {
    event_id: event.id,
    timestamp: event.timestamp / 1000,
    platform: 'javascript',
    level: 'error',
    logger: 'portal',
    exception: { values: [exceptionOf(event.error)] },
    extra: {
      ...event.context,
      ...(event.error instanceof Error && event.error.stack ? { stack: event.error.stack } : {}),
    },
    request: { url: event.url },
  };
  return [
    JSON.stringify({ event_id: event.id, sent_at: sentAt, dsn: service.dsn }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify(payload),
  ].join('\n');
}

export function createErrorReporter(options: ErrorReporterOptions): ReportError {
  const {
    service,
    send = (url, init) => fetch(url, init),
    log = (...data) => console.error(...data),
    now = Date.now,
    location = () => (typeof window === 'undefined' ? '' : window.location.href),
    eventId = randomEventId,
  } = options;
  return (error, context = {}) => {
    log('[portal]', error, context);
    if (!service) return;
    const body = errorEnvelope(service, { id: eventId(), timestamp: now(), url: location(), error, context });
    // text/plain keeps the request simple (no CORS preflight), as Sentry's own browser SDK sends envelopes.
    send(service.envelopeUrl, {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    }).catch((failure: unknown) => log('[portal] error report not sent', failure));
  };
}

/** The portal's reporter, configured by the build's environment. */
export const reportError: ReportError = createErrorReporter({ service: env.errorReporting });
