import { useTranslation as useI18nextTranslation } from 'react-i18next';

/**
 * A page's words could not be loaded (the network or the server is gone, and the page was never opened before): the
 * page fails as a page whose code could not be loaded does, so its route's error page says so in German.
 */
export class TranslationsUnavailable extends Error {
  constructor(readonly namespace: string) {
    super(`the translations of '${namespace}' could not be loaded`);
    this.name = 'TranslationsUnavailable';
  }
}

/**
 * react-i18next's `useTranslation` for the pages (features/): once i18next has tried, a namespace with no words in
 * any language the portal would use throws TranslationsUnavailable to the route's error page, where react-i18next
 * alone would draw the page with its keys ('fleet.failed') in place of every sentence. Shell, error page and toasts
 * keep react-i18next's hook: they stand outside any route's error page.
 */
export const useTranslation = ((...args: Parameters<typeof useI18nextTranslation>) => {
  const translation = useI18nextTranslation(...args);
  const [requested] = args;
  if (translation.ready) {
    const { i18n } = translation;
    const namespaces =
      requested === undefined ? [i18n.options.defaultNS] : Array.isArray(requested) ? requested : [requested];
    for (const namespace of namespaces.flat()) {
      if (typeof namespace !== 'string') continue;
      if (!i18n.languages.some((language) => i18n.hasResourceBundle(language, namespace)))
        throw new TranslationsUnavailable(namespace);
    }
  }
  return translation;
}) as typeof useI18nextTranslation;
