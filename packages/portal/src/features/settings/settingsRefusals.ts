import type { TranslationKey } from '../../lib/i18n.ts';

/**
 * What the settings calls' refusals mean when the server gives them no code: 403 the administrator rule of spec §6
 * (e.g. the flag was taken away in another tab), 409 the last administrator flag of the organisation. Coded refusals
 * (e.g. 409 `alreadyMember` of an invitation) are worded by their code first.
 */
export const SETTINGS_REFUSALS: Partial<Record<number, TranslationKey>> = {
  403: 'auth:toasts.restricted.description',
  409: 'settings:errors.lastAdministrator',
};
