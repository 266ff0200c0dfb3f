import { STORAGE_PREFIX } from '@portal/domain';

/** The slice of the Web Storage API the portal uses, so tests can hand in a plain object. */
export interface KeyValueStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Every key the portal writes carries the product prefix, so logout can find all of them. */
export const storageKeys = {
  accessToken: `${STORAGE_PREFIX}accessToken`,
  refreshToken: `${STORAGE_PREFIX}refreshToken`,
  // When the access token arrived, on the client's clock (lib/session.ts): its age is counted from then.
  accessTokenArrivedAt: `${STORAGE_PREFIX}accessTokenArrivedAt`,
  loginAttempts: `${STORAGE_PREFIX}loginAttempts`,
  // The account (normalised address) the counter belongs to: the server locks an account, not the computer.
  loginAttemptsAccount: `${STORAGE_PREFIX}loginAttemptsAccount`,
  // When the block of a counter at 0 lifts (epoch ms): as the server named it, or a lock period after the failure.
  loginLockedUntil: `${STORAGE_PREFIX}loginLockedUntil`,
  // Lets the inline prefetch script in index.html ask for the list in the order the user will get.
  contentOrdering: `${STORAGE_PREFIX}contentOrdering`,
  // The chosen portal language ('de' | 'en'); also saved with the account, since a logout removes it here.
  language: `${STORAGE_PREFIX}language`,
  // The running playback on a class set (spec §3 'currently running app'): restored after a reload for 60 minutes.
  playback: `${STORAGE_PREFIX}playback`,
  // The lesson this browser stopped last, for 'Gestoppt auf 30 VR-Brillen' and 'Nochmal starten' (at most 60 minutes).
  playbackStopped: `${STORAGE_PREFIX}playbackStopped`,
} as const;

/**
 * Kept when the server ends a session (a 401 that no refresh cures): the login-attempt counter, its account and
 * the end of a block, because a wrong password answers 401 too, and the language, because the person is still at the
 * screen and is sent to the sign-in page. A logout (spec §9) keeps nothing: see lib/localSession.ts.
 */
export const keptOnUnauthorized: readonly string[] = [
  storageKeys.language,
  storageKeys.loginAttempts,
  storageKeys.loginAttemptsAccount,
  storageKeys.loginLockedUntil,
];

/**
 * Removes every key that starts with the product prefix, except those in `keep`.
 * Keys are collected first because removing while iterating shifts the indices.
 */
export function clearPrefixedKeys(storage: KeyValueStorage, keep: readonly string[] = []): string[] {
  const doomed: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(STORAGE_PREFIX) && !keep.includes(key)) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
  return doomed;
}

/** localStorage when the browser offers it (private modes may throw on access), else a throwaway map. */
export function browserStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Access denied (e.g. storage disabled): fall through to memory.
  }
  return memoryStorage();
}

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, String(value));
    },
    removeItem: (key) => {
      map.delete(key);
    },
  };
}
