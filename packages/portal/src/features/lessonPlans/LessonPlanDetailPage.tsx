import { type ContentOrdering, isLessonPlanOwner } from '@portal/domain';
import {
  Box,
  Button,
  ButtonLink,
  ConfirmDialog,
  Dialog,
  Heading,
  Inline,
  Select,
  Stack,
  Text,
  TextField,
} from '@portal/ui';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { contentSearchQuery } from '../../lib/contentQueries.ts';
import { lessonPlanQuery } from '../../lib/lessonPlans.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { playbackHref } from '../../lib/playbackLink.ts';
import { RecordPageFallback } from '../../lib/RecordPageFallback.tsx';
import { routeId } from '../../lib/routeParams.ts';
import { type ShareChanges, ShareDialogContent } from '../../lib/ShareDialog.tsx';
import { refusalField, showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { LessonPlanSteps, minutesOf, StepNoteFields } from './LessonPlanSteps.tsx';
import { LESSON_PLANS_PATH } from './LessonPlansPage.tsx';
import {
  duplicateLessonPlan,
  type LessonPlan,
  renameLessonPlan,
  saveLessonPlanShares,
  useAddStep,
  useDeleteLessonPlan,
} from './lessonPlanQueries.ts';

const SEARCH_RESULTS = 20;
const BY_TITLE: ContentOrdering = 'title';

/** 'Schritt hinzufügen': an item of the Mediathek (searched by title), a note for the teacher and planned minutes. */
function AddStep({ plan }: { plan: LessonPlan }) {
  const { t } = useTranslation('lessonPlans');
  const [search, setSearch] = useState('');
  const [contentId, setContentId] = useState('');
  const [note, setNote] = useState('');
  const [minutes, setMinutes] = useState('');
  const debounced = useDebouncedValue(search, 250);
  const found = useQuery({
    ...contentSearchQuery({ search: debounced, ordering: BY_TITLE, pageSize: SEARCH_RESULTS }),
    placeholderData: keepPreviousData,
  });
  const add = useAddStep(plan.id, {
    onSuccess() {
      setContentId('');
      setNote('');
      setMinutes('');
      toasts.show({ tone: 'success', title: 'lessonPlans:toasts.stepAdded' });
    },
  });
  const options = (found.data?.results ?? []).map((item) => ({ value: String(item.id), label: item.title }));
  return (
    <Box
      as="form"
      aria-labelledby="add-step-heading"
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        add.mutate({ contentId: Number(contentId), note, plannedMinutes: minutesOf(minutes) });
      }}
    >
      <Stack gap="small">
        <Heading level={2} id="add-step-heading">
          {t('add.title')}
        </Heading>
        <TextField
          label={t('add.search')}
          value={search}
          maxLength={200}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Select
          label={t('add.content')}
          placeholder={t('add.choose')}
          options={options}
          value={contentId}
          required
          error={refusalField(add.error, 'contentId')}
          onChange={(event) => setContentId(event.target.value)}
        />
        <StepNoteFields
          note={note}
          minutes={minutes}
          onNote={setNote}
          onMinutes={setMinutes}
          error={add.error}
        />
        <Inline gap="small">
          <Button type="submit" variant="primary" loading={add.isPending} disabled={contentId === ''}>
            {t('add.submit')}
          </Button>
        </Inline>
      </Stack>
    </Box>
  );
}

/** 'Umbenennen': the name in place, saved with renameLessonPlan. */
function Rename({ plan, onDone }: { plan: LessonPlan; onDone: () => void }) {
  const { t } = useTranslation('lessonPlans');
  const [name, setName] = useState(plan.name);
  const rename = useMutation({ mutationFn: () => renameLessonPlan(plan.id, name), onSuccess: onDone });
  return (
    <Box
      as="form"
      aria-label={t('detail.rename')}
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        rename.mutate();
      }}
    >
      <Inline gap="small" alignY="bottom">
        <TextField
          label={t('detail.name')}
          value={name}
          maxLength={200}
          required
          error={refusalField(rename.error, 'name')}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" variant="primary" loading={rename.isPending}>
          {t('steps.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('steps.cancel')}
        </Button>
      </Inline>
    </Box>
  );
}

