import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../lib/StatusPage.tsx';

/** Any address the portal does not know: its title once, as h1 and tab title. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      title={t('notFound.title')}
      description={t('notFound.description')}
      action={{ href: '/library', label: t('notFound.action') }}
    />
  );
}

export { NotFoundPage as Component };
