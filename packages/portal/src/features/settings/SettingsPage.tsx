import type { Membership, Organisation } from '@portal/api';
import { Badge, Button, ConfirmDialog, Heading, Inline, Stack, Switch, Text, TextField } from '@portal/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient, currentUserQueryKey, queryClient, useCurrentUser } from '../../lib/api.ts';
import { onSubmitted, useFormState } from '../../lib/form.ts';
import { LanguageSwitch } from '../../lib/LanguageSwitch.tsx';
import { organisationTypeKey } from '../../lib/organisationType.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import {
  answerOf,
  fieldRefusal,
  serverErrorMessage,
  serverFieldMessage,
  showFailure,
} from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { Invitations } from './Invitations.tsx';
import { SETTINGS_REFUSALS } from './settingsRefusals.ts';

const NAME_MAX_LENGTH = 150;

type OrganisationError = 'organisation.errors.nameRequired' | 'organisation.errors.tooLong';

function nameError(name: string): OrganisationError | undefined {
  if (name === '') return 'organisation.errors.nameRequired';
  return name.length > NAME_MAX_LENGTH ? 'organisation.errors.tooLong' : undefined;
}

function OrganisationName({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('settings');
  const form = useFormState({ organisationName: organisation.name }, (key: OrganisationError) => t(key));
  const rename = useMutation({
    mutationFn: (name: string) =>
      answerOf(
        apiClient.PATCH('/api/v1/organisations/{id}/', {
          params: { path: { id: organisation.id } },
          body: { name },
        }),
      ),
    async onSuccess() {
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      toasts.show({ tone: 'success', title: 'settings:toasts.saved.title' });
    },
    onError(error) {
      const refusal = fieldRefusal(error);
      if (!refusal) return showFailure(error, 'updateOrganisation', SETTINGS_REFUSALS);
      form.setServerErrors({
        organisationName: serverFieldMessage(refusal.body, 'name') ?? serverErrorMessage(400, refusal.body),
      });
    },
  });

  const onSubmit = onSubmitted(() => {
    if (rename.isPending) return;
    const trimmed = form.values.organisationName.trim();
    if (form.check({ organisationName: nameError(trimmed) })) rename.mutate(trimmed);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="medium">
        <TextField label={t('organisation.name')} {...form.field('organisationName')} />
        <div>
          <Button
            type="submit"
            variant="primary"
            loading={rename.isPending}
            loadingLabel={t('organisation.submitting')}
          >
            {t('organisation.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function MemberRow({
  organisationId,
  membership,
  own,
  lastAdministrator,
}: {
  organisationId: number;
  membership: Membership;
  own: boolean;
  /** The only administrator: the switch is disabled and says why (the server refuses the same with 409). */
  lastAdministrator: boolean;
}) {
  const { t } = useTranslation('settings');
  const name = `${membership.user.firstName} ${membership.user.lastName}`.trim() || membership.user.email;
  const [asked, setAsked] = useState<boolean | null>(null);
  const toggle = useMutation({
    mutationFn: (isAdministrator: boolean) =>
      answerOf(
        apiClient.PATCH('/api/v1/organisations/{id}/memberships/{membershipId}/', {
          params: { path: { id: organisationId, membershipId: membership.id } },
          body: { isAdministrator },
        }),
      ),
    async onSuccess() {
      setAsked(null);
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      toasts.show({ tone: 'success', title: 'settings:toasts.saved.title' });
    },
    onError(error) {
      setAsked(null);
      showFailure(error, 'updateMembership', SETTINGS_REFUSALS);
    },
  });
  const confirm = asked === null ? null : asked ? 'grant' : 'revoke';

  return (
    <li>
      <Stack gap="xsmall">
        <Inline gap="medium" alignY="center">
          <Stack gap="xsmall">
            <Text weight="semibold">
              {name} {own ? t('members.you') : null}
            </Text>
            <Text tone="muted" size="small">
              {membership.user.email}
            </Text>
          </Stack>
          <Badge tone={membership.isAdministrator ? 'info' : 'neutral'}>
            {t(membership.isAdministrator ? 'members.roleAdministrator' : 'members.roleMember')}
          </Badge>
          <Switch
            label={t('members.administratorSwitch', { name })}
            checked={membership.isAdministrator}
            disabled={toggle.isPending || lastAdministrator}
            hint={lastAdministrator ? t('members.lastAdministrator') : undefined}
            onCheckedChange={(checked) => setAsked(checked)}
          />
        </Inline>
      </Stack>
      {/* A role change is asked first, naming the person: it opens or closes the settings for them. */}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => {
          if (!open && !toggle.isPending) setAsked(null);
        }}
        title={confirm ? t(`members.${confirm}.title`, { name }) : ''}
        description={
          confirm === 'revoke' && own
            ? t('members.revoke.descriptionOwn')
            : confirm
              ? t(`members.${confirm}.description`, { name })
              : ''
        }
        confirmLabel={confirm ? t(`members.${confirm}.confirm`) : ''}
        cancelLabel={t('members.grant.cancel')}
        confirming={toggle.isPending}
        confirmingLabel={t('members.changing')}
        onConfirm={() => {
          if (asked !== null) toggle.mutate(asked);
        }}
      />
    </li>
  );
}

/**
 * /dashboard/settings (administrators, guarded by the route): the first organisation's name and members
 * with their administrator flag (the server enforces the same rule), invitations by email, and the portal language.
 */
export function SettingsPage() {
  const { t } = useTranslation(['settings', 'common']);
  const { user } = useCurrentUser();
  const organisation = user?.organisations[0];
  if (!user || !organisation) return null;
  const memberships = organisation.memberships ?? [];
  const administrators = memberships.filter((m) => m.isAdministrator).length;
  return (
    <Stack gap="xlarge">
      <Stack gap="small">
        <PageHeading>{t('title')}</PageHeading>
        <Text tone="muted">{t('intro')}</Text>
      </Stack>
      <Stack gap="medium">
        <Heading level={2}>{t('organisation.title')}</Heading>
        <Text tone="muted">{t(organisationTypeKey(organisation.organisationType))}</Text>
        <OrganisationName key={organisation.name} organisation={organisation} />
      </Stack>
      <Stack gap="medium">
        <Heading level={2}>{t('members.title')}</Heading>
        <Stack as="ul" gap="medium" aria-label={t('members.label')}>
          {memberships.map((membership) => (
            <MemberRow
              key={membership.id}
              organisationId={organisation.id}
              membership={membership}
              own={membership.user.email.toLowerCase() === user.email.toLowerCase()}
              lastAdministrator={membership.isAdministrator && administrators === 1}
            />
          ))}
        </Stack>
      </Stack>
      <Invitations organisationId={organisation.id} />
      <Stack gap="medium">
        <Heading level={2}>{t('language.title')}</Heading>
        <LanguageSwitch />
      </Stack>
    </Stack>
  );
}

export { SettingsPage as Component };
