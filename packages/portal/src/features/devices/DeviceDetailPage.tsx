import type { Device, DeviceCommand as SentCommand } from '@portal/api';
import { administeredOrganisations, type DeviceCommand, isBatteryLow } from '@portal/domain';
import { Alert, Box, Button, Inline, KeyValueList, Spinner, Stack, Switch } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { COMMAND_LABELS } from '../../lib/commands.ts';
import { useDeviceTypes } from '../../lib/deviceTypes.ts';
import { HelpFixLink } from '../../lib/HelpFixLink.tsx';
import { LoadFailedState } from '../../lib/LoadFailedState.tsx';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { StatusPage } from '../../lib/StatusPage.tsx';
import { ServerRefusal, showFailure } from '../../lib/serverErrors.ts';
import { TitledSection } from '../../lib/TitledSection.tsx';
import { toasts } from '../../lib/toasts.ts';
import { CommandHistory } from './CommandHistory.tsx';
import { DeviceAdministration } from './DeviceAdministration.tsx';
import { DeviceConfirmDialog } from './DeviceConfirmDialog.tsx';
import {
  DeviceBattery,
  DevicePlaylist,
  DeviceRunning,
  DeviceSoftwareDetail,
  DeviceStatus,
  DeviceStorage,
} from './DeviceFacts.tsx';
import { DevicePairing } from './DevicePairing.tsx';
import {
  commandHistoryQuery,
  deviceQuery,
  LIVE_INTERVAL_MS,
  playlistNamesQuery,
  useSendCommand,
} from './deviceQueries.ts';
import { gateReason } from './deviceText.ts';
import { useNow } from './useNow.ts';

/** Commands that interrupt a lesson are asked first. */
const CONFIRMED = { 'CMD.REBOOT': 'reboot', 'CMD.SHUTDOWN': 'shutdown', 'CMD.UPDATE': 'update' } as const;
type ConfirmedCommand = keyof typeof CONFIRMED;
const isConfirmed = (command: DeviceCommand): command is ConfirmedCommand =>
  Object.hasOwn(CONFIRMED, command);

/** One command to this headset, with the portal's toast; the page follows the result live. */
function useDeviceCommand(device: Device) {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  return useSendCommand(device, {
    onSuccess(sent: SentCommand) {
      toasts.show({
        tone: 'success',
        title: 'devices:bulk.sent.title',
        descriptionText: t('detail.commandSent', {
          command: tc(COMMAND_LABELS[sent.command]),
          name: device.name,
        }),
      });
    },
    onError(error) {
      showFailure(error, 'sendDeviceCommand');
    },
  });
}

/**
 * The mode a switch shows: the one asked for while its command is still on the way (queued or delivered, newest
 * first in the history), else what the headset reported.
 */
function useModeState(device: Device, command: 'CMD.SET.GUIDED.MODE' | 'CMD.SET.MANUFACTURER.MODE') {
  const history = useQuery(commandHistoryQuery(device.id, 1));
  const latest = history.data?.results.find((entry) => entry.command === command);
  const pending = latest !== undefined && (latest.status === 'queued' || latest.status === 'delivered');
  const reported = command === 'CMD.SET.GUIDED.MODE' ? device.guidedMode : device.manufacturerMode;
  if (!pending) return { checked: reported, pending: false };
  const asked =
    command === 'CMD.SET.GUIDED.MODE' ? latest.extras.guidedModeState : latest.extras.manufacturerModeState;
  return { checked: asked, pending: true };
}

