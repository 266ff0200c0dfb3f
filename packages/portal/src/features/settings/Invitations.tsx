import type { Invitation } from '@portal/api';
import { isValidEmail } from '@portal/domain';
import { Alert, Badge, Button, ConfirmDialog, Heading, Inline, Stack, Text, TextField } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { onSubmitted, useFormState } from '../../lib/form.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { SubmitButton } from '../../lib/SubmitButton.tsx';
import {
  fieldRefusal,
  ServerRefusal,
  serverErrorMessage,
  serverFieldMessage,
  showFailure,
} from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { invitationsQuery, useInviteMember, useWithdrawInvitation } from './settingsQueries.ts';
import { SETTINGS_REFUSALS } from './settingsRefusals.ts';

/**
 * Inviting people to the organisation (issue 12 item 6): by address; the server mails an invitation link to a person
 * without an account, or adds an existing account at once and tells it by mail. Open invitations are listed with
 * their expiry, to be sent again or withdrawn.
 */

/** Invites (or invites again) one address, with the toast that says what became of it. */
function useInvite(organisationId: number) {
  const { i18n } = useTranslation();
  return useInviteMember(organisationId, {
    onSuccess(outcome) {
      if (outcome.outcome === 'added') {
        toasts.show({
          tone: 'success',
          title: 'settings:toasts.memberAdded.title',
          description: 'settings:toasts.memberAdded.description',
          descriptionValues: { email: outcome.membership.user.email },
        });
      } else {
        toasts.show({
          tone: 'success',
          title: 'settings:toasts.invited.title',
          description: 'settings:toasts.invited.description',
          descriptionValues: {
            email: outcome.invitation.email,
            date: dateText(outcome.invitation.expiresAt, i18n.language),
          },
        });
      }
    },
  });
}

/** A date in the portal's German format: 22.11.2026 (and 11/22/2026 in English). */
function dateText(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(iso),
  );
}

type EmailError = 'invite.errors.emailRequired' | 'invite.errors.emailInvalid';

function emailError(address: string): EmailError | undefined {
  if (address === '') return 'invite.errors.emailRequired';
  return isValidEmail(address) ? undefined : 'invite.errors.emailInvalid';
}

