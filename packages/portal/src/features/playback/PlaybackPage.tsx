import type { Content, Device } from '@portal/api';
import { formatDuration } from '@portal/domain';
import { Alert, Box, Button, Heading, PlaybackBar, Spinner, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { contentDetailQuery } from '../../lib/contentQueries.ts';
import { HeadsetPicker } from '../../lib/HeadsetPicker.tsx';
import { deviceGroupQuery, organisationHeadsetsQuery } from '../../lib/headsets.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { PLAYBACK_PATH, playbackTargetFrom } from '../../lib/playbackLink.ts';
import { playlistDetailQuery } from '../../lib/playlists.ts';
import { ContentChooser } from './ContentChooser.tsx';
import { type PlaybackSession, sessionContent, usePlaybackSession } from './playbackStore.ts';
import { ReadinessPanel } from './ReadinessPanel.tsx';
import { RunningPlayback } from './RunningPlayback.tsx';
import { usePlaybackActions } from './usePlayback.ts';

/** The same link without its content: the headsets stay, the content is asked for again. */
function withoutContent(search: URLSearchParams): string {
  const next = new URLSearchParams(search);
  next.delete('content');
  const text = next.toString();
  return text ? `${PLAYBACK_PATH}?${text}` : PLAYBACK_PATH;
}

/** The picker follows the headsets live (online, battery) while the teacher chooses. */
const HEADSETS_REFRESH_MS = 5000;

/** The headsets a link asks to tick: its own list, a group's or a playlist's (once they have loaded). */
function useLinkedSelection(target: ReturnType<typeof playbackTargetFrom>): number[] | null {
  const group = useQuery({ ...deviceGroupQuery(target.group ?? 0), enabled: target.group !== null });
  const playlist = useQuery({
    ...playlistDetailQuery(target.configuration ?? 0),
    enabled: target.configuration !== null,
  });
  if (target.group !== null) return group.isPending ? null : (group.data?.devices ?? []);
  if (target.configuration !== null) return playlist.isPending ? null : (playlist.data?.sdmDevices ?? []);
  return [...target.devices];
}

function StartPlayback({ content, headsets }: { content: Content; headsets: readonly Device[] }) {
  const { t } = useTranslation('playback');
  const [searchParams] = useSearchParams();
  const linked = useLinkedSelection(playbackTargetFrom(searchParams));
  const [selected, setSelected] = useState<Set<number> | null>(null);
  const { start } = usePlaybackActions();
  // The link's headsets are ticked once they are known; the teacher changes the ticks from there.
  useEffect(() => {
    if (selected === null && linked !== null) {
      const known = new Set(headsets.map((h) => h.id));
      setSelected(new Set(linked.filter((id) => known.has(id))));
    }
  }, [selected, linked, headsets]);
  const chosen = selected ?? new Set<number>();
  const picked = headsets
    .filter((h) => chosen.has(h.id))
    .map((h) => ({ id: h.id, name: h.name, serialNumber: h.serialNumber }));
  return (
    <Stack gap="large">
      <PlaybackBar
        title={content.title}
        state="stopped"
        elapsed={formatDuration(0)}
        duration={content.duration === null ? t('running.noDuration') : formatDuration(content.duration)}
        timeSeparator="/"
        timeSeparatorLabel={t('running.of')}
        deviceCountText={t('start.selected', { count: picked.length })}
        labels={{
          start: t('labels.start'),
          pause: t('labels.pause'),
          resume: t('labels.resume'),
          stop: t('labels.stop'),
        }}
        onStart={() =>
          start.mutate({
            content: { uuid: content.uuid, title: content.title, contentType: content.contentType },
            duration: content.duration,
            headsets: picked,
          })
        }
        onPause={() => undefined}
        onResume={() => undefined}
        onStop={() => undefined}
        disabled={picked.length === 0}
        busy={start.isPending}
        busyLabel={t('running.busy')}
      />
      {picked.length === 0 ? <Text tone="muted">{t('start.pickFirst')}</Text> : null}
      <ReadinessPanel headsets={picked} contentUuid={content.uuid} />
      <Box as="section" aria-labelledby="picker-heading">
        <Stack gap="medium">
          <Heading level={2} id="picker-heading">
            {t('picker.title')}
          </Heading>
          <HeadsetPicker headsets={headsets} selected={chosen} onSelectedChange={setSelected} />
        </Stack>
      </Box>
    </Stack>
  );
}

/** Something runs already: it is shown (one playback at a time); another content asked for waits until it stops. */
function Running({ session, askedFor }: { session: PlaybackSession; askedFor: number | null }) {
  const { t } = useTranslation('playback');
  const running = sessionContent(session);
  return (
    <Stack gap="large">
      {askedFor !== null ? (
        <Alert tone="info" title={t('start.alreadyRunning.title')}>
          {t('start.alreadyRunning.description', { title: running?.title ?? '' })}
        </Alert>
      ) : null}
      <RunningPlayback session={session} />
    </Stack>
  );
}

/**
 * Wiedergabe (issue 14, /dashboard/playback): the content, the headset picker, 'Ist meine Klasse startklar?' and
 * 'Starten'; once it runs, the playback bar and every headset's receipt. Links in: lib/playbackLink.ts.
 */
export function PlaybackPage() {
  const { t } = useTranslation('playback');
  const [searchParams, setSearchParams] = useSearchParams();
  const target = playbackTargetFrom(searchParams);
  const session = usePlaybackSession();
  const content = useQuery({
    ...contentDetailQuery(target.content ?? 0),
    enabled: target.content !== null && session === null,
  });
  const headsets = useQuery({
    ...organisationHeadsetsQuery,
    enabled: session === null,
    refetchInterval: HEADSETS_REFRESH_MS,
  });

  const body = (() => {
    if (session) return <Running session={session} askedFor={target.content} />;
    if (target.content === null) {
      return (
        <Stack gap="medium">
          <Heading level={2}>{t('chooser.title')}</Heading>
          <ContentChooser
            onChoose={(id) =>
              setSearchParams((previous) => {
                const next = new URLSearchParams(previous);
                next.set('content', String(id));
                return next;
              })
            }
          />
        </Stack>
      );
    }
    if (content.isError) {
      return (
        <Alert tone="critical" title={t('start.contentMissing.title')}>
          <Stack gap="small">
            <Text>{t('start.contentMissing.description')}</Text>
            <Link to={withoutContent(searchParams)}>{t('start.chooseOther')}</Link>
          </Stack>
        </Alert>
      );
    }
    if (content.isPending || headsets.isPending) return <Spinner label={t('start.loading')} />;
    if (headsets.isError) {
      return (
        <Alert tone="critical" title={t('start.headsetsFailed')}>
          <Button variant="secondary" onClick={() => void headsets.refetch()}>
            {t('readiness.retry')}
          </Button>
        </Alert>
      );
    }
    if (headsets.data.results.length === 0) {
      return (
        <Alert tone="info" title={t('start.noHeadsets.title')}>
          {t('start.noHeadsets.description')}
        </Alert>
      );
    }
    return (
      <Stack gap="medium">
        <Link to={withoutContent(searchParams)}>{t('start.chooseOther')}</Link>
        <StartPlayback content={content.data} headsets={headsets.data.results} />
      </Stack>
    );
  })();

  return (
    <Stack gap="large">
      <PageHeading>{t('title')}</PageHeading>
      {body}
    </Stack>
  );
}

export { PlaybackPage as Component };
