import type { Device, DeviceType } from '@portal/api';
import { isBatteryLow, isSoftwareOutdated } from '@portal/domain';
import { Badge, Inline, Stack, StatusDot, StorageBar, Text } from '@portal/ui';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { HelpFixLink } from '../../lib/HelpFixLink.tsx';
import { operatingSystemHref, operatingSystemRole } from '../../lib/operatingSystems.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
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

/**
 * The detail page's software: the version, an update under way ('Update auf 5.3.0: wird heruntergeladen (40 %)'), or
 * what 'Software veraltet' is measured against ('Veraltet: Pico OS 5.3.0 ist verfügbar'), with the way to the image
 * for those who may roll it out.
 */
export function DeviceSoftwareDetail({ device }: { device: Device }) {
  const { t } = useTranslation('devices');
  const role = operatingSystemRole(useCurrentUser().user);
  const update = device.softwareUpdate;
  const newest = device.newestOperatingSystem;
  return (
    <Stack gap="xsmall">
      <span>{device.softwareVersion ?? t('software.unknown')}</span>
      {update ? (
        <div data-live="">
          <Text as="span" size="small">
            {update.phase === 'downloading'
              ? t('software.downloading', { version: update.version, progress: update.progress })
              : t('software.installing', { version: update.version })}
          </Text>
        </div>
      ) : newest && isSoftwareOutdated(device.softwareVersion, newest.version) ? (
        <Text as="span" size="small" tone="muted">
          {t('software.outdated', { version: newest.version })}{' '}
          {role !== null ? (
            <Link to={operatingSystemHref(newest.id)}>{t('software.toImage')}</Link>
          ) : (
            <HelpFixLink fix="softwareTooOld" />
          )}
        </Text>
      ) : null}
    </Stack>
  );
}
