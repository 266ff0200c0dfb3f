import {
  Alert,
  Box,
  Button,
  ButtonLink,
  ConfirmDialog,
  Inline,
  Spinner,
  Stack,
  StatusDot,
  Text,
} from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { classroomHref } from '../../lib/classroomLink.ts';
import { deviceListHref } from '../../lib/fleetFilters.ts';
import { useHeadsetStateText } from '../../lib/HeadsetChecklist.tsx';
import { deviceGroupQuery, organisationHeadsetsQuery } from '../../lib/headsets.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { playbackHref } from '../../lib/playbackLink.ts';
import { showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { useDeleteGroup } from './groupQueries.ts';
import { routeGroupId } from './groupRoute.ts';

function DeleteGroup({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation('groups');
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteGroup(id, {
    onSuccess() {
      toasts.show({ tone: 'success', title: 'groups:detail.deleted' });
      navigate('/groups');
    },
    onError(error) {
      setConfirming(false);
      showFailure(error, 'deleteDeviceGroup');
    },
  });
  return (
    <>
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        {t('detail.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="destructive"
        title={t('detail.deleteConfirm.title', { name })}
        description={t('detail.deleteConfirm.description')}
        confirmLabel={t('detail.deleteConfirm.confirm')}
        cancelLabel={t('detail.deleteConfirm.cancel')}
        confirming={remove.isPending}
        confirmingLabel={t('detail.deleting')}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}

/** Gruppierung - Details (/groups/{id}): its headsets with their state, and what to do with the group. */
export function GroupDetailPage() {
  const { t } = useTranslation('groups');
  const stateText = useHeadsetStateText();
  const id = routeGroupId(useParams().id);
  const group = useQuery({ ...deviceGroupQuery(id ?? 0), enabled: id !== null });
  const headsets = useQuery({ ...organisationHeadsetsQuery, refetchInterval: 10_000 });
  if (id === null || group.isError) {
    return (
      <Stack gap="large">
        <PageHeading>{t('detail.notFound')}</PageHeading>
        <ButtonLink variant="secondary" href="/groups">
          {t('detail.back')}
        </ButtonLink>
      </Stack>
    );
  }
  if (group.isPending) return <Spinner label={t('detail.loading')} />;
  const members = new Set(group.data.devices);
  const inGroup = (headsets.data?.results ?? []).filter((h) => members.has(h.id));
  return (
    <Stack gap="large">
      <Stack gap="small">
        <PageHeading>{group.data.name}</PageHeading>
        <Text tone="muted">{t('list.headsets', { count: group.data.devices.length })}</Text>
      </Stack>
      <Box as="section" aria-label={t('detail.actions')}>
        <Inline gap="small">
          {group.data.devices.length > 0 ? (
            <ButtonLink variant="primary" href={playbackHref({ group: id })}>
              {t('detail.play', { name: group.data.name })}
            </ButtonLink>
          ) : null}
          <ButtonLink variant="secondary" href={classroomHref(id)}>
            {t('detail.classroom')}
          </ButtonLink>
          <ButtonLink variant="secondary" href={`/groups/${id}/edit`}>
            {t('detail.edit')}
          </ButtonLink>
          <ButtonLink variant="secondary" href={deviceListHref(null, id)}>
            {t('detail.inDeviceList')}
          </ButtonLink>
          <DeleteGroup id={id} name={group.data.name} />
        </Inline>
      </Box>
      {headsets.isError ? (
        <Alert tone="critical" title={t('detail.headsetsFailed')}>
          <Button variant="secondary" onClick={() => void headsets.refetch()}>
            {t('list.retry')}
          </Button>
        </Alert>
      ) : inGroup.length === 0 ? (
        <Text tone="muted">{t('detail.noHeadsets')}</Text>
      ) : (
        <Box as="ul" aria-label={t('detail.headsetsLabel')} display="grid" gap="small">
          {inGroup.map((headset) => (
            <li key={headset.id}>
              <Inline gap="small" alignY="center">
                <Text as="span" weight="semibold">
                  <bdi>{headset.name}</bdi>
                </Text>
                <StatusDot status={headset.isOnline ? 'online' : 'offline'} label={stateText(headset)} />
              </Inline>
            </li>
          ))}
        </Box>
      )}
      <ButtonLink variant="ghost" href="/groups">
        {t('detail.back')}
      </ButtonLink>
    </Stack>
  );
}

export { GroupDetailPage as Component };
