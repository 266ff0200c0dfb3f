import { type LoginAttemptsState, nextLoginAttempts } from '@portal/domain';
import { appStorage } from '../../lib/session.ts';
import { storageKeys } from '../../lib/storage.ts';
import { currentLoginAttempts, type LoginPorts } from './loginFlow.ts';

/** The attempt counter of this browser (spec §4), kept in prefixed storage, with the real clock. */
export const loginAttemptsStore: Pick<LoginPorts<unknown>, 'now' | 'readAttempts' | 'writeAttempts'> = {
  now: () => Date.now(),
  readAttempts: () => ({
    remaining: appStorage.getItem(storageKeys.loginAttempts),
    lockedUntil: appStorage.getItem(storageKeys.loginLockedUntil),
  }),
  writeAttempts(state: LoginAttemptsState) {
    appStorage.setItem(storageKeys.loginAttempts, String(state.remaining));
    if (state.lockedUntil === null) appStorage.removeItem(storageKeys.loginLockedUntil);
    else appStorage.setItem(storageKeys.loginLockedUntil, String(state.lockedUntil));
  },
};

/** A new password counts like a successful login: whoever set it may try again at once. */
export function releaseLoginBlock(): void {
  const store = loginAttemptsStore;
  store.writeAttempts(nextLoginAttempts(currentLoginAttempts(store), 'success', store.now()));
}
