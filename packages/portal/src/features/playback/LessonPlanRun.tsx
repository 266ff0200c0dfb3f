import type { Device, LessonPlan } from '@portal/api';
import { isolateBidi } from '@portal/domain';
import { Alert, Box, Button, Heading, Inline, Spinner, Stack, Text } from '@portal/ui';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { refusalsText } from '../../lib/commands.ts';
import type { PickedFrom } from '../../lib/HeadsetPicker.tsx';
import { lessonPlanQuery } from '../../lib/lessonPlans.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { PLAYBACK_PATH } from '../../lib/playbackLink.ts';
import { toasts } from '../../lib/toasts.ts';
import { HeadsetsAndReadiness } from './HeadsetsAndReadiness.tsx';
import { readinessQuery } from './playbackQueries.ts';
import type { LessonCopy, PlayingContent } from './playbackStore.ts';
import { mergeReadiness, startPlan } from './readinessPlan.ts';
import { usePlaybackActions } from './usePlayback.ts';

type PlanStep = LessonPlan['steps'][number];

/** A step's item as a start needs it; null for an item the caller may not see (it cannot be started). */
const contentOf = (step: PlanStep | undefined): PlayingContent | null =>
  step?.content
    ? { uuid: step.content.uuid, title: step.content.title, contentType: step.content.contentType }
    : null;

/** 'Schritt 2 von 4' with the step's note for the teacher and its planned minutes. */
function StepFacts({
  step,
  count,
  note,
  minutes,
}: {
  step: number;
  count: number;
  note: string;
  minutes: number | null;
}) {
  const { t } = useTranslation('playback');
  return (
    <Stack gap="xsmall">
      <Text weight="semibold">{t('plan.progress', { step, count })}</Text>
      {minutes !== null ? (
        <Text size="small" tone="muted">
          {t('plan.minutes', { count: minutes })}
        </Text>
      ) : null}
      {note ? <Text>{t('plan.note', { note })}</Text> : null}
    </Stack>
  );
}

/**
 * A running lesson of a lesson plan (issue 26): the plan, 'Schritt 2 von 4', the step's note and minutes, and 'Zurück'
 * and 'Weiter', which start the step before or after on the same headsets within the lesson. Where the class is comes
 * from the server's lesson, so every screen and a reload show the same step.
 */
export function LessonPlanProgress({ lesson }: { lesson: LessonCopy }) {
  const { t } = useTranslation('playback');
  const { t: tc } = useTranslation();
  const running = lesson.lessonPlan;
  const plan = useQuery({ ...lessonPlanQuery(running?.id ?? 0), enabled: running != null });
  const { goToStep } = usePlaybackActions();
  if (!running) return null;
  const steps = plan.data?.steps ?? [];
  const go = (step: number) => {
    const content = contentOf(steps[step - 1]);
    if (!content) return;
    goToStep.mutate(
      { lesson, plan: running.id, step, content },
      {
        onSuccess(outcomes) {
          if (outcomes.every((outcome) => 'refusal' in outcome)) {
            const nameOf = (id: number) => lesson.headsets.find((h) => h.id === id)?.name ?? String(id);
            toasts.show({
              tone: 'error',
              title: 'playback:plan.stepRefused',
              descriptionText: refusalsText(tc, outcomes, nameOf) ?? undefined,
            });
          }
        },
      },
    );
  };
  const previous = running.step > 1 ? contentOf(steps[running.step - 2]) : null;
  const next = running.step < running.stepCount ? contentOf(steps[running.step]) : null;
  return (
    <Box as="section" aria-label={t('plan.label', { name: running.name })}>
      <Stack gap="small">
        <Text tone="muted">{t('plan.running', { name: running.name })}</Text>
        <StepFacts
          step={running.step}
          count={running.stepCount}
          note={running.note}
          minutes={running.plannedMinutes}
        />
        <Inline gap="small" alignY="center">
          <Button
            variant="secondary"
            disabled={previous === null || goToStep.isPending}
            onClick={() => go(running.step - 1)}
          >
            {t('plan.back')}
          </Button>
          <Button
            variant="primary"
            disabled={next === null || goToStep.isPending}
            loading={goToStep.isPending}
            onClick={() => go(running.step + 1)}
          >
            {t('plan.next')}
          </Button>
          {next ? (
            <Text size="small" tone="muted">
              {t('plan.upNext', { title: isolateBidi(next.title), interpolation: { escapeValue: false } })}
            </Text>
          ) : (
            <Text size="small" tone="muted">
              {t('plan.lastStep')}
            </Text>
          )}
        </Inline>
      </Stack>
    </Box>
  );
}

