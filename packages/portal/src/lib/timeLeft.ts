import { timeLeft } from '@portal/domain';
import type { Namespace, TFunction } from 'i18next';

/**
 * The time a download or fix still takes, in the portal's words (namespace common, `timeLeft.*`): 'noch etwa 2 Min.',
 * rounded up by `timeLeft` of @portal/domain. Null while there is no estimate yet; the caller says nothing then, or
 * that it is being worked out.
 */
export function timeLeftText<N extends Namespace>(t: TFunction<N>, seconds: number | null): string | null {
  if (seconds === null) return null;
  const { unit, count } = timeLeft(seconds);
  return t(`timeLeft.${unit}`, { ns: 'common', count });
}
