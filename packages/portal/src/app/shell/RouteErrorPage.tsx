import { Button, EmptyState } from '@portal/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { reportError } from '../../lib/errorReporting.ts';

/**
 * Replaces react-router's English default error screen, e.g. when a page chunk of an older deployment is
 * gone; a reload fetches the current one.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => reportError(error, { during: 'route' }), [error]);
  return (
    <EmptyState
      title={t('errors.route.title')}
      description={t('errors.route.description')}
      action={
        <Button variant="primary" onClick={() => window.location.reload()}>
          {t('errors.route.action')}
        </Button>
      }
    />
  );
}
