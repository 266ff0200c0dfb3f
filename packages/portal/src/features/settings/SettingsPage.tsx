import type { Membership, Organisation } from '@portal/api';
import { hasVisibleCharacter } from '@portal/domain';
import { Badge, Button, ConfirmDialog, Heading, Inline, Stack, Switch, Text, TextField } from '@portal/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { onSubmitted, useFormState } from '../../lib/form.ts';
import { LanguageSwitch } from '../../lib/LanguageSwitch.tsx';
import { endLocalSession } from '../../lib/localSession.ts';
import { organisationTypeKey } from '../../lib/organisationType.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { SubmitButton } from '../../lib/SubmitButton.tsx';
import { fieldRefusal, serverErrorMessage, serverFieldMessage, showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { Invitations } from './Invitations.tsx';
import { useRemoveMembership, useRenameOrganisation, useSetAdministrator } from './settingsQueries.ts';
import { SETTINGS_REFUSALS } from './settingsRefusals.ts';

const NAME_MAX_LENGTH = 150;

type OrganisationError = 'organisation.errors.nameRequired' | 'organisation.errors.tooLong';

function nameError(name: string): OrganisationError | undefined {
  if (!hasVisibleCharacter(name)) return 'organisation.errors.nameRequired';
  return name.length > NAME_MAX_LENGTH ? 'organisation.errors.tooLong' : undefined;
}

function OrganisationName({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('settings');
  const form = useFormState({ organisationName: organisation.name }, (key: OrganisationError) => t(key));
  const rename = useRenameOrganisation(organisation.id, {
    onSuccess() {
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
        <TextField label={t('organisation.name')} dir="auto" {...form.field('organisationName')} />
        <SubmitButton pending={rename.isPending} pendingLabel={t('organisation.submitting')}>
          {t('organisation.submit')}
        </SubmitButton>
      </Stack>
    </form>
  );
}

interface MemberProps {
  organisation: Organisation;
  membership: Membership;
  /** The full name, or the address when the person has none. */
  name: string;
  own: boolean;
}

/**
 * Removing a member (issue 12 item 6), asked first naming the person and the organisation, and whether their account
 * goes with it (their only organisation). Removing oneself leaves the organisation: the settings page is then
 * another organisation's or closed, so the way leads to the Mediathek, or out when the account is gone.
 */
function RemoveMember({ organisation, membership, name, own }: MemberProps) {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const [asked, setAsked] = useState(false);
  const values = { name, organisation: organisation.name };
  const deletesAccount = membership.removalDeletesAccount;
  const remove = useRemoveMembership(
    {
      organisationId: organisation.id,
      membershipId: membership.id,
      endsSession: own && deletesAccount,
    },
    {
      async onSuccess() {
        setAsked(false);
        if (own && deletesAccount) {
          // The server deleted the account with its sessions; here it ends like a logout.
          await endLocalSession(navigate);
          toasts.show({
            tone: 'success',
            title: 'settings:toasts.leftDeleted.title',
            description: 'settings:toasts.leftDeleted.description',
            descriptionValues: values,
          });
          return;
        }
        if (own) await navigate('/library');
        toasts.show({
          tone: 'success',
          title: own ? 'settings:toasts.left.title' : 'settings:toasts.removed.title',
          description: own
            ? 'settings:toasts.left.description'
            : deletesAccount
              ? 'settings:toasts.removed.descriptionDeleted'
              : 'settings:toasts.removed.description',
          descriptionValues: values,
        });
      },
      onError(error) {
        setAsked(false);
        showFailure(error, 'removeMembership', SETTINGS_REFUSALS);
      },
    },
  );
  const variant = `${own ? 'own' : 'other'}${deletesAccount ? 'DeletesAccount' : ''}` as const;

  return (
    <>
      <div>
        {/* Quiet: the orange call to action of the page is 'Namen speichern'; the dialog names whom it concerns. */}
        <Button
          size="small"
          variant="secondary"
          aria-label={t(own ? 'members.leave' : 'members.removeFor', values)}
          onClick={() => setAsked(true)}
        >
          {t(own ? 'members.leaveShort' : 'members.remove')}
        </Button>
      </div>
      <ConfirmDialog
        open={asked}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setAsked(false);
        }}
        tone="destructive"
        title={t(own ? 'members.removal.titleOwn' : 'members.removal.title', values)}
        description={t(`members.removal.description.${variant}`, values)}
        confirmLabel={t(own ? 'members.removal.confirmOwn' : 'members.removal.confirm')}
        cancelLabel={t('members.removal.cancel')}
        confirming={remove.isPending}
        confirmingLabel={t('members.removal.removing')}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}

function MemberRow({
  organisation,
  membership,
  name,
  own,
  lastAdministrator,
}: MemberProps & {
  /**
   * The only administrator: the switch is disabled and says why, and removal is not offered (the server refuses
   * both with 409 `lastAdministrator`).
   */
  lastAdministrator: boolean;
}) {
  const { t } = useTranslation('settings');
  const [asked, setAsked] = useState<boolean | null>(null);
  const toggle = useSetAdministrator(organisation.id, membership.id, {
    onSuccess() {
      setAsked(null);
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
              <bdi>{name}</bdi> {own ? t('members.you') : null}
            </Text>
            <Text tone="muted" size="small">
              {membership.user.email}
            </Text>
          </Stack>
          <Badge tone={membership.isAdministrator ? 'info' : 'neutral'}>
            {t(membership.isAdministrator ? 'members.roleAdministrator' : 'members.roleMember')}
          </Badge>
          {/* Named by what it switches, the same whatever its state (the state is the switch's own: on or off);
              the person's name makes each one's accessible name its own in the list. */}
          <Switch
            label={t('members.administratorSwitch')}
            aria-label={t('members.administratorSwitchFor', { name })}
            checked={membership.isAdministrator}
            disabled={toggle.isPending || lastAdministrator}
            hint={lastAdministrator ? t('members.lastAdministrator') : undefined}
            onCheckedChange={(checked) => setAsked(checked)}
          />
          {lastAdministrator ? null : (
            <RemoveMember organisation={organisation} membership={membership} name={name} own={own} />
          )}
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
 * with their administrator flag and removal (the server enforces the same rules), invitations by email, and the
 * portal language.
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
              organisation={organisation}
              membership={membership}
              name={
                `${membership.user.firstName} ${membership.user.lastName}`.trim() || membership.user.email
              }
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
