import { Alert, Button, EmptyState, Inline, Stack } from '@portal/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isNotFound } from '../../lib/serverErrors.ts';

/**
 * Why a content item could not be shown: 'Inhalt nicht gefunden' only when the server says so (404, or an id
 * that cannot exist); any other failure (5xx, no connection) is an error the user can retry.
 */
export function ContentLoadFailure({
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
