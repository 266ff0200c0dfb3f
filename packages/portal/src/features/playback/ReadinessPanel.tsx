import type { DeviceReadiness, ReadinessIssue } from '@portal/api';
import { Alert, Box, Button, Heading, Inline, ProgressBar, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalsText } from '../../lib/commands.ts';
import { HelpFixLink, helpFixOf } from '../../lib/HelpFixLink.tsx';
import { showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { readinessQuery, useSyncFix, useUpdateFix } from './playbackQueries.ts';
import type { SessionHeadset } from './playbackStore.ts';

type Fix = 'sync' | 'update';

function useIssueText() {
  const { t } = useTranslation('playback');
  return (issue: ReadinessIssue): string => {
    switch (issue.code) {
      case 'batteryLow':
        return t('readiness.problems.batteryLow', { percent: issue.params.batteryLevel ?? 0 });
      case 'contentMissing':
        return issue.fix === 'sync'
          ? t('readiness.problems.contentMissing')
          : t('readiness.problems.contentNotInPlaylist');
      case 'syncing':
        return t('readiness.problems.syncing', { progress: issue.params.progress ?? 0 });
      case 'softwareTooOld':
      case 'pauseUnsupported':
        return t(`readiness.problems.${issue.code}`, { version: issue.params.requiredVersion ?? '' });
      default:
        return t(`readiness.problems.${issue.code}`);
    }
  };
}

/**
 * 'Ist meine Klasse startklar?' for the ticked headsets and the content (checkDeviceReadiness): how many are ready,
 * and for each other one every problem in words, with its one-click fix (sync, software update) and the fix's
 * progress. It does not hold the start back: the teacher decides.
 */
export function ReadinessPanel({
  headsets,
  contentUuid,
}: {
  headsets: readonly SessionHeadset[];
  contentUuid: string;
}) {
  const { t } = useTranslation('playback');
  const { t: tc } = useTranslation();
  const issueText = useIssueText();
  const [fixing, setFixing] = useState<ReadonlyMap<number, Fix>>(new Map());
  const ids = headsets.map((h) => h.id);
  const readiness = useQuery(readinessQuery(ids, contentUuid));
  const markFixing = (deviceIds: readonly number[], fix: Fix) =>
    setFixing((previous) => new Map([...previous, ...deviceIds.map((id) => [id, fix] as const)]));

  const sync = useSyncFix(
    { deviceIds: ids, contentUuid },
    {
      onSuccess: (queued, deviceIds) => {
        markFixing(deviceIds, 'sync');
        toasts.show({
          tone: 'success',
          title: 'playback:readiness.fixStarted',
          descriptionText: queued.detail,
        });
      },
      onError: (error) => showFailure(error, 'queueDeviceSync'),
    },
  );
  const update = useUpdateFix({
    onSuccess: (outcomes) => {
      const queued = outcomes.flatMap((o) => ('commandId' in o ? [o.headsetId] : []));
      markFixing(queued, 'update');
      // A refused headset is named with its reason, as the receipts of a playback word it.
      const refused = refusalsText(
        tc,
        outcomes,
        (id) => headsets.find((h) => h.id === id)?.name ?? String(id),
      );
      toasts.show({
        tone: refused ? 'warning' : 'success',
        title: queued.length > 0 ? 'playback:readiness.fixStarted' : 'playback:readiness.fixRefused',
        ...(refused ? { descriptionText: refused } : {}),
      });
    },
  });
  const runFix = (fix: Fix, deviceIds: number[]) => (fix === 'sync' ? sync : update).mutate(deviceIds);

  if (ids.length === 0) return null;
  const report = readiness.data;
  const notReady = report?.results.filter((r) => !r.ready) ?? [];
  const warned = report?.results.filter((r) => r.ready && r.warnings.length > 0) ?? [];
  const fixable = (fix: Fix) =>
    notReady.filter((r) => r.problems.some((p) => p.fix === fix) && fixing.get(r.deviceId) !== fix);
  const toSync = fixable('sync');
  const toUpdate = fixable('update');

  return (
    <Box as="section" aria-labelledby="readiness-heading">
      <Stack gap="medium">
        <Heading level={2} id="readiness-heading">
          {t('readiness.title')}
        </Heading>
        {readiness.isError ? (
          <Alert tone="critical" title={t('readiness.failed')}>
            <Button variant="secondary" onClick={() => void readiness.refetch()}>
              {t('readiness.retry')}
            </Button>
          </Alert>
        ) : !report ? (
          <Text tone="muted">{t('readiness.checking')}</Text>
        ) : (
          <Box role="status">
            <Text weight="semibold">
              {report.readyCount === report.results.length
                ? t('readiness.allReady', { count: report.readyCount })
                : t('readiness.someReady', { count: report.readyCount, total: report.results.length })}
            </Text>
          </Box>
        )}
        {toSync.length > 1 || toUpdate.length > 1 ? (
          <Inline gap="small">
            {toSync.length > 1 ? (
              <Button
                variant="secondary"
                loading={sync.isPending}
                onClick={() =>
                  runFix(
                    'sync',
                    toSync.map((r) => r.deviceId),
                  )
                }
              >
                {t('readiness.fixAll.sync', { count: toSync.length })}
              </Button>
            ) : null}
            {toUpdate.length > 1 ? (
              <Button
                variant="secondary"
                loading={update.isPending}
                onClick={() =>
                  runFix(
                    'update',
                    toUpdate.map((r) => r.deviceId),
                  )
                }
              >
                {t('readiness.fixAll.update', { count: toUpdate.length })}
              </Button>
            ) : null}
          </Inline>
        ) : null}
        {notReady.length + warned.length > 0 ? (
          <Box as="ul" aria-label={t('readiness.listLabel')} display="grid" gap="small">
            {[...notReady, ...warned].map((result) => (
              <ReadinessRow
                key={result.deviceId}
                result={result}
                fixing={fixing.get(result.deviceId)}
                issueText={issueText}
                busy={sync.isPending || update.isPending}
                onFix={(fix) => runFix(fix, [result.deviceId])}
              />
            ))}
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}

function ReadinessRow({
  result,
  fixing,
  issueText,
  busy,
  onFix,
}: {
  result: DeviceReadiness;
  fixing: Fix | undefined;
  issueText: (issue: ReadinessIssue) => string;
  busy: boolean;
  onFix: (fix: Fix) => void;
}) {
  const { t } = useTranslation('playback');
  const fixes = [...new Set([...result.problems, ...result.warnings].flatMap((p) => (p.fix ? [p.fix] : [])))];
  const syncing = result.problems.find((p) => p.code === 'syncing');
  return (
    <li>
      <Stack gap="xsmall">
        <Text weight="semibold">
          <bdi>{result.name}</bdi>
        </Text>
        {[...result.problems, ...result.warnings].map((issue) => {
          const help = helpFixOf(issue.code);
          return (
            <Text key={issue.code} tone={result.ready ? 'muted' : undefined}>
              {issueText(issue)} {help ? <HelpFixLink fix={help} /> : null}
            </Text>
          );
        })}
        {syncing ? (
          <ProgressBar
            label={t('readiness.syncProgress', { name: result.name })}
            value={syncing.params.progress ?? 0}
            valueText={`${syncing.params.progress ?? 0} %`}
          />
        ) : null}
        {fixing === 'update' ? <Text tone="muted">{t('readiness.updating')}</Text> : null}
        {fixing === 'sync' && !syncing ? <Text tone="muted">{t('readiness.syncQueued')}</Text> : null}
        <Inline gap="small">
          {fixes
            .filter((fix) => fix !== fixing)
            .map((fix) => (
              <Button key={fix} variant="secondary" size="small" disabled={busy} onClick={() => onFix(fix)}>
                {t(`readiness.fix.${fix}`, { name: result.name })}
              </Button>
            ))}
        </Inline>
      </Stack>
    </li>
  );
}
