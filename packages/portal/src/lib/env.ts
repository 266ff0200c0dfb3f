/** A Sentry-compatible DSN (`https://<public key>@<host>/<project id>`), taken apart for sending reports. */
export interface ErrorReportingDsn {
  /** The DSN as configured (it goes into each envelope's header). */
  dsn: string;
  /** Where reports go: `<origin><path prefix>/api/<project id>/envelope/` with the key as query parameters. */
  envelopeUrl: string;
}

/** The environment the portal was built with, read and checked once. */
export interface PortalEnv {
  /** Origin (and optional path) of the API, without trailing slash; '' means the portal's own origin. */
  apiBaseUrl: string;
  /**
   * VITE_ERROR_REPORTING_DSN: errors (a failed device-type load, a crashed page) also go to this Sentry-compatible
   * service; null reports to the browser console only (lib/errorReporting.ts).
   */
  errorReporting: ErrorReportingDsn | null;
}

function text(source: Record<string, unknown>, name: string): string | undefined {
  const raw = source[name];
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') throw new Error(`${name} must be a string`);
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

function absoluteUrl(name: string, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} is not an absolute URL: '${raw}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must use http or https: '${raw}'`);
  }
  return url;
}

/** Sentry's DSN rule: the public key as user name, the project id as the last path segment. */
export function parseDsn(raw: string): ErrorReportingDsn {
  const name = 'VITE_ERROR_REPORTING_DSN';
  const url = absoluteUrl(name, raw);
  const segments = url.pathname.split('/').filter(Boolean);
  const project = segments.pop();
  if (url.username === '' || project === undefined || !/^\d+$/.test(project)) {
    throw new Error(`${name} must look like https://<public key>@<host>/<project id>: '${raw}'`);
  }
  const prefix = segments.length > 0 ? `/${segments.join('/')}` : '';
  const query = new URLSearchParams({ sentry_key: decodeURIComponent(url.username), sentry_version: '7' });
  return { dsn: raw, envelopeUrl: `${url.origin}${prefix}/api/${project}/envelope/?${query}` };
}

export function parseEnv(source: Record<string, unknown>): PortalEnv {
  const api = text(source, 'VITE_API_BASE_URL');
  const dsn = text(source, 'VITE_ERROR_REPORTING_DSN');
  const apiBaseUrl = api === undefined ? '' : api.replace(/\/+$/, '');
  if (apiBaseUrl !== '') absoluteUrl('VITE_API_BASE_URL', apiBaseUrl);
  return { apiBaseUrl, errorReporting: dsn === undefined ? null : parseDsn(dsn) };
}

export const env: PortalEnv = parseEnv(import.meta.env);
