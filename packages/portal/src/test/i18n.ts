import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import type { Namespace } from '../lib/i18n.ts';
import { interpolation } from '../lib/interpolation.ts';

/**
 * The German texts of one namespace, for tests of a feature's wording; `common` is loaded beside it, so keys written
 * 'common:…' resolve too.
 */
export async function germanT<N extends Namespace>(namespace: N): Promise<TFunction<N>> {
  const read = (name: Namespace) =>
    JSON.parse(readFileSync(new URL(`../../public/locales/de/${name}.json`, import.meta.url), 'utf8'));
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'de',
    resources: { de: { common: read('common'), [namespace]: read(namespace) } },
    interpolation,
  });
  return i18n.getFixedT('de', namespace);
}
