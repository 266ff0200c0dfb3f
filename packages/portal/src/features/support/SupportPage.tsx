import {
  deriveRoleFlags,
  HELP_LINK_PARAMS,
  HELP_TOPICS,
  type HelpAudience,
  type HelpTopicKey,
  helpAudienceFor,
  helpAudienceOf,
  helpHref,
  helpTopicOf,
} from '@portal/domain';
import { Alert, Box, Button, SearchField, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { TitledSection } from '../../lib/TitledSection.tsx';
import { loadAllArticles, loadArticle } from './articles.ts';
import { MarkdownArticle } from './MarkdownArticle.tsx';
import { parseArticle } from './markdown.ts';
import { OperatingSystemsLink } from './OperatingSystemsLink.tsx';
import { SupportContact } from './SupportContact.tsx';
import { createHelpIndex } from './searchIndex.ts';

/**
 * Which article a reader gets per topic: the audience the address asks for (`fuer`, a help link's choice), else the
 * reader's own (administrators theirs, KMZ users theirs for /products; visitors and members the others').
 */
function useAudiences(): (key: HelpTopicKey) => HelpAudience {
  const [params] = useSearchParams();
  const { user } = useCurrentUser();
  const requested = params.get(HELP_LINK_PARAMS.audience);
  const flags = deriveRoleFlags(user);
  return (key) => helpAudienceOf(key, requested) ?? helpAudienceFor(key, flags);
}

/** Moves to the section the address names ('#offline') once the article is drawn, focus included. */
function useSectionFocus(ready: boolean): void {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address (key) with the same hash moves there again
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    // Below the sticky navbar (the page's banner), not under it.
    const navbar = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
    window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - navbar - 16 });
    target.focus({ preventScroll: true });
  }, [ready, hash, key]);
}

function Article({ topic, audience }: { topic: HelpTopicKey; audience: HelpAudience }) {
  const { t } = useTranslation('support');
  const article = useQuery({
    queryKey: ['help-article', topic, audience],
    queryFn: async () => parseArticle(await loadArticle(topic, audience)),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  useSectionFocus(article.isSuccess);
  if (article.isError) {
    return (
      <Alert tone="critical" announce="assertive" title={t('article.failed')}>
        <Button variant="secondary" size="small" onClick={() => void article.refetch()}>
          {t('article.retry')}
        </Button>
      </Alert>
    );
  }
  if (!article.data) return <Text tone="muted">{t('article.loading')}</Text>;
  return (
    <Box as="article">
      <MarkdownArticle tokens={article.data} />
    </Box>
  );
}

function SearchResults({
  query,
  audienceOf,
}: {
  query: string;
  audienceOf: (key: HelpTopicKey) => HelpAudience;
}) {
  const { t } = useTranslation('support');
  const audienceKey = HELP_TOPICS.map((topic) => audienceOf(topic.key)).join(',');
  const index = useQuery({
    queryKey: ['help-index', audienceKey],
    queryFn: async () => createHelpIndex(await loadAllArticles(audienceOf)),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const hits = useMemo(() => index.data?.search(query) ?? [], [index.data, query]);
  if (index.isError) {
    return (
      <Alert tone="critical" title={t('search.failed')}>
        <Button variant="secondary" size="small" onClick={() => void index.refetch()}>
          {t('article.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <Stack gap="medium">
      <Box role="status">
        <Text weight="semibold">
          {!index.data
            ? t('search.loading')
            : hits.length === 0
              ? t('search.none', { query })
              : t('search.results', { count: hits.length, query })}
        </Text>
      </Box>
      {hits.length > 0 ? (
        <Stack as="ul" gap="medium" aria-label={t('search.resultsLabel')}>
          {hits.map((hit) => (
            <li key={`${hit.topic}#${hit.section}`}>
              <Stack gap="xsmall">
                <Text weight="semibold">
                  <Link to={helpHref(hit.topic, audienceOf(hit.topic), hit.section)}>{hit.title}</Link>
                </Text>
                <Text size="small" tone="muted">
                  {t('search.inTopic', { topic: hit.topicTitle })}
                </Text>
                <Text size="small">{hit.excerpt}</Text>
              </Stack>
            </li>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function TopicList({
  current,
  audienceOf,
}: {
  current: HelpTopicKey | null;
  audienceOf: (key: HelpTopicKey) => HelpAudience;
}) {
  const { t } = useTranslation('support');
  const { t: common } = useTranslation();
  return (
    <TitledSection id="help-topics" title={t('topics.title')} as="nav">
      <Box as="ul" display="grid" gap="small" gridTemplateColumns={{ mobile: 1, tablet: 2, desktop: 3 }}>
        {HELP_TOPICS.map((topic) => (
          <li key={topic.key}>
            <Link
              to={helpHref(topic.key, audienceOf(topic.key))}
              aria-current={topic.key === current ? 'page' : undefined}
            >
              {common(`help.topics.${topic.key}`)}
            </Link>
          </li>
        ))}
      </Box>
    </TitledSection>
  );
}

/**
 * /support (spec §2 'Support - Hilfeseite'): the article of the topic a help link names (`?thema=library`, for the
 * reader's audience), a full-text search of every article as one types, for staff and administrators the link to the
 * operating system images, the list of all topics and the support contact from the server's configuration.
 */
export function SupportPage() {
  const { t, i18n } = useTranslation('support');
  const { t: common } = useTranslation();
  const [params] = useSearchParams();
  const audienceOf = useAudiences();
  const requestedTopic = params.get(HELP_LINK_PARAMS.topic);
  const topic = helpTopicOf(requestedTopic);
  const [query, setQuery] = useState('');
  // A hit chosen (or any other address): the search gives way to the article.
  const { key } = useLocation();
  const [searchedAt, setSearchedAt] = useState(key);
  if (key !== searchedAt) {
    setSearchedAt(key);
    setQuery('');
  }
  const searching = query.trim().length >= 2;
  const audience = topic ? audienceOf(topic) : null;

  return (
    <Stack gap="large">
      <Stack gap="small">
        <PageHeading description={common('meta.support')}>
          {topic ? common('help.title', { topic: common(`help.topics.${topic}`) }) : common('pages.support')}
        </PageHeading>
        <Text tone="muted">{topic ? t('introTopic') : t('intro')}</Text>
        {audience && audience !== 'mitglieder' ? <Text>{t(`audience.${audience}`)}</Text> : null}
        {i18n.language !== 'de' ? <Text tone="muted">{t('article.germanOnly')}</Text> : null}
      </Stack>
      <Box role="search">
        <SearchField
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          clearLabel={t('search.clear')}
          value={query}
          onValueChange={setQuery}
        />
      </Box>
      {searching ? (
        <SearchResults query={query} audienceOf={audienceOf} />
      ) : topic && audience ? (
        <Article topic={topic} audience={audience} />
      ) : requestedTopic ? (
        <Alert tone="warning">{t('topics.unknown')}</Alert>
      ) : null}
      <OperatingSystemsLink />
      <TopicList current={topic} audienceOf={audienceOf} />
      <SupportContact />
    </Stack>
  );
}

export { SupportPage as Component };
