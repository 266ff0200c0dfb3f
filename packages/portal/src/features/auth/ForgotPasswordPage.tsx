import { isValidEmail } from '@portal/domain';
import { Stack, Text, TextField } from '@portal/ui';
import { Link } from 'react-router';
import { onSubmitted, useFormState } from '../../lib/form.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { SubmitButton } from '../../lib/SubmitButton.tsx';
import { fieldRefusal, serverFieldMessage, showFailure } from '../../lib/serverErrors.ts';
import { useSendResetMail } from './authQueries.ts';

type EmailError = 'login.errors.emailRequired' | 'login.errors.emailInvalid';

function emailError(address: string): EmailError | undefined {
  if (address === '') return 'login.errors.emailRequired';
  return isValidEmail(address) ? undefined : 'login.errors.emailInvalid';
}

/**
 * 'Passwort vergessen?': asks for the address and sends reset-password-mail. The confirmation is the same
 * whether or not an account exists (the server answers alike), so the page cannot be used to probe.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const form = useFormState({ email: '' }, (key: EmailError) => t(key));
  const send = useSendResetMail({
    onError(error) {
      // The server checks the address by the same rule as the form: its field error means just that.
      const refusal = fieldRefusal(error);
      const message = refusal && serverFieldMessage(refusal.body, 'email', 'auth:login.errors.emailInvalid');
      if (message) form.setServerErrors({ email: message });
      else showFailure(error, 'sendResetPasswordMail');
    },
  });
  const sent = send.isSuccess;

  const onSubmit = onSubmitted(() => {
    if (send.isPending) return;
    const address = form.values.email.trim();
    if (form.check({ email: emailError(address) })) send.mutate(address);
  });

  if (sent) {
    return (
      <Stack gap="large">
        <PageHeading>{t('forgotPassword.sentTitle')}</PageHeading>
        <Text>
          <span role="status">{t('forgotPassword.sent')}</span>
        </Text>
        <Text>
          <Link to="/login">{t('forgotPassword.backToLogin')}</Link>
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="large">
      <Stack gap="small">
        <PageHeading>{t('forgotPassword.title')}</PageHeading>
        <Text tone="muted">{t('forgotPassword.intro')}</Text>
      </Stack>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="medium">
          <TextField
            label={t('forgotPassword.email')}
            type="email"
            autoComplete="username"
            {...form.field('email')}
          />
          <SubmitButton pending={send.isPending} pendingLabel={t('forgotPassword.submitting')}>
            {t('forgotPassword.submit')}
          </SubmitButton>
          <Text>
            <Link to="/login">{t('forgotPassword.backToLogin')}</Link>
          </Text>
        </Stack>
      </form>
    </Stack>
  );
}

export { ForgotPasswordPage as Component };
