import type { Device } from '@portal/api';
import { administeredOrganisations } from '@portal/domain';
import { Box, Button, EmptyState, Inline, Stack, Text } from '@portal/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { DebouncedSearch } from '../../lib/DebouncedSearch.tsx';
import { ListPagination } from '../../lib/ListPagination.tsx';
import { LoadFailedState } from '../../lib/LoadFailedState.tsx';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { ServerRefusal } from '../../lib/serverErrors.ts';
import { BulkBar } from './BulkBar.tsx';
import { fleetQuery, playlistNamesQuery } from './deviceQueries.ts';
import { EnrolDialog } from './EnrolDialog.tsx';
import { activeFilterNames, FleetFilters, useFilterChoices } from './FleetFilters.tsx';
import { FleetTable } from './FleetTable.tsx';
import {
  DEFAULT_FLEET_VIEW,
  FLEET_PAGE_SIZE,
  type FleetView,
  fleetPageHref,
  fleetViewParams,
  isFiltered,
  parseFleetView,
  withFleetView,
} from './fleetView.ts';

/**
 * The playlists of the caller's organisations by id (names for the table, choices for the filter); shared ones of
 * other organisations are left out, as a headset only takes its own organisation's.
 */
function usePlaylistNames(): Map<number, string> {
  const playlists = useQuery(playlistNamesQuery);
  const { user } = useCurrentUser();
  return useMemo(() => {
    const own = new Set(user?.organisations.map((organisation) => organisation.id));
    return new Map(
      (playlists.data?.results ?? [])
        .filter((playlist) => own.has(playlist.ownerId))
        .map((playlist) => [playlist.id, playlist.name]),
    );
  }, [playlists.data, user]);
}

/** One empty list while none has arrived, so the (memoised) table sees the same rows until the list comes. */
const NO_HEADSETS: readonly Device[] = [];

/**
 * /dashboard/devices (spec §2, 'Dashboard / Geräte'): the headsets of the caller's organisations. Search, filters,
 * sorting and page live in the URL and are done by the server; the list follows the headsets live (polling, see
 * deviceQueries.ts); selected headsets get commands together.
 */
export function DevicesPage() {
  const { t } = useTranslation('devices');
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseFleetView(params), [params]);
  const { user } = useCurrentUser();
  const playlists = usePlaylistNames();
  // Deferred like the Mediathek's cards (LibraryPage.tsx): a page of headsets renders in slices, not in one
  // blocking task each time the list or a live refresh arrives.
  const list = useDeferredValue(useQuery({ ...fleetQuery(view), placeholderData: keepPreviousData }));
  // The page's first render draws the page around the table; the rows follow in a deferred render of their own, so
  // that a first page that is already here (prefetched with the page) is not drawn with everything in one long task.
  const rowsDrawn = useDeferredValue(true, false);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const show = useCallback(
    (next: FleetView, replace = false) => setParams(fleetViewParams(next), { replace }),
    [setParams],
  );
  const choices = useFilterChoices(playlists);
  const activeFilters = activeFilterNames(t, view, choices);
  const administered = administeredOrganisations(user);

  // Another page or other filters show other headsets: what was selected is no longer in view. Nothing selected stays
  // the same set, so that the page's first mount does not render the whole table a second time, at once (an update
  // from an effect is not deferred: a blocking render of about 100 ms in a Chromium trace at 4× CPU throttling).
  const viewKey = fleetViewParams({ ...view, ordering: DEFAULT_FLEET_VIEW.ordering }).toString();
  useEffect(() => {
    void viewKey;
    setSelectedIds((selected) => (selected.size === 0 ? selected : new Set()));
  }, [viewKey]);

  // A page past the end (headsets were removed since the link was made): the first page instead.
  const pastTheEnd = view.page > 1 && list.error instanceof ServerRefusal && list.error.status === 404;
  useEffect(() => {
    if (pastTheEnd) setParams(fleetViewParams({ ...view, page: 1 }), { replace: true });
  }, [pastTheEnd, view, setParams]);

  const rows = list.data?.results ?? NO_HEADSETS;
  const selected = rows.filter((device) => selectedIds.has(String(device.id)));

  let body: React.ReactNode;
  if (list.isError && !pastTheEnd) {
    body = (
      <LoadFailedState
        title={t('error.title')}
        description={t('error.description')}
        retryLabel={t('error.retry')}
        query={list}
      />
    );
  } else if (list.isSuccess && rows.length === 0 && isFiltered(view)) {
    body = (
      <EmptyState
        title={t('noMatch.title')}
        description={t('noMatch.description', { filters: activeFilters.join(', ') })}
        action={
          <Button variant="secondary" onClick={() => show(DEFAULT_FLEET_VIEW)}>
            {t('noMatch.reset')}
          </Button>
        }
      />
    );
  } else if (list.isSuccess && rows.length === 0) {
    body = (
      <EmptyState
        title={t('empty.title')}
        description={administered.length > 0 ? t('empty.descriptionAdmin') : t('empty.description')}
      />
    );
  } else {
    const count = list.data?.count ?? 0;
    const pages = Math.max(1, Math.ceil(count / FLEET_PAGE_SIZE));
    body = (
      <Stack gap="medium">
        <Box aria-live="polite">
          <Inline gap="small">
            <Text tone="muted" size="small">
              {list.isSuccess ? t('resultCount', { count }) : t('loading')}
            </Text>
            {pages > 1 && (
              <Text tone="muted" size="small">
                {t('pagination.status', { page: Math.min(view.page, pages), pages })}
              </Text>
            )}
          </Inline>
        </Box>
        <BulkBar selected={selected} onClear={() => setSelectedIds(new Set())} />
        <FleetTable
          view={view}
          rows={rows}
          loading={list.isPending || !rowsDrawn}
          playlists={playlists}
          selectedIds={selectedIds}
          onSelectedIdsChange={setSelectedIds}
          onViewChange={show}
        />
        <ListPagination
          page={Math.min(view.page, pages)}
          pageCount={pages}
          label={t('pagination.label')}
          getPageHref={(target) => fleetPageHref(view, target)}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="large">
      <Inline gap="medium" align="spaceBetween">
        <Stack gap="small">
          <PageHeading>{t('title')}</PageHeading>
          <Text tone="muted">{t('intro')}</Text>
          <Text tone="muted" size="small">
            {t('live')}
          </Text>
        </Stack>
        {/* The view's one orange call to action, for administrators (the server's rule). */}
        {administered.length > 0 && <EnrolDialog organisations={administered} />}
      </Inline>
      <Stack gap="medium">
        <DebouncedSearch
          value={view.search}
          onCommit={(search) =>
            show(withFleetView(view, { search }), view.search.trim() !== '' && search.trim() !== '')
          }
          label={t('search.label')}
          clearLabel={t('search.clear')}
          placeholder={t('search.placeholder')}
        />
        <FleetFilters view={view} choices={choices} onChange={(next) => show(next)} />
      </Stack>
      {body}
    </Stack>
  );
}

export { DevicesPage as Component };
