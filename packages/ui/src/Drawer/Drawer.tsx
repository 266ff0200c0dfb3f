import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { OpenModalLayer } from '../Dialog/openModals';
import { IconButton } from '../IconButton/IconButton';
import * as styles from './Drawer.css';

export interface DrawerProps {
  /** Controlled open state. */
  open: boolean;
  /** Called with the new state (Escape, backdrop, the close button, or the app after a navigation). */
  onOpenChange: (open: boolean) => void;
  /** The heading at the top, which is also the drawer's accessible name (e.g. 'Hauptnavigation'). */
  title: string;
  /** Accessible name of the close button (e.g. 'Menü schließen'). */
  closeLabel: string;
  /** What the drawer holds, e.g. a <nav> with NavLinks. */
  children: ReactNode;
  /**
   * The button that opens it (rendered in place, e.g. an IconButton): it gets aria-expanded, and the focus
   * returns to it when the drawer closes.
   */
  trigger?: ReactNode;
  /**
   * Without a `trigger`: the element that gets the focus back when the drawer closes (e.g. a menu button that
   * mounts the drawer only when it is needed).
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /**
   * Called when something inside was clicked; AppShell closes the drawer when that was a link, so the new
   * page is not hidden behind it.
   */
  onContentClick?: (event: React.MouseEvent<HTMLDivElement>) => void;
}

function CloseIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A panel that slides in from the start edge over the page, on Radix Dialog: modal, focus moves in and stays
 * inside, Escape and the backdrop close it, and focus returns to the element that opened it.
 */
export function Drawer({
  open,
  onOpenChange,
  title,
  closeLabel,
  children,
  trigger,
  returnFocusTo,
  onContentClick,
}: DrawerProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.content}
          aria-describedby={undefined}
          onClick={onContentClick}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
        >
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            <RadixDialog.Close asChild>
              <IconButton label={closeLabel}>
                <CloseIcon />
              </IconButton>
            </RadixDialog.Close>
          </div>
          <div className={styles.body}>{children}</div>
          <OpenModalLayer />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
Drawer.displayName = 'Drawer';
