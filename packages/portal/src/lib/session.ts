import { useSyncExternalStore } from 'react';
import { browserStorage, clearPrefixedKeys, type KeyValueStorage, storageKeys } from './storage.ts';

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface SessionStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  /** When the stored access token arrived ({@link clientNow}), or null when that is not known. */
  getAccessTokenArrival(): number | null;
  /** Stores the pair and the moment it arrived. */
  setTokens(tokens: TokenPair): void;
  /** Drops everything under the product prefix except `keep` (e.g. the login-attempt counter on a 401). */
  clear(keep?: readonly string[]): void;
  subscribe(listener: () => void): () => void;
}

/**
 * The client's clock, in ms on the epoch scale, for the age of tokens: the page's monotonic clock counted from when the
 * page started, so a wall clock set or corrected while the page is open neither ages nor renews a token. Stored
 * arrivals compare across tabs and reloads as far as the computer's clock stays put in between.
 */
export const clientNow = (): number => performance.timeOrigin + performance.now();

export function createSessionStore(storage: KeyValueStorage, now: () => number = clientNow): SessionStore {
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  if (typeof window !== 'undefined') {
    // Another tab logging in or out changes what this tab may show.
    window.addEventListener('storage', (event) => {
      if (event.key === null || event.key === storageKeys.accessToken) emit();
    });
  }
  return {
    getAccessToken: () => storage.getItem(storageKeys.accessToken),
    getRefreshToken: () => storage.getItem(storageKeys.refreshToken),
    getAccessTokenArrival() {
      const stored = storage.getItem(storageKeys.accessTokenArrivedAt);
      const arrival = stored === null ? Number.NaN : Number(stored);
      return Number.isFinite(arrival) ? arrival : null;
    },
    setTokens(tokens) {
      storage.setItem(storageKeys.accessTokenArrivedAt, String(now()));
      storage.setItem(storageKeys.accessToken, tokens.access);
      storage.setItem(storageKeys.refreshToken, tokens.refresh);
      emit();
    },
    clear(keep = []) {
      clearPrefixedKeys(storage, keep);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const appStorage = browserStorage();
export const session = createSessionStore(appStorage);

/** True while an access token is stored; re-renders on login, logout and 401. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(
    session.subscribe,
    () => session.getAccessToken() !== null,
    () => false,
  );
}
