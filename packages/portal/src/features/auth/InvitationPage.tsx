import type { InvitationDetails } from '@portal/api';
import { hasVisibleCharacter } from '@portal/domain';
import { Alert, Button, Spinner, Stack, Text, TextField } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { onSubmitted, useFormState } from '../../lib/form.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { StatusPage } from '../../lib/StatusPage.tsx';
import { SubmitButton } from '../../lib/SubmitButton.tsx';
import { fieldRefusal, serverFieldMessage, showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { invitationQuery, isInvalidLink, useAcceptInvitation } from './authQueries.ts';
import type { LoginLocationState } from './LoginPage.tsx';
import { type NewPasswordError, NewPasswordFields, newPasswordRefusal } from './NewPasswordFields.tsx';
import { validateNewPassword } from './passwordForm.ts';

/** The contract's limit of a name (AcceptInvitationRequest). */
const NAME_MAX_LENGTH = 150;

type NameError =
  | 'invitation.errors.firstNameRequired'
  | 'invitation.errors.lastNameRequired'
  | 'invitation.errors.tooLong';

function nameError(name: string, required: NameError): NameError | undefined {
  if (!hasVisibleCharacter(name)) return required;
  return name.trim().length > NAME_MAX_LENGTH ? 'invitation.errors.tooLong' : undefined;
}

function inviterName(invitation: InvitationDetails): string | undefined {
  const name = `${invitation.invitedBy?.firstName ?? ''} ${invitation.invitedBy?.lastName ?? ''}`.trim();
  return name === '' ? undefined : name;
}

/**
 * /invitation/:token, the link of the invitation mail (issue 12 item 6): shows whom the person is invited by and to
 * which organisation, asks for name and password (spec §5) and sends them to the sign-in, where the terms follow
 * like for every new user. An address that has an account by now only accepts.
 */
export function InvitationPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const invitation = useQuery(invitationQuery(token));

  if (invitation.isPending) return <Spinner label={t('invitation.loading')} />;
  if (invitation.isError) {
    if (isInvalidLink(invitation.error)) return <InvalidInvitation />;
    return (
      <Stack gap="large">
        <PageHeading>{t('invitation.loadFailedTitle')}</PageHeading>
        <Alert tone="critical" announce="assertive">
          <Stack gap="small">
            <span>{t('invitation.loadFailed')}</span>
            <div>
              <Button variant="secondary" onClick={() => void invitation.refetch()}>
                {t('invitation.retry')}
              </Button>
            </div>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  return <AcceptInvitation token={token} invitation={invitation.data} />;
}

function InvalidInvitation() {
  const { t } = useTranslation('auth');
  return (
    <StatusPage
      title={t('invitation.invalidTitle')}
      description={t('invitation.invalid')}
      action={{ href: '/login', label: t('invitation.toLogin') }}
    />
  );
}

function AcceptInvitation({ token, invitation }: { token: string; invitation: InvitationDetails }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { signedIn } = useCurrentUser();
  const organisation = invitation.organisation.name;
  const form = useFormState(
    { firstName: '', lastName: '', password: '', repeat: '' },
    (key: NameError | NewPasswordError) => t(key),
  );
  const accept = useAcceptInvitation(token, {
    async onSuccess(accepted) {
      if (accepted.accountExisted && signedIn) {
        await navigate('/library');
      } else {
        await navigate('/login', { state: { email: accepted.email } satisfies LoginLocationState });
      }
      toasts.show(
        accepted.accountExisted
          ? {
              tone: 'success',
              title: 'auth:toasts.invitationAccepted.title',
              description: 'auth:toasts.invitationAccepted.description',
              descriptionValues: { organisation: accepted.organisation.name },
            }
          : {
              tone: 'success',
              title: 'auth:toasts.accountCreated.title',
              description: 'auth:toasts.accountCreated.description',
            },
      );
    },
    onError(error) {
      // Withdrawn or expired meanwhile: the link is asked again and shows itself invalid.
      if (isInvalidLink(error)) return;
      const refusal = fieldRefusal(error);
      if (!refusal) return showFailure(error, 'acceptInvitation');
      form.setServerErrors({
        password: newPasswordRefusal(error),
        firstName: serverFieldMessage(refusal.body, 'firstName', 'auth:invitation.errors.firstNameRequired'),
        lastName: serverFieldMessage(refusal.body, 'lastName', 'auth:invitation.errors.lastNameRequired'),
      });
    },
  });

  const inviter = inviterName(invitation);
  const intro = inviter
    ? t('invitation.introBy', { inviter, organisation })
    : t('invitation.intro', { organisation });

  if (invitation.accountExists) {
    return (
      <Stack gap="large">
        <Stack gap="small">
          <PageHeading>{t('invitation.title', { organisation })}</PageHeading>
          <Text>{intro}</Text>
          <Text tone="muted">{t('invitation.accountExists', { email: invitation.email, organisation })}</Text>
        </Stack>
        <div>
          <Button
            variant="primary"
            loading={accept.isPending}
            loadingLabel={t('invitation.submitting')}
            onClick={() => {
              if (!accept.isPending) accept.mutate(null);
            }}
          >
            {t('invitation.accept')}
          </Button>
        </div>
      </Stack>
    );
  }

  const onSubmit = onSubmitted(() => {
    if (accept.isPending) return;
    const { firstName, lastName, password } = form.values;
    const found = {
      firstName: nameError(firstName, 'invitation.errors.firstNameRequired'),
      lastName: nameError(lastName, 'invitation.errors.lastNameRequired'),
      ...validateNewPassword(form.values),
    };
    if (form.check(found))
      accept.mutate({ firstName: firstName.trim(), lastName: lastName.trim(), password });
  });

  return (
    <Stack gap="large">
      <Stack gap="small">
        <PageHeading>{t('invitation.title', { organisation })}</PageHeading>
        <Text>{intro}</Text>
        <Text tone="muted">{t('invitation.newAccount', { email: invitation.email })}</Text>
      </Stack>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="medium">
          <TextField
            label={t('invitation.firstName')}
            autoComplete="given-name"
            dir="auto"
            {...form.field('firstName')}
          />
          <TextField
            label={t('invitation.lastName')}
            autoComplete="family-name"
            dir="auto"
            {...form.field('lastName')}
          />
          <NewPasswordFields form={form} />
          <SubmitButton pending={accept.isPending} pendingLabel={t('invitation.submitting')}>
            {t('invitation.submit')}
          </SubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}

export { InvitationPage as Component };
