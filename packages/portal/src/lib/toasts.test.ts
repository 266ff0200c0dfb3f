import { describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toasts.ts';

describe('toast store', () => {
  it('stacks toasts in order and gives each its own id', () => {
    const store = createToastStore();
    const first = store.show({ tone: 'success', title: 'auth:toasts.loginSuccess.title' });
    const second = store.show({
      tone: 'error',
      title: 'auth:toasts.loginFailed.title',
      description: 'auth:toasts.loginFailed.description',
    });
    expect(first).not.toBe(second);
    expect(store.getSnapshot().map((toast) => toast.title)).toEqual([
      'auth:toasts.loginSuccess.title',
      'auth:toasts.loginFailed.title',
    ]);
    expect(store.getSnapshot()[1]).toMatchObject({
      tone: 'error',
      description: 'auth:toasts.loginFailed.description',
    });
  });

  it('dismisses one toast and notifies subscribers with a new snapshot', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.show({ tone: 'warning', title: 'auth:toasts.notLoggedIn.title' });
    store.show({ tone: 'info', title: 'common:comingSoon.title' });
    const before = store.getSnapshot();
    store.dismiss(id);
    expect(store.getSnapshot()).not.toBe(before);
    expect(store.getSnapshot().map((toast) => toast.title)).toEqual(['common:comingSoon.title']);
    expect(listener).toHaveBeenCalledTimes(3);

    store.dismiss('unknown');
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    store.show({ tone: 'info', title: 'common:comingSoon.title' });
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('merges toasts with the same text: the new one replaces the old, never a pile (issue 12)', () => {
    const store = createToastStore();
    const failed = {
      tone: 'error',
      title: 'auth:toasts.loginFailed.title',
      description: 'auth:toasts.loginFailed.description',
    } as const;
    const first = store.show(failed);
    store.show({ tone: 'info', title: 'common:comingSoon.title' });
    const again = store.show(failed);
    expect(again).not.toBe(first);
    expect(store.getSnapshot().map((toast) => toast.id)).toEqual([expect.any(String), again]);
    expect(store.getSnapshot()).toHaveLength(2);
    // Different values are a different text.
    store.show({
      tone: 'success',
      title: 'profile:toasts.termsPublished.title',
      descriptionValues: { version: 2 },
    });
    store.show({
      tone: 'success',
      title: 'profile:toasts.termsPublished.title',
      descriptionValues: { version: 3 },
    });
    expect(store.getSnapshot()).toHaveLength(4);
  });

  it('keeps one toast per group: the newer message about the same thing replaces the older', () => {
    const store = createToastStore();
    store.show({ ...{ tone: 'error', title: 'auth:toasts.loginFailed.title' }, group: 'login' });
    store.show({ tone: 'error', title: 'auth:toasts.loginBlocked.title', group: 'login' });
    expect(store.getSnapshot().map((toast) => toast.title)).toEqual(['auth:toasts.loginBlocked.title']);
  });
});
