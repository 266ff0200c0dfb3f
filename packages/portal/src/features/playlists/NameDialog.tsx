import { hasVisibleCharacter } from '@portal/domain';
import { Alert, Button, Dialog, Stack, TextField } from '@portal/ui';
import { useMutation } from '@tanstack/react-query';
import { onSubmitted, useFormState } from '../../lib/form.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import {
  fieldError,
  fieldRefusal,
  refusalDetail,
  serverMessageText,
  UNKNOWN_SERVER_MESSAGE,
} from '../../lib/serverErrors.ts';

/** The contract's longest playlist name. */
const NAME_MAX_LENGTH = 200;

type NameError = 'name.required' | 'name.tooLong';

function nameError(name: string): NameError | undefined {
  if (!hasVisibleCharacter(name)) return 'name.required';
  return name.length > NAME_MAX_LENGTH ? 'name.tooLong' : undefined;
}

export interface NameDialogContentProps {
  title: string;
  description: string;
  submitLabel: string;
  initialName: string;
  /** The server's field the name goes to (name, or copyName of a duplicate): its 400 message shows at the field. */
  field: 'name' | 'copyName';
  /** Sends the name; resolves when the server took it. */
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}

/**
 * Asks for a playlist's name: 'Neue Wiedergabeliste', 'Umbenennen' and 'Duplizieren' (the copy's name). The page
 * owns the Dialog.Root and its trigger, so the focus goes back there when it closes.
 */
export function NameDialogContent({
  title,
  description,
  submitLabel,
  initialName,
  field,
  onSubmit,
  onClose,
}: NameDialogContentProps) {
  const { t } = useTranslation('playlists');
  const form = useFormState({ name: initialName }, (key: NameError) => t(key));
  const save = useMutation({
    mutationFn: onSubmit,
    onSuccess: onClose,
    onError(error) {
      const refusal = fieldRefusal(error);
      const text = refusal ? fieldError(refusal.body, field) : undefined;
      if (text !== undefined) form.setServerErrors({ name: { text } });
    },
  });
  const submit = onSubmitted(() => {
    if (save.isPending) return;
    const name = form.values.name.trim();
    if (form.check({ name: nameError(name) })) save.mutate(name);
  });
  const refusedOtherwise = save.isError && form.errorText('name') === undefined;

  return (
    <Dialog.Content size="small">
      <Dialog.Title>{title}</Dialog.Title>
      <Dialog.Description>{description}</Dialog.Description>
      <form onSubmit={submit} noValidate>
        <Stack gap="medium">
          <TextField label={t('name.label')} autoComplete="off" dir="auto" {...form.field('name')} />
          {refusedOtherwise && (
            <Alert tone="critical" announce="assertive">
              {refusalDetail(save.error) ?? serverMessageText(UNKNOWN_SERVER_MESSAGE)}
            </Alert>
          )}
          <Dialog.Actions>
            <Dialog.Close asChild>
              <Button variant="ghost">{t('name.cancel')}</Button>
            </Dialog.Close>
            <Button type="submit" variant="primary" loading={save.isPending}>
              {submitLabel}
            </Button>
          </Dialog.Actions>
        </Stack>
      </form>
    </Dialog.Content>
  );
}
