import type { ConfigurationDetail, Device } from '@portal/api';
import { formatBytes } from '@portal/domain';
import {
  Alert,
  Badge,
  Box,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  Dialog,
  Heading,
  Inline,
  ProgressBar,
  Spinner,
  Stack,
  StorageBar,
  Switch,
  Text,
} from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { deviceTypesQuery } from '../../lib/deviceTypes.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { ActivateDialogContent } from './ActivateDialog.tsx';
import { headsetFit, headsetsQuery, SYNC_POLL_MS, useActivate, useSyncHeadsets } from './playlistQueries.ts';
import { headsetSync, headsetsToSync, isSyncUnderway, playlistSync } from './syncState.ts';
import { headsetSyncText, playlistSyncText, syncingDetails } from './syncText.ts';

/** One headset's sync in words, with a progress bar while it downloads. */
function SyncCell({ device }: { device: Device }) {
  const { t } = useTranslation('playlists');
  const sync = headsetSync(device);
  const text = headsetSyncText(t, sync, device.name);
  if (sync.kind !== 'syncing') {
    return (
      <Badge tone={sync.kind === 'synced' ? 'positive' : sync.kind === 'pending' ? 'neutral' : 'warning'}>
        {text}
      </Badge>
    );
  }
  return (
    <ProgressBar
      label={t('sync.progressLabel', { device: device.name })}
      value={sync.progress ?? undefined}
      max={100}
      valueText={text}
    />
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The playlist's sync over all its headsets (issue 22): while they load, one bar of the bytes of all of them with the
 * time left and how many are done; once all are, 'Alle 30 synchronisiert' with a tick; otherwise what is behind, with
 * 'Jetzt synchronisieren' for the headsets no sync runs or waits for. The words change in a live region; the bar's
 * every step does not (it would be read out every two seconds).
 */
function SyncOverview({
  playlist,
  devices,
  behind,
  syncing,
  onSync,
}: {
  playlist: ConfigurationDetail;
  devices: readonly Device[];
  behind: number;
  syncing: boolean;
  onSync: () => void;
}) {
  const { t } = useTranslation('playlists');
  const sync = playlistSync(devices);
  const headline =
    sync.kind === 'synced' ? t('sync.allSynced', { count: sync.total }) : playlistSyncText(t, sync);
  return (
    <Stack gap="small">
      <Inline gap="medium" alignY="center">
        <Box role="status" aria-live="polite">
          <Inline gap="xsmall" alignY="center">
            {sync.kind === 'synced' ? (
              <Text as="span" tone="positive">
                <CheckIcon />
              </Text>
            ) : null}
            <Text weight="semibold">{sync.kind === 'syncing' ? t('sync.syncing') : headline}</Text>
          </Inline>
        </Box>
        {behind > 0 && (
          <Button variant="secondary" loading={syncing} onClick={onSync}>
            {t('sync.now')}
          </Button>
        )}
      </Inline>
      {sync.kind === 'syncing' ? (
        <ProgressBar
          label={t('sync.overallLabel', { name: playlist.name })}
          value={sync.overall?.percent}
          valueText={syncingDetails(t, sync).join(' · ')}
        />
      ) : null}
    </Stack>
  );
}

/**
 * The owner's headsets section of a playlist: the activeState switch, the picker, the sync of all its headsets
 * (SyncOverview), and per headset its sync state ('3 Inhalte fehlen auf Canopus', progress while it loads) and a
 * StorageBar of the playlist against the space its model leaves for content.
 */
export function PlaylistHeadsets({ playlist }: { playlist: ConfigurationDetail }) {
  const { t, i18n } = useTranslation('playlists');
  const [picking, setPicking] = useState(false);
  const [deactivating, setDeactivating] = useState(false);
  // The question names the headsets as they were when it was asked: the cache takes the change before it closes.
  const [askedFor, setAskedFor] = useState(0);
  const active = playlist.sdmDevices.length > 0;
  const headsets = useQuery({
    ...headsetsQuery({ configuration: playlist.id }),
    enabled: active,
    // Follows a running sync; quiet once every headset has reported.
    refetchInterval: (query) => (isSyncUnderway(query.state.data?.results ?? []) ? SYNC_POLL_MS : false),
  });
  const deviceTypes = useQuery(deviceTypesQuery);
  const devices = active ? (headsets.data?.results ?? []) : [];
  const bytes = (value: number) => formatBytes(value, i18n.language) ?? '0 B';

  const deactivate = useActivate(playlist.id, {
    onSuccess() {
      setDeactivating(false);
      toasts.show({ tone: 'success', title: 'playlists:headsets.deactivated' });
    },
    onError(error) {
      setDeactivating(false);
      showFailure(error, 'activateConfiguration');
    },
  });
  const behind = headsetsToSync(devices);
  const syncNow = useSyncHeadsets({
    onSuccess: () => toasts.show({ tone: 'success', title: 'playlists:toasts.syncQueued' }),
    onError: (error) => showFailure(error, 'queueDeviceSync'),
  });

  const columns: DataTableColumn<Device>[] = [
    {
      id: 'name',
      header: t('headsets.columns.name'),
      rowHeader: true,
      cell: (device) => <bdi>{device.name}</bdi>,
    },
    { id: 'model', header: t('headsets.columns.model'), cell: (device) => device.deviceType.name },
    {
      id: 'online',
      header: t('headsets.columns.online'),
      cell: (device) => (device.isOnline ? t('headsets.online') : t('headsets.offline')),
    },
    {
      id: 'sync',
      header: t('headsets.columns.sync'),
      width: '28%',
      cell: (device) => <SyncCell device={device} />,
    },
    {
      id: 'storage',
      header: t('headsets.columns.storage'),
      width: '28%',
      cell: (device) => {
        const fit = headsetFit(playlist.totalSize, device, deviceTypes.data);
        return (
          <StorageBar
            label={t('headsets.storage')}
            used={fit.requiredBytes}
            capacity={fit.usableBytes}
            criticalAt={1}
            valueText={t('headsets.storageValue', {
              required: bytes(fit.requiredBytes),
              usable: bytes(fit.usableBytes),
            })}
            freeText={
              fit.fits ? undefined : t('headsets.storageTooSmall', { overflow: bytes(fit.overflowBytes) })
            }
          />
        );
      },
    },
  ];

  let list: React.ReactNode;
  if (!active) list = <Text tone="muted">{t('headsets.none')}</Text>;
  else if (headsets.isPending) list = <Spinner label={t('headsets.loading')} />;
  else if (headsets.isError) {
    list = (
      <Alert tone="critical" announce="assertive">
        {t('headsets.loadFailed')}
      </Alert>
    );
  } else {
    list = (
      <Stack gap="medium">
        <SyncOverview
          playlist={playlist}
          devices={devices}
          behind={behind.length}
          syncing={syncNow.isPending}
          onSync={() => syncNow.mutate(behind)}
        />
        <DataTable
          caption={t('headsets.caption')}
          columns={columns}
          rows={devices}
          getRowId={(device) => String(device.id)}
          estimatedRowHeight={72}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="medium">
      <Heading level={2}>{t('headsets.title')}</Heading>
      <Inline gap="medium" alignY="center">
        <Switch
          label={t('headsets.activeSwitch')}
          hint={t('headsets.activeHint')}
          checked={active}
          disabled={deactivate.isPending}
          onCheckedChange={(on) => {
            if (on) return setPicking(true);
            setAskedFor(playlist.sdmDevices.length);
            setDeactivating(true);
          }}
        />
        <Dialog.Root open={picking} onOpenChange={setPicking}>
          <Dialog.Trigger asChild>
            <Button variant="secondary">{active ? t('headsets.change') : t('headsets.choose')}</Button>
          </Dialog.Trigger>
          {picking && <ActivateDialogContent playlist={playlist} onClose={() => setPicking(false)} />}
        </Dialog.Root>
      </Inline>
      {list}
      <ConfirmDialog
        open={deactivating}
        onOpenChange={setDeactivating}
        tone="destructive"
        title={t('headsets.deactivate.title', { name: playlist.name })}
        description={t('headsets.deactivate.description', { count: askedFor })}
        confirmLabel={t('headsets.deactivate.confirm')}
        cancelLabel={t('headsets.deactivate.cancel')}
        confirming={deactivate.isPending}
        confirmingLabel={t('headsets.deactivate.running')}
        onConfirm={() => deactivate.mutate({ devices: [], acceptStorageWarning: false })}
      />
    </Stack>
  );
}
