import {
  FALLBACK_LANGUAGE,
  isPortalLanguage,
  PORTAL_LANGUAGES,
  type PortalLanguage,
  TRANSLATION_MAX_PARALLEL_READS,
  TRANSLATION_MAX_RETRIES,
  TRANSLATION_RETRY_INITIAL_DELAY_MS,
} from '@portal/domain';
import i18next, { type InitOptions, type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type administration from '../../public/locales/de/administration.json';
import type audit from '../../public/locales/de/audit.json';
import type auth from '../../public/locales/de/auth.json';
import type common from '../../public/locales/de/common.json';
import type dashboard from '../../public/locales/de/dashboard.json';
import type devices from '../../public/locales/de/devices.json';
import type groups from '../../public/locales/de/groups.json';
import type lessonPlans from '../../public/locales/de/lessonPlans.json';
import type library from '../../public/locales/de/library.json';
import type moderation from '../../public/locales/de/moderation.json';
import type operatingSystems from '../../public/locales/de/operatingSystems.json';
import type playback from '../../public/locales/de/playback.json';
import type playlists from '../../public/locales/de/playlists.json';
import type profile from '../../public/locales/de/profile.json';
import type settings from '../../public/locales/de/settings.json';
import type site from '../../public/locales/de/site.json';
import type support from '../../public/locales/de/support.json';
import { interpolation } from './interpolation.ts';
import { storageKeys } from './storage.ts';
import { createTranslationBackend } from './translationBackend.ts';

/** Loaded at start (index.html preloads the German files). */
export const NAMESPACES = ['common', 'auth', 'library'] as const;
/** Loaded by the pages that use them (profile, settings, the VR-Brillen, …), so the first screen does not wait for them. */
export const LAZY_NAMESPACES = [
  'profile',
  'settings',
  'devices',
  'playback',
  'groups',
  'dashboard',
  'playlists',
  'lessonPlans',
  'operatingSystems',
  'audit',
  'moderation',
  'administration',
  'support',
  'site',
] as const;
export const ALL_NAMESPACES = [...NAMESPACES, ...LAZY_NAMESPACES] as const;
export type Namespace = (typeof ALL_NAMESPACES)[number];

/** The language chosen in this browser (settings, profile, or the signed-in user's saved choice), else German. */
export function storedLanguage(): PortalLanguage {
  try {
    const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(storageKeys.language);
    return isPortalLanguage(value) ? value : FALLBACK_LANGUAGE;
  } catch {
    return FALLBACK_LANGUAGE;
  }
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      library: typeof library;
      profile: typeof profile;
      settings: typeof settings;
      devices: typeof devices;
      playback: typeof playback;
      groups: typeof groups;
      dashboard: typeof dashboard;
      playlists: typeof playlists;
      lessonPlans: typeof lessonPlans;
      operatingSystems: typeof operatingSystems;
      audit: typeof audit;
      moderation: typeof moderation;
      administration: typeof administration;
      support: typeof support;
      site: typeof site;
    };
  }
}

/** A key of any namespace, written 'ns:key' (e.g. 'auth:toasts.loginSuccess.title'). */
export type TranslationKey = ParseKeys<typeof ALL_NAMESPACES>;

/** Resource URL; index.html preloads the same URLs for 'de' so the first paint does not wait for them. */
export const LOAD_PATH = '/locales/{{lng}}/{{ns}}.json';

export const i18n = i18next.createInstance();

/**
 * Retries follow spec §8/§9 with the domain's constants: the backend marks a failure retryable per
 * shouldRetryTranslationLoad, and i18next's connector retries up to maxRetries times, waiting retryTimeout
 * (350 ms) doubled per retry, with at most maxParallelReads files in flight.
 */
export const i18nOptions = {
  lng: storedLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...PORTAL_LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  load: 'languageOnly',
  maxParallelReads: TRANSLATION_MAX_PARALLEL_READS,
  maxRetries: TRANSLATION_MAX_RETRIES,
  retryTimeout: TRANSLATION_RETRY_INITIAL_DELAY_MS,
  interpolation,
  react: { useSuspense: true },
} satisfies InitOptions;

/** Switches the portal's language and remembers it in this browser (`vr-portal.language`). */
export async function changeLanguage(language: PortalLanguage): Promise<void> {
  try {
    localStorage.setItem(storageKeys.language, language);
  } catch {
    // Storage blocked: the switch still applies to this visit.
  }
  await i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

export const i18nReady = i18n
  .use(createTranslationBackend(LOAD_PATH))
  .use(initReactI18next)
  .init(i18nOptions);