/** The owner's actions: rename, share, duplicate, delete. */
function OwnerActions({ plan, onRename }: { plan: LessonPlan; onRename: () => void }) {
  const { t } = useTranslation('lessonPlans');
  const navigate = useNavigate();
  const [sharing, setSharing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteLessonPlan(plan.id, {
    onSuccess() {
      toasts.show({ tone: 'success', title: 'lessonPlans:toasts.deleted' });
      void navigate(LESSON_PLANS_PATH);
    },
    onError: (error) => showFailure(error, 'deleteLessonPlan'),
  });
  const save = async (changes: ShareChanges) => {
    await saveLessonPlanShares(plan, changes);
    toasts.show({ tone: 'success', title: 'lessonPlans:toasts.shared' });
  };
  return (
    <Inline gap="small">
      <Button variant="secondary" onClick={onRename}>
        {t('detail.rename')}
      </Button>
      <Dialog.Root open={sharing} onOpenChange={setSharing}>
        <Dialog.Trigger asChild>
          <Button variant="secondary">{t('detail.share')}</Button>
        </Dialog.Trigger>
        {sharing ? (
          <ShareDialogContent
            ownerId={plan.owner.id}
            sharedWith={plan.sharedWith}
            title={t('share.title')}
            description={t('share.description', { name: plan.name })}
            onSave={save}
            onClose={() => setSharing(false)}
          />
        ) : null}
      </Dialog.Root>
      <Button variant="ghost" onClick={() => setDeleting(true)}>
        {t('detail.delete')}
      </Button>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        tone="destructive"
        title={t('delete.title')}
        description={t('delete.description', { name: plan.name })}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('steps.cancel')}
        confirming={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </Inline>
  );
}

/**
 * Unterrichtsablauf (/dashboard/lesson-plans/{id}): the plan's steps in order with their notes and minutes, 'Beginnen'
 * (playback with the plan), 'Duplizieren'; for the owner organisation renaming, sharing, deleting, adding, changing,
 * reordering and removing steps. A plan shared with the organisation is read-only.
 */
export function LessonPlanDetailPage() {
  const { t } = useTranslation('lessonPlans');
  const id = routeId(useParams().id);
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const [renaming, setRenaming] = useState(false);
  const plan = useQuery({ ...lessonPlanQuery(id ?? 0), enabled: id !== null });
  const duplicate = useMutation({
    mutationFn: (current: LessonPlan) =>
      duplicateLessonPlan(current.id, t('detail.copyName', { name: current.name })),
    onSuccess(copy) {
      toasts.show({ tone: 'success', title: 'lessonPlans:toasts.duplicated' });
      void navigate(`${LESSON_PLANS_PATH}/${copy.id}`);
    },
    onError: (error) => showFailure(error, 'duplicateLessonPlan'),
  });
  if (id === null || !plan.isSuccess) {
    return (
      <RecordPageFallback
        id={id}
        query={plan}
        notFound={{
          title: t('detail.notFound.title'),
          description: t('detail.notFound.description'),
          action: t('detail.notFound.action'),
          href: LESSON_PLANS_PATH,
        }}
        failed={{
          title: t('detail.failed.title'),
          description: t('detail.failed.description'),
          retry: t('list.retry'),
        }}
        loading={t('list.loading')}
      />
    );
  }
  const current = plan.data;
  const owner = isLessonPlanOwner(user, current);
  return (
    <Stack gap="large">
      {renaming ? (
        <Rename plan={current} onDone={() => setRenaming(false)} />
      ) : (
        <PageHeading>{current.name}</PageHeading>
      )}
      <Text tone="muted">{owner ? t('detail.own') : t('detail.sharedBy', { name: current.owner.name })}</Text>
      <Inline gap="small">
        {current.steps.length > 0 ? (
          <ButtonLink variant="primary" href={playbackHref({ plan: current.id })}>
            {t('detail.begin', { name: current.name })}
          </ButtonLink>
        ) : null}
        <Button variant="secondary" loading={duplicate.isPending} onClick={() => duplicate.mutate(current)}>
          {t('detail.duplicate')}
        </Button>
      </Inline>
      {owner ? <OwnerActions plan={current} onRename={() => setRenaming(true)} /> : null}
      <Box as="section" aria-labelledby="steps-heading">
        <Stack gap="medium">
          <Heading level={2} id="steps-heading">
            {t('steps.title', { count: current.steps.length })}
          </Heading>
          <LessonPlanSteps plan={current} editable={owner} />
        </Stack>
      </Box>
      {owner ? <AddStep plan={current} /> : null}
    </Stack>
  );
}

export { LessonPlanDetailPage as Component };
