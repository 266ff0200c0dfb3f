/** The environment the portal was built with, read and checked once. */
export interface PortalEnv {
  /** Origin (and optional path) of the API, without trailing slash; '' means the portal's own origin. */
  apiBaseUrl: string;
}

export function parseEnv(source: Record<string, unknown>): PortalEnv {
  const raw = source.VITE_API_BASE_URL;
  if (raw === undefined || raw === null || raw === '') return { apiBaseUrl: '' };
  if (typeof raw !== 'string') throw new Error('VITE_API_BASE_URL must be a string');
  const trimmed = raw.trim().replace(/\/+$/, '');
  if (trimmed === '') return { apiBaseUrl: '' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new Error(`VITE_API_BASE_URL is not an absolute URL: '${raw}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`VITE_API_BASE_URL must use http or https: '${raw}'`);
  }
  return { apiBaseUrl: trimmed };
}

export const env: PortalEnv = parseEnv(import.meta.env);
