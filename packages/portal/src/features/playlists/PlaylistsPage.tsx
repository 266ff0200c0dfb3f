import type { Configuration } from '@portal/api';
import { mayCreatePlaylist, SORT_OPTIONS, type SortOption } from '@portal/domain';
import { Box, Button, EmptyState, Inline, Pagination, Select, Stack, Text } from '@portal/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { LoadFailedState } from '../../lib/LoadFailedState.tsx';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { CreatePlaylistDialog, DeletePlaylistDialog, DuplicatePlaylistDialog } from './PlaylistDialogs.tsx';
import { PlaylistTable } from './PlaylistTable.tsx';
import { parsePlaylistView, playlistPageHref, playlistViewParams } from './playlistParams.ts';
import { PLAYLIST_PAGE_SIZE, playlistListQuery } from './playlistQueries.ts';

type Dialog =
  | { kind: 'create' }
  | { kind: 'duplicate'; playlist: Configuration }
  | { kind: 'delete'; playlist: Configuration };

/**
 * Wiedergabelisten (spec §2, /dashboard/configurations): the organisation's and the shared playlists with their
 * items, size, state, headsets, sync state and owner; the spec §3 sort options and the page live in the URL.
 */
export function PlaylistsPage() {
  const { t } = useTranslation('playlists');
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parsePlaylistView(params), [params]);
  const { user } = useCurrentUser();
  const list = useQuery({ ...playlistListQuery(view), placeholderData: keepPreviousData });
  const playlists = list.data?.results ?? [];
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  const create = mayCreatePlaylist(user) ? (
    <Button variant="primary" onClick={() => setDialog({ kind: 'create' })}>
      {t('list.create')}
    </Button>
  ) : null;

  let body: React.ReactNode;
  if (list.isError) {
    body = (
      <LoadFailedState
        title={t('list.error.title')}
        description={t('list.error.description')}
        retryLabel={t('list.error.retry')}
        query={list}
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
        <PlaylistTable
          playlists={playlists}
          loading={list.isPending}
          onDuplicate={(playlist) => setDialog({ kind: 'duplicate', playlist })}
          onDelete={(playlist) => setDialog({ kind: 'delete', playlist })}
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
