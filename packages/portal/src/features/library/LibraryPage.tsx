import { contentOrderingFor, mayCreateContent } from '@portal/domain';
import {
  Box,
  Button,
  ButtonLink,
  ContentCardSkeleton,
  EmptyState,
  FilterPanel,
  Inline,
  Stack,
  Text,
  Tiles,
} from '@portal/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ComponentProps, lazy, Suspense, useDeferredValue, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { LIBRARY_PAGE_SIZE } from '../../lib/contentQueries.ts';
import { DebouncedSearch } from '../../lib/DebouncedSearch.tsx';
import { ListPagination } from '../../lib/ListPagination.tsx';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { ServerRefusal } from '../../lib/serverErrors.ts';
import { useActiveFilterNames } from './activeFilters.ts';
import { CARD_COLUMNS, FIRST_ROW } from './cardLayout.ts';
import { useFirstContentfulPaint } from './firstPaint.ts';
import { LibraryCard } from './LibraryCard.tsx';
import {
  activeFilterCount,
  DEFAULT_VIEW,
  isDefaultView,
  type LibraryView,
  libraryPageHref,
  libraryViewParams,
  parseLibraryView,
  withFilter,
} from './libraryParams.ts';
import { contentListQuery, lastListPage } from './libraryQueries.ts';

// The filters need two lookup lists and most visits never touch them: they load once the page is shown (below).
const LibraryFilters = lazy(() =>
  import('./LibraryFilters.tsx').then((m) => ({ default: m.LibraryFilters })),
);

function SearchBox({ value, onCommit }: { value: string; onCommit: (search: string) => void }) {
  const { t } = useTranslation('library');
  return (
    <DebouncedSearch
      value={value}
      onCommit={onCommit}
      label={t('search.label')}
      clearLabel={t('search.clear')}
      placeholder={t('search.placeholder')}
    />
  );
}

/**
 * The filters once the page has shown its first content: their chunk and their two lookups do not hold back the first
 * screen (the cards and their previews).
 */
function FiltersAfterFirstPaint(props: ComponentProps<typeof LibraryFilters>) {
  const { t } = useTranslation('library');
  const painted = useFirstContentfulPaint();
  const loading = (
    <Text tone="muted" size="small">
      {t('filters.loading')}
    </Text>
  );
  if (!painted) return loading;
  return (
    <Suspense fallback={loading}>
      <LibraryFilters {...props} />
    </Suspense>
  );
}

