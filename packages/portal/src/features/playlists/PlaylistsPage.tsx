import type { Configuration, Device } from '@portal/api';
import {
  formatBytes,
  isPlaylistOwner,
  mayCreatePlaylist,
  SORT_OPTIONS,
  type SortOption,
} from '@portal/domain';
import {
  Badge,
  Box,
  Button,
  DataTable,
  type DataTableColumn,
  EmptyState,
  IconButton,
  Inline,
  Menu,
  Pagination,
  Select,
  Stack,
  Text,
} from '@portal/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import {
  CreatePlaylistDialog,
  DeletePlaylistDialog,
  DuplicatePlaylistDialog,
  playlistHref,
} from './PlaylistDialogs.tsx';
import { parsePlaylistView, playlistPageHref, playlistViewParams } from './playlistParams.ts';
import { headsetsQuery, PLAYLIST_PAGE_SIZE, playlistListQuery, SYNC_POLL_MS } from './playlistQueries.ts';
import { isSyncUnderway, playlistSync } from './syncState.ts';
import { playlistSyncText } from './syncText.ts';

type Dialog =
  | { kind: 'create' }
  | { kind: 'duplicate'; playlist: Configuration }
  | { kind: 'delete'; playlist: Configuration };

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

/**
 * Wiedergabelisten (spec §2, /dashboard/configurations): the organisation's and the shared playlists with their
 * items, size, state, headsets, sync state and owner; the spec §3 sort options and the page live in the URL.
 */
export function PlaylistsPage() {
  const { t, i18n } = useTranslation('playlists');
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parsePlaylistView(params), [params]);
  const { user } = useCurrentUser();
  const list = useQuery({ ...playlistListQuery(view), placeholderData: keepPreviousData });
  const playlists = list.data?.results ?? [];
  const headsetsByPlaylist = useHeadsetsByPlaylist(playlists);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  const notApplicable = (
    <Text as="span" tone="muted">
      {t('list.notApplicable')}
    </Text>
  );
  const columns: DataTableColumn<Configuration>[] = [
    {
      id: 'name',
      header: t('list.columns.name'),
      rowHeader: true,
      width: '24%',
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
      cell: (playlist) => playlist.contentIds.length,
    },
    {
      id: 'size',
      header: t('list.columns.size'),
      align: 'end',
      cell: (playlist) => formatBytes(playlist.totalSize, i18n.language),
    },
    {
      id: 'state',
      header: t('list.columns.state'),
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
      cell: (playlist) => (isPlaylistOwner(user, playlist) ? playlist.sdmDevices.length : notApplicable),
    },
    {
      id: 'sync',
      header: t('list.columns.sync'),
      width: '20%',
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
      width: '6rem',
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
              <Menu.Item onSelect={() => setDialog({ kind: 'duplicate', playlist })}>
                {t('detail.duplicate')}
              </Menu.Item>
            )}
            {isPlaylistOwner(user, playlist) && (
              <Menu.Item tone="critical" onSelect={() => setDialog({ kind: 'delete', playlist })}>
                {t('detail.delete')}
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Root>
      ),
    },
  ];

  const create = mayCreatePlaylist(user) ? (
    <Button variant="primary" onClick={() => setDialog({ kind: 'create' })}>
      {t('list.create')}
    </Button>
  ) : null;

  let body: React.ReactNode;
  if (list.isError) {
    body = (
      <EmptyState
        title={t('list.error.title')}
        description={t('list.error.description')}
        action={
          <Button variant="secondary" loading={list.isFetching} onClick={() => void list.refetch()}>
            {t('list.error.retry')}
          </Button>
        }
      />
    );
  } else if (list.isSuccess && list.data.count === 0) {
    body = (
      <EmptyState
        title={t('list.empty.title')}
        description={t('list.empty.description')}
        action={create ?? undefined}
      />
    );
  } else {
    const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / PLAYLIST_PAGE_SIZE));
    body = (
      <Stack gap="medium">
        <Box aria-live="polite">
          <Text tone="muted">
            {list.data ? t('list.count', { count: list.data.count }) : t('list.loading')}
          </Text>
        </Box>
        <DataTable
          caption={t('list.title')}
          hideCaption
          columns={columns}
          rows={playlists}
          getRowId={(playlist) => String(playlist.id)}
          loading={list.isPending}
          loadingText={t('list.loading')}
          height="70vh"
          estimatedRowHeight={64}
        />
        {pages > 1 && (
          <Pagination
            page={Math.min(view.page, pages)}
            pageCount={pages}
            label={t('list.pagination.label')}
            previousLabel={t('list.pagination.previous')}
            nextLabel={t('list.pagination.next')}
            pageLabel={(target) => t('list.pagination.page', { page: target })}
            getPageHref={(target) => playlistPageHref(view, target)}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="large">
      <Stack gap="small">
        <PageHeading>{t('list.title')}</PageHeading>
        <Text tone="muted">{t('list.intro')}</Text>
      </Stack>
      <Inline gap="medium" alignY="bottom" align="spaceBetween">
        <Select
          label={t('list.sort')}
          value={view.sort}
          onChange={(event) =>
            setParams(playlistViewParams({ sort: event.currentTarget.value as SortOption, page: 1 }))
          }
          options={SORT_OPTIONS.map((option) => ({ value: option, label: t(`list.sortOptions.${option}`) }))}
        />
        {create}
      </Inline>
      {body}
      <CreatePlaylistDialog open={dialog?.kind === 'create'} onOpenChange={close} />
      {dialog?.kind === 'duplicate' && (
        <DuplicatePlaylistDialog playlist={dialog.playlist} open onOpenChange={close} />
      )}
      {dialog?.kind === 'delete' && (
        <DeletePlaylistDialog playlist={dialog.playlist} open onOpenChange={close} />
      )}
    </Stack>
  );
}

export { PlaylistsPage as Component };
