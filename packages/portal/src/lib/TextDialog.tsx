import { Alert, Button, Dialog, Stack, TextArea } from '@portal/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { onSubmitted } from './form.ts';
import {
  fieldError,
  fieldRefusal,
  refusalDetail,
  serverMessageText,
  UNKNOWN_SERVER_MESSAGE,
} from './serverErrors.ts';

/** The contract's longest note or reason (PublicationText). */
export const TEXT_DIALOG_MAX_LENGTH = 1000;

export interface TextDialogContentProps {
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  cancelLabel: string;
  /** Shown at the field when it is left empty; without it an empty text may be sent. */
  requiredText?: string;
  tooLongText: string;
  /** The server's field the text goes to: its 400 message shows at the field. */
  field: string;
  /** Sends the text; resolves when the server took it. */
  onSubmit: (text: string) => Promise<void>;
  onClose: () => void;
}

/**
 * Asks for a sentence before an action: the note of a request for every school, the reason of a rejection or a
 * withdrawal. The page owns the Dialog.Root and its trigger, so the focus goes back there when it closes.
 */
export function TextDialogContent(props: TextDialogContentProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const save = useMutation({
    mutationFn: props.onSubmit,
    onSuccess: props.onClose,
    onError(error) {
      const refusal = fieldRefusal(error);
      setProblem(refusal ? fieldError(refusal.body, props.field) : undefined);
    },
  });
  const submit = onSubmitted(() => {
    if (save.isPending) return;
    const trimmed = text.trim();
    if (props.requiredText !== undefined && trimmed === '') return setProblem(props.requiredText);
    if (trimmed.length > TEXT_DIALOG_MAX_LENGTH) return setProblem(props.tooLongText);
    setProblem(undefined);
    save.mutate(trimmed);
  });
  const refusedOtherwise = save.isError && problem === undefined;
  return (
    <Dialog.Content size="small">
      <Dialog.Title>{props.title}</Dialog.Title>
      <Dialog.Description>{props.description}</Dialog.Description>
      <form onSubmit={submit} noValidate>
        <Stack gap="medium">
          <TextArea
            label={props.label}
            dir="auto"
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={problem}
            required={props.requiredText !== undefined}
          />
          {refusedOtherwise && (
            <Alert tone="critical" announce="assertive">
              {refusalDetail(save.error) ?? serverMessageText(UNKNOWN_SERVER_MESSAGE)}
            </Alert>
          )}
          <Dialog.Actions>
            <Dialog.Close asChild>
              <Button variant="ghost">{props.cancelLabel}</Button>
            </Dialog.Close>
            <Button type="submit" variant="primary" loading={save.isPending}>
              {props.submitLabel}
            </Button>
          </Dialog.Actions>
        </Stack>
      </form>
    </Dialog.Content>
  );
}
