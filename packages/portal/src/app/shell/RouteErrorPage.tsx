import { Button, Stack, Text } from '@portal/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { reportError } from '../../lib/errorReporting.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';

/**
 * The error boundary of every route: replaces react-router's English default error screen, e.g. when a page chunk of
 * an older deployment is gone or the server cannot be reached, and reports the error (lib/errorReporting.ts). Its own
 * h1 and tab title, like every page. 'Erneut versuchen' loads the page again, which fetches the current chunks (a
 * failed module import is not retried by the browser within the same page).
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => reportError(error, { during: 'route' }), [error]);
  return (
    <Stack gap="medium">
      <PageHeading>{t('errors.route.title')}</PageHeading>
      <Text>{t('errors.route.description')}</Text>
      <div>
        <Button variant="primary" onClick={() => window.location.reload()}>
          {t('errors.route.action')}
        </Button>
      </div>
    </Stack>
  );
}
