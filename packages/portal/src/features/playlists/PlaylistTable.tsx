import type { Configuration, Device } from '@portal/api';
import { formatBytes, isPlaylistOwner, mayCreatePlaylist } from '@portal/domain';
import { Badge, DataTable, type DataTableColumn, IconButton, Menu, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { playlistHref } from './PlaylistDialogs.tsx';
import { headsetsQuery, SYNC_POLL_MS } from './playlistQueries.ts';
import { isSyncUnderway, playlistSync } from './syncState.ts';
import { playlistSyncText } from './syncText.ts';

function MoreIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

/** The headsets each playlist is active on, from one list of all the user's headsets. */
function useHeadsetsByPlaylist(playlists: readonly Configuration[]) {
  const owned = playlists.some((playlist) => playlist.sdmDevices.length > 0);
  const headsets = useQuery({
    ...headsetsQuery({}),
    enabled: owned,
    // Follows a running sync; quiet once every headset has reported.
    refetchInterval: (query) => (isSyncUnderway(query.state.data?.results ?? []) ? SYNC_POLL_MS : false),
  });
  return useMemo(() => {
    const byPlaylist = new Map<number, Device[]>();
    for (const device of headsets.data?.results ?? []) {
      if (device.activeConfigurationId === null) continue;
      byPlaylist.set(device.activeConfigurationId, [
        ...(byPlaylist.get(device.activeConfigurationId) ?? []),
        device,
      ]);
    }
    return byPlaylist;
  }, [headsets.data]);
}

/** What a row offers beyond opening: the page's dialogs. */
interface RowActions {
  onDuplicate: (playlist: Configuration) => void;
  onDelete: (playlist: Configuration) => void;
}

/** The list's columns: a playlist's items, size, state, headsets, sync state and owner, and its actions. */
function usePlaylistColumns(
  headsetsByPlaylist: ReadonlyMap<number, Device[]>,
  { onDuplicate, onDelete }: RowActions,
): DataTableColumn<Configuration>[] {
  const { t, i18n } = useTranslation('playlists');
  const { user } = useCurrentUser();
  const notApplicable = (
    <Text as="span" tone="muted">
      {t('list.notApplicable')}
    </Text>
  );
  return [
    {
      id: 'name',
      header: t('list.columns.name'),
      rowHeader: true,
      cell: (playlist) => (
        <Stack gap="xsmall">
          <Link to={playlistHref(playlist.id)}>
            <bdi>{playlist.name}</bdi>
          </Link>
          {!isPlaylistOwner(user, playlist) && (
            <Text as="span" size="small" tone="muted">
              {t('list.sharedBy', { owner: playlist.owner.name })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      id: 'items',
      header: t('list.columns.items'),
      align: 'end',
      width: '5.5rem',
      cell: (playlist) => playlist.contentIds.length,
    },
    {
      id: 'size',
      header: t('list.columns.size'),
      align: 'end',
      width: '6.5rem',
      cell: (playlist) => formatBytes(playlist.totalSize, i18n.language),
    },
    {
      id: 'state',
      header: t('list.columns.state'),
      width: '7rem',
      cell: (playlist) => {
        if (!isPlaylistOwner(user, playlist)) return <Badge tone="info">{t('state.shared')}</Badge>;
        return playlist.activeState ? (
          <Badge tone="positive">{t('state.active')}</Badge>
        ) : (
          <Badge tone="neutral">{t('state.inactive')}</Badge>
        );
      },
    },
    {
      id: 'headsets',
      header: t('list.columns.headsets'),
      align: 'end',
      width: '6.5rem',
      cell: (playlist) => (isPlaylistOwner(user, playlist) ? playlist.sdmDevices.length : notApplicable),
    },
    {
      id: 'sync',
      header: t('list.columns.sync'),
      cell: (playlist) => {
        if (!isPlaylistOwner(user, playlist)) return notApplicable;
        return playlistSyncText(t, playlistSync(headsetsByPlaylist.get(playlist.id) ?? []));
      },
    },
    { id: 'owner', header: t('list.columns.owner'), cell: (playlist) => <bdi>{playlist.owner.name}</bdi> },
    {
      id: 'actions',
      header: t('list.columns.actions'),
      align: 'end',
      width: '5.5rem',
      cell: (playlist) => (
        <Menu.Root>
          <Menu.Trigger asChild>
            <IconButton label={t('list.actionsFor', { name: playlist.name })}>
              <MoreIcon />
            </IconButton>
          </Menu.Trigger>
          <Menu.Content>
            <Menu.LinkItem href={playlistHref(playlist.id)}>{t('list.open')}</Menu.LinkItem>
            {mayCreatePlaylist(user) && (
              <Menu.Item onSelect={() => onDuplicate(playlist)}>{t('detail.duplicate')}</Menu.Item>
            )}
            {isPlaylistOwner(user, playlist) && (
              <Menu.Item tone="critical" onSelect={() => onDelete(playlist)}>
                {t('detail.delete')}
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Root>
      ),
    },
  ];
}

/**
 * The page of playlists as a table; below the desktop width a card per playlist with every value whole (DataTable's
 * cards layout).
 */
export function PlaylistTable({
  playlists,
  loading,
  ...actions
}: { playlists: readonly Configuration[]; loading: boolean } & RowActions) {
  const { t } = useTranslation('playlists');
  const columns = usePlaylistColumns(useHeadsetsByPlaylist(playlists), actions);
  return (
    <DataTable
      caption={t('list.title')}
      hideCaption
      columns={columns}
      rows={playlists}
      getRowId={(playlist) => String(playlist.id)}
      loading={loading}
      loadingText={t('list.loading')}
      height="70vh"
      estimatedRowHeight={64}
      narrowLayout="cards"
    />
  );
}
