import { describe, expect, it } from 'vitest';
import { clearPrefixedKeys, memoryStorage, storageKeys } from './storage.ts';

describe('clearPrefixedKeys', () => {
  it('removes every key with the product prefix and nothing else', () => {
    const storage = memoryStorage({
      'vr-portal.accessToken': 'a',
      'vr-portal.refreshToken': 'r',
      'vr-portal.runningApp': '{}',
      'vr-portal.loginAttempts': '2',
      'other-app.token': 'keep me',
      'vr-portalish': 'not our prefix',
    });
    const removed = clearPrefixedKeys(storage);
    expect(removed.sort()).toEqual([
      'vr-portal.accessToken',
      'vr-portal.loginAttempts',
      'vr-portal.refreshToken',
      'vr-portal.runningApp',
    ]);
    expect(storage.length).toBe(2);
    expect(storage.getItem('other-app.token')).toBe('keep me');
    expect(storage.getItem('vr-portalish')).toBe('not our prefix');
  });

  it('keeps the keys it is told to keep (the attempt counter survives a 401)', () => {
    const storage = memoryStorage({ [storageKeys.accessToken]: 'a', [storageKeys.loginAttempts]: '1' });
    clearPrefixedKeys(storage, [storageKeys.loginAttempts]);
    expect(storage.getItem(storageKeys.accessToken)).toBeNull();
    expect(storage.getItem(storageKeys.loginAttempts)).toBe('1');
  });

  it('names every key with the prefix', () => {
    for (const key of Object.values(storageKeys)) expect(key.startsWith('vr-portal.')).toBe(true);
  });
});
