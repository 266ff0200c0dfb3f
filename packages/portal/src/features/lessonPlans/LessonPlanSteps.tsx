import { Box, Button, IconButton, Inline, Stack, Text, TextArea, TextField } from '@portal/ui';
import { useId, useState } from 'react';
import { ReorderAnnouncement, useKeyboardReorder } from '../../lib/KeyboardReorder.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { refusalField, showFailure } from '../../lib/serverErrors.ts';
import {
  type LessonPlan,
  type LessonPlanStep,
  type StepFields,
  useMoveStep,
  useRemoveStep,
  useUpdateStep,
} from './lessonPlanQueries.ts';

/** The minutes field as the contract takes them: blank is none, else a whole number (the server checks 1…240). */
export function minutesOf(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number.parseInt(trimmed, 10);
}

/** The note and planned minutes of a step, the fields of adding one and of changing one. */
export function StepNoteFields({
  note,
  minutes,
  onNote,
  onMinutes,
  error,
}: {
  note: string;
  minutes: string;
  onNote: (value: string) => void;
  onMinutes: (value: string) => void;
  error: unknown;
}) {
  const { t } = useTranslation('lessonPlans');
  return (
    <>
      <TextArea
        label={t('steps.note')}
        hint={t('steps.noteHint')}
        value={note}
        maxLength={500}
        rows={2}
        error={refusalField(error, 'note')}
        onChange={(event) => onNote(event.target.value)}
      />
      <TextField
        label={t('steps.minutes')}
        inputMode="numeric"
        value={minutes}
        error={refusalField(error, 'plannedMinutes')}
        onChange={(event) => onMinutes(event.target.value)}
      />
    </>
  );
}

/** 'Bearbeiten' of one step: its note and minutes (its item stays). */
function StepEditor({ plan, step, onDone }: { plan: LessonPlan; step: LessonPlanStep; onDone: () => void }) {
  const { t } = useTranslation('lessonPlans');
  const [note, setNote] = useState(step.note);
  const [minutes, setMinutes] = useState(step.plannedMinutes === null ? '' : String(step.plannedMinutes));
  const update = useUpdateStep(plan.id, { onSuccess: onDone });
  const body: StepFields = { contentId: step.contentId, note, plannedMinutes: minutesOf(minutes) };
  return (
    <Box
      as="form"
      aria-label={t('steps.editLabel', { position: step.positionNumber })}
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        update.mutate({ stepId: step.id, body });
      }}
    >
      <Stack gap="small">
        <StepNoteFields
          note={note}
          minutes={minutes}
          onNote={setNote}
          onMinutes={setMinutes}
          error={update.error}
        />
        <Inline gap="small">
          <Button type="submit" variant="primary" size="small" loading={update.isPending}>
            {t('steps.save')}
          </Button>
          <Button variant="ghost" size="small" onClick={onDone}>
            {t('steps.cancel')}
          </Button>
        </Inline>
      </Stack>
    </Box>
  );
}

function StepFacts({ step }: { step: LessonPlanStep }) {
  const { t } = useTranslation('lessonPlans');
  return (
    <Stack gap="xsmall">
      <Text weight="semibold">
        <bdi>{step.content?.title ?? t('steps.hidden')}</bdi>
      </Text>
      {step.plannedMinutes !== null ? (
        <Text size="small" tone="muted">
          {t('steps.plannedMinutes', { count: step.plannedMinutes })}
        </Text>
      ) : null}
      {step.note ? <Text size="small">{step.note}</Text> : null}
    </Stack>
  );
}

/**
 * The plan's steps in order. The owner reorders them by keyboard on each step's handle as a playlist's items
 * (lib/KeyboardReorder.tsx: Space picks up, arrows move, Space drops, Escape cancels; every move announced), saved with
 * moveLessonPlanStep; changes a step's note and minutes, and removes it.
 */
export function LessonPlanSteps({ plan, editable }: { plan: LessonPlan; editable: boolean }) {
  const { t } = useTranslation('lessonPlans');
  const hintId = useId();
  const [editing, setEditing] = useState<number | null>(null);
  const reorder = useKeyboardReorder(plan.steps, {
    titleOf: (step) => step.content?.title ?? t('steps.hidden'),
    announce: (event, values) => t(`steps.announce.${event}`, values),
    save: (step, position) => move.mutate({ step, position }),
  });
  const steps = reorder.items;
  const count = steps.length;
  const move = useMoveStep(plan.id, {
    onSuccess() {
      reorder.settle();
      reorder.setAnnouncement(t('steps.announce.saved'));
    },
    onError(error) {
      reorder.settle();
      showFailure(error, 'moveLessonPlanStep');
    },
  });
  const remove = useRemoveStep(plan.id, { onError: (error) => showFailure(error, 'removeLessonPlanStep') });

  if (count === 0) return <Text tone="muted">{t('steps.empty')}</Text>;
  return (
    <Stack gap="small">
      {editable ? (
        <Text id={hintId} size="small" tone="muted">
          {t('steps.moveHint')}
        </Text>
      ) : null}
      <Box
        as="ol"
        aria-label={t('steps.caption')}
        display="flex"
        flexDirection="column"
        gap="xsmall"
        listStyle="none"
      >
        {steps.map((step, index) => (
          <Box
            as="li"
            key={step.id}
            display="flex"
            alignItems="flex-start"
            gap="small"
            padding="small"
            borderRadius="medium"
            background={reorder.grab?.id === step.id ? 'surfaceRaised' : 'surface'}
          >
            {editable ? (
              <IconButton
                ref={reorder.handleRef(step.id)}
                label={t('steps.move', {
                  position: index + 1,
                  title: step.content?.title ?? t('steps.hidden'),
                })}
                aria-describedby={hintId}
                aria-pressed={reorder.grab?.id === step.id}
                variant={reorder.grab?.id === step.id ? 'primary' : 'ghost'}
                disabled={move.isPending}
                onKeyDown={(event) => reorder.onHandleKey(event, step, index)}
              >
                <span aria-hidden="true">⇅</span>
              </IconButton>
            ) : null}
            <Text as="span" weight="semibold" tone="muted">
              {t('steps.number', { position: index + 1 })}
            </Text>
            <Box display="flex" flexDirection="column" flexGrow={1} minWidth="0" gap="small">
              {editing === step.id ? (
                <StepEditor plan={plan} step={step} onDone={() => setEditing(null)} />
              ) : (
                <StepFacts step={step} />
              )}
            </Box>
            {editable && editing !== step.id ? (
              <Inline gap="xsmall">
                <Button variant="secondary" size="small" onClick={() => setEditing(step.id)}>
                  {t('steps.edit', { position: index + 1 })}
                </Button>
                <Button
                  variant="ghost"
                  size="small"
                  loading={remove.isPending && remove.variables?.id === step.id}
                  onClick={() => remove.mutate(step)}
                >
                  {t('steps.remove', { position: index + 1 })}
                </Button>
              </Inline>
            ) : null}
          </Box>
        ))}
      </Box>
      <ReorderAnnouncement text={reorder.announcement} />
    </Stack>
  );
}
