import { TRANSLATION_MAX_RETRIES } from '@portal/domain';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18nOptions, LOAD_PATH } from './i18n.ts';
import { createTranslationBackend, translationUrl } from './translationBackend.ts';

function read(status: number | 'network'): Promise<{ error: unknown; retry: unknown }> {
  const backend = createTranslationBackend(LOAD_PATH, async () => {
    if (status === 'network') throw new TypeError('Failed to fetch');
    return new Response(status < 400 ? '{"a":"b"}' : 'nope', { status });
  });
  return new Promise((resolve) => {
    backend.read('de', 'common', (error, retry) => resolve({ error, retry }));
  });
}

describe('translation backend', () => {
  it('builds the resource URL of spec §7', () => {
    expect(translationUrl(LOAD_PATH, 'de', 'auth')).toBe('/locales/de/auth.json');
  });

  it('marks 5xx and network errors retryable, 4xx not (spec §8)', async () => {
    expect((await read(503)).retry).toBe(true);
    expect((await read(500)).retry).toBe(true);
    expect((await read('network')).retry).toBe(true);
    expect((await read(404)).retry).toBe(false);
    expect((await read(403)).retry).toBe(false);
    expect(await read(200)).toEqual({ error: null, retry: { a: 'b' } });
  });

  it('lets i18next retry a server error until the file arrives', async () => {
    let calls = 0;
    const backend = createTranslationBackend(LOAD_PATH, async (url) => {
      calls += 1;
      if (calls < 3) return new Response('', { status: 502 });
      return new Response(JSON.stringify({ app: { brand: `aus ${url}` } }), { status: 200 });
    });
    const instance = i18next.createInstance();
    await instance.use(backend).init({ ...i18nOptions, ns: ['common'], retryTimeout: 5 });
    expect(calls).toBe(3);
    expect(instance.t('app.brand')).toBe('aus /locales/de/common.json');
  });

  it('gives up at once on 404 and after the configured retries on 5xx', async () => {
    const counts = { missing: 0, broken: 0 };
    const backend = createTranslationBackend(LOAD_PATH, async (url) => {
      if (url.includes('common')) counts.missing += 1;
      else counts.broken += 1;
      return new Response('', { status: url.includes('common') ? 404 : 500 });
    });
    const instance = i18next.createInstance();
    await instance.use(backend).init({ ...i18nOptions, ns: ['common', 'auth'], retryTimeout: 1 });
    expect(counts.missing).toBe(1);
    expect(counts.broken).toBe(1 + TRANSLATION_MAX_RETRIES);
    expect(i18nOptions.maxRetries).toBe(TRANSLATION_MAX_RETRIES);
  });
});
