import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiClient } from '../../lib/api.ts';
import { reportError } from '../../lib/errorReporting.ts';
import { endLocalSession } from '../../lib/localSession.ts';
import { session } from '../../lib/session.ts';
import { toasts } from '../../lib/toasts.ts';

/** Spec §4 logout: tell the server (revokes the refresh token), end the local session, say so. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const refresh = session.getRefreshToken();
    try {
      await apiClient.POST('/api/v1/sessions/logout', { body: refresh ? { refresh } : {} });
    } catch (error) {
      // The local session ends anyway; an unreachable server must not keep anybody signed in.
      reportError(error, { during: 'logout' });
    }
    await endLocalSession(navigate);
    toasts.show({ tone: 'success', title: 'auth:toasts.logoutSuccess.title' });
  }, [navigate]);
}
