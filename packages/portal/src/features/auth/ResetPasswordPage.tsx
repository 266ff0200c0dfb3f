import { Alert, Stack, Text } from '@portal/ui';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { onSubmitted, useFormState } from '../../lib/form.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { SubmitButton } from '../../lib/SubmitButton.tsx';
import { fieldRefusal, showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { useResetPassword } from './authQueries.ts';
import { releaseLoginBlock } from './loginAttemptsStore.ts';
import { type NewPasswordError, NewPasswordFields, newPasswordRefusal } from './NewPasswordFields.tsx';
import { validateNewPassword } from './passwordForm.ts';

/** /reset-password/:urlHash, the link of the mail: sets a new password under the rule of spec §5. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { urlHash = '' } = useParams();
  const form = useFormState({ password: '', repeat: '' }, (key: NewPasswordError) => t(key));
  const [linkInvalid, setLinkInvalid] = useState(false);
  const reset = useResetPassword(urlHash, {
    async onSuccess() {
      // Whoever could set a new password may sign in at once, even if this browser's login was blocked.
      releaseLoginBlock();
      await navigate('/login');
      toasts.show({
        tone: 'success',
        title: 'auth:toasts.passwordReset.title',
        description: 'auth:toasts.passwordReset.description',
      });
    },
    onError(error) {
      if (!fieldRefusal(error)) return showFailure(error, 'resetPassword');
      const message = newPasswordRefusal(error);
      if (message) form.setServerErrors({ password: message });
      else setLinkInvalid(true);
    },
  });

  const onSubmit = onSubmitted(() => {
    if (reset.isPending) return;
    if (form.check(validateNewPassword(form.values))) reset.mutate(form.values.password);
  });

  return (
    <Stack gap="large">
      <Stack gap="small">
        <PageHeading>{t('resetPassword.title')}</PageHeading>
        <Text tone="muted">{t('resetPassword.intro')}</Text>
      </Stack>
      {linkInvalid && (
        <Stack gap="xsmall">
          <Alert tone="critical" announce="assertive">
            {t('resetPassword.errors.linkInvalid')}
          </Alert>
          <Text>
            <Link to="/forgot-password">{t('resetPassword.requestNew')}</Link>
          </Text>
        </Stack>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="medium">
          <NewPasswordFields form={form} />
          <SubmitButton pending={reset.isPending} pendingLabel={t('resetPassword.submitting')}>
            {t('resetPassword.submit')}
          </SubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}

export { ResetPasswordPage as Component };
