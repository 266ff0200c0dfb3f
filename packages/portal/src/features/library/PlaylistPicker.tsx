import type { Content } from '@portal/api';
import { Alert, Button, Inline, Select, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { activePlaylistsQuery } from '../../lib/playlists.ts';
import { refusalDetail } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { availablePlaylistsQuery, useAddToPlaylist } from './libraryQueries.ts';

/** Where the user builds playlists (spec §2). */
const PLAYLISTS_ROUTE = '/dashboard/configurations';

/**
 * 'Zu Wiedergabeliste hinzufügen': the user's playlists come from available-configurations, asked only when
 * the user opens the picker; playlists that already hold the content are shown but cannot be chosen, the ones active
 * on headsets are marked (their headsets load what is added). 'Abbrechen' closes it again; the toast names the list.
 */
export function PlaylistPicker({ content }: { content: Content }) {
  const { t } = useTranslation('library');
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState('');
  const playlists = useQuery({ ...availablePlaylistsQuery(content.uuid), enabled: open });
  // Which of them are active on headsets: every active playlist the user sees, all pages.
  const activeLists = useQuery({ ...activePlaylistsQuery, enabled: open });
  const active = new Set((activeLists.data ?? []).map((playlist) => playlist.id));
  // Closed again (cancelled or added), the focus goes back to the button that opened the picker.
  const opener = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!open && refocus) {
      opener.current?.focus();
      setRefocus(false);
    }
  }, [open, refocus]);
  const close = () => {
    setSelected('');
    setOpen(false);
    setRefocus(true);
  };
  const add = useAddToPlaylist(content, {
    onSuccess: (_done, playlistId) => {
      toasts.show({
        tone: 'success',
        title: 'library:playlist.added',
        description: 'library:playlist.addedTo',
        descriptionValues: {
          title: content.title,
          name: playlists.data?.find((playlist) => playlist.id === playlistId)?.name ?? '',
        },
      });
      close();
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
        <Button ref={opener} variant="primary" onClick={() => setOpen(true)}>
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
  const labelOf = (p: (typeof choices)[number]) => {
    if (p.containsContent) return t('playlist.contains', { name: p.name });
    return active.has(p.id) ? t('playlist.active', { name: p.name }) : p.name;
  };
  return (
    <Stack gap="small">
      <Select
        label={t('playlist.label')}
        placeholder={t('playlist.choose')}
        hint={playlists.data.some((p) => active.has(p.id)) ? t('playlist.activeHint') : undefined}
        value={selected}
        onChange={(event) => setSelected(event.currentTarget.value)}
        options={playlists.data.map((p) => ({
          value: String(p.id),
          label: labelOf(p),
          disabled: p.containsContent,
        }))}
      />
      {add.isError && failure(add.error, t('playlist.failed'))}
      <Inline gap="small">
        <Button variant="ghost" onClick={close}>
          {t('playlist.cancel')}
        </Button>
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