function InviteForm({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation('settings');
  const form = useFormState({ inviteEmail: '' }, (key: EmailError) => t(key));
  const invite = useInvite(organisationId);

  const onSubmit = onSubmitted(() => {
    if (invite.isPending) return;
    const address = form.values.inviteEmail.trim();
    if (!form.check({ inviteEmail: emailError(address) })) return;
    invite.mutate(address, {
      onSuccess: () => form.reset({ inviteEmail: '' }),
      onError(error) {
        // At the field: a malformed address (400) or one that is a member already (409 alreadyMember).
        const refusal = fieldRefusal(error);
        if (refusal) {
          const message = serverFieldMessage(refusal.body, 'email', 'settings:invite.errors.emailInvalid');
          if (message) return form.setServerErrors({ inviteEmail: message });
        }
        if (error instanceof ServerRefusal && error.status === 409) {
          return form.setServerErrors({ inviteEmail: serverErrorMessage(409, error.body) });
        }
        showFailure(error, 'inviteMember', SETTINGS_REFUSALS);
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="medium">
        <TextField
          label={t('invite.email')}
          hint={t('invite.hint')}
          type="email"
          autoComplete="off"
          {...form.field('inviteEmail')}
        />
        <SubmitButton variant="secondary" pending={invite.isPending} pendingLabel={t('invite.submitting')}>
          {t('invite.submit')}
        </SubmitButton>
      </Stack>
    </form>
  );
}

function InvitationRow({ organisationId, invitation }: { organisationId: number; invitation: Invitation }) {
  const { t, i18n } = useTranslation('settings');
  const [asked, setAsked] = useState(false);
  const again = useInvite(organisationId);
  const withdraw = useWithdrawInvitation(organisationId, invitation.id, {
    onSuccess() {
      setAsked(false);
      toasts.show({
        tone: 'success',
        title: 'settings:toasts.withdrawn.title',
        description: 'settings:toasts.withdrawn.description',
        descriptionValues: { email: invitation.email },
      });
    },
    onError(error) {
      setAsked(false);
      showFailure(error, 'withdrawInvitation', SETTINGS_REFUSALS);
    },
  });
  const inviter = invitation.invitedBy
    ? `${invitation.invitedBy.firstName} ${invitation.invitedBy.lastName}`.trim() ||
      invitation.invitedBy.email
    : undefined;

  return (
    <li>
      <Stack gap="xsmall">
        <Inline gap="small" alignY="center">
          <Text weight="semibold">{invitation.email}</Text>
          <Badge tone={invitation.isExpired ? 'critical' : 'neutral'}>
            {t(invitation.isExpired ? 'invitations.expired' : 'invitations.pending')}
          </Badge>
        </Inline>
        <Text tone="muted" size="small">
          {inviter
            ? t('invitations.sentBy', { date: dateText(invitation.createdAt, i18n.language), name: inviter })
            : t('invitations.sent', { date: dateText(invitation.createdAt, i18n.language) })}{' '}
          {t(invitation.isExpired ? 'invitations.expiredOn' : 'invitations.validUntil', {
            date: dateText(invitation.expiresAt, i18n.language),
          })}
        </Text>
        <Inline gap="small">
          <Button
            size="small"
            variant="secondary"
            loading={again.isPending}
            loadingLabel={t('invite.submitting')}
            aria-label={t('invitations.sendAgainFor', { email: invitation.email })}
            onClick={() =>
              again.mutate(invitation.email, {
                onError: (error) => showFailure(error, 'inviteMember', SETTINGS_REFUSALS),
              })
            }
          >
            {t('invitations.sendAgain')}
          </Button>
          <Button
            size="small"
            variant="secondary"
            aria-label={t('invitations.withdrawFor', { email: invitation.email })}
            onClick={() => setAsked(true)}
          >
            {t('invitations.withdraw')}
          </Button>
        </Inline>
      </Stack>
      {/* Withdrawing is asked first, naming the address: its link stops working at once. */}
      <ConfirmDialog
        open={asked}
        onOpenChange={(open) => {
          if (!open && !withdraw.isPending) setAsked(false);
        }}
        tone="destructive"
        title={t('invitations.confirm.title', { email: invitation.email })}
        description={t('invitations.confirm.description')}
        confirmLabel={t('invitations.confirm.confirm')}
        cancelLabel={t('invitations.confirm.cancel')}
        confirming={withdraw.isPending}
        confirmingLabel={t('invitations.confirm.withdrawing')}
        onConfirm={() => withdraw.mutate()}
      />
    </li>
  );
}

function OpenInvitations({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation('settings');
  const invitations = useQuery(invitationsQuery(organisationId));
  if (invitations.isPending) return <Text tone="muted">{t('invitations.loading')}</Text>;
  if (invitations.isError) {
    return (
      <Alert tone="critical">
        <Stack gap="small">
          <span>{t('invitations.loadFailed')}</span>
          <div>
            <Button size="small" variant="secondary" onClick={() => void invitations.refetch()}>
              {t('invitations.retry')}
            </Button>
          </div>
        </Stack>
      </Alert>
    );
  }
  if (invitations.data.length === 0) return <Text tone="muted">{t('invitations.none')}</Text>;
  return (
    <Stack as="ul" gap="medium" aria-label={t('invitations.label')}>
      {invitations.data.map((invitation) => (
        <InvitationRow key={invitation.id} organisationId={organisationId} invitation={invitation} />
      ))}
    </Stack>
  );
}

/** The settings page's invitation section: the form and the open invitations. */
export function Invitations({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation('settings');
  return (
    <Stack gap="medium">
      <Heading level={2}>{t('invite.title')}</Heading>
      <Text tone="muted">{t('invite.intro')}</Text>
      <InviteForm organisationId={organisationId} />
      <Heading level={3}>{t('invitations.title')}</Heading>
      <OpenInvitations organisationId={organisationId} />
    </Stack>
  );
}
