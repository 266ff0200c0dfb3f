import type { UpdateUserRequest, User } from '@portal/api';
import { Alert, Badge, Button, ConfirmDialog, Heading, Inline, Stack, Text, TextField } from '@portal/ui';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { onSubmitted, useFormState } from '../../lib/form.ts';
import { LanguageSwitch } from '../../lib/LanguageSwitch.tsx';
import { endLocalSession } from '../../lib/localSession.ts';
import { PasswordInput } from '../../lib/PasswordInput.tsx';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { SubmitButton } from '../../lib/SubmitButton.tsx';
import { fieldRefusal, serverFieldMessage, showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import {
  changedFields,
  emailChangeNeedsPassword,
  type PasswordChangeErrors,
  type ProfileErrors,
  type ProfileValues,
  validatePasswordChange,
  validateProfile,
} from './profileForm.ts';
import { useDeleteAccount, useUpdateCurrentUser } from './profileQueries.ts';
import { organisationRows, portalRoles } from './profileRoles.ts';

type DetailsValues = ProfileValues & { currentPassword: string };
type DetailsError = NonNullable<ProfileErrors[keyof ProfileErrors]> | 'password.errors.currentRequired';

function DetailsForm({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const form = useFormState<DetailsValues, DetailsError>(
    {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      img: user.img ?? '',
      // A different address is confirmed with the current password (a stolen session alone must not redirect
      // the account's mail and then take it over by a password reset).
      currentPassword: '',
    },
    (key) => t(key),
  );
  const headingId = useId();
  const needsPassword = emailChangeNeedsPassword(user, form.values);
  const save = useUpdateCurrentUser({
    onSuccess() {
      toasts.show({ tone: 'success', title: 'profile:toasts.saved.title' });
    },
    onError(error, body) {
      const refusal = fieldRefusal(error);
      if (!refusal) return showFailure(error, 'updateCurrentUser');
      // The form checked the format already: a taken address and a refused image are what is left; it asks
      // for the password before sending, so a refusal with it means a wrong one.
      form.setServerErrors({
        firstName: serverFieldMessage(refusal.body, 'firstName'),
        lastName: serverFieldMessage(refusal.body, 'lastName'),
        email: serverFieldMessage(refusal.body, 'email', 'profile:details.errors.emailTaken'),
        img: serverFieldMessage(refusal.body, 'img', 'profile:details.errors.imgInvalid'),
        currentPassword: serverFieldMessage(
          refusal.body,
          'currentPassword',
          body.currentPassword === undefined
            ? 'profile:password.errors.currentRequired'
            : 'profile:password.errors.currentWrong',
        ),
      });
    },
  });

  const onSubmit = onSubmitted(() => {
    if (save.isPending) return;
    const passwordMissing = needsPassword && form.values.currentPassword === '';
    const found = {
      ...validateProfile(user, form.values),
      currentPassword: passwordMissing ? ('password.errors.currentRequired' as const) : undefined,
    };
    if (!form.check(found)) return;
    const body: UpdateUserRequest = changedFields(user, form.values);
    if (needsPassword) body.currentPassword = form.values.currentPassword;
    if (Object.keys(body).length === 0) {
      toasts.show({ tone: 'success', title: 'profile:toasts.saved.title' });
      return;
    }
    save.mutate(body);
  });

  const img = user.img;
  return (
    <Stack gap="medium">
      <Heading level={2} id={headingId}>
        {t('details.title')}
      </Heading>
      {img && (
        // Only a width: the picture keeps its own proportions, without CSS of the portal's own.
        <img src={img} alt={t('details.imgAlt')} width={96} />
      )}
      <form aria-labelledby={headingId} onSubmit={onSubmit} noValidate>
        <Stack gap="medium">
          <TextField
            label={t('details.firstName')}
            autoComplete="given-name"
            dir="auto"
            {...form.field('firstName')}
          />
          <TextField
            label={t('details.lastName')}
            autoComplete="family-name"
            dir="auto"
            {...form.field('lastName')}
          />
          {/* The provider owns a social user's address (the next sign-in there would overwrite it): read-only. */}
          <TextField
            label={t('details.email')}
            type="email"
            autoComplete="email"
            {...form.field('email')}
            readOnly={user.isSocialUser}
            hint={user.isSocialUser ? t('details.emailSocialHint') : undefined}
          />
          {needsPassword && (
            <PasswordInput
              label={t('password.current')}
              hint={t('details.currentPasswordHint')}
              autoComplete="current-password"
              {...form.field('currentPassword')}
            />
          )}
          {/* Text, not url: a path on this server ('/media/…') is a valid image address too. */}
          <TextField
            label={t('details.img')}
            inputMode="url"
            hint={t('details.imgHint')}
            {...form.field('img')}
          />
          <SubmitButton pending={save.isPending} pendingLabel={t('details.submitting')}>
            {t('details.submit')}
          </SubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}

type PasswordError = NonNullable<PasswordChangeErrors[keyof PasswordChangeErrors]>;
const NO_PASSWORDS = { current: '', next: '', repeat: '' };

function PasswordForm() {
  const { t } = useTranslation('profile');
  const form = useFormState(NO_PASSWORDS, (key: PasswordError) => t(key));
  const change = useUpdateCurrentUser({
    onSuccess() {
      form.reset(NO_PASSWORDS);
      toasts.show({ tone: 'success', title: 'profile:toasts.passwordChanged.title' });
    },
    onError(error) {
      const refusal = fieldRefusal(error);
      if (!refusal) return showFailure(error, 'changePassword');
      // Both fields passed the form's checks: a wrong current password and the rule are what is left.
      form.setServerErrors({
        current: serverFieldMessage(refusal.body, 'currentPassword', 'profile:password.errors.currentWrong'),
        next: serverFieldMessage(refusal.body, 'password', 'profile:password.errors.newRule'),
      });
    },
  });

  const onSubmit = onSubmitted(() => {
    if (change.isPending || !form.check(validatePasswordChange(form.values))) return;
    change.mutate({ password: form.values.next, currentPassword: form.values.current });
  });

  return (
    <Stack gap="medium">
      <Heading level={2}>{t('password.title')}</Heading>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="medium">
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            {...form.field('current')}
          />
          <PasswordInput label={t('password.new')} autoComplete="new-password" {...form.field('next')} />
          <PasswordInput label={t('password.repeat')} autoComplete="new-password" {...form.field('repeat')} />
          <SubmitButton
            variant="secondary"
            pending={change.isPending}
            pendingLabel={t('password.submitting')}
          >
            {t('password.submit')}
          </SubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}

function DeleteAccount({ email }: { email: string }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount({
    async onSuccess() {
      // The server has ended every session of the account; locally it ends like a logout.
      setOpen(false);
      await endLocalSession(navigate);
      toasts.show({
        tone: 'success',
        title: 'profile:toasts.deleted.title',
        description: 'profile:toasts.deleted.description',
      });
    },
    onError(error) {
      setOpen(false);
      // E.g. 409: the last administrator of an organisation must hand over first (named in the message).
      showFailure(error, 'deleteCurrentUser');
    },
  });

  return (
    <Stack gap="medium">
      <Heading level={2}>{t('delete.title')}</Heading>
      <Text>{t('delete.description')}</Text>
      <div>
        {/* Quieter than the page's save button; the dialog that follows names the account. */}
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('delete.action')}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!remove.isPending) setOpen(next);
        }}
        tone="destructive"
        title={t('delete.confirmTitle')}
        description={t('delete.confirmDescription', { email })}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        confirming={remove.isPending}
        confirmingLabel={t('delete.confirming')}
        onConfirm={() => remove.mutate()}
      />
    </Stack>
  );
}

