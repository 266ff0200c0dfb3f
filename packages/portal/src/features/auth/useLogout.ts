import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { reportError } from '../../lib/errorReporting.ts';
import { endLocalSession } from '../../lib/localSession.ts';
import { session } from '../../lib/session.ts';
import { toasts } from '../../lib/toasts.ts';
import { endServerSession } from './authQueries.ts';

/** Spec §4 logout: tell the server (revokes the refresh token), end the local session, say so. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await endServerSession(session.getRefreshToken());
    } catch (error) {
      // The local session ends anyway; an unreachable server must not keep anybody signed in.
      reportError(error, { during: 'logout' });
    }
    await endLocalSession(navigate);
    toasts.show({ tone: 'success', title: 'auth:toasts.logoutSuccess.title' });
  }, [navigate]);
}
