import { EmptyState } from '@portal/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The one placeholder of every route a later issue builds (issue 2: 'Diese Seite folgt in Kürze.'). */
export function ComingSoonPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t('comingSoon.title')}
      description={t('comingSoon.description')}
      action={<Link to="/library">{t('comingSoon.action')}</Link>}
    />
  );
}

export { ComingSoonPage as Component };
