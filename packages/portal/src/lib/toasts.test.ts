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
});
