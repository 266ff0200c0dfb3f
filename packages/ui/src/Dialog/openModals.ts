import { useEffect, useSyncExternalStore } from 'react';

/*
 * How many modal layers of this package (Dialog, ConfirmDialog, TermsDialog, Drawer) are open. While one is, the
 * Toaster holds its toasts back: a toast would cover the dialog, and the modal hides everything outside it from screen
 * readers anyway. The toasts wait in the app's list and appear, with their full time, once the last layer has closed.
 */

let openCount = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function change(by: number): void {
  openCount += by;
  for (const listener of listeners) listener();
}

/** Counts the calling component as an open modal layer while it is mounted (render it inside the layer's content). */
export function useOpenModalLayer(): void {
  useEffect(() => {
    change(1);
    return () => change(-1);
  }, []);
}

/** Whether a modal layer of this package is open. */
export function useModalLayerOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => openCount > 0,
    () => false,
  );
}

/** Rendered inside a modal layer's content (mounted only while it is open): counts it as open. */
export function OpenModalLayer(): null {
  useOpenModalLayer();
  return null;
}
