import type { DeviceGroup } from '@portal/api';
import { ActionBar, Alert, Button, ButtonLink, Spinner, Stack, Text, TextField } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { onSubmitted, useFormState } from '../../lib/form.ts';
import { HeadsetChecklist } from '../../lib/HeadsetChecklist.tsx';
import { deviceGroupQuery, organisationHeadsetsQuery } from '../../lib/headsets.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { fieldRefusal, serverFieldMessage, showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { type GroupNameError, groupNameError } from './groupForm.ts';
import { type GroupBody, useSaveGroup } from './groupQueries.ts';
import { routeGroupId } from './groupRoute.ts';

/** The form of 'Gruppierung erstellen' and 'Gruppierung bearbeiten': the name and the headsets to tick. */
function GroupForm({ group }: { group: DeviceGroup | null }) {
  const { t } = useTranslation('groups');
  const navigate = useNavigate();
  const headsets = useQuery(organisationHeadsetsQuery);
  const form = useFormState<GroupBody, GroupNameError>(
    { name: group?.name ?? '', devices: group?.devices ?? [] },
    (key) => t(key),
  );
  const devices = form.choices('devices');
  const save = useSaveGroup(group, {
    onSuccess(saved) {
      toasts.show({ tone: 'success', title: 'groups:form.saved' });
      navigate(`/groups/${saved.id}`);
    },
    onError(error) {
      const refusal = fieldRefusal(error);
      if (!refusal) return showFailure(error, group ? 'updateDeviceGroup' : 'createDeviceGroup');
      // The server's own words about the headsets (one of another organisation, one removed meanwhile).
      const devicesMessage = serverFieldMessage(refusal.body, 'devices');
      form.setServerErrors({
        name: serverFieldMessage(refusal.body, 'name'),
        devices: devicesMessage && 'text' in devicesMessage ? devicesMessage : undefined,
      });
    },
  });
  const submit = onSubmitted(() => {
    if (!form.check({ name: groupNameError(form.values.name) })) return;
    save.mutate({ name: form.values.name.trim(), devices: [...form.values.devices] });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="large">
        <TextField
          label={t('form.name')}
          hint={t('form.nameHint')}
          required
          dir="auto"
          {...form.field('name')}
        />
        {headsets.isPending ? (
          <Spinner label={t('form.loadingHeadsets')} />
        ) : headsets.isError ? (
          <Alert tone="critical" title={t('form.headsetsFailed')}>
            <Button variant="secondary" onClick={() => void headsets.refetch()}>
              {t('list.retry')}
            </Button>
          </Alert>
        ) : (
          <Stack gap="small">
            <HeadsetChecklist
              legend={t('form.headsets', { count: devices.selected.size })}
              headsets={headsets.data.results}
              selected={devices.selected}
              onSelectedChange={devices.onSelectedChange}
            />
            {devices.error ? <Text tone="critical">{devices.error}</Text> : null}
          </Stack>
        )}
        <ActionBar label={t('form.actions')}>
          <Button type="submit" loading={save.isPending} loadingLabel={t('form.saving')}>
            {t('form.save')}
          </Button>
          <ButtonLink variant="ghost" href={group ? `/groups/${group.id}` : '/groups'}>
            {t('form.cancel')}
          </ButtonLink>
        </ActionBar>
      </Stack>
    </form>
  );
}

/** Gruppierung erstellen (/groups/new). */
export function GroupCreatePage() {
  const { t } = useTranslation('groups');
  return (
    <Stack gap="large">
      <PageHeading>{t('form.createTitle')}</PageHeading>
      <GroupForm group={null} />
    </Stack>
  );
}

/** Gruppierung bearbeiten (/groups/{id}/edit). */
export function GroupEditPage() {
  const { t } = useTranslation('groups');
  const id = routeGroupId(useParams().id);
  const group = useQuery({ ...deviceGroupQuery(id ?? 0), enabled: id !== null });
  if (id === null || group.isError) {
    return (
      <Stack gap="large">
        <PageHeading>{t('form.editTitle')}</PageHeading>
        <Alert tone="critical" title={t('detail.notFound')}>
          <ButtonLink variant="secondary" href="/groups">
            {t('detail.back')}
          </ButtonLink>
        </Alert>
      </Stack>
    );
  }
  if (group.isPending) return <Spinner label={t('detail.loading')} />;
  return (
    <Stack gap="large">
      <PageHeading>{t('form.editTitle')}</PageHeading>
      <Text tone="muted">
        <bdi>{group.data.name}</bdi>
      </Text>
      <GroupForm group={group.data} />
    </Stack>
  );
}
