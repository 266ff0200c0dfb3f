import type { ReadinessIssue, ReadinessReport } from '@portal/api';
import { isolateBidi, READINESS_WARNINGS, summariseReadiness } from '@portal/domain';
import { Alert, Box, Button, ConfirmDialog, Heading, Inline, ProgressBar, Stack, Text } from '@portal/ui';
import { useEffect, useState } from 'react';
import { refusalsText } from '../../lib/commands.ts';
import { HelpFixLink, helpFixOf } from '../../lib/HelpFixLink.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { showFailure } from '../../lib/serverErrors.ts';
import { timeLeftText } from '../../lib/timeLeft.ts';
import { toasts } from '../../lib/toasts.ts';
import { type FixOutcome, type ReadinessFixTarget, useReadinessFixes } from './playbackQueries.ts';
import type { SessionHeadset } from './playbackStore.ts';
import {
  type FixPlan,
  fixEverything,
  headsetsOf,
  type IssueGroup,
  isUnderway,
  planOf,
  readinessGroups,
  restartedBy,
  underwayProgress,
} from './readinessPlan.ts';

type T = ReturnType<typeof useTranslation<'playback'>>['t'];

/** A group's problem or limit in words, without the values each headset has on its own. */
function issueText(t: T, issue: ReadinessIssue): string {
  const playlist = issue.params.playlistName ?? '';
  switch (issue.code) {
    case 'contentMissing':
      if (issue.fix === 'addToPlaylist')
        return t('readiness.problems.contentNotInActivePlaylist', { playlist });
      if (issue.fix === 'activatePlaylist')
        return t('readiness.problems.contentInOtherPlaylist', { playlist });
      if (issue.fix === null) return t('readiness.problems.contentInNoPlaylist');
      return t('readiness.problems.contentMissing');
    case 'softwareTooOld':
      return t('readiness.problems.softwareTooOld', { version: issue.params.requiredVersion ?? '' });
    case 'pauseUnsupported':
      return t('readiness.limits.pauseUnsupported', { version: issue.params.requiredVersion ?? '' });
    case 'batteryLow':
      return t('readiness.limits.batteryLow');
    default:
      return t(`readiness.problems.${issue.code}`);
  }
}

/** The verdict: 'Alle 30 VR-Brillen sind startklar.', '28 von 30 …', or with limits '26 startklar · 4 ohne Pause'. */
function verdictText(t: T, report: ReadinessReport): string {
  const summary = summariseReadiness(report.results);
  const limits = READINESS_WARNINGS.filter((code) => summary.limits[code] > 0);
  if (limits.length === 0) {
    return summary.notReady === 0
      ? t('readiness.allReady', { count: summary.total })
      : t('readiness.someReady', { count: summary.ready, total: summary.total });
  }
  return [
    t('readiness.segments.ready', { count: summary.readyWithoutLimits }),
    ...limits.map((code) => t(`readiness.segments.${code}`, { count: summary.limits[code] })),
    ...(summary.notReady > 0 ? [t('readiness.segments.notReady', { count: summary.notReady })] : []),
  ].join(' · ');
}

/** The headsets of a group, each isolated, with its battery level where the group is about the battery. */
function groupNames(t: T, group: IssueGroup): string {
  return group.headsets
    .map((headset) =>
      headset.batteryLevel === undefined
        ? isolateBidi(headset.name)
        : t('readiness.battery', { name: headset.name, percent: headset.batteryLevel }),
    )
    .join(', ');
}

/** One line of the panel: what the headsets have, which they are, and the fix for all of them. */
function GroupItem({
  group,
  tone,
  busy,
  onFix,
}: {
  group: IssueGroup;
  tone: 'problem' | 'limit';
  busy: boolean;
  onFix: (plan: FixPlan) => void;
}) {
  const { t } = useTranslation('playback');
  const { issue } = group;
  const help = helpFixOf(issue.code);
  return (
    <li>
      <Stack gap="xsmall">
        <Text weight="semibold" tone={tone === 'limit' ? 'warning' : undefined}>
          {issueText(t, issue)} {help ? <HelpFixLink fix={help} /> : null}
        </Text>
        <Text size="small" tone="muted">
          {groupNames(t, group)}
        </Text>
        {issue.fix ? (
          <Inline gap="small">
            <Button
              variant="secondary"
              size="small"
              disabled={busy}
              onClick={() => onFix(planOf([{ issue, deviceIds: group.headsets.map((h) => h.deviceId) }]))}
            >
              {t(`readiness.fix.${issue.fix}`, { playlist: issue.params.playlistName ?? '' })}
            </Button>
          </Inline>
        ) : null}
      </Stack>
    </li>
  );
}

/** The one progress of the fixes under way: how many are done, the bytes of their downloads and the time left. */
function FixesUnderway({ report }: { report: ReadinessReport }) {
  const { t } = useTranslation('playback');
  // Every headset seen under way since none was: it stays counted (as done) once its fix is through.
  const [seen, setSeen] = useState<ReadonlySet<number>>(new Set());
  const underway = report.results.filter(isUnderway).map((r) => r.deviceId);
  const underwayKey = underway.join(',');
  useEffect(() => {
    const ids = underwayKey === '' ? [] : underwayKey.split(',').map(Number);
    setSeen((previous) => (ids.length === 0 ? new Set() : new Set([...previous, ...ids])));
  }, [underwayKey]);
  if (underway.length === 0) return null;
  const progress = underwayProgress(report.results, seen);
  const left = timeLeftText(t, progress.secondsLeft);
  return (
    <ProgressBar
      label={t('readiness.progress.label')}
      value={progress.percent}
      valueText={[
        t('readiness.progress.doneOf', { done: progress.fixed, total: progress.total }),
        t('readiness.progress.percent', { percent: progress.percent }),
        ...(left ? [left] : []),
      ].join(' · ')}
    />
  );
}

