import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiClient, currentUserQueryKey, queryClient } from '../../lib/api.ts';
import { reportError } from '../../lib/errorReporting.ts';
import { session } from '../../lib/session.ts';
import { keptOnLogout } from '../../lib/storage.ts';
import { toasts } from '../../lib/toasts.ts';

/**
 * Spec §4 logout: tell the server (revokes the refresh token), clear every prefixed key (but the language), go to /library
 * and say so. "Reload if already there" is done without a page reload: every cached query is reset, so
 * the Mediathek refetches as an anonymous visitor and the toast survives.
 */
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
    session.clear(keptOnLogout);
    queryClient.removeQueries({ queryKey: currentUserQueryKey });
    await navigate('/library');
    void queryClient.resetQueries();
    toasts.show({ tone: 'success', title: 'auth:toasts.logoutSuccess.title' });
  }, [navigate]);
}
