import { Text } from '@portal/ui';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { StatusPage } from '../../lib/StatusPage.tsx';
import type { RouteHandle } from './breadcrumbs.ts';

/** The one notice of a page a later issue builds (issue 2: 'Diese Seite folgt in Kürze.'), without heading. */
export function ComingSoonNotice() {
  const { t } = useTranslation();
  return <Text weight="semibold">{t('comingSoon.title')}</Text>;
}

/**
 * The placeholder of every route a later issue builds: the page's own name as h1 and tab title (from the route's
 * handle, e.g. 'VR-Brillen'), 'Diese Seite folgt in Kürze.' and the way to the Mediathek.
 */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  return (
    <StatusPage
      title={handle?.title ? t(handle.title) : t('comingSoon.title')}
      description={t('comingSoon.description')}
      action={{ href: '/library', label: t('comingSoon.action') }}
      metaDescription={handle?.description ? t(handle.description) : undefined}
    >
      {handle?.title ? <ComingSoonNotice /> : null}
    </StatusPage>
  );
}

export { ComingSoonPage as Component };
