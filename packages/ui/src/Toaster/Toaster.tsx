import * as RadixToast from '@radix-ui/react-toast';
import { useModalLayerOpen } from '../Dialog/openModals';
import * as styles from './Toaster.css';

/** How long a toast stays before it closes itself (spec: 5 seconds). */
export const TOAST_DURATION_MS = 5000;

export const toastTones = ['success', 'error', 'warning', 'info'] as const;
export type ToastTone = (typeof toastTones)[number];

export interface ToastMessage {
  /** Stable id; passed back to onDismiss. */
  id: string;
  /**
   * Sets colour and icon. 'error' is announced at once (assertive), the other tones politely once
   * the screen reader is idle.
   */
  tone: ToastTone;
  /** A few words, e.g. 'Erfolgreich eingeloggt.' */
  title: string;
  /** An optional sentence below the title. */
  description?: string;
  /**
   * A button in the toast that undoes or follows up what it reports; pressing it closes the toast.
   * @example action: { label: 'Rückgängig', altText: 'Rückgängig machen: „Korallenriff“ wieder hinzufügen', onAction: restore }
   */
  action?: ToastAction;
}

export interface ToastAction {
  /** The button's text, a verb: 'Rückgängig'. */
  label: string;
  /**
   * For screen readers, which announce a toast without its buttons: what the action does, or where else it can be
   * done (Radix Toast's `altText`).
   */
  altText: string;
  onAction: () => void;
}

export interface ToasterProps {
  /** Toasts to show, oldest first; they stack. */
  toasts: ToastMessage[];
  /** Called when a toast times out, is swiped away or its close button is pressed. */
  onDismiss: (id: string) => void;
  /** Accessible name of each toast's close button (e.g. 'Schließen'). */
  closeLabel: string;
  /** Accessible name of the notification region (e.g. 'Benachrichtigungen'). */
  regionLabel: string;
}

const iconPaths: Record<ToastTone, string> = {
  success: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.2 14.2-4-4 1.4-1.4 2.6 2.6 5-5 1.4 1.4-6.4 6.4Z',
  error:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1 5h2v7h-2V7Zm1 11a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6Z',
  warning: 'M12 2 1 21h22L12 2Zm-1 7h2v6h-2V9Zm1 10a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6Z',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1 8h2v8h-2v-8Zm1-4a1.3 1.3 0 1 1 0 2.6A1.3 1.3 0 0 1 12 6Z',
};

/**
 * Renders the app's toasts on Radix Toast: each closes after TOAST_DURATION_MS or with its close button. One region at
 * the bottom of the window (a page's heading sits at its top), the full width on phones. While a modal Dialog,
 * ConfirmDialog, TermsDialog or Drawer of this package is open the toasts wait (they would cover it, and the modal
 * hides them from screen readers); they appear, with their full time, once it has closed.
 */
export function Toaster({ toasts, onDismiss, closeLabel, regionLabel }: ToasterProps) {
  const held = useModalLayerOpen();
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} label={regionLabel} swipeDirection="right">
      {(held ? [] : toasts).map((toast) => (
        <RadixToast.Root
          key={toast.id}
          open
          onOpenChange={(open) => {
            if (!open) onDismiss(toast.id);
          }}
          // Errors interrupt the screen reader; everything else waits its turn.
          type={toast.tone === 'error' ? 'foreground' : 'background'}
          className={styles.root({ tone: toast.tone })}
          data-tone={toast.tone}
        >
          <svg
            className={styles.icon({ tone: toast.tone })}
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
          >
            <path fill="currentColor" d={iconPaths[toast.tone]} />
          </svg>
          <div className={styles.body}>
            <RadixToast.Title className={styles.title}>{toast.title}</RadixToast.Title>
            {toast.description ? (
              <RadixToast.Description className={styles.description}>
                {toast.description}
              </RadixToast.Description>
            ) : null}
            {toast.action ? (
              <RadixToast.Action altText={toast.action.altText} asChild>
                <button type="button" className={styles.action} onClick={toast.action.onAction}>
                  {toast.action.label}
                </button>
              </RadixToast.Action>
            ) : null}
          </div>
          <RadixToast.Close className={styles.close} aria-label={closeLabel}>
            <svg className={styles.closeIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="m3 3 10 10M13 3 3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className={styles.viewport} label={regionLabel} />
    </RadixToast.Provider>
  );
}
