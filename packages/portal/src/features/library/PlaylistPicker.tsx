import type { Content } from '@portal/api';
import { Alert, Button, Inline, Select, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { refusalDetail } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { availablePlaylistsQuery, useAddToPlaylist } from './libraryQueries.ts';

/** Where the user builds playlists (spec §2). */
const PLAYLISTS_ROUTE = '/dashboard/configurations';

/**
 * 'Zu Wiedergabeliste hinzufügen': the user's playlists come from available-configurations, asked only when
 * the user opens the picker; playlists that already hold the content are shown but cannot be chosen.
 */
export function PlaylistPicker({ content }: { content: Content }) {
  const { t } = useTranslation('library');
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState('');
  const playlists = useQuery({ ...availablePlaylistsQuery(content.uuid), enabled: open });
  const add = useAddToPlaylist(content, {
    onSuccess: () => {
      toasts.show({ tone: 'success', title: 'library:playlist.added' });
      setSelected('');
      setOpen(false);
    },
  });

  /** The server's own words where it gave a reason (e.g. 409 'already in the playlist'), otherwise ours. */
  const failure = (error: Error, fallback: string) => (
    <Alert tone="critical" announce="assertive">
      {refusalDetail(error) ?? fallback}
    </Alert>
  );

  if (!open) {
    return (
      <Inline>
        {/* The detail page's one orange call to action. */}
        <Button variant="primary" onClick={() => setOpen(true)}>
          {t('playlist.add')}
        </Button>
      </Inline>
    );
  }
  if (playlists.isPending) return <Text tone="muted">{t('playlist.loading')}</Text>;
  if (playlists.isError) return failure(playlists.error, t('playlist.loadFailed'));
  if (playlists.data.length === 0) {
    return (
      <Alert tone="info" announce="polite" title={t('playlist.none')}>
        <Stack gap="xsmall">
          <Text>{t('playlist.noneHint')}</Text>
          <Link to={PLAYLISTS_ROUTE}>{t('playlist.noneAction')}</Link>
        </Stack>
      </Alert>
    );
  }
  const choices = playlists.data.filter((p) => !p.containsContent);
  if (choices.length === 0) {
    return (
      <Alert tone="info" announce="polite">
        {t('playlist.allContain')}
      </Alert>
    );
  }
  return (
    <Stack gap="small">
      <Select
        label={t('playlist.label')}
        placeholder={t('playlist.choose')}
        value={selected}
        onChange={(event) => setSelected(event.currentTarget.value)}
        options={playlists.data.map((p) => ({
          value: String(p.id),
          label: p.containsContent ? t('playlist.contains', { name: p.name }) : p.name,
          disabled: p.containsContent,
        }))}
      />
      {add.isError && failure(add.error, t('playlist.failed'))}
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
