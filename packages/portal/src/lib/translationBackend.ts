import { shouldRetryTranslationLoad } from '@portal/domain';
import type { BackendModule, ReadCallback } from 'i18next';

type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

export function translationUrl(loadPath: string, language: string, namespace: string): string {
  return loadPath
    .replace('{{lng}}', encodeURIComponent(language))
    .replace('{{ns}}', encodeURIComponent(namespace));
}

/**
 * Loads /locales/{lng}/{ns}.json. It stands in for i18next-http-backend (2.5 KB brotli that /login could
 * not afford, see the bundle budget) and applies the rule of spec §8 straight from @portal/domain: the
 * second callback argument tells i18next whether to retry (5xx or no status: yes; 4xx: no); i18next then
 * waits retryTimeout, doubling per retry, up to maxRetries, and caps parallel reads (lib/i18n.ts).
 * A plain GET with default mode and credentials, so the `<link rel="preload" as="fetch" crossorigin>`
 * responses of index.html are reused.
 */
export function createTranslationBackend(
  loadPath: string,
  fetchFn: FetchLike = (u, i) => fetch(u, i),
): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      const url = translationUrl(loadPath, language, namespace);
      fetchFn(url).then(
        async (response) => {
          if (!response.ok) {
            callback(
              new Error(`loading ${url} failed with status ${response.status}`),
              shouldRetryTranslationLoad(response.status),
            );
            return;
          }
          let resources: unknown;
          try {
            resources = await response.json();
          } catch {
            // A broken file will not mend itself on a second read.
            callback(new Error(`${url} is not valid JSON`), false);
            return;
          }
          callback(null, resources as Parameters<ReadCallback>[1]);
        },
        (error: unknown) => {
          callback(
            error instanceof Error ? error : new Error(`loading ${url} failed`),
            shouldRetryTranslationLoad(undefined),
          );
        },
      );
    },
  };
}
