import type { User } from '@portal/api';
import { deriveRoleFlags } from '@portal/domain';
import { Alert, Badge, Button, ConfirmDialog, Heading, Inline, Stack, Text, TextField } from '@portal/ui';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiClient, currentUserQueryKey, queryClient, useCurrentUser } from '../../lib/api.ts';
import { reportError } from '../../lib/errorReporting.ts';
import { LanguageSwitch } from '../../lib/LanguageSwitch.tsx';
import { endLocalSession } from '../../lib/localSession.ts';
import { PasswordInput } from '../../lib/PasswordInput.tsx';
import {
  type ServerMessage,
  serverErrorMessage,
  serverFieldMessage,
  serverMessageText,
  showServerError,
  UNKNOWN_SERVER_MESSAGE,
} from '../../lib/serverErrors.ts';
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
import { organisationRows, portalRoles } from './profileRoles.ts';
import { TermsPublishSection } from './TermsPublishSection.tsx';

function DetailsForm({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState<ProfileValues>({
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    img: user.img ?? '',
  });
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof ProfileValues, ServerMessage>>>({});
  // A different address is confirmed with the current password (a stolen session alone must not redirect the
  // account's mail and then take it over by a password reset).
  const [currentPassword, setCurrentPassword] = useState('');
  const [currentPasswordError, setCurrentPasswordError] = useState<ServerMessage>();
  const [pending, setPending] = useState(false);
  const headingId = useId();
  const needsPassword = emailChangeNeedsPassword(user, values);
  const field = (name: keyof ProfileValues) => {
    const serverError = serverErrors[name];
    const error = errors[name];
    return {
      name,
      value: values[name],
      onChange: (event: { target: { value: string } }) =>
        setValues((v) => ({ ...v, [name]: event.target.value })),
      error: serverError ? serverMessageText(serverError) : error ? t(error) : undefined,
    };
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const found = validateProfile(user, values);
    const passwordMissing = needsPassword && currentPassword === '';
    setErrors(found);
    setServerErrors({});
    setCurrentPasswordError(passwordMissing ? { key: 'profile:password.errors.currentRequired' } : undefined);
    if (Object.keys(found).length > 0 || passwordMissing) return;
    const body: ReturnType<typeof changedFields> & { currentPassword?: string } = changedFields(user, values);
    if (needsPassword) body.currentPassword = currentPassword;
    if (Object.keys(body).length === 0) {
      toasts.show({ tone: 'success', title: 'profile:toasts.saved.title' });
      return;
    }
    setPending(true);
    try {
      const { data, error, response } = await apiClient.PATCH('/api/v1/users/me/', { body });
      if (response.ok && data) {
        queryClient.setQueryData(currentUserQueryKey, data);
        toasts.show({ tone: 'success', title: 'profile:toasts.saved.title' });
      } else if (response.status === 400) {
        // The form checked the format already: a taken address and a refused image are what is left.
        setServerErrors({
          firstName: serverFieldMessage(error, 'firstName'),
          lastName: serverFieldMessage(error, 'lastName'),
          email: serverFieldMessage(error, 'email', 'profile:details.errors.emailTaken'),
          img: serverFieldMessage(error, 'img', 'profile:details.errors.imgInvalid'),
        });
        // The form asks for the password before sending: a refusal with it means a wrong one.
        setCurrentPasswordError(
          serverFieldMessage(
            error,
            'currentPassword',
            body.currentPassword === undefined
              ? 'profile:password.errors.currentRequired'
              : 'profile:password.errors.currentWrong',
          ),
        );
      } else if (response.status !== 401) {
        showServerError(serverErrorMessage(response.status, error));
      }
    } catch (failure) {
      reportError(failure, { during: 'updateCurrentUser' });
      showServerError(UNKNOWN_SERVER_MESSAGE);
    } finally {
      setPending(false);
    }
  };

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
      <form aria-labelledby={headingId} onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="medium">
          <TextField label={t('details.firstName')} autoComplete="given-name" {...field('firstName')} />
          <TextField label={t('details.lastName')} autoComplete="family-name" {...field('lastName')} />
          {/* The provider owns a social user's address (the next sign-in there would overwrite it): read-only. */}
          <TextField
            label={t('details.email')}
            type="email"
            autoComplete="email"
            {...field('email')}
            readOnly={user.isSocialUser}
            hint={user.isSocialUser ? t('details.emailSocialHint') : undefined}
          />
          {needsPassword && (
            <PasswordInput
              label={t('password.current')}
              hint={t('details.currentPasswordHint')}
              autoComplete="current-password"
              name="currentPassword"
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.target.value)}
              error={currentPasswordError ? serverMessageText(currentPasswordError) : undefined}
            />
          )}
          {/* Text, not url: a path on this server ('/media/…') is a valid image address too. */}
          <TextField label={t('details.img')} inputMode="url" hint={t('details.imgHint')} {...field('img')} />
          <div>
            <Button type="submit" variant="primary" loading={pending} loadingLabel={t('details.submitting')}>
              {t('details.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </Stack>
  );
}

