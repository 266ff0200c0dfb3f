import type { Content } from '@portal/api';
import { Alert, Button, EmptyState, Inline, Spinner, Stack } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { contentDetailQuery } from '../../lib/contentQueries.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { routeId } from '../../lib/routeParams.ts';
import { isNotFound } from '../../lib/serverErrors.ts';

/**
 * The item of a /library/{id} route (its detail and its edit page): the page once the item is there, the spinner
 * until then, and why it cannot be shown when it cannot.
 */
export function ContentRoute({
  loadingLabel,
  children,
}: {
  loadingLabel: string;
  children: (content: Content) => ReactNode;
}) {
  const id = routeId(useParams().id);
  const detail = useQuery({ ...contentDetailQuery(id ?? 0), enabled: id !== null });
  if (id === null || detail.isError) {
    return (
      <ContentLoadFailure
        error={id === null ? null : detail.error}
        retrying={detail.isFetching}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  if (detail.isPending) return <Spinner label={loadingLabel} />;
  return children(detail.data);
}

/**
 * Why a content item could not be shown: 'Inhalt nicht gefunden' only when the server says so (404, or an id
 * that cannot exist); any other failure (5xx, no connection) is an error the user can retry.
 */
function ContentLoadFailure({
  error,
  retrying,
  onRetry,
}: {
  /** null for an id that is no content id at all. */
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('library');
  if (error === null || isNotFound(error)) {
    return (
      <EmptyState
        title={t('detail.notFound.title')}
        description={t('detail.notFound.description')}
        action={<Link to="/library">{t('detail.notFound.back')}</Link>}
      />
    );
  }
  return (
    <Stack gap="medium">
      <Alert tone="critical" announce="assertive" title={t('detail.loadFailed.title')}>
        {t('detail.loadFailed.description')}
      </Alert>
      <Inline gap="small" alignY="center">
        <Button variant="secondary" loading={retrying} loadingLabel={t('detail.loading')} onClick={onRetry}>
          {t('detail.loadFailed.retry')}
        </Button>
        <Link to="/library">{t('detail.notFound.back')}</Link>
      </Inline>
    </Stack>
  );
}