function SkeletonGrid({ label }: { label: string }) {
  // One announcement for the whole grid: the other placeholders are hidden from screen readers.
  return (
    <Tiles columns={CARD_COLUMNS}>
      <ContentCardSkeleton label={label} />
      {Array.from({ length: 7 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} aria-hidden="true">
          <ContentCardSkeleton label={label} />
        </div>
      ))}
    </Tiles>
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
  // Deferred: a query's answer is an urgent update that React would render in one blocking task; drawn as a
  // transition, the cards render in slices between which the page keeps answering input (the skeleton or the
  // previous page stays on screen meanwhile).
  const list = useDeferredValue(
    useQuery({
      ...contentListQuery(view, ordering ?? '-created_at'),
      enabled: ordering !== undefined,
      placeholderData: keepPreviousData,
    }),
  );
  const organisationIds = useMemo(() => user?.organisations.map((o) => o.id) ?? [], [user]);

  // A page past the end (a bookmark after items were deleted): the server answers 404. Go to the last page
  // there is, keeping search and filters, in place of the bookmarked address.
  const pastTheEnd =
    view.page > 1 &&
    list.error instanceof ServerRefusal &&
    list.error.status === 404 &&
    ordering !== undefined;
  useEffect(() => {
    if (!pastTheEnd || ordering === undefined) return undefined;
    let cancelled = false;
    void lastListPage(view, ordering).then((last) => {
      // Never the refused page again, even if items were added meanwhile.
      if (!cancelled)
        setParams(libraryViewParams({ ...view, page: Math.min(last, view.page - 1) }), { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [pastTheEnd, view, ordering, setParams]);

  const show = (next: LibraryView, replace = false) => setParams(libraryViewParams(next), { replace });
  // Refining a search replaces the history entry; starting or clearing one adds an entry.
  const onSearch = (search: string) =>
    show(withFilter(view, { search }), view.search.trim() !== '' && search.trim() !== '');

  const filtered = !isDefaultView({ ...view, page: 1 });
  const activeFilters = useActiveFilterNames(view);
  const mayCreate = mayCreateContent(user);
  const createAction = mayCreate ? <ButtonLink href="/library/new">{t('create')}</ButtonLink> : null;
  const emptyFiltered = list.isSuccess && list.data.results.length === 0 && filtered;
  let body: React.ReactNode;
  if (ordering === undefined || list.isPending || pastTheEnd) {
    body = <SkeletonGrid label={t('loading')} />;
  } else if (list.isError) {
    body = (
      <EmptyState
        title={t('error.title')}
        description={t('error.description')}
        action={
          <Button variant="secondary" loading={list.isFetching} onClick={() => void list.refetch()}>
            {t('error.retry')}
          </Button>
        }
      />
    );
  } else if (emptyFiltered) {
    // Names what narrowed the list down, so the teacher sees which filter to loosen.
    body = (
      <EmptyState
        title={t('noMatch.title')}
        description={t('noMatch.description', { filters: activeFilters.join(', ') })}
        action={
          <Button variant="secondary" onClick={() => show(DEFAULT_VIEW)}>
            {t('noMatch.reset')}
          </Button>
        }
      />
    );
  } else if (list.data.results.length === 0) {
    // An empty Mediathek offers its first step: creating content, or signing in to see the organisation's.
    body = (
      <EmptyState
        title={t('empty.title')}
        description={signedIn ? t('empty.descriptionSignedIn') : t('empty.description')}
        action={
          signedIn ? (createAction ?? undefined) : <ButtonLink href="/login">{t('empty.signIn')}</ButtonLink>
        }
      />
    );
  } else {
    const pages = Math.max(1, Math.ceil(list.data.count / LIBRARY_PAGE_SIZE));
    const page = Math.min(view.page, pages);
    body = (
      <Stack gap="medium">
        <Box aria-live="polite">
          <Inline gap="small">
            <Text tone="muted" size="small">
              {t('resultCount', { count: list.data.count })}
            </Text>
            {pages > 1 && (
              <Text tone="muted" size="small">
                {t('pagination.status', { page, pages })}
              </Text>
            )}
          </Inline>
        </Box>
        <Box aria-busy={list.isFetching}>
          <Tiles as="ul" columns={CARD_COLUMNS} aria-label={t('listLabel')}>
            {list.data.results.map((content, index) => (
              <LibraryCard
                key={content.id}
                content={content}
                organisationIds={organisationIds}
                firstInSight={index < FIRST_ROW}
              />
            ))}
          </Tiles>
        </Box>
        <ListPagination
          page={page}
          pageCount={pages}
          label={t('pagination.label')}
          getPageHref={(target) => libraryPageHref(view, target)}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="large">
      <Inline gap="medium" align="spaceBetween">
        <Stack gap="small">
          <PageHeading description={t('meta.library', { ns: 'common' })}>{t('title')}</PageHeading>
          <Text tone="muted">{t('intro')}</Text>
        </Stack>
        {/* The view's one orange call to action, for those the server lets create content. */}
        {createAction}
      </Inline>
      <Stack gap="medium">
        <SearchBox value={view.search} onCommit={onSearch} />
        <FilterPanel label={t('filters.label')} activeCount={activeFilterCount(view)}>
          <FiltersAfterFirstPaint
            view={view}
            signedIn={signedIn}
            offerReset={!emptyFiltered}
            onChange={(next) => show(next)}
          />
        </FilterPanel>
      </Stack>
      {body}
    </Stack>
  );
}