function PasswordForm() {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState({ current: '', next: '', repeat: '' });
  const [errors, setErrors] = useState<PasswordChangeErrors>({});
  const [serverErrors, setServerErrors] = useState<{ current?: ServerMessage; next?: ServerMessage }>({});
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const found = validatePasswordChange(values);
    setErrors(found);
    setServerErrors({});
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      const { error, response } = await apiClient.PATCH('/api/v1/users/me/', {
        body: { password: values.next, currentPassword: values.current },
      });
      if (response.ok) {
        setValues({ current: '', next: '', repeat: '' });
        toasts.show({ tone: 'success', title: 'profile:toasts.passwordChanged.title' });
      } else if (response.status === 400) {
        // Both fields passed the form's checks: a wrong current password and the rule are what is left.
        setServerErrors({
          current: serverFieldMessage(error, 'currentPassword', 'profile:password.errors.currentWrong'),
          next: serverFieldMessage(error, 'password', 'profile:password.errors.newRule'),
        });
      } else if (response.status !== 401) {
        showServerError(serverErrorMessage(response.status, error));
      }
    } catch (failure) {
      reportError(failure, { during: 'changePassword' });
      showServerError(UNKNOWN_SERVER_MESSAGE);
    } finally {
      setPending(false);
    }
  };

  const field = (name: 'current' | 'next' | 'repeat') => {
    const serverError = name === 'repeat' ? undefined : serverErrors[name];
    const error = errors[name];
    return {
      name,
      value: values[name],
      onChange: (event: { target: { value: string } }) =>
        setValues((v) => ({ ...v, [name]: event.target.value })),
      error: serverError ? serverMessageText(serverError) : error ? t(error) : undefined,
    };
  };

  return (
    <Stack gap="medium">
      <Heading level={2}>{t('password.title')}</Heading>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="medium">
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            {...field('current')}
          />
          <PasswordInput label={t('password.new')} autoComplete="new-password" {...field('next')} />
          <PasswordInput label={t('password.repeat')} autoComplete="new-password" {...field('repeat')} />
          <div>
            <Button
              type="submit"
              variant="secondary"
              loading={pending}
              loadingLabel={t('password.submitting')}
            >
              {t('password.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </Stack>
  );
}

function DeleteAccount() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  const remove = async () => {
    setPending(true);
    try {
      const { error, response } = await apiClient.DELETE('/api/v1/users/me/');
      if (response.ok) {
        // The server has ended every session of the account; locally it ends like a logout.
        setOpen(false);
        await endLocalSession(navigate);
        toasts.show({
          tone: 'success',
          title: 'profile:toasts.deleted.title',
          description: 'profile:toasts.deleted.description',
        });
        return;
      }
      setOpen(false);
      // E.g. 409: the last administrator of an organisation must hand over first (named in the message).
      if (response.status !== 401) showServerError(serverErrorMessage(response.status, error));
    } catch (failure) {
      reportError(failure, { during: 'deleteCurrentUser' });
      setOpen(false);
      showServerError(UNKNOWN_SERVER_MESSAGE);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack gap="medium">
      <Heading level={2}>{t('delete.title')}</Heading>
      <Text>{t('delete.description')}</Text>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t('delete.action')}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!pending) setOpen(next);
        }}
        tone="destructive"
        title={t('delete.confirmTitle')}
        description={t('delete.confirmDescription')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        confirming={pending}
        confirmingLabel={t('delete.confirming')}
        onConfirm={() => void remove()}
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
                <Text weight="semibold">{row.name}</Text>
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
  const roles = deriveRoleFlags(user);
  return (
    <Stack gap="xlarge">
      <Stack gap="small">
        <Heading level={1}>{t('title')}</Heading>
        <Text tone="muted">{t('intro')}</Text>
      </Stack>
      <DetailsForm
        key={`${user.id}:${user.firstName}:${user.lastName}:${user.email}:${user.img}`}
        user={user}
      />
      {user.isSocialUser ? <SocialPassword /> : <PasswordForm />}
      <OrganisationsAndRoles user={user} />
      {/* Staff publish terms versions here: the profile is the one page every signed-in role reaches. */}
      {roles.isStaff && <TermsPublishSection />}
      <Stack gap="medium">
        <Heading level={2}>{t('language.title')}</Heading>
        <LanguageSwitch />
      </Stack>
      <DeleteAccount />
    </Stack>
  );
}

export { ProfilePage as Component };
