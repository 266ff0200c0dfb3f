import { EmptyState, Heading, Stack } from '@portal/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="large">
      <Heading level={1}>{t('notFound.title')}</Heading>
      <EmptyState
        title={t('notFound.title')}
        description={t('notFound.description')}
        action={<Link to="/library">{t('notFound.action')}</Link>}
      />
    </Stack>
  );
}

export { NotFoundPage as Component };
