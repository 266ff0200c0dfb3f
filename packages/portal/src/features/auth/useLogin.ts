import { isLoginBlocked, parseLoginAttempts } from '@portal/domain';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiClient, currentUserQuery, queryClient } from '../../lib/api.ts';
import { appStorage, session, type TokenPair } from '../../lib/session.ts';
import { keptOnUnauthorized, storageKeys } from '../../lib/storage.ts';
import { toasts } from '../../lib/toasts.ts';
import { type LoginCredentials, type LoginPorts, LoginThrottledError, runLogin } from './loginFlow.ts';

const ports: LoginPorts<TokenPair> = {
  readAttempts: () => appStorage.getItem(storageKeys.loginAttempts),
  writeAttempts: (remaining) => appStorage.setItem(storageKeys.loginAttempts, String(remaining)),
  async requestTokens(body) {
    const { data, error, response } = await apiClient.POST('/api/v1/sessions/', { body });
    if (response.status === 429) {
      const detail = error && 'detail' in error && typeof error.detail === 'string' ? error.detail : '';
      throw new LoginThrottledError(detail);
    }
    return response.status === 201 && data ? data : null;
  },
  storeTokens: (tokens) => session.setTokens(tokens),
  async loadUser() {
    await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
  },
  discardTokens: () => session.clear(keptOnUnauthorized),
};

function isBlockedNow(): boolean {
  return isLoginBlocked(parseLoginAttempts(ports.readAttempts()));
}

export interface LoginState {
  submit: (credentials: LoginCredentials) => Promise<void>;
  pending: boolean;
  /** No attempts left: the page says so for as long as it lasts, not only in a 5-second toast. */
  blocked: boolean;
}

export function useLogin(): LoginState {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [blocked, setBlocked] = useState(isBlockedNow);
  const submit = useCallback(
    async (credentials: LoginCredentials) => {
      setPending(true);
      try {
        const outcome = await runLogin(ports, credentials);
        if (outcome.kind === 'success') {
          await navigate('/library');
          toasts.show({ tone: 'success', title: 'auth:toasts.loginSuccess.title' });
        } else if (outcome.kind === 'throttled') {
          toasts.show({
            tone: 'error',
            title: 'auth:toasts.loginThrottled.title',
            ...(outcome.detail
              ? { descriptionText: outcome.detail }
              : { description: 'auth:toasts.loginThrottled.description' }),
          });
        } else if (outcome.kind === 'failed') {
          toasts.show({
            tone: 'error',
            title: 'auth:toasts.loginFailed.title',
            description: 'auth:toasts.loginFailed.description',
          });
        } else {
          toasts.show({
            tone: 'error',
            title: 'auth:toasts.loginBlocked.title',
            description: 'auth:toasts.loginBlocked.description',
          });
        }
      } finally {
        setPending(false);
        setBlocked(isBlockedNow());
      }
    },
    [navigate],
  );
  return { submit, pending, blocked };
}