/** Social users sign in at their provider, which owns their password: the portal cannot change it. */
function SocialPassword() {
  const { t } = useTranslation('profile');
  return (
    <Stack gap="medium">
      <Heading level={2}>{t('password.title')}</Heading>
      <Alert tone="info">{t('password.social')}</Alert>
    </Stack>
  );
}

/** Spec §3/§6: the organisations with their type (Schule, Kreismedienzentrum, ZfsL) and the user's roles. */
function OrganisationsAndRoles({ user }: { user: User }) {
  const { t } = useTranslation(['profile', 'common']);
  const rows = organisationRows(user);
  const roles = portalRoles(user);
  return (
    <Stack gap="medium">
      <Heading level={2}>{t('organisations.title')}</Heading>
      {rows.length === 0 ? (
        <Text tone="muted">{t('organisations.none')}</Text>
      ) : (
        <Stack as="ul" gap="small" aria-label={t('organisations.label')}>
          {rows.map((row) => (
            <li key={row.id}>
              <Inline gap="small" alignY="center">
                <Text weight="semibold">
                  <bdi>{row.name}</bdi>
                </Text>
                <Text tone="muted">{t(row.type)}</Text>
                <Badge tone={row.administrator ? 'info' : 'neutral'}>
                  {t(row.administrator ? 'organisations.role.administrator' : 'organisations.role.member')}
                </Badge>
              </Inline>
            </li>
          ))}
        </Stack>
      )}
      {roles.length > 0 && (
        <Stack gap="xsmall">
          <Text weight="semibold">{t('organisations.roles')}</Text>
          <Inline gap="small">
            {roles.map((role) => (
              <Badge key={role} tone="strong">
                {t(role)}
              </Badge>
            ))}
          </Inline>
        </Stack>
      )}
    </Stack>
  );
}

/** /dashboard/profile (issue 4): details, password, language and account deletion of the signed-in user. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Stack gap="xlarge">
      <Stack gap="small">
        <PageHeading>{t('title')}</PageHeading>
        <Text tone="muted">{t('intro')}</Text>
      </Stack>
      <DetailsForm
        key={`${user.id}:${user.firstName}:${user.lastName}:${user.email}:${user.img}`}
        user={user}
      />
      {user.isSocialUser ? <SocialPassword /> : <PasswordForm />}
      <OrganisationsAndRoles user={user} />
      <Stack gap="medium">
        <Heading level={2}>{t('language.title')}</Heading>
        <LanguageSwitch />
      </Stack>
      <DeleteAccount email={user.email} />
    </Stack>
  );
}

export { ProfilePage as Component };
