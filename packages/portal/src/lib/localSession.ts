import { FALLBACK_LANGUAGE } from '@portal/domain';
import type { NavigateFunction } from 'react-router';
import { currentUserQueryKey, queryClient } from './api.ts';
import { i18n } from './i18n.ts';
import { session } from './session.ts';

/**
 * Ends the session in this browser, after the server was told (logout) or the account is gone (deletion):
 * spec §9 — every key with the portal prefix goes, the chosen language included, so the next person at a
 * shared school computer meets the portal as a stranger would (German, no traces). Then the Mediathek as an
 * anonymous visitor; "reload if already there" (spec §4) without a page reload: every cached query is reset,
 * so the toast the caller shows next survives.
 */
export async function endLocalSession(navigate: NavigateFunction): Promise<void> {
  session.clear();
  queryClient.removeQueries({ queryKey: currentUserQueryKey });
  await i18n.changeLanguage(FALLBACK_LANGUAGE);
  await navigate('/library');
  void queryClient.resetQueries();
}
