import { Box, Button, Heading, Inline, Stack, Text, TextField } from '@portal/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadedCardList } from '../../lib/LoadedCardList.tsx';
import { lessonPlansQuery } from '../../lib/lessonPlans.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { playbackHref } from '../../lib/playbackLink.ts';
import { refusalField, showFailure } from '../../lib/serverErrors.ts';
import { createLessonPlan } from './lessonPlanQueries.ts';

export const LESSON_PLANS_PATH = '/dashboard/lesson-plans';

/** 'Neuer Unterrichtsablauf': a name, then the plan's page to add its steps. */
function CreatePlan() {
  const { t } = useTranslation('lessonPlans');
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => createLessonPlan(name),
    onSuccess: (plan) => void navigate(`${LESSON_PLANS_PATH}/${plan.id}`),
    onError: (error) => {
      if (!refusalField(error, 'name')) showFailure(error, 'createLessonPlan');
    },
  });
  return (
    <Box
      as="form"
      aria-label={t('list.create')}
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        create.mutate();
      }}
    >
      <Inline gap="small" alignY="bottom">
        <TextField
          label={t('list.newName')}
          hint={t('list.newNameHint')}
          value={name}
          maxLength={200}
          required
          error={refusalField(create.error, 'name')}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" variant="primary" loading={create.isPending}>
          {t('list.create')}
        </Button>
      </Inline>
    </Box>
  );
}

/**
 * Unterrichtsabläufe (/dashboard/lesson-plans, issue 26): the organisation's lesson plans and those shared with it,
 * each with its steps counted, to open or to begin at once; and a new plan.
 */
export function LessonPlansPage() {
  const { t } = useTranslation('lessonPlans');
  const plans = useQuery(lessonPlansQuery);
  return (
    <Stack gap="large">
      <PageHeading>{t('list.title')}</PageHeading>
      <Text tone="muted">{t('list.intro')}</Text>
      <CreatePlan />
      <LoadedCardList
        query={plans}
        label={t('list.title')}
        texts={{
          loading: t('list.loading'),
          failed: t('list.failed'),
          retry: t('list.retry'),
          emptyTitle: t('list.empty.title'),
          emptyDescription: t('list.empty.description'),
        }}
      >
        {(plan) => (
          <Stack gap="small">
            <Heading level={2}>
              <Link to={`${LESSON_PLANS_PATH}/${plan.id}`}>
                <bdi>{plan.name}</bdi>
              </Link>
            </Heading>
            <Text tone="muted">
              {t('list.steps', { count: plan.steps.length })} · <bdi>{plan.owner.name}</bdi>
            </Text>
            {plan.steps.length > 0 ? (
              <Inline gap="small">
                <Link to={playbackHref({ plan: plan.id })}>{t('detail.begin', { name: plan.name })}</Link>
              </Inline>
            ) : null}
          </Stack>
        )}
      </LoadedCardList>
    </Stack>
  );
}

export { LessonPlansPage as Component };
