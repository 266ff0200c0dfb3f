import type { Content } from '@portal/api';
import { Alert, Button, Checkbox, Dialog, Spinner, Stack, Text } from '@portal/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api, apiClient, contentListsKey } from '../../lib/api.ts';
import { answerOf, refusalDetail } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { contentDetailQuery } from './contentDetailQuery.ts';

/** Which organisations to add and which to remove, from the current and the wanted set. */
export function shareChanges(current: readonly number[], wanted: ReadonlySet<number>) {
  const before = new Set(current);
  return {
    add: [...wanted].filter((id) => !before.has(id)),
    remove: current.filter((id) => !wanted.has(id)),
  };
}

/**
 * The inside of the 'Inhalt teilen' dialog: picks the organisations a content item is shared with
 * (add-share / remove-share). The page owns the Dialog.Root and its trigger, so this part (with its
 * organisation list) loads only when the dialog opens, and focus returns to 'Teilen' when it closes.
 */
export function ShareDialogContent({ content, onClose }: { content: Content; onClose: () => void }) {
  const { t } = useTranslation('library');
  const queryClient = useQueryClient();
  const organisations = useQuery({ ...$api.queryOptions('get', '/api/v1/organisations/'), retry: false });
  const [wanted, setWanted] = useState<Set<number>>(() => new Set(content.sharedWith));

  const save = useMutation({
    mutationFn: async () => {
      const { add, remove } = shareChanges(content.sharedWith, wanted);
      const params = { path: { id: content.id } };
      let latest: Content = content;
      if (add.length > 0) {
        latest = await answerOf(
          apiClient.POST('/api/v1/cms/content/{id}/add-share/', { params, body: { organisation_ids: add } }),
        );
      }
      if (remove.length > 0) {
        latest = await answerOf(
          apiClient.POST('/api/v1/cms/content/{id}/remove-share/', {
            params,
            body: { organisation_ids: remove },
          }),
        );
      }
      return latest;
    },
    onSuccess: async (latest) => {
      queryClient.setQueryData(contentDetailQuery(content.id).queryKey, latest);
      await queryClient.invalidateQueries({ queryKey: contentListsKey });
      toasts.show({ tone: 'success', title: 'library:share.saved' });
      onClose();
    },
  });

  const others = (organisations.data ?? []).filter((o) => o.id !== content.owner.id);
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
            label={organisation.name}
            checked={wanted.has(organisation.id)}
            onCheckedChange={(checked) => toggle(organisation.id, checked)}
          />
        ))}
      </Stack>
    );

  return (
    <Dialog.Content>
      <Dialog.Title>{t('share.title')}</Dialog.Title>
      <Dialog.Description>{t('share.description', { title: content.title })}</Dialog.Description>
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
