import { formatDuration, isRetryable, type Receipt, type ReceiptState } from '@portal/domain';
import {
  Box,
  Button,
  ButtonLink,
  type DeviceStatus,
  Inline,
  PlaybackBar,
  Stack,
  StatusDot,
  Text,
} from '@portal/ui';
import { useTranslation } from 'react-i18next';
import { commandFailureText } from '../../lib/commands.ts';
import { HelpFixLink, helpFixOf } from '../../lib/HelpFixLink.tsx';
import { PLAYBACK_PATH } from '../../lib/playbackLink.ts';
import { type PlaybackSession, sessionContent, usePlaybackSession } from './playbackStore.ts';
import { type HeadsetReceipt, usePlaybackActions, useReceipts } from './usePlayback.ts';

/** The dot of each receipt state: playing green, waiting for the headset blue, failed red, ended grey. */
const RECEIPT_DOTS: Record<ReceiptState, DeviceStatus> = {
  sent: 'syncing',
  arrived: 'syncing',
  playing: 'online',
  paused: 'online',
  stopped: 'offline',
  failed: 'error',
};

/** A receipt in words: the state, and for a failure its reason ('fehlgeschlagen: Inhalt ist nicht auf der VR-Brille'). */
export function useReceiptText() {
  const { t } = useTranslation('playback');
  const { t: tc } = useTranslation();
  return (receipt: Receipt): { state: string; reason: string | null } => ({
    state: t(`receipts.states.${receipt.state}`),
    reason: receipt.reason ? commandFailureText(tc, receipt.reason) : null,
  });
}

function ReceiptList({ receipts }: { receipts: readonly HeadsetReceipt[] }) {
  const { t } = useTranslation('playback');
  const describe = useReceiptText();
  return (
    <Box as="ul" aria-label={t('receipts.label')} display="grid" gap="xsmall">
      {receipts.map(({ headset, receipt }) => {
        const text = describe(receipt);
        const help = receipt.reason ? helpFixOf(receipt.reason.code) : null;
        return (
          <li key={headset.id} data-receipt={receipt.state}>
            <Inline gap="small" alignY="center">
              <Text as="span" weight="semibold">
                <bdi>{headset.name}</bdi>
              </Text>
              <StatusDot status={RECEIPT_DOTS[receipt.state]} label={text.state} />
              {text.reason ? (
                <Text as="span" tone="muted">
                  {text.reason}
                </Text>
              ) : null}
              {help ? (
                <Text as="span">
                  <HelpFixLink fix={help} />
                </Text>
              ) : null}
            </Inline>
          </li>
        );
      })}
    </Box>
  );
}

/** 'Läuft auf 28 von 30 VR-Brillen' (paused: 'Pausiert auf …'), while headsets still answer 'Wird gestartet …'. */
function summaryText(
  t: ReturnType<typeof useTranslation<'playback'>>['t'],
  session: PlaybackSession,
  summary: ReturnType<typeof useReceipts>['summary'],
): string {
  if (session.isPaused) return t('running.summaryPaused', { count: summary.paused, total: summary.total });
  return t('running.summary', { count: summary.playing, total: summary.total });
}

/** The running playback: the bar with title, elapsed time and controls, the summary and every headset's receipt. */
export function RunningPlayback({
  session,
  titleLevel = 2,
}: {
  session: PlaybackSession;
  titleLevel?: 2 | 3;
}) {
  const { t } = useTranslation('playback');
  const { togglePause, stop, retry } = usePlaybackActions();
  const { receipts, summary } = useReceipts(session);
  const content = sessionContent(session);
  // 'Erneut versuchen' only where a second try can help (issue 22: not for old software or missing content).
  const failed = receipts
    .filter((r) => r.receipt.state === 'failed' && r.receipt.reason && isRetryable(r.receipt.reason))
    .map((r) => r.headset);
  const busy = togglePause.isPending || stop.isPending;
  const summaryLine = summaryText(t, session, summary);
  return (
    <Stack gap="medium">
      <PlaybackBar
        title={content?.title ?? ''}
        titleLevel={titleLevel}
        state={session.isPaused ? 'paused' : 'playing'}
        elapsed={formatDuration(session.currentTime)}
        duration={session.duration === null ? t('running.noDuration') : formatDuration(session.duration)}
        timeSeparator="/"
        timeSeparatorLabel={t('running.of')}
        deviceCountText={t('running.headsets', { count: session.headsets.length })}
        labels={{
          start: t('labels.start'),
          pause: t('labels.pause'),
          resume: t('labels.resume'),
          stop: t('labels.stop'),
        }}
        onStart={() => undefined}
        onPause={() => togglePause.mutate(receipts)}
        onResume={() => togglePause.mutate(receipts)}
        onStop={() => stop.mutate()}
        busy={busy}
        busyLabel={t('running.busy')}
      />
      <Box role="status">
        <Text weight="semibold">
          {summaryLine}
          {summary.pending > 0 ? ` ${t('running.pending', { count: summary.pending })}` : ''}
          {summary.failed > 0 ? ` ${t('running.failed', { count: summary.failed })}` : ''}
        </Text>
      </Box>
      {failed.length > 0 ? (
        <Inline gap="small" alignY="center">
          <Button variant="secondary" loading={retry.isPending} onClick={() => retry.mutate(failed)}>
            {t('running.retry', { count: failed.length })}
          </Button>
        </Inline>
      ) : null}
      <ReceiptList receipts={receipts} />
    </Stack>
  );
}

/**
 * The running playback wherever the teacher looks (dashboard, playback page), or, when nothing runs, the way to
 * start something.
 */
export function RunningPlaybackPanel() {
  const { t } = useTranslation('playback');
  const session = usePlaybackSession();
  if (session) return <RunningPlayback session={session} titleLevel={3} />;
  return (
    <Stack gap="small">
      <Text tone="muted">{t('running.nothing')}</Text>
      <Inline gap="small">
        <ButtonLink variant="secondary" href={PLAYBACK_PATH}>
          {t('running.startSomething')}
        </ButtonLink>
      </Inline>
    </Stack>
  );
}
