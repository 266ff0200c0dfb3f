import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { reportError } from '../../lib/errorReporting.ts';
import { endLocalSession } from '../../lib/localSession.ts';
import { session } from '../../lib/session.ts';
import { type ToastInput, toasts } from '../../lib/toasts.ts';
import { endServerSession } from './authQueries.ts';

/** What a logout says when nothing else does: 'Erfolgreich ausgeloggt.' (spec §4). */
const LOGGED_OUT: ToastInput = { tone: 'success', title: 'auth:toasts.logoutSuccess.title' };

/**
 * Spec §4 logout: tell the server (revokes the refresh token), end the local session, say so — with `farewell` when the
 * logout follows something that has its own words (spec §8: declining the terms says 'Sie werden ausgeloggt', a
 * failed acceptance 'Unbekannter Fehler'): one toast for one event.
 */
export function useLogout(): (farewell?: ToastInput) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (farewell: ToastInput = LOGGED_OUT) => {
      try {
        await endServerSession(session.getRefreshToken());
      } catch (error) {
        // The local session ends anyway; an unreachable server must not keep anybody signed in.
        reportError(error, { during: 'logout' });
      }
      await endLocalSession(navigate);
      toasts.show(farewell);
    },
    [navigate],
  );
}
