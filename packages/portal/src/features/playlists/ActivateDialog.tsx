import type { ConfigurationDetail, Device } from '@portal/api';
import { formatBytes, isolateBidi, type PlaylistFit } from '@portal/domain';
import {
  Alert,
  Box,
  Button,
  DataTable,
  type DataTableColumn,
  Dialog,
  Select,
  Spinner,
  Stack,
  Text,
} from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { deviceTypesQuery } from '../../lib/deviceTypes.ts';
import { useHeadsetStateText } from '../../lib/HeadsetChecklist.tsx';
import { HelpFixLink } from '../../lib/HelpFixLink.tsx';
import { deviceGroupsQuery } from '../../lib/headsets.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { activePlaylistsQuery } from '../../lib/playlists.ts';
import { refusalDetail } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { groupSelection, replacedPlaylists } from './activation.ts';
import { headsetFit, headsetsQuery, useActivate } from './playlistQueries.ts';

/** The names of the active playlists the caller sees, by id: what a headset has active now. */
function usePlaylistNames(): ReadonlyMap<number, string> {
  const playlists = useQuery(activePlaylistsQuery);
  return useMemo(
    () => new Map((playlists.data ?? []).map((playlist) => [playlist.id, playlist.name])),
    [playlists.data],
  );
}

interface HeadsetChoiceProps {
  playlist: ConfigurationDetail;
  headsets: readonly Device[];
  chosen: ReadonlySet<number>;
  onChosenChange: (chosen: Set<number>) => void;
  fitOf: (device: Device) => PlaylistFit;
  bytes: (value: number) => string;
}

/** The table's columns: each headset with its state, model, the playlist it has now and whether this one fits. */
function useHeadsetColumns({
  playlist,
  fitOf,
  bytes,
  names,
}: Pick<HeadsetChoiceProps, 'playlist' | 'fitOf' | 'bytes'> & {
  names: ReadonlyMap<number, string>;
}): DataTableColumn<Device>[] {
  const { t } = useTranslation('playlists');
  const stateText = useHeadsetStateText();
  const currentOf = (device: Device) => {
    const current = device.activeConfigurationId;
    if (current === null) return t('activate.currentNone');
    if (current === playlist.id) return t('activate.currentThis');
    return t('activate.currentNamed', {
      name: names.get(current) ?? t('activate.unknownPlaylist', { id: current }),
    });
  };
  return [
    {
      id: 'name',
      header: t('activate.columns.name'),
      rowHeader: true,
      cell: (device) => (
        <Stack gap="none">
          <bdi>{device.name}</bdi>
          <Text as="span" size="small" tone="muted">
            {stateText(device)}
          </Text>
        </Stack>
      ),
    },
    { id: 'model', header: t('activate.columns.model'), cell: (device) => device.deviceType.name },
    { id: 'current', header: t('activate.columns.current'), cell: currentOf },
    {
      id: 'fit',
      header: t('activate.columns.storage'),
      cell: (device) => {
        const fit = fitOf(device);
        return fit.fits ? (
          t('activate.fits', { usable: bytes(fit.usableBytes) })
        ) : (
          <Text as="span" tone="critical">
            {t('activate.tooSmall', { usable: bytes(fit.usableBytes) })}
          </Text>
        );
      },
    },
  ];
}

/**
 * The organisation's headsets to choose from (a card each below the desktop width), a group's headsets at one choice,
 * and what the choice replaces: the playlists active on the chosen headsets now, by name.
 */
function HeadsetChoice({ playlist, headsets, chosen, onChosenChange, fitOf, bytes }: HeadsetChoiceProps) {
  const { t, i18n } = useTranslation('playlists');
  const names = usePlaylistNames();
  const groups = useQuery(deviceGroupsQuery);
  const ownGroups = (groups.data?.results ?? []).filter((group) => group.organisationId === playlist.ownerId);
  const [group, setGroup] = useState('');
  const columns = useHeadsetColumns({ playlist, fitOf, bytes, names });
  const replaced = replacedPlaylists(headsets, chosen, playlist.id);
  const replacedCount = replaced.reduce((sum, entry) => sum + entry.count, 0);
  const replacedNames = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    replaced.map((entry) =>
      t('activate.replacedEntry', {
        name: names.get(entry.id) ?? t('activate.unknownPlaylist', { id: entry.id }),
        count: entry.count,
      }),
    ),
  );
  return (
    <Stack gap="medium">
      {ownGroups.length > 0 && (
        <Select
          label={t('activate.group')}
          hint={t('activate.groupHint')}
          placeholder={t('activate.groupChoose')}
          value={group}
          options={ownGroups.map((entry) => ({ value: String(entry.id), label: entry.name }))}
          onChange={(event) => {
            const picked = ownGroups.find((entry) => String(entry.id) === event.currentTarget.value);
            setGroup(event.currentTarget.value);
            if (picked) onChosenChange(groupSelection(headsets, picked.devices));
          }}
        />
      )}
      <DataTable
        caption={t('activate.caption')}
        columns={columns}
        rows={headsets}
        getRowId={(device) => String(device.id)}
        height="50vh"
        estimatedRowHeight={56}
        narrowLayout="cards"
        selectable
        selectAllLabel={t('activate.selectAll')}
        selectRowLabel={(device) => t('activate.select', { name: device.name })}
        selectedRowIds={new Set([...chosen].map(String))}
        onSelectedRowIdsChange={(ids) => {
          // Ticked by hand, the choice is no longer the group's.
          setGroup('');
          onChosenChange(new Set([...ids].map(Number)));
        }}
      />
      <Box aria-live="polite">
        <Stack gap="xsmall">
          <Text size="small" tone="muted">
            {t('activate.selected', { count: chosen.size })}
          </Text>
          {replacedCount > 0 && (
            <Text size="small">
              {t('activate.replaces', {
                count: replacedCount,
                playlists: replacedNames,
                interpolation: { escapeValue: false },
              })}
            </Text>
          )}
        </Stack>
      </Box>
    </Stack>
  );
}

