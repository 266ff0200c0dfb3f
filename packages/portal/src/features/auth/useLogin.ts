import { loginLockEndsAt } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { loadCurrentUser } from '../../lib/api.ts';
import { reportError } from '../../lib/errorReporting.ts';
import { serverMessageToast, UNKNOWN_SERVER_MESSAGE } from '../../lib/serverErrors.ts';
import { session, type TokenPair } from '../../lib/session.ts';
import { keptOnUnauthorized } from '../../lib/storage.ts';
import { toasts } from '../../lib/toasts.ts';
import { requestTokens } from './authQueries.ts';
import { loginAttemptsStore } from './loginAttemptsStore.ts';
import {
  currentLoginAttempts,
  type LoginCredentials,
  type LoginPorts,
  loginAnswer,
  runLogin,
} from './loginFlow.ts';

const ports: LoginPorts<TokenPair> = {
  ...loginAttemptsStore,
  async requestTokens(body) {
    try {
      const { data, error, response } = await requestTokens(body);
      return loginAnswer(response.status, data, error);
    } catch (error) {
      // No answer at all (network): nothing was checked, so nothing counts.
      reportError(error, { during: 'login' });
      return { kind: 'notChecked', reason: UNKNOWN_SERVER_MESSAGE };
    }
  },
  storeTokens: (tokens) => session.setTokens(tokens),
  loadUser: () => loadCurrentUser(),
  discardTokens: () => session.clear(keptOnUnauthorized),
};

/** The toast group of the sign-in's messages. */
const LOGIN_TOASTS = 'login';

/** How often the time left of a block is worded anew while the page is open. */
const BLOCK_TICK_MS = 15_000;

export interface LoginState {
  submit: (credentials: LoginCredentials) => void;
  pending: boolean;
  /** Attempts left before the login is blocked, as the server last named them (3 when nothing failed). */
  remaining: number;
  /**
   * No attempts left: when the block lifts (epoch ms), else null. The page says so for as long as it lasts,
   * not only in a 5-second toast.
   */
  blockedUntil: number | null;
  /** While blocked: the whole minutes left (rounded up), worded anew as time passes; else null. */
  minutesLeft: number | null;
}

/**
 * The sign-in of the account `email` names (as typed in the form): the server locks an account, so another address
 * shows that account's attempts, not the ones of the address before.
 */
export function useLogin(email: string): LoginState {
  const navigate = useNavigate();
  // Storage is the record; it is read on every render, and `refresh` renders anew when time passed or a try ended.
  const [now, setNow] = useState(() => Date.now());
  const attempts = currentLoginAttempts(ports, email);
  const blockedUntil = loginLockEndsAt(attempts);
  const refresh = useCallback(() => setNow(Date.now()), []);

  // The block is temporary: its time left counts down, and the notice goes and the form works again when it ends,
  // without a reload.
  useEffect(() => {
    if (blockedUntil === null) return;
    const tick = setInterval(refresh, BLOCK_TICK_MS);
    const end = setTimeout(refresh, Math.max(0, blockedUntil - Date.now()));
    return () => {
      clearInterval(tick);
      clearTimeout(end);
    };
  }, [blockedUntil, refresh]);

  const login = useMutation({
    mutationFn: (credentials: LoginCredentials) => runLogin(ports, credentials),
    async onSuccess(outcome) {
      // Every message about the sign-in replaces the one before (group 'login'): one at a time.
      if (outcome.kind === 'success') {
        await navigate('/library');
        // One toast per event: with the terms dialog to come, its answer is what gets a toast ('Nutzungsbedingungen
        // akzeptiert', or 'Sie werden ausgeloggt'), not the sign-in under it.
        if (!outcome.termsPending) {
          toasts.show({ tone: 'success', title: 'auth:toasts.loginSuccess.title', group: LOGIN_TOASTS });
        }
      } else if (outcome.kind === 'notChecked') {
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
    onSettled: refresh,
  });
  return {
    submit: (credentials) => login.mutate(credentials),
    pending: login.isPending,
    remaining: attempts.remaining,
    blockedUntil,
    minutesLeft: blockedUntil === null ? null : Math.max(1, Math.ceil((blockedUntil - now) / 60_000)),
  };
}
