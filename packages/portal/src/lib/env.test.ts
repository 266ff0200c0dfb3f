import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('uses the same origin when no API base URL is set', () => {
    expect(parseEnv({})).toEqual({ apiBaseUrl: '' });
    expect(parseEnv({ VITE_API_BASE_URL: '' })).toEqual({ apiBaseUrl: '' });
  });

  it('accepts an absolute http(s) URL and drops trailing slashes', () => {
    expect(parseEnv({ VITE_API_BASE_URL: 'https://api.example.org/' })).toEqual({
      apiBaseUrl: 'https://api.example.org',
    });
  });

  it('refuses what would send requests somewhere unexpected', () => {
    expect(() => parseEnv({ VITE_API_BASE_URL: 'api.example.org' })).toThrow(/absolute URL/);
    expect(() => parseEnv({ VITE_API_BASE_URL: 'ftp://example.org' })).toThrow(/http or https/);
    expect(() => parseEnv({ VITE_API_BASE_URL: 42 })).toThrow(/string/);
  });
});
