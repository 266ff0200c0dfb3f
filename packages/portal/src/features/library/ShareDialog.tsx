import type { Content } from '@portal/api';
import { Button, Checkbox, Heading, Inline, Spinner, Stack, Text } from '@portal/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api, apiClient } from '../../lib/api.ts';
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

const dialogStyle = {
  maxWidth: '32rem',
  width: 'calc(100% - 2rem)',
  border: 'none',
  borderRadius: '12px',
  padding: '1.5rem',
  background: 'var(--share-dialog-bg, Canvas)',
  color: 'CanvasText',
} as const;

/**
 * Picks the organisations a content item is shared with (add-share / remove-share). A native modal
 * <dialog>: focus moves into it, Escape closes it, the page behind is inert.
 */
export function ShareDialog({ content, onClose }: { content: Content; onClose: () => void }) {
  const { t } = useTranslation('library');
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const organisations = useQuery({ ...$api.queryOptions('get', '/api/v1/organisations/'), retry: false });
  const [wanted, setWanted] = useState<Set<number>>(() => new Set(content.sharedWith));

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const save = useMutation({
    mutationFn: async () => {
      const { add, remove } = shareChanges(content.sharedWith, wanted);
      const params = { path: { id: content.id } };
      let latest: Content = content;
      if (add.length > 0) {
        const { data, response } = await apiClient.POST('/api/v1/cms/content/{id}/add-share/', {
          params,
          body: { organisation_ids: add },
        });
        if (!data) throw new Error(String(response.status));
        latest = data;
      }
      if (remove.length > 0) {
        const { data, response } = await apiClient.POST('/api/v1/cms/content/{id}/remove-share/', {
          params,
          body: { organisation_ids: remove },
        });
        if (!data) throw new Error(String(response.status));
        latest = data;
      }
      return latest;
    },
    onSuccess: async (latest) => {
      queryClient.setQueryData(contentDetailQuery(content.id).queryKey, latest);
      await queryClient.invalidateQueries({ queryKey: ['get', '/api/v2/cms/content/'] });
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
  else if (organisations.isError) body = <Text tone="critical">{t('share.loadFailed')}</Text>;
  else if (others.length === 0) body = <Text tone="muted">{t('share.none')}</Text>;
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
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      style={dialogStyle}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <Stack gap="medium">
        <Heading level={2} id={titleId}>
          {t('share.title')}
        </Heading>
        <Text tone="muted">{t('share.description', { title: content.title })}</Text>
        {body}
        {save.isError && (
          <div role="alert">
            <Text tone="critical">{t('share.failed')}</Text>
          </div>
        )}
        <Inline gap="small" align="end">
          <Button variant="secondary" onClick={onClose}>
            {t('share.cancel')}
          </Button>
          <Button loading={save.isPending} disabled={!organisations.isSuccess} onClick={() => save.mutate()}>
            {t('share.save')}
          </Button>
        </Inline>
      </Stack>
    </dialog>
  );
}