/** A fix that restarts headsets waits for the teacher's yes. */
interface PendingConfirmation {
  plan: FixPlan;
  restarted: string[];
  all: boolean;
}

/**
 * 'Ist meine Klasse startklar?' for the ticked headsets and the content, or every step of a lesson plan
 * (checkDeviceReadiness, the report of the page's query): the verdict with the limits apart ('26 startklar · 4 ohne Pause'), the problems and then the limits, each
 * grouped with the headsets that have it and its fix for all of them, 'Alles beheben (n)' for every fix at once, and
 * one progress while fixes run. A fix that restarts headsets (the update) asks first.
 */
export function ReadinessPanel({
  headsets,
  contents,
  report,
  failed,
  onRetry,
}: {
  headsets: readonly SessionHeadset[];
  /** What the report checked: the one item to start, or every step of a lesson plan (mergeReadiness). */
  contents: Omit<ReadinessFixTarget, 'deviceIds'>;
  report: ReadinessReport | undefined;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('playback');
  const { t: tc } = useTranslation();
  const [confirming, setConfirming] = useState<PendingConfirmation | null>(null);
  const nameOf = (id: number) => headsets.find((h) => h.id === id)?.name ?? String(id);
  const fixes = useReadinessFixes(
    { deviceIds: headsets.map((h) => h.id), ...contents },
    {
      onSuccess: (outcome: FixOutcome) => {
        setConfirming(null);
        for (const failure of outcome.failures) showFailure(failure.error, failure.during);
        // A refused headset is named with its reason, as the receipts of a playback word it.
        const refused = refusalsText(tc, outcome.updates, nameOf);
        if (refused)
          toasts.show({ tone: 'warning', title: 'playback:readiness.fixRefused', descriptionText: refused });
        else if (outcome.failures.length === 0)
          toasts.show({ tone: 'success', title: 'playback:readiness.fixStarted' });
      },
      onError: (error) => {
        setConfirming(null);
        showFailure(error, 'readinessFixes');
      },
    },
  );
  const run = (plan: FixPlan, all = false) => {
    const restarted = restartedBy(plan);
    if (restarted.length > 0) setConfirming({ plan, restarted: restarted.map(nameOf), all });
    else fixes.mutate(plan);
  };

  if (headsets.length === 0) return null;
  const groups = report ? readinessGroups(report.results) : { problems: [], limits: [] };
  const everything = report ? fixEverything(report.results) : null;
  const toFix = everything ? headsetsOf(everything).length : 0;
  const busy = fixes.isPending;

  return (
    <Box as="section" aria-labelledby="readiness-heading">
      <Stack gap="medium">
        <Heading level={2} id="readiness-heading">
          {t('readiness.title')}
        </Heading>
        {failed && !report ? (
          <Alert tone="critical" title={t('readiness.failed')}>
            <Button variant="secondary" onClick={onRetry}>
              {t('readiness.retry')}
            </Button>
          </Alert>
        ) : (
          <Box role="status">
            <Text weight="semibold">{report ? verdictText(t, report) : t('readiness.checking')}</Text>
          </Box>
        )}
        {everything && toFix > 0 ? (
          <Inline gap="small">
            <Button variant="secondary" loading={busy} onClick={() => run(everything, true)}>
              {t('readiness.fixAll', { count: toFix })}
            </Button>
          </Inline>
        ) : null}
        {report ? <FixesUnderway report={report} /> : null}
        {groups.problems.length > 0 ? (
          <Box as="ul" aria-label={t('readiness.listLabel')} display="grid" gap="medium">
            {groups.problems.map((group) => (
              <GroupItem key={group.key} group={group} tone="problem" busy={busy} onFix={run} />
            ))}
          </Box>
        ) : null}
        {groups.limits.length > 0 ? (
          <Box as="ul" aria-label={t('readiness.limitsLabel')} display="grid" gap="medium">
            {groups.limits.map((group) => (
              <GroupItem key={group.key} group={group} tone="limit" busy={busy} onFix={run} />
            ))}
          </Box>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirming?.all ? t('readiness.confirmRestart.titleAll') : t('readiness.confirmRestart.title')}
        description={t('readiness.confirmRestart.description', {
          count: confirming?.restarted.length ?? 0,
          names: (confirming?.restarted ?? []).map(isolateBidi).join(', '),
          interpolation: { escapeValue: false },
        })}
        confirmLabel={
          confirming?.all ? t('readiness.confirmRestart.confirmAll') : t('readiness.confirmRestart.confirm')
        }
        cancelLabel={t('readiness.confirmRestart.cancel')}
        confirming={busy}
        confirmingLabel={t('readiness.confirmRestart.running')}
        onConfirm={() => {
          if (confirming) fixes.mutate(confirming.plan);
        }}
      />
    </Box>
  );
}
