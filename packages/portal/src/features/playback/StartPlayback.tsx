import type { Content, Device } from '@portal/api';
import { formatDuration, isolateBidi } from '@portal/domain';
import { PlaybackBar, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { refusalsText } from '../../lib/commands.ts';
import type { PickedFrom } from '../../lib/HeadsetPicker.tsx';
import { deviceGroupQuery } from '../../lib/headsets.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { PLAYBACK_PATH, playbackTargetFrom } from '../../lib/playbackLink.ts';
import { playlistDetailQuery } from '../../lib/playlists.ts';
import { toasts } from '../../lib/toasts.ts';
import { HeadsetsAndReadiness } from './HeadsetsAndReadiness.tsx';
import { readinessQuery } from './playbackQueries.ts';
import { type LessonCopy, lessonContent } from './playbackStore.ts';
import { type StartPlan, startPlan } from './readinessPlan.ts';
import { usePlaybackActions } from './usePlayback.ts';

type Target = ReturnType<typeof playbackTargetFrom>;

/** The headsets a link asks to tick: its own list, a group's or a playlist's (once they have loaded). */
function useLinkedSelection(target: Target): number[] | null {
  const group = useQuery({ ...deviceGroupQuery(target.group ?? 0), enabled: target.group !== null });
  const playlist = useQuery({
    ...playlistDetailQuery(target.configuration ?? 0),
    enabled: target.configuration !== null,
  });
  if (target.group !== null) return group.isPending ? null : (group.data?.devices ?? []);
  if (target.configuration !== null) return playlist.isPending ? null : (playlist.data?.sdmDevices ?? []);
  return [...target.devices];
}

/** Where a link's selection came from: the picker names that group or playlist (not 'Bitte wählen'). */
function linkedFrom(target: Target): PickedFrom | null {
  if (target.group !== null) return { kind: 'group', id: target.group };
  if (target.configuration !== null) return { kind: 'playlist', id: target.configuration };
  return null;
}

type T = ReturnType<typeof useTranslation<'playback'>>['t'];

/**
 * 'Auf 3 der ausgewählten VR-Brillen läuft gerade „Korallenriff“. Starten übernimmt sie.' (a headset is in one lesson
 * at a time), or null.
 */
function takeOverText(
  t: T,
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

/**
 * The start button's words and the sentence below it, which it always has so the page does not move when the check
 * answers: 'Starten' for all, 'Auf 28 von 30 starten' naming the others, disabled with the reason when none is ready.
 */
function startButton(t: T, plan: StartPlan): { label: string; hint: string; disabled: boolean } {
  const start = t('labels.start');
  switch (plan.kind) {
    case 'none':
      return { label: start, hint: t('start.hint.pickFirst'), disabled: true };
    case 'checking':
      return { label: start, hint: t('start.hint.checking'), disabled: true };
    case 'unchecked':
      return { label: start, hint: t('start.hint.unchecked'), disabled: false };
    case 'noneReady':
      return { label: start, hint: t('start.hint.noneReady', { count: plan.total }), disabled: true };
    case 'someReady':
      return {
        label: t('start.startSome', { count: plan.start.length, total: plan.total }),
        hint: t('start.hint.leftOut', {
          count: plan.leftOut.length,
          // Each name isolated on its own: an override in one must not run into the next.
          names: plan.leftOut.map(isolateBidi).join(', '),
          interpolation: { escapeValue: false },
        }),
        disabled: false,
      };
    case 'allReady':
      return { label: start, hint: t('start.hint.allReady', { count: plan.start.length }), disabled: false };
  }
}

/**
 * Before the lesson: the content's bar with 'Starten', the headset picker, and beside it (below it on narrow screens,
 * so that its answer never pushes the picker down) 'Ist meine Klasse startklar?'. 'Starten' reaches only the
 * headsets the check found ready (issue 22).
 */
export function StartPlayback({
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
  const target = playbackTargetFrom(searchParams);
  const linked = useLinkedSelection(target);
  const [selected, setSelected] = useState<Set<number> | null>(null);
  const [pickedFrom, setPickedFrom] = useState<PickedFrom | null>(() => linkedFrom(target));
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
  const ids = picked.map((h) => h.id);
  const readiness = useQuery(readinessQuery(ids, content.uuid));
  // The answer of the selection shown now, not one kept on screen from the previous selection.
  const current = readiness.isPlaceholderData ? undefined : readiness.data;
  const plan = startPlan(ids, current, readiness.isError);
  const button = startButton(t, plan);
  const starting = 'start' in plan ? picked.filter((h) => plan.start.includes(h.id)) : [];
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
          start: button.label,
          pause: t('labels.pause'),
          resume: t('labels.resume'),
          stop: t('labels.stop'),
        }}
        onStart={() =>
          start.mutate({
            content: { uuid: content.uuid, title: content.title, contentType: content.contentType },
            headsets: starting,
          })
        }
        onPause={() => undefined}
        onResume={() => undefined}
        onStop={() => undefined}
        disabled={button.disabled}
        hint={button.hint}
        busy={start.isPending}
        busyLabel={t('running.busy')}
      />
      {takeOver ? <Text tone="muted">{takeOver}</Text> : null}
      <HeadsetsAndReadiness
        picker={{
          headsets,
          selected: chosen,
          onSelectedChange: setSelected,
          pickedFrom,
          onPickedFromChange: setPickedFrom,
        }}
        readiness={{
          headsets: picked,
          contents: { contentUuids: [content.uuid], contentsFor: () => [content.id] },
          report: readiness.data,
          failed: readiness.isError,
          onRetry: () => void readiness.refetch(),
        }}
      />
    </Stack>
  );
}
