import { loginLockEndsAt } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiClient, currentUserQuery, queryClient } from '../../lib/api.ts';
import { serverErrorMessage, serverMessageToast } from '../../lib/serverErrors.ts';
import { session, type TokenPair } from '../../lib/session.ts';
import { keptOnUnauthorized } from '../../lib/storage.ts';
import { toasts } from '../../lib/toasts.ts';
import { loginAttemptsStore } from './loginAttemptsStore.ts';
import {
  currentLoginAttempts,
  type LoginCredentials,
  type LoginPorts,
  LoginThrottledError,
  runLogin,
} from './loginFlow.ts';

const ports: LoginPorts<TokenPair> = {
  ...loginAttemptsStore,
  async requestTokens(body) {
    const { data, error, response } = await apiClient.POST('/api/v1/sessions/', { body });
    if (response.status === 429) {
      throw new LoginThrottledError(
        serverErrorMessage(429, error, { 429: 'auth:toasts.loginThrottled.description' }),
      );
    }
    return response.status === 201 && data ? data : null;
  },
  storeTokens: (tokens) => session.setTokens(tokens),
  async loadUser() {
    await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
  },
  discardTokens: () => session.clear(keptOnUnauthorized),
};

/** When the current block lifts (epoch ms), or null while attempts remain. */
function blockedUntilNow(): number | null {
  return loginLockEndsAt(currentLoginAttempts(ports));
}

/** The toast group of the sign-in's messages. */
const LOGIN_TOASTS = 'login';

export interface LoginState {
  submit: (credentials: LoginCredentials) => void;
  pending: boolean;
  /**
   * No attempts left: when the block lifts (epoch ms), else null. The page says so for as long as it lasts,
   * not only in a 5-second toast.
   */
  blockedUntil: number | null;
}

export function useLogin(): LoginState {
  const navigate = useNavigate();
  const [blockedUntil, setBlockedUntil] = useState(blockedUntilNow);

  // The block is temporary: the notice goes and the form works again when it ends, without a reload.
  useEffect(() => {
    if (blockedUntil === null) return;
    const timer = setTimeout(
      () => setBlockedUntil(blockedUntilNow()),
      Math.max(0, blockedUntil - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [blockedUntil]);

  const login = useMutation({
    mutationFn: (credentials: LoginCredentials) => runLogin(ports, credentials),
    async onSuccess(outcome) {
      // Every message about the sign-in replaces the one before (group 'login'): one at a time.
      if (outcome.kind === 'success') {
        await navigate('/library');
        toasts.show({ tone: 'success', title: 'auth:toasts.loginSuccess.title', group: LOGIN_TOASTS });
      } else if (outcome.kind === 'throttled') {
        toasts.show({
          tone: 'error',
          title: 'auth:toasts.loginThrottled.title',
          ...serverMessageToast(outcome.reason),
          group: LOGIN_TOASTS,
        });
      } else if (outcome.kind === 'failed') {
        toasts.show({
          tone: 'error',
          title: 'auth:toasts.loginFailed.title',
          description: 'auth:toasts.loginFailed.description',
          group: LOGIN_TOASTS,
        });
      } else {
        toasts.show({
          tone: 'error',
          title: 'auth:toasts.loginBlocked.title',
          description: 'auth:toasts.loginBlocked.description',
          group: LOGIN_TOASTS,
        });
      }
    },
    onSettled: () => setBlockedUntil(blockedUntilNow()),
  });
  return {
    submit: (credentials) => login.mutate(credentials),
    pending: login.isPending,
    blockedUntil,
  };
}
