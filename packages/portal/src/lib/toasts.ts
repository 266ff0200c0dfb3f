import { useSyncExternalStore } from 'react';
import type { TranslationKey } from './i18n.ts';

export const TOAST_TONES = ['success', 'error', 'warning', 'info'] as const;
export type ToastTone = (typeof TOAST_TONES)[number];

/**
 * A toast holds translation keys, not texts: guards raise toasts from route loaders, which can run
 * before the translations have arrived; the Toaster translates when it renders.
 */
export interface Toast {
  id: string;
  tone: ToastTone;
  title: TranslationKey;
  description?: TranslationKey;
  /** Placeholders of `description` (e.g. the minutes of a server's throttle). */
  descriptionValues?: Record<string, string | number>;
  /** A text that arrived already translated (a server's German `detail`); shown instead of `description`. */
  descriptionText?: string;
  /**
   * Toasts of one group replace each other: one message at a time about one thing (e.g. 'login': 'Login nicht
   * möglich', then 'Login gesperrt').
   */
  group?: string;
  /** A button in the toast that undoes what it reports ('Rückgängig'); pressing it closes the toast. */
  action?: ToastAction;
}

export interface ToastAction {
  /** The button's words, a verb. */
  label: TranslationKey;
  /** For screen readers, which hear the toast without its button: where else it can be done. */
  altText: TranslationKey;
  altTextValues?: Record<string, string | number>;
  run: () => void;
}

export type ToastInput = Omit<Toast, 'id'>;

export interface ToastStore {
  show(toast: ToastInput): string;
  dismiss(id: string): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly Toast[];
}

function sameText(a: ToastInput, b: ToastInput): boolean {
  return (
    a.tone === b.tone &&
    a.title === b.title &&
    a.description === b.description &&
    a.descriptionText === b.descriptionText &&
    JSON.stringify(a.descriptionValues ?? {}) === JSON.stringify(b.descriptionValues ?? {})
  );
}

/** Whether `next` takes the place of a toast on screen: the same text, or the same group. */
function replaces(next: ToastInput, shown: Toast): boolean {
  return (next.group !== undefined && next.group === shown.group) || sameText(next, shown);
}

export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    show(toast) {
      counter += 1;
      const id = `toast-${counter}`;
      // Never a pile: a toast with the same text (or of the same group) gives way to the new one, which starts
      // its 5 seconds afresh and is announced again. A new array each time: useSyncExternalStore compares
      // snapshots by identity.
      toasts = [...toasts.filter((shown) => !replaces(toast, shown)), { ...toast, id }];
      emit();
      return id;
    },
    dismiss(id) {
      const next = toasts.filter((toast) => toast.id !== id);
      if (next.length === toasts.length) return;
      toasts = next;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => toasts,
  };
}

/** The app's one toast store; app/ToastHost.tsx renders it (loaded at the first use of the page or with the first toast). */
export const toasts = createToastStore();

export function useToasts(store: ToastStore = toasts): readonly Toast[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