/**
 * 'Auf VR-Brillen aktivieren': a picker over the owner organisation's headsets (each with its current playlist by name
 * and whether this one fits, a group's at one choice), then — when a chosen headset is too small — a warning that
 * names it before anything is sent. Activating after the warning sends acceptStorageWarning, the server's own check
 * (409 storageExceeded) being the guard for a request that skipped it.
 */
export function ActivateDialogContent({
  playlist,
  onClose,
}: {
  playlist: ConfigurationDetail;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('playlists');
  const headsets = useQuery(headsetsQuery({ organisation: playlist.ownerId }));
  const deviceTypes = useQuery(deviceTypesQuery);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(playlist.sdmDevices));
  const [warning, setWarning] = useState<Device[] | null>(null);
  const bytes = (value: number) => formatBytes(value, i18n.language) ?? '0 B';
  const fitOf = (device: Device) => headsetFit(playlist.totalSize, device, deviceTypes.data);

  const activate = useActivate(playlist.id, {
    onSuccess(changed) {
      const count = changed.sdmDevices.length;
      toasts.show(
        count === 0
          ? { tone: 'success', title: 'playlists:headsets.deactivated' }
          : {
              tone: 'success',
              title: 'playlists:toasts.activated',
              description: 'playlists:activate.done',
              descriptionValues: { count },
            },
      );
      onClose();
    },
  });

  const all = headsets.data?.results ?? [];
  const submit = () => {
    const tooSmall = all.filter((device) => chosen.has(device.id) && !fitOf(device).fits);
    if (tooSmall.length > 0 && warning === null) setWarning(tooSmall);
    else activate.mutate({ devices: [...chosen], acceptStorageWarning: tooSmall.length > 0 });
  };

  let body: React.ReactNode;
  if (headsets.isPending || deviceTypes.isPending) body = <Spinner label={t('headsets.loading')} />;
  else if (headsets.isError || deviceTypes.isError) {
    body = (
      <Alert tone="critical" announce="assertive">
        {t('headsets.loadFailed')}
      </Alert>
    );
  } else if (all.length === 0) body = <Text tone="muted">{t('activate.empty')}</Text>;
  else if (warning !== null) {
    const smallest = Math.min(...warning.map((device) => fitOf(device).usableBytes));
    body = (
      <Alert tone="warning" title={t('activate.warningTitle')} announce="assertive">
        {t('activate.warning', {
          count: warning.length,
          name: playlist.name,
          required: bytes(playlist.totalSize),
          devices: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
            warning.map((device) => isolateBidi(device.name)),
          ),
          usable: bytes(smallest),
        })}{' '}
        <HelpFixLink fix="storageExceeded" />
      </Alert>
    );
  } else {
    body = (
      <HeadsetChoice
        playlist={playlist}
        headsets={all}
        chosen={chosen}
        onChosenChange={setChosen}
        fitOf={fitOf}
        bytes={bytes}
      />
    );
  }

  return (
    <Dialog.Content size="large">
      <Dialog.Title>{t('activate.title')}</Dialog.Title>
      <Dialog.Description>
        {t('activate.description', { name: playlist.name, size: bytes(playlist.totalSize) })}
      </Dialog.Description>
      {body}
      {activate.isError && (
        <Alert tone="critical" announce="assertive">
          {refusalDetail(activate.error) ?? t('activate.failed')}
        </Alert>
      )}
      <Dialog.Actions>
        {warning === null ? (
          <Dialog.Close asChild>
            <Button variant="ghost">{t('activate.cancel')}</Button>
          </Dialog.Close>
        ) : (
          <Button variant="ghost" onClick={() => setWarning(null)}>
            {t('activate.back')}
          </Button>
        )}
        <Button
          loading={activate.isPending}
          disabled={!headsets.isSuccess || !deviceTypes.isSuccess}
          onClick={submit}
        >
          {warning === null ? t('activate.submit') : t('activate.confirm')}
        </Button>
      </Dialog.Actions>
    </Dialog.Content>
  );
}
