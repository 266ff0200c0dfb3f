import { type LoginAttemptsState, nextLoginAttempts } from '@portal/domain';
import { appStorage } from '../../lib/session.ts';
import { storageKeys } from '../../lib/storage.ts';
import { currentLoginAttempts, type LoginPorts, type StoredLoginAttempts } from './loginFlow.ts';

const FRESH: StoredLoginAttempts = { remaining: null, lockedUntil: null };

/**
 * The attempt counter of this browser (spec §4), kept in prefixed storage, with the real clock. It belongs to one
 * account, as the server's lock does: another address typed into the form starts from what the server will say
 * about that one (3, until it says otherwise).
 */
export const loginAttemptsStore: Pick<LoginPorts<unknown>, 'now' | 'readAttempts' | 'writeAttempts'> = {
  now: () => Date.now(),
  readAttempts(account) {
    if (appStorage.getItem(storageKeys.loginAttemptsAccount) !== account) return FRESH;
    return {
      remaining: appStorage.getItem(storageKeys.loginAttempts),
      lockedUntil: appStorage.getItem(storageKeys.loginLockedUntil),
    };
  },
  writeAttempts(account, state: LoginAttemptsState) {
    appStorage.setItem(storageKeys.loginAttemptsAccount, account);
    appStorage.setItem(storageKeys.loginAttempts, String(state.remaining));
    if (state.lockedUntil === null) appStorage.removeItem(storageKeys.loginLockedUntil);
    else appStorage.setItem(storageKeys.loginLockedUntil, String(state.lockedUntil));
  },
};

/** A new password counts like a successful login: whoever set it may try again at once (the server lifted its locks). */
export function releaseLoginBlock(): void {
  const store = loginAttemptsStore;
  const account = appStorage.getItem(storageKeys.loginAttemptsAccount) ?? '';
  store.writeAttempts(
    account,
    nextLoginAttempts(currentLoginAttempts(store, account), 'success', store.now()),
  );
}
