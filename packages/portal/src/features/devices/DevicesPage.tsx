import type { Device } from '@portal/api';
import { administeredOrganisations, isolateBidi } from '@portal/domain';
import {
  Box,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  EmptyState,
  Inline,
  Select,
  Stack,
  Text,
} from '@portal/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { COMMAND_LABELS } from '../../lib/commands.ts';
import { DebouncedSearch } from '../../lib/DebouncedSearch.tsx';
import { useDeviceTypes } from '../../lib/deviceTypes.ts';
import { BOOLEAN_FILTERS, type BooleanFilter, ID_FILTERS, type IdFilter } from '../../lib/fleetFilters.ts';
import { deviceGroupsQuery } from '../../lib/headsets.ts';
import { ListPagination } from '../../lib/ListPagination.tsx';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { ServerRefusal, showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import {
  BULK_ACTIONS,
  type BulkAction,
  bulkToast,
  bulkUnavailableReason,
  type ConfirmedAction,
  planBulk,
} from './bulkActions.ts';
import {
  DeviceBattery,
  DevicePlaylist,
  DeviceRunning,
  DeviceSoftware,
  DeviceStatus,
  DeviceStorage,
} from './DeviceFacts.tsx';
import { fleetQuery, LIVE_INTERVAL_MS, playlistNamesQuery, useBulkAction } from './deviceQueries.ts';
import { EnrolDialog } from './EnrolDialog.tsx';
import {
  DEFAULT_FLEET_VIEW,
  FLEET_PAGE_SIZE,
  type FleetView,
  fleetPageHref,
  fleetViewParams,
  isFiltered,
  orderingOf,
  parseFleetView,
  sortOf,
  withFleetFilter,
  withFleetView,
} from './fleetView.ts';
import { useNow } from './useNow.ts';

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

/** The texts of the yes/no filters: the select's label, its 'all' choice and the two values. */
const BOOLEAN_FILTER_TEXTS = {
  is_online: {
    label: 'filters.status',
    all: 'filters.statusAll',
    yes: 'status.online',
    no: 'status.offline',
  },
  low_battery: {
    label: 'filters.battery',
    all: 'filters.all',
    yes: 'filters.batteryLow',
    no: 'filters.batteryOk',
  },
  is_synced: { label: 'filters.sync', all: 'filters.all', yes: 'filters.synced', no: 'filters.notSynced' },
  outdated_software: {
    label: 'filters.software',
    all: 'filters.all',
    yes: 'filters.softwareOutdated',
    no: 'filters.softwareCurrent',
  },
} as const satisfies Record<BooleanFilter, Record<'label' | 'all' | 'yes' | 'no', string>>;

/** The names of the things the id filters choose, by id, for the selects and for the empty result. */
function useFilterChoices(playlists: Map<number, string>): Record<IdFilter, Map<number, string>> {
  const { user } = useCurrentUser();
  const deviceTypes = useDeviceTypes();
  const groups = useQuery(deviceGroupsQuery);
  return useMemo(
    () => ({
      group: new Map((groups.data?.results ?? []).map((group) => [group.id, group.name])),
      device_type: new Map(deviceTypes.map((type) => [type.id, type.name])),
      organisation: new Map((user?.organisations ?? []).map((o) => [o.id, o.name])),
      configuration: playlists,
    }),
    [groups.data, deviceTypes, user, playlists],
  );
}

/** The label and 'all' choice of the id filters' selects. */
const ID_FILTER_TEXTS = {
  group: { label: 'filters.group', all: 'filters.groupAll' },
  device_type: { label: 'filters.model', all: 'filters.modelAll' },
  organisation: { label: 'filters.organisation', all: 'filters.organisationAll' },
  configuration: { label: 'filters.playlist', all: 'filters.playlistAll' },
} as const satisfies Record<IdFilter, Record<'label' | 'all', string>>;

function FleetFilters({
  view,
  choices,
  onChange,
}: {
  view: FleetView;
  choices: Record<IdFilter, Map<number, string>>;
  onChange: (next: FleetView) => void;
}) {
  const { t } = useTranslation('devices');
  // Every filter is one select: 'all' (the filter cleared) and its values, yes/no or the things it chooses by id.
  const selects = [
    ...BOOLEAN_FILTERS.map((name) => {
      const texts = BOOLEAN_FILTER_TEXTS[name];
      return {
        name,
        texts,
        choices: [
          ['true', t(texts.yes)],
          ['false', t(texts.no)],
        ] as const,
        read: (value: string) => value === 'true',
      };
    }),
    ...ID_FILTERS.filter(
      // One organisation needs no choice of organisation (unless a link chose one).
      (name) =>
        name !== 'organisation' || choices.organisation.size > 1 || view.filters.organisation !== undefined,
    ).map((name) => ({
      name,
      texts: ID_FILTER_TEXTS[name],
      choices: [...choices[name]].map(([id, label]) => [String(id), label] as const),
      read: Number,
    })),
  ];
  return (
    <Inline gap="medium" wrap alignY="bottom">
      {selects.map(({ name, texts, choices: values, read }) => {
        const value = view.filters[name];
        return (
          <Select
            key={name}
            label={t(texts.label)}
            value={value === undefined ? '' : String(value)}
            options={[
              { value: '', label: t(texts.all) },
              ...values.map(([choice, label]) => ({ value: choice, label })),
            ]}
            onChange={(event) =>
              onChange(
                withFleetFilter(view, name, event.target.value === '' ? undefined : read(event.target.value)),
              )
            }
          />
        );
      })}
    </Inline>
  );
}

/** What narrows the list down, as the teacher reads it, for the empty result to name. */
function activeFilterNames(
  t: TFunction<'devices'>,
  view: FleetView,
  choices: Record<IdFilter, Map<number, string>>,
): string[] {
  const names: string[] = [];
  const named = (name: string, value: string) => `${name}: ${isolateBidi(value)}`;
  if (view.search.trim() !== '') names.push(t('search.active', { search: view.search.trim() }));
  for (const name of BOOLEAN_FILTERS) {
    const value = view.filters[name];
    const texts = BOOLEAN_FILTER_TEXTS[name];
    if (value !== undefined) names.push(named(t(texts.label), t(value ? texts.yes : texts.no)));
  }
  for (const name of ID_FILTERS) {
    const value = view.filters[name];
    if (value !== undefined) {
      names.push(named(t(ID_FILTER_TEXTS[name].label), choices[name].get(value) ?? String(value)));
    }
  }
  return names;
}

/** The commands for the selected headsets; reboot, shutdown and update are asked first, naming the count. */
function BulkActions({ selected, onClear }: { selected: Device[]; onClear: () => void }) {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  const [asking, setAsking] = useState<ConfirmedAction | null>(null);
  const label = (action: BulkAction) => tc(COMMAND_LABELS[action.command]);
  const run = useBulkAction({
    onSuccess(outcome, { action, plan }) {
      toasts.show(bulkToast({ t, tc, commandLabel: label(action) }, action, plan, outcome));
    },
    onError(error, { action }) {
      showFailure(error, `bulk ${action.id}`);
    },
    onSettled() {
      setAsking(null);
    },
  });
  const start = (action: BulkAction) => {
    if ('confirm' in action) setAsking(action);
    else run.mutate({ action, plan: planBulk(action, selected) });
  };
  return (
    <Box aria-label={t('bulk.label')} role="group">
      <Stack gap="small">
        <Inline gap="small" alignY="center" wrap>
          <Text weight="semibold">{t('bulk.selected', { count: selected.length })}</Text>
          <Button variant="ghost" size="small" onClick={onClear}>
            {t('bulk.clear')}
          </Button>
        </Inline>
        <Inline gap="small" wrap>
          {BULK_ACTIONS.map((action) => {
            const plan = planBulk(action, selected);
            return (
              <Button
                key={action.id}
                variant="secondary"
                size="small"
                disabledReason={bulkUnavailableReason(t, plan)}
                loading={run.isPending && run.variables?.action.id === action.id}
                onClick={() => start(action)}
              >
                {label(action)}
              </Button>
            );
          })}
        </Inline>
      </Stack>
      {asking && (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setAsking(null))}
          tone="destructive"
          title={t(`confirm.${asking.id}.title`, { count: planBulk(asking, selected).targets.length })}
          description={t(`confirm.${asking.id}.description`)}
          confirmLabel={label(asking)}
          cancelLabel={t('confirm.cancel')}
          confirming={run.isPending}
          confirmingLabel={t('confirm.sending')}
          onConfirm={() => run.mutate({ action: asking, plan: planBulk(asking, selected) })}
        />
      )}
    </Box>
  );
}

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
  const deviceTypes = useDeviceTypes();
  const playlists = usePlaylistNames();
  const now = useNow(LIVE_INTERVAL_MS);
  const list = useQuery({ ...fleetQuery(view), placeholderData: keepPreviousData });
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const show = (next: FleetView, replace = false) => setParams(fleetViewParams(next), { replace });
  const choices = useFilterChoices(playlists);
  const activeFilters = activeFilterNames(t, view, choices);
  const administered = administeredOrganisations(user);

  // Another page or other filters show other headsets: what was selected is no longer in view.
  const viewKey = fleetViewParams({ ...view, ordering: DEFAULT_FLEET_VIEW.ordering }).toString();
  useEffect(() => {
    void viewKey;
    setSelectedIds(new Set());
  }, [viewKey]);

  // A page past the end (headsets were removed since the link was made): the first page instead.
  const pastTheEnd = view.page > 1 && list.error instanceof ServerRefusal && list.error.status === 404;
  useEffect(() => {
    if (pastTheEnd) setParams(fleetViewParams({ ...view, page: 1 }), { replace: true });
  }, [pastTheEnd, view, setParams]);

  const rows = list.data?.results ?? [];
  const selected = rows.filter((device) => selectedIds.has(String(device.id)));
  const columns: DataTableColumn<Device>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      rowHeader: true,
      sortable: true,
      cell: (device) => (
        <Stack gap="none">
          <Link to={`/dashboard/devices/${device.id}`}>
            <bdi>{device.name}</bdi>
          </Link>
          <Text as="span" size="small" tone="muted">
            {device.serialNumber}
          </Text>
        </Stack>
      ),
    },
    { id: 'model', header: t('columns.model'), cell: (device) => device.deviceType.name },
    {
      id: 'status',
      header: t('columns.status'),
      sortable: true,
      width: '14rem',
      cell: (device) => <DeviceStatus device={device} now={now} />,
    },
    {
      id: 'battery',
      header: t('columns.battery'),
      sortable: true,
      align: 'end',
      width: '6rem',
      cell: (device) => <DeviceBattery device={device} />,
    },
    {
      id: 'storage',
      header: t('columns.storage'),
      width: '12rem',
      cell: (device) => <DeviceStorage device={device} deviceTypes={deviceTypes} />,
    },
    { id: 'software', header: t('columns.software'), cell: (device) => <DeviceSoftware device={device} /> },
    {
      id: 'playlist',
      header: t('columns.playlist'),
      cell: (device) => (
        <DevicePlaylist
          device={device}
          playlistName={
            device.activeConfigurationId === null ? undefined : playlists.get(device.activeConfigurationId)
          }
        />
      ),
    },
    { id: 'running', header: t('columns.running'), cell: (device) => <DeviceRunning device={device} /> },
  ];

  let body: React.ReactNode;
  if (list.isError && !pastTheEnd) {
    body = (
      <EmptyState
        title={t('error.title')}
        description={t('error.description')}
        action={
          <Button variant="secondary" loading={list.isFetching} onClick={() => void list.refetch()}>
            {t('error.retry')}
          </Button>
        }
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
    const sort = sortOf(view.ordering);
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
        {selected.length > 0 && <BulkActions selected={selected} onClear={() => setSelectedIds(new Set())} />}
        <DataTable
          caption={t('columns.caption')}
          hideCaption
          columns={columns}
          rows={rows}
          getRowId={(device) => String(device.id)}
          height="70vh"
          estimatedRowHeight={64}
          manualSorting
          sort={sort}
          onSortChange={(next) => {
            const ordering = orderingOf(next.columnId, next.direction);
            if (ordering) show(withFleetView(view, { ordering }));
          }}
          loading={list.isPending}
          loadingText={t('loading')}
          selectable
          selectAllLabel={t('columns.selectAll')}
          selectRowLabel={(device) => t('columns.select', { name: device.name })}
          selectedRowIds={selectedIds}
          onSelectedRowIdsChange={setSelectedIds}
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
