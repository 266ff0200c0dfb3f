import { formatDuration, headsetsToRetry, type Receipt, type ReceiptState } from '@portal/domain';
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
import type { ReactNode } from 'react';
import { commandFailureText } from '../../lib/commands.ts';
import { HelpFixLink, helpFixOf } from '../../lib/HelpFixLink.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { PLAYBACK_PATH } from '../../lib/playbackLink.ts';
import { LessonPlanProgress } from './LessonPlanRun.tsx';
import {
  type HeadsetReceipt,
  type LessonCopy,
  lessonContent,
  lessonReceipts,
  playbackStore,
  type StoppedLesson,
} from './playbackStore.ts';
import { useLessons, usePlaybackActions, useStopReceipts } from './usePlayback.ts';

/** The dot of each receipt state: playing green, waiting for the headset blue, failed red, ended grey. */
const RECEIPT_DOTS: Record<ReceiptState, DeviceStatus> = {
  sent: 'syncing',
  arrived: 'syncing',
  playing: 'online',
  paused: 'online',
  stopped: 'offline',
  failed: 'error',
};

type PlaybackT = ReturnType<typeof useTranslation<'playback'>>['t'];

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

const barLabels = (t: PlaybackT, start = t('labels.start')) => ({
  start,
  pause: t('labels.pause'),
  resume: t('labels.resume'),
  stop: t('labels.stop'),
});

/** 'Gestartet von Lars Lehrer um 10:02 Uhr' (without a name when the account is gone). */
function startedText(t: PlaybackT, lesson: LessonCopy, language: string): string {
  const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(
    new Date(lesson.startedAt),
  );
  return lesson.startedBy
    ? t('running.startedBy', { name: lesson.startedBy, time })
    : t('running.started', { time });
}

/**
 * A running lesson: the bar with title, elapsed time and controls, who started it, the summary and every headset's
 * receipt. The same on every device of every member of the organisation.
 */
export function RunningPlayback({ lesson, titleLevel = 2 }: { lesson: LessonCopy; titleLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation('playback');
  const { togglePause, stop, retry } = usePlaybackActions();
  const { receipts, summary } = lessonReceipts(lesson);
  const content = lessonContent(lesson);
  // 'Erneut versuchen' only where a second try can help (issue 22: not for old software or missing content).
  const failed = headsetsToRetry(receipts);
  const busy = togglePause.isPending || stop.isPending;
  const summaryLine = lesson.isPaused
    ? t('running.summaryPaused', { count: summary.paused, total: summary.total })
    : t('running.summary', { count: summary.playing, total: summary.total });
  return (
    <Stack gap="medium">
      <LessonPlanProgress lesson={lesson} />
      <PlaybackBar
        title={content?.title ?? ''}
        titleLevel={titleLevel}
        state={lesson.isPaused ? 'paused' : 'playing'}
        elapsed={formatDuration(lesson.currentTime)}
        duration={lesson.duration === null ? t('running.noDuration') : formatDuration(lesson.duration)}
        timeSeparator="/"
        timeSeparatorLabel={t('running.of')}
        deviceCountText={t('running.headsets', { count: lesson.headsets.length })}
        labels={barLabels(t)}
        onStart={() => undefined}
        onPause={() => togglePause.mutate({ lesson, receipts })}
        onResume={() => togglePause.mutate({ lesson, receipts })}
        onStop={() => stop.mutate(lesson)}
        busy={busy}
        busyLabel={t('running.busy')}
      />
      <Text tone="muted" size="small">
        {startedText(t, lesson, i18n.language)}
      </Text>
      <Box role="status">
        <Text weight="semibold">
          {summaryLine}
          {summary.pending > 0 ? ` ${t('running.pending', { count: summary.pending })}` : ''}
          {summary.failed > 0 ? ` ${t('running.failed', { count: summary.failed })}` : ''}
        </Text>
      </Box>
      {failed.length > 0 ? (
        <Inline gap="small" alignY="center">
          <Button
            variant="secondary"
            loading={retry.isPending}
            onClick={() => retry.mutate({ lesson, failed })}
          >
            {t('running.retry', { count: failed.length })}
          </Button>
        </Inline>
      ) : null}
      <ReceiptList receipts={receipts} />
    </Stack>
  );
}

/**
 * The lesson this browser stopped: 'Gestoppt auf 30 VR-Brillen' from the stop's receipts, the time where it stood, and
 * 'Nochmal starten' (the same content on the same headsets); 'Schließen' puts it away.
 */
export function StoppedPlayback({ stopped, titleLevel = 2 }: { stopped: StoppedLesson; titleLevel?: 2 | 3 }) {
  const { t } = useTranslation('playback');
  const { start } = usePlaybackActions();
  const { receipts, summary } = useStopReceipts(stopped);
  const complete = summary.stopped === summary.total;
  return (
    <Stack gap="medium">
      <PlaybackBar
        title={stopped.content.title}
        titleLevel={titleLevel}
        state="stopped"
        elapsed={formatDuration(stopped.elapsed)}
        duration={stopped.duration === null ? t('running.noDuration') : formatDuration(stopped.duration)}
        timeSeparator="/"
        timeSeparatorLabel={t('running.of')}
        deviceCountText={t('running.headsets', { count: stopped.headsets.length })}
        labels={barLabels(t, t('stopped.again'))}
        onStart={() => start.mutate({ content: stopped.content, headsets: stopped.headsets })}
        onPause={() => undefined}
        onResume={() => undefined}
        onStop={() => undefined}
        busy={start.isPending}
        busyLabel={t('running.busy')}
      />
      <Box role="status">
        <Text weight="semibold">
          {complete
            ? t('stopped.summary', { count: summary.stopped })
            : t('stopped.summaryOf', { count: summary.stopped, total: summary.total })}
          {summary.pending > 0 ? ` ${t('running.pending', { count: summary.pending })}` : ''}
          {summary.failed > 0 ? ` ${t('running.failed', { count: summary.failed })}` : ''}
        </Text>
      </Box>
      <Inline gap="small">
        <Button variant="ghost" size="small" onClick={() => playbackStore.setStopped(null)}>
          {t('stopped.close')}
        </Button>
      </Inline>
      <ReceiptList receipts={receipts} />
    </Stack>
  );
}

/**
 * The organisation's running lessons wherever the teacher looks (dashboard, playback page), each with its controls,
 * and the lesson this browser stopped. `nothing` is shown when no lesson runs.
 */
export function LessonList({ titleLevel, nothing }: { titleLevel: 2 | 3; nothing?: ReactNode }) {
  const { lessons, stopped } = useLessons();
  return (
    <Stack gap="xlarge">
      {lessons.map((lesson) => (
        <RunningPlayback key={lesson.lessonId} lesson={lesson} titleLevel={titleLevel} />
      ))}
      {lessons.length === 0 ? nothing : null}
      {stopped ? <StoppedPlayback stopped={stopped} titleLevel={titleLevel} /> : null}
    </Stack>
  );
}

/** The dashboard's part: the running lessons, or, when none runs, the way to start something. */
export function RunningPlaybackPanel() {
  const { t } = useTranslation('playback');
  return (
    <LessonList
      titleLevel={3}
      nothing={
        <Stack gap="small">
          <Text tone="muted">{t('running.nothing')}</Text>
          <Inline gap="small">
            <ButtonLink variant="secondary" href={PLAYBACK_PATH}>
              {t('running.startSomething')}
            </ButtonLink>
          </Inline>
        </Stack>
      }
    />
  );
}
