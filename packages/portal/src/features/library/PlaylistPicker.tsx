import type { Content } from '@portal/api';
import { Button, Inline, Stack, Text } from '@portal/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api.ts';
import { toasts } from '../../lib/toasts.ts';
import { SelectField } from './SelectField.tsx';

/** The server answers 501 for operations a later issue builds; playlists are one of them for now. */
class NotAvailableError extends Error {
  override readonly name = 'NotAvailableError';
}

/**
 * 'Zu Wiedergabeliste hinzufügen': the user's playlists come from available-configurations, asked only when
 * the user opens the picker. Decision: while the server answers 501 the action stays visible and explains
 * that playlists follow soon (hiding it would make the feature look missing for good).
 */
export function PlaylistPicker({ content }: { content: Content }) {
  const { t } = useTranslation('library');
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState('');
  const playlists = useQuery({
    queryKey: ['available-configurations', content.uuid],
    enabled: open,
    retry: false,
    queryFn: async () => {
      const { data, response } = await apiClient.POST(
        '/api/v3/mdm/device-configurations/available-configurations/',
        { body: { contentUuid: content.uuid } },
      );
      if (response.status === 501) throw new NotAvailableError();
      if (!data) throw new Error(String(response.status));
      return data;
    },
  });
  const add = useMutation({
    mutationFn: async (id: number) => {
      const { response } = await apiClient.POST('/api/v2/mdm/device-configurations/{id}/content/', {
        params: { path: { id } },
        body: { contentId: content.id, contentOrigin: 'cms' },
      });
      if (response.status === 501) throw new NotAvailableError();
      if (!response.ok) throw new Error(String(response.status));
    },
    onSuccess: () => {
      toasts.show({ tone: 'success', title: 'library:playlist.added' });
      setOpen(false);
    },
  });

  if (!open) {
    return (
      <Inline>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('playlist.add')}
        </Button>
      </Inline>
    );
  }
  if (playlists.isPending) return <Text tone="muted">{t('playlist.loading')}</Text>;
  if (playlists.isError) {
    return (
      <div role="status">
        <Text tone="muted">
          {playlists.error instanceof NotAvailableError ? t('playlist.unavailable') : t('playlist.failed')}
        </Text>
      </div>
    );
  }
  if (playlists.data.length === 0) return <Text tone="muted">{t('playlist.none')}</Text>;
  const choices = playlists.data.filter((p) => !p.containsContent);
  return (
    <Stack gap="small">
      <SelectField
        label={t('playlist.label')}
        value={selected}
        onChange={(event) => setSelected(event.currentTarget.value)}
        options={[
          { value: '', label: t('playlist.choose') },
          ...playlists.data.map((p) => ({
            value: String(p.id),
            label: p.containsContent ? t('playlist.contains', { name: p.name }) : p.name,
          })),
        ]}
      />
      {add.isError && (
        <Text tone="critical">
          {add.error instanceof NotAvailableError ? t('playlist.unavailable') : t('playlist.failed')}
        </Text>
      )}
      <Inline>
        <Button
          disabled={!choices.some((p) => String(p.id) === selected)}
          loading={add.isPending}
          onClick={() => add.mutate(Number(selected))}
        >
          {t('playlist.submit')}
        </Button>
      </Inline>
    </Stack>
  );
}
