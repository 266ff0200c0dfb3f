import { forwardRef, type ReactNode, useState } from 'react';
import { Button } from '../Button/Button';
import { Checkbox } from '../Checkbox/Checkbox';
import { Dialog } from '../Dialog/Dialog';
import * as styles from './TermsDialog.css';

export interface TermsDialogProps {
  open: boolean;
  /** E.g. 'Datenschutzerklärung & Nutzungsbedingungen'. */
  title: string;
  /** Why the user must accept; may hold several paragraphs. */
  description: ReactNode;
  /** Opens the terms of use (the app opens the file in a new tab). */
  termsButtonLabel: string;
  privacyButtonLabel: string;
  /** E.g. 'Ich habe die Nutzungsbedingungen gelesen und akzeptiere diese.' */
  checkboxLabel: string;
  cancelLabel: string;
  acceptLabel: string;
  onOpenTerms: () => void;
  onOpenPrivacy: () => void;
  /** The user declines; the app logs out. */
  onCancel: () => void;
  /** Only reachable after the checkbox is ticked. */
  onAccept: () => void;
  /** Shows the accept button as loading while the acceptance is sent. */
  accepting?: boolean;
}

/**
 * The modal that asks for acceptance of the terms (spec §2). It can be left only through its buttons:
 * overlay clicks and Escape are ignored, and focus stays inside.
 */
export const TermsDialog = forwardRef<HTMLDivElement, TermsDialogProps>(function TermsDialog(
  { open, title, description, ...rest },
  ref,
) {
  return (
    <Dialog.Root open={open}>
      <Dialog.Content ref={ref} dismissable={false}>
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description asChild>
          <div>{description}</div>
        </Dialog.Description>
        {/* Lives inside Content so the tick resets whenever the dialog opens again. */}
        <TermsDialogBody {...rest} />
      </Dialog.Content>
    </Dialog.Root>
  );
});
TermsDialog.displayName = 'TermsDialog.Content';

type TermsDialogBodyProps = Omit<TermsDialogProps, 'open' | 'title' | 'description'>;

function TermsDialogBody({
  termsButtonLabel,
  privacyButtonLabel,
  checkboxLabel,
  cancelLabel,
  acceptLabel,
  onOpenTerms,
  onOpenPrivacy,
  onCancel,
  onAccept,
  accepting = false,
}: TermsDialogBodyProps) {
  const [accepted, setAccepted] = useState(false);
  return (
    <>
      <div className={styles.documents}>
        <Button type="button" variant="secondary" size="small" onClick={onOpenTerms}>
          {termsButtonLabel}
        </Button>
        <Button type="button" variant="secondary" size="small" onClick={onOpenPrivacy}>
          {privacyButtonLabel}
        </Button>
      </div>
      <Checkbox label={checkboxLabel} checked={accepted} onCheckedChange={setAccepted} disabled={accepting} />
      <Dialog.Actions>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={accepting}>
          {cancelLabel}
        </Button>
        <Button type="button" variant="primary" onClick={onAccept} disabled={!accepted} loading={accepting}>
          {acceptLabel}
        </Button>
      </Dialog.Actions>
    </>
  );
}
