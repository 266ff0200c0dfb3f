import { Alert, Button, Heading, Inline, Spinner, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { contentDetailQuery } from '../../lib/contentQueries.ts';
import { organisationHeadsetsQuery } from '../../lib/headsets.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { PLAYBACK_PATH, playbackTargetFrom } from '../../lib/playbackLink.ts';
import { ContentChooser } from './ContentChooser.tsx';
import { LessonPlanStart } from './LessonPlanRun.tsx';
import { LessonList } from './RunningPlayback.tsx';
import { StartPlayback } from './StartPlayback.tsx';
import { useLessons } from './usePlayback.ts';

/** The same link without its content: the headsets stay, the content is asked for again. */
function withoutContent(search: URLSearchParams): string {
  const next = new URLSearchParams(search);
  next.delete('content');
  const text = next.toString();
  return text ? `${PLAYBACK_PATH}?${text}` : PLAYBACK_PATH;
}

/** The picker follows the headsets live (online, battery) while the teacher chooses. */
const HEADSETS_REFRESH_MS = 5000;

/**
 * Wiedergabe (issues 14, 22; /dashboard/playback): the organisation's running lessons with their controls and
 * receipts, the lesson this browser stopped, and the start of a lesson: the content, the headset picker, 'Ist meine
 * Klasse startklar?' and 'Starten'; or, with `?plan=`, the beginning of a lesson plan (LessonPlanRun.tsx). Links in:
 * lib/playbackLink.ts.
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
  // The chooser shows what is on the headsets, the start picks among them: both want the fleet.
  const headsets = useQuery({ ...organisationHeadsetsQuery, refetchInterval: HEADSETS_REFRESH_MS });

  const body = (() => {
    if (target.plan !== null && target.content === null) {
      if (headsets.isPending) return <Spinner label={t('start.loading')} />;
      return (
        <Stack gap="medium">
          <Link to={PLAYBACK_PATH}>{t('plan.chooseContent')}</Link>
          <LessonPlanStart planId={target.plan} headsets={headsets.data?.results ?? []} />
        </Stack>
      );
    }
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
          {/* The chooser's first part is what plays on the headsets: until they are known, nothing is drawn that
              their playlists would push down. */}
          {headsets.isPending ? (
            <Spinner label={t('chooser.loading')} />
          ) : (
            <ContentChooser
              target={target}
              headsets={headsets.data?.results ?? []}
              onChoose={(id) =>
                setSearchParams((previous) => {
                  const next = new URLSearchParams(previous);
                  next.set('content', String(id));
                  return next;
                })
              }
            />
          )}
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
