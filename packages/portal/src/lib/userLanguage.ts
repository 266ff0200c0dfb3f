import type { User } from '@portal/api';
import { isPortalLanguage, type PortalLanguage } from '@portal/domain';
import { useEffect, useRef } from 'react';
import { updateCurrentUser } from './api.ts';
import { reportError } from './errorReporting.ts';
import { changeLanguage, i18n } from './i18n.ts';
import { session } from './session.ts';

/**
 * The language switch of profile and settings: applies at once, is kept in this browser, and is saved with the
 * signed-in user, because a logout clears the browser's copy (spec §9). A failed save keeps the switch for this
 * browser; it is reported, not shown: the user sees the language they chose.
 */
export async function chooseLanguage(language: PortalLanguage): Promise<void> {
  await changeLanguage(language);
  if (session.getAccessToken() === null) return;
  try {
    await updateCurrentUser({ language });
  } catch (error) {
    // A refusal (ServerRefusal with the server's body) or no answer at all.
    reportError(error, { during: 'saving the language' });
  }
}

/**
 * At sign-in, the language the user saved applies (chosen on another computer, or before a logout cleared it
 * here). Once per sign-in: later refetches of the user do not undo a switch made meanwhile.
 */
export function useSavedLanguage(user: User | undefined): void {
  const appliedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!user) {
      appliedFor.current = null;
      return;
    }
    if (appliedFor.current === user.id) return;
    appliedFor.current = user.id;
    if (isPortalLanguage(user.language) && i18n.language !== user.language)
      void changeLanguage(user.language);
  }, [user]);
}
