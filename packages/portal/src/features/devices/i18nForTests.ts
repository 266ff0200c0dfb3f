import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import { interpolation } from '../../lib/interpolation.ts';

/** The German texts of the `devices` namespace, for tests of the feature's wording. */
export async function germanDevicesT(): Promise<TFunction<'devices'>> {
  const devices = JSON.parse(
    readFileSync(new URL('../../../public/locales/de/devices.json', import.meta.url), 'utf8'),
  );
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'de', resources: { de: { devices } }, interpolation });
  return i18n.getFixedT('de', 'devices');
}
