import type { Device, DeviceType } from '@portal/api';
import { isBatteryLow } from '@portal/domain';
import { Badge, Inline, StatusDot, StorageBar, Text } from '@portal/ui';
import { useTranslation } from 'react-i18next';
import { batteryText, runningText, statusOf, storageOf, syncText } from './deviceText.ts';

/*
 * What the fleet table and the detail page show of a headset, in one place. Parts that change while the page is
 * open (status, battery, what runs) carry `data-live` on a block that fills its cell, so the page baselines can mask
 * them with a box that does not change with the text (e2e pages.visual).
 */

/** Online state with its dot; offline and unpaired headsets add when they were last seen. */
export function DeviceStatus({ device, now }: { device: Device; now: number }) {
  const { t } = useTranslation('devices');
  const status = statusOf(t, device, now);
  return (
    <div data-live="">
      <StatusDot status={status.dot} label={status.label} />
      {status.lastSeen && (
        <Text as="span" size="small" tone="muted">
          {' '}
          · {status.lastSeen}
        </Text>
      )}
    </div>
  );
}

/** The battery level; below the domain's limit (`isBatteryLow`: 20 %) flagged, as it may not last the lesson. */
export function DeviceBattery({ device }: { device: Device }) {
  const { t, i18n } = useTranslation('devices');
  const level = batteryText(t, device.batteryLevel, i18n.language);
  return (
    <div data-live="">
      {isBatteryLow(device.batteryLevel) ? (
        <Inline gap="xsmall" alignY="center" wrap>
          <span>{level}</span>
          <Badge tone="warning">{t('battery.low')}</Badge>
        </Inline>
      ) : (
        level
      )}
    </div>
  );
}

/** StorageBar against the model's capacity (spec §3), labelled by the column or term beside it. */
export function DeviceStorage({
  device,
  deviceTypes,
}: {
  device: Device;
  deviceTypes: readonly DeviceType[];
}) {
  const { t, i18n } = useTranslation('devices');
  const storage = storageOf(t, device, deviceTypes, i18n.language);
  if (!storage) return <>{t('storage.unknown')}</>;
  return (
    <StorageBar
      label={t('storage.label')}
      hideLabel
      used={storage.used}
      capacity={storage.capacity}
      valueText={storage.text}
    />
  );
}

/** The active playlist by name, and its sync state. */
export function DevicePlaylist({
  device,
  playlistName,
}: {
  device: Device;
  playlistName: string | undefined;
}) {
  const { t } = useTranslation('devices');
  if (device.activeConfigurationId === null) return <>{t('playlist.none')}</>;
  return (
    <div data-live="">
      <bdi>{playlistName ?? t('playlist.unknown', { id: device.activeConfigurationId })}</bdi>
      <Text as="span" size="small" tone={device.syncStatus === 'failed' ? 'critical' : 'muted'}>
        {' '}
        · {syncText(t, device)}
      </Text>
    </div>
  );
}

export function DeviceRunning({ device }: { device: Device }) {
  const { t } = useTranslation('devices');
  return <div data-live="">{runningText(t, device)}</div>;
}

export function DeviceSoftware({ device }: { device: Device }) {
  const { t } = useTranslation('devices');
  return <>{device.softwareVersion ?? t('software.unknown')}</>;
}
