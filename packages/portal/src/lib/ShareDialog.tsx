import { Alert, Button, Checkbox, Dialog, Spinner, Stack, Text } from '@portal/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { organisationsQuery } from './api.ts';
import { refusalDetail } from './serverErrors.ts';

/** Which organisations to add and which to remove, from the current and the wanted set. */
export function shareChanges(current: readonly number[], wanted: ReadonlySet<number>) {
  const before = new Set(current);
  return {
    add: [...wanted].filter((id) => !before.has(id)),
    remove: current.filter((id) => !wanted.has(id)),
  };
}

export type ShareChanges = ReturnType<typeof shareChanges>;

export interface ShareDialogContentProps {
  /** The organisation that owns the item: it is not offered. */
  ownerId: number;
  /** The organisations the item is shared with now. */
  sharedWith: readonly number[];
  /** The dialog's title, e.g. 'Inhalt teilen'. */
  title: string;
  /** What sharing means for this kind of item, naming it. */
  description: string;
  /** Sends add-share and remove-share for the changes; the dialog shows the server's reason when it rejects. */
  onSave: (changes: ShareChanges) => Promise<void>;
  onClose: () => void;
}

/**
 * The inside of a sharing dialog for content and playlists alike: picks the organisations an item is shared with
 * (listOrganisations) and hands the changes to `onSave`. The page owns the Dialog.Root and its trigger, so this
 * part (with its organisation list) loads only when the dialog opens, and focus returns to 'Teilen' when it closes.
 */
export function ShareDialogContent({
  ownerId,
  sharedWith,
  title,
  description,
  onSave,
  onClose,
}: ShareDialogContentProps) {
  const { t } = useTranslation();
  const organisations = useQuery(organisationsQuery);
  const [wanted, setWanted] = useState<Set<number>>(() => new Set(sharedWith));
  const save = useMutation({
    mutationFn: () => onSave(shareChanges(sharedWith, wanted)),
    onSuccess: onClose,
  });

  const others = (organisations.data ?? []).filter((o) => o.id !== ownerId);
  const toggle = (id: number, checked: boolean) =>
    setWanted((previous) => {
      const next = new Set(previous);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  let body: React.ReactNode;
  if (organisations.isPending) body = <Spinner label={t('share.loading')} />;
  else if (organisations.isError) {
    body = (
      <Alert tone="critical" announce="assertive">
        {t('share.loadFailed')}
      </Alert>
    );
  } else if (others.length === 0) body = <Text tone="muted">{t('share.none')}</Text>;
  else
    body = (
      <Stack gap="small">
        {others.map((organisation) => (
          <Checkbox
            key={organisation.id}
            label={<bdi>{organisation.name}</bdi>}
            checked={wanted.has(organisation.id)}
            onCheckedChange={(checked) => toggle(organisation.id, checked)}
          />
        ))}
      </Stack>
    );

  return (
    <Dialog.Content>
      <Dialog.Title>{title}</Dialog.Title>
      <Dialog.Description>{description}</Dialog.Description>
      {body}
      {save.isError && (
        <Alert tone="critical" announce="assertive">
          {refusalDetail(save.error) ?? t('share.failed')}
        </Alert>
      )}
      <Dialog.Actions>
        <Dialog.Close asChild>
          <Button variant="ghost">{t('share.cancel')}</Button>
        </Dialog.Close>
        <Button loading={save.isPending} disabled={!organisations.isSuccess} onClick={() => save.mutate()}>
          {t('share.save')}
        </Button>
      </Dialog.Actions>
    </Dialog.Content>
  );
}
