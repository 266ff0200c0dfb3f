import { ButtonLink, Heading, Inline, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { deviceGroupsQuery } from '../../lib/headsets.ts';
import { LoadedCardList } from '../../lib/LoadedCardList.tsx';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
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
      <LoadedCardList
        query={groups}
        label={t('list.title')}
        texts={{
          loading: t('list.loading'),
          failed: t('list.failed'),
          retry: t('list.retry'),
          emptyTitle: t('list.empty.title'),
          emptyDescription: t('list.empty.description'),
        }}
      >
        {(group) => (
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
        )}
      </LoadedCardList>
    </Stack>
  );
}

export { GroupsPage as Component };
