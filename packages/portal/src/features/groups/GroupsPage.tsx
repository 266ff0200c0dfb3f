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
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deviceGroupsQuery } from '../../lib/headsets.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { playbackHref } from '../../lib/playbackLink.ts';

/** Gruppierungen (/groups): the organisation's named sets of headsets, each to open, and 'Gruppierung erstellen'. */
export function GroupsPage() {
  const { t } = useTranslation('groups');
  const groups = useQuery(deviceGroupsQuery);
  return (
    <Stack gap="large">
      <Inline gap="medium" align="spaceBetween" alignY="center">
        <PageHeading>{t('list.title')}</PageHeading>
        <ButtonLink variant="primary" href="/groups/new">
          {t('list.create')}
        </ButtonLink>
      </Inline>
      <Text tone="muted">{t('list.intro')}</Text>
      {groups.isPending ? (
        <Spinner label={t('list.loading')} />
      ) : groups.isError ? (
        <Alert tone="critical" title={t('list.failed')}>
          <Button variant="secondary" onClick={() => void groups.refetch()}>
            {t('list.retry')}
          </Button>
        </Alert>
      ) : groups.data.results.length === 0 ? (
        <EmptyState title={t('list.empty.title')} description={t('list.empty.description')} />
      ) : (
        <Box as="ul" aria-label={t('list.title')} display="grid" gap="medium">
          {groups.data.results.map((group) => (
            <Card as="li" key={group.id}>
              <Stack gap="small">
                <Heading level={2}>
                  <Link to={`/groups/${group.id}`}>
                    <bdi>{group.name}</bdi>
                  </Link>
                </Heading>
                <Text tone="muted">{t('list.headsets', { count: group.devices.length })}</Text>
                {group.devices.length > 0 ? (
                  <Inline gap="small">
                    <ButtonLink variant="secondary" href={playbackHref({ group: group.id })}>
                      {t('detail.play', { name: group.name })}
                    </ButtonLink>
                  </Inline>
                ) : null}
              </Stack>
            </Card>
          ))}
        </Box>
      )}
    </Stack>
  );
}

export { GroupsPage as Component };
