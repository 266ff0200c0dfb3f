import { type ReactNode, useRef } from 'react';
import { Button } from '../Button/Button';
import { Dialog } from '../Dialog/Dialog';

export const confirmDialogTones = ['neutral', 'destructive'] as const;
export type ConfirmDialogTone = (typeof confirmDialogTones)[number];

export interface ConfirmDialogProps {
  /** Shows the dialog (controlled): the app sets it when the user asks for the action. */
  open: boolean;
  /** Called with false when the user cancels (button, Escape, backdrop); the app closes the dialog. */
  onOpenChange: (open: boolean) => void;
  /** The question, e.g. 'Inhalt löschen?' */
  title: string;
  /** What happens, e.g. 'Der Inhalt wird aus allen Wiedergabelisten entfernt.' */
  description: ReactNode;
  /** E.g. 'Löschen'. */
  confirmLabel: string;
  /** E.g. 'Abbrechen'. */
  cancelLabel: string;
  /** Runs the action; the app closes the dialog when it is done. */
  onConfirm: () => void;
  /**
   * 'destructive' paints the confirm button red and puts the initial focus on Cancel, so a stray Enter
   * does not delete anything. Default 'neutral'.
   * @example <ConfirmDialog tone="destructive" confirmLabel={t('delete')} … />
   */
  tone?: ConfirmDialogTone;
  /** Shows the confirm button as loading and keeps the dialog open while the action runs. */
  confirming?: boolean;
  /** Read after the confirm button's text while confirming, e.g. 'Wird gelöscht'. */
  confirmingLabel?: string;
}

/** Asks before an action: a small modal with Cancel and a confirm button. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  tone = 'neutral',
  confirming = false,
  confirmingLabel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // The dialog usually opens from a plain button or menu item, not a Dialog.Trigger; focus goes back there.
  const openerRef = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (confirming ? undefined : onOpenChange(next))}>
      <Dialog.Content
        size="small"
        role="alertdialog"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          (tone === 'destructive' ? cancelRef : confirmRef).current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          if (openerRef.current?.isConnected) {
            event.preventDefault();
            openerRef.current.focus();
          }
        }}
      >
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description>{description}</Dialog.Description>
        <Dialog.Actions>
          <Button
            ref={cancelRef}
            type="button"
            variant="ghost"
            disabled={confirming}
            onClick={() => onOpenChange(false)}
          >
            {cancelLabel}
          </Button>
          <Button
            ref={confirmRef}
            type="button"
            variant={tone === 'destructive' ? 'danger' : 'primary'}
            loading={confirming}
            loadingLabel={confirmingLabel}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </Dialog.Actions>
      </Dialog.Content>
    </Dialog.Root>
  );
}
