import {
  FALLBACK_LANGUAGE,
  TRANSLATION_MAX_PARALLEL_READS,
  TRANSLATION_MAX_PLACEHOLDERS,
  TRANSLATION_MAX_RETRIES,
  TRANSLATION_RETRY_INITIAL_DELAY_MS,
} from '@portal/domain';
import i18next, { type InitOptions, type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type auth from '../../public/locales/de/auth.json';
import type common from '../../public/locales/de/common.json';
import type library from '../../public/locales/de/library.json';
import { createTranslationBackend } from './translationBackend.ts';

export const NAMESPACES = ['common', 'auth', 'library'] as const;
export type Namespace = (typeof NAMESPACES)[number];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof common; auth: typeof auth; library: typeof library };
  }
}

/** A key of any namespace, written 'ns:key' (e.g. 'auth:toasts.loginSuccess.title'). */
export type TranslationKey = ParseKeys<typeof NAMESPACES>;

/** Resource URL; index.html preloads the same URLs for 'de' so the first paint does not wait for them. */
export const LOAD_PATH = '/locales/{{lng}}/{{ns}}.json';

export const i18n = i18next.createInstance();

/**
 * Retries follow spec §8/§9 with the domain's constants: the backend marks a failure retryable per
 * shouldRetryTranslationLoad, and i18next's connector retries up to maxRetries times, waiting retryTimeout
 * (350 ms) doubled per retry, with at most maxParallelReads files in flight.
 */
export const i18nOptions = {
  lng: FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: ['de', 'en'],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  load: 'languageOnly',
  maxParallelReads: TRANSLATION_MAX_PARALLEL_READS,
  maxRetries: TRANSLATION_MAX_RETRIES,
  retryTimeout: TRANSLATION_RETRY_INITIAL_DELAY_MS,
  interpolation: { escapeValue: false, maxReplaces: TRANSLATION_MAX_PLACEHOLDERS },
  react: { useSuspense: true },
} satisfies InitOptions;

export const i18nReady = i18n
  .use(createTranslationBackend(LOAD_PATH))
  .use(initReactI18next)
  .init(i18nOptions);
