import { contentOrderingFor } from '@portal/domain';
import {
  Box,
  Button,
  Card,
  EmptyState,
  Heading,
  Inline,
  Skeleton,
  Spinner,
  Stack,
  Text,
  TextField,
} from '@portal/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { LIBRARY_PAGE_SIZE } from '../../lib/contentQuery.ts';
import { ContentCard } from './ContentCard.tsx';
import { contentListQuery } from './contentListQuery.ts';
import {
  DEFAULT_VIEW,
  isDefaultView,
  type LibraryView,
  libraryViewParams,
  parseLibraryView,
  withFilter,
} from './libraryParams.ts';

/** Server search waits until typing pauses this long, so a word costs one request, not one per key. */
export const SEARCH_DEBOUNCE_MS = 250;

// The filters need two lookup lists and most visits never touch them: they load after the first page.
const LibraryFilters = lazy(() =>
  import('./LibraryFilters.tsx').then((m) => ({ default: m.LibraryFilters })),
);

const gridStyle = { gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))' } as const;

function SearchBox({ value, onCommit }: { value: string; onCommit: (search: string) => void }) {
  const { t } = useTranslation('library');
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  // Back/forward (or a reset) changes the URL under the field: show what the URL says.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      commit.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <TextField
      label={t('search.label')}
      type="search"
      placeholder={t('search.placeholder')}
      value={text}
      maxLength={200}
      onChange={(event) => setText(event.currentTarget.value)}
    />
  );
}

function pageSearch(view: LibraryView, page: number): string {
  const params = libraryViewParams({ ...view, page });
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

function Pagination({ view, count }: { view: LibraryView; count: number }) {
  const { t } = useTranslation('library');
  const pages = Math.max(1, Math.ceil(count / LIBRARY_PAGE_SIZE));
  if (pages <= 1) return null;
  const page = Math.min(view.page, pages);
  return (
    <Box as="nav" aria-label={t('pagination.label')}>
      <Inline gap="medium" align="center">
        {page > 1 ? (
          <Link to={{ search: pageSearch(view, page - 1) }} rel="prev">
            {t('pagination.previous')}
          </Link>
        ) : null}
        <Text as="span">{t('pagination.status', { page, pages })}</Text>
        {page < pages ? (
          <Link to={{ search: pageSearch(view, page + 1) }} rel="next">
            {t('pagination.next')}
          </Link>
        ) : null}
      </Inline>
    </Box>
  );
}

function SkeletonGrid({ label }: { label: string }) {
  return (
    <Stack gap="small">
      <Spinner label={label} />
      <Box display="grid" gap="medium" style={gridStyle} aria-hidden="true">
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Card key={index}>
            <Stack gap="small">
              <Skeleton shape="rectangle" height="8rem" />
              <Skeleton lines={2} />
            </Stack>
          </Card>
        ))}
      </Box>
    </Stack>
  );
}

/**
 * Mediathek (spec §2, /library): open to everyone; ordering per spec §7 via the domain rule. Search,
 * filters and page live in the URL, so a view can be bookmarked and back/forward restores it.
 */
export function LibraryPage() {
  const { t } = useTranslation('library');
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseLibraryView(params), [params]);
  const { signedIn, user, loading } = useCurrentUser();
  // Signed-in users wait for their user (MSB users get the list by title); if it cannot be loaded the
  // list falls back to the anonymous order rather than spinning for ever.
  const ordering = signedIn && loading ? undefined : contentOrderingFor(user);
  const list = useQuery({
    ...contentListQuery(view, ordering ?? '-created_at'),
    enabled: ordering !== undefined,
    placeholderData: keepPreviousData,
  });
  const organisationIds = useMemo(() => user?.organisations.map((o) => o.id) ?? [], [user]);

  const show = (next: LibraryView, replace = false) => setParams(libraryViewParams(next), { replace });
  // Refining a search replaces the history entry; starting or clearing one adds an entry.
  const onSearch = (search: string) =>
    show(withFilter(view, { search }), view.search.trim() !== '' && search.trim() !== '');

  const filtered = !isDefaultView({ ...view, page: 1 });
  let body: React.ReactNode;
  if (ordering === undefined || list.isPending) {
    body = <SkeletonGrid label={t('loading')} />;
  } else if (list.isError) {
    body = <EmptyState title={t('error.title')} description={t('error.description')} />;
  } else if (list.data.results.length === 0 && filtered) {
    body = (
      <EmptyState
        title={t('noMatch.title')}
        description={t('noMatch.description')}
        action={
          <Button variant="secondary" onClick={() => show(DEFAULT_VIEW)}>
            {t('noMatch.reset')}
          </Button>
        }
      />
    );
  } else if (list.data.results.length === 0) {
    body = (
      <EmptyState
        title={t('empty.title')}
        description={signedIn ? t('empty.descriptionSignedIn') : t('empty.description')}
        action={signedIn ? <Link to="/library/new">{t('create')}</Link> : undefined}
      />
    );
  } else {
    body = (
      <Stack gap="medium">
        <Box aria-live="polite">
          <Text tone="muted" size="small">
            {t('resultCount', { count: list.data.count })}
          </Text>
        </Box>
        <Box
          as="ul"
          display="grid"
          gap="medium"
          style={gridStyle}
          aria-label={t('listLabel')}
          aria-busy={list.isFetching}
        >
          {list.data.results.map((content) => (
            <ContentCard key={content.id} content={content} organisationIds={organisationIds} />
          ))}
        </Box>
        <Pagination view={view} count={list.data.count} />
      </Stack>
    );
  }

  return (
    <Stack gap="large">
      <Inline gap="medium" align="spaceBetween">
        <Stack gap="small">
          <Heading level={1}>{t('title')}</Heading>
          <Text tone="muted">{t('intro')}</Text>
        </Stack>
        {signedIn && <Link to="/library/new">{t('create')}</Link>}
      </Inline>
      <Stack gap="medium">
        <SearchBox value={view.search} onCommit={onSearch} />
        <Suspense
          fallback={
            <Text tone="muted" size="small">
              {t('filters.loading')}
            </Text>
          }
        >
          <LibraryFilters view={view} signedIn={signedIn} onChange={(next) => show(next)} />
        </Suspense>
      </Stack>
      {body}
    </Stack>
  );
}
