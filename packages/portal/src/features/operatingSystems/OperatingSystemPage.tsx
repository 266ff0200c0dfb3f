import { ButtonLink, Inline, Spinner, Stack } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { NoPermissionPage } from '../../lib/NoPermissionPage.tsx';
import { operatingSystemHref, operatingSystemRole } from '../../lib/operatingSystems.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { routeId } from '../../lib/routeParams.ts';
import { OperatingSystemBadges, OperatingSystemFacts } from './OperatingSystemFacts.tsx';
import { ImageNotFound } from './OperatingSystemFormPage.tsx';
import { operatingSystemQuery } from './operatingSystemQueries.ts';
import { Rollout } from './Rollout.tsx';

/**
 * One operating system image (/support/operating-systems/{id}): its facts and release notes; staff get 'Bearbeiten',
 * administrators the rollout to their headsets. An image the caller may not see is 'nicht gefunden' (the server's 404).
 */
export function OperatingSystemPage() {
  const { t } = useTranslation('operatingSystems');
  const { user, loading } = useCurrentUser();
  const role = operatingSystemRole(user);
  const id = routeId(useParams().id);
  const image = useQuery({ ...operatingSystemQuery(id ?? 0), enabled: id !== null && role !== null });
  if (loading) return <Spinner label={t('detail.loading')} />;
  if (role === null) return <NoPermissionPage />;
  if (id === null || image.isError) return <ImageNotFound title={t('list.title')} />;
  if (image.isPending) return <Spinner label={t('detail.loading')} />;
  return (
    <Stack gap="large">
      <PageHeading>{t('list.heading', { name: image.data.name, version: image.data.version })}</PageHeading>
      {role === 'manage' ? (
        <Inline gap="small" alignY="center">
          <OperatingSystemBadges image={image.data} />
          <ButtonLink variant="secondary" href={`${operatingSystemHref(image.data.id)}/edit`}>
            {t('list.edit')}
          </ButtonLink>
        </Inline>
      ) : null}
      <OperatingSystemFacts image={image.data} withNotes />
      {role === 'rollout' ? <Rollout image={image.data} /> : null}
    </Stack>
  );
}

export { OperatingSystemPage as Component };
