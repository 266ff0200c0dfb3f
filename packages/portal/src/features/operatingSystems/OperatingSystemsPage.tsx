import {
  Alert,
  Box,
  Button,
  ButtonLink,
  Card,
  EmptyState,
  Heading,
  Inline,
  Spinner,
  Stack,
  Text,
} from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { NoPermissionPage } from '../../lib/NoPermissionPage.tsx';
import {
  OPERATING_SYSTEMS_PATH,
  type OperatingSystemRole,
  operatingSystemHref,
  operatingSystemRole,
} from '../../lib/operatingSystems.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { OperatingSystemBadges, OperatingSystemFacts } from './OperatingSystemFacts.tsx';
import { operatingSystemsQuery } from './operatingSystemQueries.ts';

function ImageList({ role }: { role: Exclude<OperatingSystemRole, null> }) {
  const { t } = useTranslation('operatingSystems');
  const images = useQuery(operatingSystemsQuery);
  if (images.isPending) return <Spinner label={t('list.loading')} />;
  if (images.isError) {
    return (
      <Alert tone="critical" title={t('list.failed')}>
        <Button variant="secondary" onClick={() => void images.refetch()}>
          {t('list.retry')}
        </Button>
      </Alert>
    );
  }
  if (images.data.results.length === 0) {
    const empty = role === 'manage' ? 'list.emptyManage' : 'list.emptyRollout';
    return <EmptyState title={t(`${empty}.title`)} description={t(`${empty}.description`)} />;
  }
  return (
    <Box as="ul" aria-label={t('list.title')} display="grid" gap="medium">
      {images.data.results.map((image) => {
        const href = operatingSystemHref(image.id);
        return (
          <Card as="li" key={image.id}>
            <Stack gap="small">
              <Inline gap="small" alignY="center">
                <Heading level={2}>
                  <Link to={href}>
                    <bdi>{t('list.heading', { name: image.name, version: image.version })}</bdi>
                  </Link>
                </Heading>
                {role === 'manage' ? <OperatingSystemBadges image={image} /> : null}
              </Inline>
              <OperatingSystemFacts image={image} />
              <Inline gap="small">
                {role === 'manage' ? (
                  <ButtonLink variant="secondary" href={`${href}/edit`}>
                    {t('list.edit')}
                  </ButtonLink>
                ) : (
                  <ButtonLink variant="secondary" href={href}>
                    {t('list.rollout')}
                  </ButtonLink>
                )}
              </Inline>
            </Stack>
          </Card>
        );
      })}
    </Box>
  );
}

/**
 * Betriebssysteme der VR-Brillen (/support/operating-systems, issue 23): staff see every image, drafts included, and
 * create new ones; administrators see the published images of their headsets' models and open one to roll it out.
 * Anybody else gets 'Keine Berechtigung', as the server answers 403.
 */
export function OperatingSystemsPage() {
  const { t } = useTranslation('operatingSystems');
  const { user, loading } = useCurrentUser();
  if (loading) return <Spinner label={t('list.loading')} />;
  const role = operatingSystemRole(user);
  if (role === null) return <NoPermissionPage />;
  return (
    <Stack gap="large">
      <Inline gap="medium" align="spaceBetween" alignY="center">
        <PageHeading>{t('list.title')}</PageHeading>
        {role === 'manage' ? (
          <ButtonLink variant="primary" href={`${OPERATING_SYSTEMS_PATH}/new`}>
            {t('list.create')}
          </ButtonLink>
        ) : null}
      </Inline>
      <Text tone="muted">{role === 'manage' ? t('list.introManage') : t('list.introRollout')}</Text>
      <ImageList role={role} />
    </Stack>
  );
}

export { OperatingSystemsPage as Component };
