import type { User } from '@portal/api';
import { Button, ConfirmDialog, Heading, Stack, Text, TextField } from '@portal/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiClient, currentUserQueryKey, queryClient, useCurrentUser } from '../../lib/api.ts';
import { errorDetail, fieldError } from '../../lib/apiErrors.ts';
import { reportError } from '../../lib/errorReporting.ts';
import { LanguageSwitch } from '../../lib/LanguageSwitch.tsx';
import { session } from '../../lib/session.ts';
import { keptOnLogout } from '../../lib/storage.ts';
import { toasts } from '../../lib/toasts.ts';
import {
  changedFields,
  type PasswordChangeErrors,
  type ProfileErrors,
  type ProfileValues,
  validatePasswordChange,
  validateProfile,
} from './profileForm.ts';

function unknownError(detail?: string) {
  toasts.show({
    tone: 'error',
    title: 'common:errors.unknown.title',
    ...(detail ? { descriptionText: detail } : { description: 'common:errors.unknown.description' }),
  });
}

function DetailsForm({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState<ProfileValues>({
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    img: user.img ?? '',
  });
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof ProfileValues, string>>>({});
  const [pending, setPending] = useState(false);
  const field = (name: keyof ProfileValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: event.target.value })),
    error: serverErrors[name] ?? (errors[name] ? t(errors[name]) : undefined),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const found = validateProfile(values);
    setErrors(found);
    setServerErrors({});
    if (Object.keys(found).length > 0) return;
    const body = changedFields(user, values);
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
        setServerErrors({
          firstName: fieldError(error, 'firstName'),
          lastName: fieldError(error, 'lastName'),
          email: fieldError(error, 'email'),
          img: fieldError(error, 'img'),
        });
      } else if (response.status !== 401) {
        unknownError(errorDetail(error));
      }
    } catch (failure) {
      reportError(failure, { during: 'updateCurrentUser' });
      unknownError();
    } finally {
      setPending(false);
    }
  };

  const img = user.img;
  return (
    <Stack gap="medium">
      <Heading level={2}>{t('details.title')}</Heading>
      {img && (
        <img src={img} alt={t('details.imgAlt')} width={96} height={96} style={{ objectFit: 'cover' }} />
      )}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="medium">
          <TextField label={t('details.firstName')} autoComplete="given-name" {...field('firstName')} />
          <TextField label={t('details.lastName')} autoComplete="family-name" {...field('lastName')} />
          <TextField label={t('details.email')} type="email" autoComplete="email" {...field('email')} />
          <TextField label={t('details.img')} type="url" hint={t('details.imgHint')} {...field('img')} />
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
  const [serverErrors, setServerErrors] = useState<{ current?: string; next?: string }>({});
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
        setServerErrors({
          current: fieldError(error, 'currentPassword'),
          next: fieldError(error, 'password'),
        });
      } else if (response.status !== 401) {
        unknownError(errorDetail(error));
      }
    } catch (failure) {
      reportError(failure, { during: 'changePassword' });
      unknownError();
    } finally {
      setPending(false);
    }
  };

  const field = (name: 'current' | 'next' | 'repeat') => ({
    name,
    type: 'password',
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: event.target.value })),
    error:
      (name === 'repeat' ? undefined : serverErrors[name]) ?? (errors[name] ? t(errors[name]) : undefined),
  });

  return (
    <Stack gap="medium">
      <Heading level={2}>{t('password.title')}</Heading>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="medium">
          <TextField label={t('password.current')} autoComplete="current-password" {...field('current')} />
          <TextField label={t('password.new')} autoComplete="new-password" {...field('next')} />
          <TextField label={t('password.repeat')} autoComplete="new-password" {...field('repeat')} />
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
        session.clear(keptOnLogout);
        queryClient.removeQueries({ queryKey: currentUserQueryKey });
        setOpen(false);
        await navigate('/library');
        void queryClient.resetQueries();
        toasts.show({
          tone: 'success',
          title: 'profile:toasts.deleted.title',
          description: 'profile:toasts.deleted.description',
        });
        return;
      }
      setOpen(false);
      if (response.status !== 401) unknownError(errorDetail(error));
    } catch (failure) {
      reportError(failure, { during: 'deleteCurrentUser' });
      setOpen(false);
      unknownError();
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

/** /dashboard/profile (issue 4): details, password, language and account deletion of the signed-in user. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { user } = useCurrentUser();
  if (!user) return null;
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
      <PasswordForm />
      <Stack gap="medium">
        <Heading level={2}>{t('language.title')}</Heading>
        <LanguageSwitch />
      </Stack>
      <DeleteAccount />
    </Stack>
  );
}

export { ProfilePage as Component };
