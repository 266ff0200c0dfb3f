import { Alert, Button, Heading, Spinner, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { contentDetailQuery } from '../../lib/contentQueries.ts';
import { organisationHeadsetsQuery } from '../../lib/headsets.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { PLAYBACK_PATH, playbackTargetFrom } from '../../lib/playbackLink.ts';
import { ContentChooser } from './ContentChooser.tsx';
import { type PlaybackSession, sessionContent, usePlaybackSession } from './playbackStore.ts';
import { RunningPlayback } from './RunningPlayback.tsx';
import { StartPlayback } from './StartPlayback.tsx';

/** The same link without its content: the headsets stay, the content is asked for again. */
function withoutContent(search: URLSearchParams): string {
  const next = new URLSearchParams(search);
  next.delete('content');
  const text = next.toString();
  return text ? `${PLAYBACK_PATH}?${text}` : PLAYBACK_PATH;
}

/** The picker follows the headsets live (online, battery) while the teacher chooses. */
const HEADSETS_REFRESH_MS = 5000;

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
