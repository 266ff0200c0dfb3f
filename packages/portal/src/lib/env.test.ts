import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('uses the same origin when no API base URL is set', () => {
    expect(parseEnv({})).toEqual({ apiBaseUrl: '', errorReporting: null });
    expect(parseEnv({ VITE_API_BASE_URL: '' }).apiBaseUrl).toBe('');
    expect(parseEnv({ VITE_API_BASE_URL: ' / ' }).apiBaseUrl).toBe('');
  });

  it('accepts an absolute http(s) URL and drops trailing slashes', () => {
    expect(parseEnv({ VITE_API_BASE_URL: 'https://api.example.org/' }).apiBaseUrl).toBe(
      'https://api.example.org',
    );
  });

  it('refuses what would send requests somewhere unexpected', () => {
    expect(() => parseEnv({ VITE_API_BASE_URL: 'api.example.org' })).toThrow(/absolute URL/);
    expect(() => parseEnv({ VITE_API_BASE_URL: 'ftp://example.org' })).toThrow(/http or https/);
    expect(() => parseEnv({ VITE_API_BASE_URL: 42 })).toThrow(/string/);
  });

  it('reports to the console only without an error-reporting DSN', () => {
    expect(parseEnv({ VITE_ERROR_REPORTING_DSN: '' }).errorReporting).toBeNull();
  });

  it('takes a Sentry-compatible DSN apart: key, host, path prefix and project', () => {
    expect(
      parseEnv({ VITE_ERROR_REPORTING_DSN: 'https://abc123@errors.example.org/42' }).errorReporting,
    ).toEqual({
      dsn: 'https://abc123@errors.example.org/42',
      envelopeUrl: 'https://errors.example.org/api/42/envelope/?sentry_key=abc123&sentry_version=7',
    });
    expect(
      parseEnv({ VITE_ERROR_REPORTING_DSN: 'http://key@localhost:9000/sentry/7' }).errorReporting
        ?.envelopeUrl,
    ).toBe('http://localhost:9000/sentry/api/7/envelope/?sentry_key=key&sentry_version=7');
  });

  it('refuses a DSN that names no key or project', () => {
    expect(() => parseEnv({ VITE_ERROR_REPORTING_DSN: 'https://errors.example.org/42' })).toThrow(
      /public key/,
    );
    expect(() => parseEnv({ VITE_ERROR_REPORTING_DSN: 'https://key@errors.example.org/' })).toThrow(
      /project id/,
    );
    expect(() => parseEnv({ VITE_ERROR_REPORTING_DSN: 'errors.example.org' })).toThrow(/absolute URL/);
  });
});