function ModeSwitch({
  device,
  command,
  send,
}: {
  device: Device;
  command: 'CMD.SET.GUIDED.MODE' | 'CMD.SET.MANUFACTURER.MODE';
  send: ReturnType<typeof useDeviceCommand>;
}) {
  const { t } = useTranslation('devices');
  const mode = useModeState(device, command);
  const guided = command === 'CMD.SET.GUIDED.MODE';
  return (
    <Switch
      label={t(guided ? 'detail.guidedMode' : 'detail.manufacturerMode')}
      hint={
        mode.pending
          ? t('detail.modePending')
          : t(guided ? 'detail.guidedModeHint' : 'detail.manufacturerModeHint')
      }
      checked={mode.checked}
      disabled={send.isPending}
      disabledReason={gateReason(t, device.softwareVersion, command)}
      onCheckedChange={(checked) =>
        send.mutate(
          guided ? { command, guidedModeState: checked } : { command, manufacturerModeState: checked },
        )
      }
    />
  );
}

/** The single commands of spec §7 that need no content (starting content is the playback's business). */
function CommandButtons({ device, send }: { device: Device; send: ReturnType<typeof useDeviceCommand> }) {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  const [asking, setAsking] = useState<ConfirmedCommand | null>(null);
  const running = device.currentApp !== null && device.playbackState !== 'stopped';
  const buttons: { command: DeviceCommand; label: string; primary?: boolean }[] = [
    { command: 'CMD.SYNC', label: tc(COMMAND_LABELS['CMD.SYNC']), primary: true },
    { command: 'CMD.SYNC.SOFTWARE', label: tc(COMMAND_LABELS['CMD.SYNC.SOFTWARE']) },
    { command: 'CMD.MUTE', label: device.muted ? t('detail.unmute') : tc(COMMAND_LABELS['CMD.MUTE']) },
    ...(running
      ? [
          {
            command: 'CMD.TOGGLE.PAUSE' as const,
            label: device.playbackState === 'playing' ? t('detail.pause') : t('detail.resume'),
          },
          { command: 'CMD.STOP.RUNNING' as const, label: tc(COMMAND_LABELS['CMD.STOP.RUNNING']) },
        ]
      : []),
    { command: 'CMD.REBOOT', label: tc(COMMAND_LABELS['CMD.REBOOT']) },
    { command: 'CMD.UPDATE', label: tc(COMMAND_LABELS['CMD.UPDATE']) },
    { command: 'CMD.SHUTDOWN', label: tc(COMMAND_LABELS['CMD.SHUTDOWN']) },
  ];
  return (
    <>
      <Inline gap="small" wrap>
        {buttons.map(({ command, label, primary }) => (
          <Button
            key={command}
            variant={primary ? 'primary' : 'secondary'}
            disabledReason={gateReason(t, device.softwareVersion, command)}
            loading={send.isPending && send.variables?.command === command}
            disabled={send.isPending && send.variables?.command !== command}
            onClick={() => (isConfirmed(command) ? setAsking(command) : send.mutate({ command }))}
          >
            {label}
          </Button>
        ))}
      </Inline>
      {asking && (
        <DeviceConfirmDialog
          onCancel={() => setAsking(null)}
          tone="destructive"
          title={t(`confirm.${CONFIRMED[asking]}.titleNamed`, { name: device.name })}
          description={t(`confirm.${CONFIRMED[asking]}.description`)}
          confirmLabel={tc(COMMAND_LABELS[asking])}
          confirming={send.isPending}
          confirmingLabel={t('confirm.sending')}
          onConfirm={() => send.mutate({ command: asking }, { onSettled: () => setAsking(null) })}
        />
      )}
    </>
  );
}

