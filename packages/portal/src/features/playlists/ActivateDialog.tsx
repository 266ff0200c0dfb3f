import type { ConfigurationDetail, Device } from '@portal/api';
import { formatBytes, isolateBidi } from '@portal/domain';
import { Alert, Badge, Box, Button, Checkbox, Dialog, Inline, Spinner, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceTypesQuery } from '../../lib/deviceTypes.ts';
import { HeadsetChecklist } from '../../lib/HeadsetChecklist.tsx';
import { HelpFixLink } from '../../lib/HelpFixLink.tsx';
import { refusalDetail } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { headsetFit, headsetsQuery, useActivate } from './playlistQueries.ts';

/**
 * 'Auf VR-Brillen aktivieren': a picker over the owner organisation's headsets (each with its current playlist and
 * whether this one fits), then — when a chosen headset is too small — a warning that names it before anything is
 * sent. Activating after the warning sends acceptStorageWarning, the server's own check (409 storageExceeded) being
 * the guard for a request that skipped it.
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
      <Stack gap="small">
        <Checkbox
          label={t('activate.selectAll')}
          checked={all.every((device) => chosen.has(device.id))}
          onCheckedChange={(checked) => setChosen(new Set(checked ? all.map((device) => device.id) : []))}
        />
        <HeadsetChecklist
          legend={t('activate.caption')}
          headsets={all}
          selected={chosen}
          onSelectedChange={setChosen}
          detail={(device) => {
            const fit = fitOf(device);
            let current = t('activate.currentNone');
            if (device.activeConfigurationId === playlist.id) current = t('activate.currentThis');
            else if (device.activeConfigurationId !== null) current = t('activate.currentOther');
            return (
              <Inline gap="small" alignY="center">
                <Text as="span" size="small" tone="muted">
                  {device.deviceType.name} · {t('activate.columns.current')}: {current}
                </Text>
                {fit.fits ? (
                  <Badge tone="neutral">{t('activate.fits', { usable: bytes(fit.usableBytes) })}</Badge>
                ) : (
                  <Badge tone="warning">{t('activate.tooSmall', { usable: bytes(fit.usableBytes) })}</Badge>
                )}
              </Inline>
            );
          }}
        />
        <Box aria-live="polite">
          <Text size="small" tone="muted">
            {t('activate.selected', { count: chosen.size })}
          </Text>
        </Box>
      </Stack>
    );
  }

  return (
    <Dialog.Content>
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
