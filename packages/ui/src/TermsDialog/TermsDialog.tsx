import { forwardRef, type ReactNode, useState } from 'react';
import { Button } from '../Button/Button';
import { Checkbox } from '../Checkbox/Checkbox';
import { Dialog } from '../Dialog/Dialog';
import * as styles from './TermsDialog.css';

export interface TermsDialogProps {
  /** Shows the dialog (controlled); the app opens it while the signed-in user has not accepted. */
  open: boolean;
  /** E.g. 'Datenschutzerklärung & Nutzungsbedingungen'. */
  title: string;
  /** Why the user must accept; may hold several paragraphs. */
  description: ReactNode;
  /** Opens the terms of use (the app opens the file in a new tab). */
  termsButtonLabel: string;
  /** Opens the privacy policy (the app opens the file in a new tab), e.g. 'Datenschutzerklärung'. */
  privacyButtonLabel: string;
  /** E.g. 'Ich habe die Nutzungsbedingungen gelesen und akzeptiere diese.' */
  checkboxLabel: string;
  /** The button that declines (and logs out), e.g. 'Abbrechen'. */
  cancelLabel: string;
  /** The button that accepts; enabled once the checkbox is ticked, e.g. 'Akzeptieren'. */
  acceptLabel: string;
  /** The terms button was pressed: the app shows the terms of use (e.g. opens the PDF in a new tab). */
  onOpenTerms: () => void;
  /** The privacy button was pressed: the app shows the privacy policy (e.g. in a new tab). */
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
TermsDialog.displayName = 'TermsDialog';

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