function DeviceDetail({ device }: { device: Device }) {
  const { t } = useTranslation('devices');
  const { user } = useCurrentUser();
  const deviceTypes = useDeviceTypes();
  const playlists = useQuery(playlistNamesQuery);
  const now = useNow(LIVE_INTERVAL_MS);
  const send = useDeviceCommand(device);
  const organisation = user?.organisations.find((o) => o.id === device.organisationId);
  const administers = administeredOrganisations(user).some((o) => o.id === device.organisationId);
  const playlistName = playlists.data?.results.find((p) => p.id === device.activeConfigurationId)?.name;
  const paired = device.isEnrolled;
  return (
    <Stack gap="large">
      {/* Kept apart from the breadcrumb's small link: close together both are too small a target (WCAG 2.5.8). */}
      <Box paddingTop="small">
        <Link to="/dashboard/devices">{t('detail.back')}</Link>
      </Box>
      <Stack gap="small">
        <PageHeading>{device.name}</PageHeading>
        <DeviceStatus device={device} now={now} />
      </Stack>
      {/* Unpaired, pairing is all there is to do: it comes first, and no command is offered (it could not arrive). */}
      {!paired && <DevicePairing device={device} administers={administers} />}
      {paired && !device.isOnline && (
        <Alert tone="warning">
          {t('detail.offline')} <HelpFixLink fix="offline" />
        </Alert>
      )}
      {paired && isBatteryLow(device.batteryLevel) && (
        <Alert tone="warning">{t('detail.lowBattery', { percent: device.batteryLevel ?? 0 })}</Alert>
      )}
      <TitledSection id="device-state" title={t('detail.state')} gap="medium">
        <KeyValueList
          items={[
            { term: t('detail.serialNumber'), value: device.serialNumber },
            { term: t('detail.model'), value: device.deviceType.name },
            ...(organisation
              ? [{ term: t('detail.organisation'), value: <bdi>{organisation.name}</bdi> }]
              : []),
            { term: t('detail.battery'), value: <DeviceBattery device={device} /> },
            {
              term: t('detail.storage'),
              value: <DeviceStorage device={device} deviceTypes={deviceTypes} />,
            },
            { term: t('detail.software'), value: <DeviceSoftwareDetail device={device} /> },
            {
              term: t('detail.playlist'),
              value: <DevicePlaylist device={device} playlistName={playlistName} />,
            },
            { term: t('detail.running'), value: <DeviceRunning device={device} /> },
            {
              term: t('detail.sound'),
              value: <div data-live="">{device.muted ? t('detail.soundOff') : t('detail.soundOn')}</div>,
            },
          ]}
        />
      </TitledSection>
      {paired && (
        <TitledSection id="device-control" title={t('detail.control')} gap="medium">
          <Stack gap="small">
            <ModeSwitch device={device} command="CMD.SET.GUIDED.MODE" send={send} />
            <ModeSwitch device={device} command="CMD.SET.MANUFACTURER.MODE" send={send} />
          </Stack>
          <CommandButtons device={device} send={send} />
        </TitledSection>
      )}
      <TitledSection id="device-history" title={t('detail.history')} gap="medium">
        <CommandHistory deviceId={device.id} />
      </TitledSection>
      {administers && <DeviceAdministration device={device} />}
    </Stack>
  );
}

const idOf = (value: string | undefined): number | null =>
  value !== undefined && /^\d{1,9}$/.test(value) && Number(value) >= 1 ? Number(value) : null;

/**
 * /dashboard/devices/{id} (spec §2): one headset with everything the fleet shows, its modes, single commands and the
 * command history, live; administrators also pair, unpair and remove it. Another organisation's headset is 'not
 * found', as the server answers.
 */
export function DeviceDetailPage() {
  const { t } = useTranslation('devices');
  const id = idOf(useParams().id);
  const device = useQuery({ ...deviceQuery(id ?? 0), enabled: id !== null });
  const notFound = id === null || (device.error instanceof ServerRefusal && device.error.status === 404);
  if (notFound) {
    return (
      <StatusPage
        title={t('detail.notFound.title')}
        description={t('detail.notFound.description')}
        action={{ href: '/dashboard/devices', label: t('detail.notFound.action') }}
      />
    );
  }
  if (device.isError) {
    return (
      <Stack gap="large">
        <PageHeading>{t('detail.error.title')}</PageHeading>
        <LoadFailedState
          title={t('detail.error.title')}
          description={t('detail.error.description')}
          retryLabel={t('detail.error.retry')}
          query={device}
        />
      </Stack>
    );
  }
  if (!device.data) return <Spinner label={t('detail.loading')} />;
  return <DeviceDetail device={device.data} />;
}

export { DeviceDetailPage as Component };
