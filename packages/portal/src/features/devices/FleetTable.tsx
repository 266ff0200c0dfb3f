import type { Device } from '@portal/api';
import { DataTable, type DataTableColumn, Stack, Text } from '@portal/ui';
import { memo } from 'react';
import { Link } from 'react-router';
import { useDeviceTypes } from '../../lib/deviceTypes.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import {
  DeviceBattery,
  DevicePlaylist,
  DeviceRunning,
  DeviceSoftware,
  DeviceStatus,
  DeviceStorage,
} from './DeviceFacts.tsx';
import { LIVE_INTERVAL_MS } from './deviceQueries.ts';
import { type FleetView, orderingOf, sortOf, withFleetView } from './fleetView.ts';
import { useNow } from './useNow.ts';

/** The fleet's columns: everything a teacher checks of a headset before a lesson. */
function useFleetColumns(playlists: ReadonlyMap<number, string>): DataTableColumn<Device>[] {
  const { t } = useTranslation('devices');
  const deviceTypes = useDeviceTypes();
  const now = useNow(LIVE_INTERVAL_MS);
  return [
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
      width: '11rem',
      cell: (device) => <DeviceStatus device={device} now={now} />,
    },
    {
      id: 'battery',
      header: t('columns.battery'),
      sortable: true,
      align: 'end',
      width: '7rem',
      cell: (device) => <DeviceBattery device={device} />,
    },
    {
      id: 'storage',
      header: t('columns.storage'),
      width: '10rem',
      cell: (device) => <DeviceStorage device={device} deviceTypes={deviceTypes} />,
    },
    {
      id: 'software',
      header: t('columns.software'),
      width: '5.5rem',
      cell: (device) => <DeviceSoftware device={device} />,
    },
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
}

/**
 * The page of headsets as a table; below the desktop width a card per headset with every value whole (DataTable's
 * cards layout). The server sorts; a row's checkbox selects it for the bulk bar. Memoised: the page re-renders at
 * once (not deferred) whenever one of its queries answers — the user, the playlists, the list itself, whose rows reach
 * the table deferred — and the rows need not be drawn again for those.
 */
export const FleetTable = memo(function FleetTable({
  view,
  rows,
  loading,
  playlists,
  selectedIds,
  onSelectedIdsChange,
  onViewChange,
}: {
  view: FleetView;
  rows: readonly Device[];
  loading: boolean;
  playlists: ReadonlyMap<number, string>;
  selectedIds: ReadonlySet<string>;
  onSelectedIdsChange: (ids: ReadonlySet<string>) => void;
  onViewChange: (next: FleetView) => void;
}) {
  const { t } = useTranslation('devices');
  const columns = useFleetColumns(playlists);
  return (
    <DataTable
      caption={t('columns.caption')}
      hideCaption
      columns={columns}
      rows={rows}
      getRowId={(device) => String(device.id)}
      height="70vh"
      // A class set fills the list's height: held while it loads, the rows do not push the page down.
      loadingHeight="70vh"
      estimatedRowHeight={64}
      // A headset's card on a phone: its name and serial, then every other column under its name (323 px at 412 px).
      estimatedCardHeight={320}
      narrowLayout="cards"
      manualSorting
      sort={sortOf(view.ordering)}
      onSortChange={(next) => {
        const ordering = orderingOf(next.columnId, next.direction);
        if (ordering) onViewChange(withFleetView(view, { ordering }));
      }}
      loading={loading}
      loadingText={t('loading')}
      selectable
      selectAllLabel={t('columns.selectAll')}
      selectRowLabel={(device) => t('columns.select', { name: device.name })}
      selectedRowIds={selectedIds}
      onSelectedRowIdsChange={onSelectedIdsChange}
    />
  );
});