/** The steps of a plan before class, in order, with their minutes. */
function PlanSteps({ plan }: { plan: LessonPlan }) {
  const { t } = useTranslation('playback');
  return (
    <Box as="ol" aria-label={t('plan.steps')} display="grid" gap="xsmall">
      {plan.steps.map((step) => (
        <li key={step.id}>
          <Text>
            <bdi>{step.content?.title ?? t('plan.hiddenStep')}</bdi>
            {step.plannedMinutes !== null ? ` · ${t('plan.minutes', { count: step.plannedMinutes })}` : ''}
          </Text>
        </li>
      ))}
    </Box>
  );
}

/**
 * Before class (issue 26): the plan's steps, the headset picker (a group, a playlist's headsets or the class), one
 * readiness check for every step's item on them ('Alles beheben' brings every missing item), and 'Beginnen', which
 * starts the first step on the headsets ready for all of them.
 */
export function StartLessonPlan({ plan, headsets }: { plan: LessonPlan; headsets: readonly Device[] }) {
  const { t } = useTranslation('playback');
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [pickedFrom, setPickedFrom] = useState<PickedFrom | null>(null);
  const { start } = usePlaybackActions();
  const picked = headsets
    .filter((h) => selected.has(h.id))
    .map((h) => ({ id: h.id, name: h.name, serialNumber: h.serialNumber }));
  const ids = picked.map((h) => h.id);
  const items = [
    ...new Map(plan.steps.flatMap((s) => (s.content ? [[s.content.id, s.content]] : []))).values(),
  ];
  const checks = useQueries({ queries: items.map((item) => readinessQuery(ids, item.uuid)) });
  const current = checks.some((check) => check.isPlaceholderData)
    ? undefined
    : mergeReadiness(items.map((item, i) => ({ contentId: item.id, report: checks[i]?.data })));
  const failed = checks.some((check) => check.isError);
  const ready = startPlan(ids, current?.report, failed);
  const first = contentOf(plan.steps[0]);
  const starting = 'start' in ready ? picked.filter((h) => ready.start.includes(h.id)) : [];
  const begin = () => {
    if (!first) return;
    start.mutate(
      { content: first, headsets: starting, plan: plan.id },
      {
        onSuccess({ started }) {
          if (started) void navigate(PLAYBACK_PATH, { replace: true });
          else toasts.show({ tone: 'error', title: 'playback:start.refused' });
        },
      },
    );
  };
  return (
    <Stack gap="large">
      <Stack gap="small">
        <Heading level={2}>{t('plan.title', { name: plan.name })}</Heading>
        <PlanSteps plan={plan} />
        {first === null ? (
          <Alert tone="warning" title={t('plan.firstHidden')}>
            {t('plan.firstHiddenDescription')}
          </Alert>
        ) : null}
        <Inline gap="small" alignY="center">
          <Button
            variant="primary"
            disabled={starting.length === 0 || first === null}
            loading={start.isPending}
            onClick={begin}
          >
            {ready.kind === 'someReady'
              ? t('plan.beginSome', { count: ready.start.length, total: ready.total })
              : t('plan.begin')}
          </Button>
          <Text size="small" tone="muted">
            {ready.kind === 'none' ? t('start.hint.pickFirst') : t('plan.beginHint')}
          </Text>
        </Inline>
      </Stack>
      <HeadsetsAndReadiness
        picker={{
          headsets,
          selected,
          onSelectedChange: setSelected,
          pickedFrom,
          onPickedFromChange: setPickedFrom,
        }}
        readiness={{
          headsets: picked,
          contents: {
            contentUuids: items.map((item) => item.uuid),
            contentsFor: current?.contentsFor ?? (() => []),
          },
          report: current?.report,
          failed,
          onRetry: () => {
            for (const check of checks) void check.refetch();
          },
        }}
      />
    </Stack>
  );
}

/** The plan of a playback link (`?plan=`), loaded, or what went wrong. */
export function LessonPlanStart({ planId, headsets }: { planId: number; headsets: readonly Device[] }) {
  const { t } = useTranslation('playback');
  const plan = useQuery(lessonPlanQuery(planId));
  if (plan.isPending) return <Spinner label={t('start.loading')} />;
  if (plan.isError) {
    return (
      <Alert tone="critical" title={t('plan.notFound')}>
        {t('plan.notFoundDescription')}
      </Alert>
    );
  }
  return <StartLessonPlan plan={plan.data} headsets={headsets} />;
}
