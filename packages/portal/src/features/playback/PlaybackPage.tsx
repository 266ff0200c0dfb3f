import type { Content, Device } from '@portal/api';
import { formatDuration } from '@portal/domain';
import { Alert, Box, Button, Heading, Inline, PlaybackBar, Spinner, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { refusalsText } from '../../lib/commands.ts';
import { contentDetailQuery } from '../../lib/contentQueries.ts';
import { deviceGroupQuery, organisationHeadsetsQuery } from '../../lib/headsets.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { PLAYBACK_PATH, playbackTargetFrom } from '../../lib/playbackLink.ts';
import { playlistDetailQuery } from '../../lib/playlists.ts';
import { toasts } from '../../lib/toasts.ts';
import { ContentChooser } from './ContentChooser.tsx';
import { HeadsetPicker } from './HeadsetPicker.tsx';
import { type LessonCopy, lessonContent } from './playbackStore.ts';
import { ReadinessPanel } from './ReadinessPanel.tsx';
import { LessonList } from './RunningPlayback.tsx';
import { useLessons, usePlaybackActions } from './usePlayback.ts';

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

/**
 * 'Auf 3 der ausgewählten VR-Brillen läuft gerade „Korallenriff“. Starten übernimmt sie.' (a headset is in one lesson
 * at a time), or null.
 */
function takeOverText(
  t: ReturnType<typeof useTranslation<'playback'>>['t'],
  picked: readonly { id: number }[],
  lessons: readonly LessonCopy[],
): string | null {
  const ids = new Set(picked.map((h) => h.id));
  const busy = lessons.filter((lesson) => lesson.headsets.some((h) => ids.has(h.id)));
  if (busy.length === 0) return null;
  const count = busy.flatMap((lesson) => lesson.headsets).filter((h) => ids.has(h.id)).length;
  const titles = busy.map((lesson) => `„${lessonContent(lesson)?.title ?? ''}“`).join(', ');
  return t('start.takesOver', { count, titles });
}

/**
 * The start of a lesson: once the server has it, the page shows the lesson itself (the link's content and headsets
 * leave the address); a start the server refused as a whole stays here with its reason.
 */
function useStart() {
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { start } = usePlaybackActions();
  return {
    isPending: start.isPending,
    mutate(variables: Parameters<typeof start.mutate>[0]) {
      start.mutate(variables, {
        onSuccess({ outcomes, started }) {
          if (started) {
            void navigate(PLAYBACK_PATH, { replace: true });
            return;
          }
          const nameOf = (id: number) => variables.headsets.find((h) => h.id === id)?.name ?? String(id);
          toasts.show({
            tone: 'error',
            title: 'playback:start.refused',
            descriptionText: refusalsText(tc, outcomes, nameOf) ?? undefined,
          });
        },
      });
    },
  };
}

function StartPlayback({
  content,
  headsets,
  lessons,
}: {
  content: Content;
  headsets: readonly Device[];
  lessons: readonly LessonCopy[];
}) {
  const { t } = useTranslation('playback');
  const [searchParams] = useSearchParams();
  const linked = useLinkedSelection(playbackTargetFrom(searchParams));
  const [selected, setSelected] = useState<Set<number> | null>(null);
  const start = useStart();
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
  const takeOver = takeOverText(t, picked, lessons);
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
      {takeOver ? <Text tone="muted">{takeOver}</Text> : null}
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

/**
 * Wiedergabe (issues 14, 22; /dashboard/playback): the organisation's running lessons with their controls and
 * receipts, the lesson this browser stopped, and the start of a lesson: the content, the headset picker, 'Ist meine
 * Klasse startklar?' and 'Starten'. Links in: lib/playbackLink.ts.
 */
export function PlaybackPage() {
  const { t } = useTranslation('playback');
  const [searchParams, setSearchParams] = useSearchParams();
  const target = playbackTargetFrom(searchParams);
  const { lessons, stopped } = useLessons();
  const [choosing, setChoosing] = useState(false);
  const content = useQuery({
    ...contentDetailQuery(target.content ?? 0),
    enabled: target.content !== null,
  });
  const headsets = useQuery({
    ...organisationHeadsetsQuery,
    enabled: target.content !== null,
    refetchInterval: HEADSETS_REFRESH_MS,
  });

  const body = (() => {
    if (target.content === null) {
      if (lessons.length > 0 && !choosing) {
        return (
          <Inline gap="small">
            <Button variant="secondary" onClick={() => setChoosing(true)}>
              {t('start.another')}
            </Button>
          </Inline>
        );
      }
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
        <StartPlayback content={content.data} headsets={headsets.data.results} lessons={lessons} />
      </Stack>
    );
  })();

  return (
    <Stack gap="large">
      <PageHeading>{t('title')}</PageHeading>
      {lessons.length > 0 || stopped ? <LessonList titleLevel={2} /> : null}
      {body}
    </Stack>
  );
}

export { PlaybackPage as Component };
