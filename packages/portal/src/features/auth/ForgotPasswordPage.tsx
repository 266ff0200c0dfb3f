import { isValidEmail } from '@portal/domain';
import { Button, Heading, Stack, Text, TextField } from '@portal/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { anonymousClient } from '../../lib/api.ts';
import { reportError } from '../../lib/errorReporting.ts';
import {
  type ServerMessage,
  serverErrorMessage,
  serverFieldMessage,
  serverMessageText,
  showServerError,
  UNKNOWN_SERVER_MESSAGE,
} from '../../lib/serverErrors.ts';

type EmailError = 'login.errors.emailRequired' | 'login.errors.emailInvalid';

/**
 * 'Passwort vergessen?': asks for the address and sends reset-password-mail. The confirmation is the same
 * whether or not an account exists (the server answers alike), so the page cannot be used to probe.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<EmailError | undefined>();
  const [serverError, setServerError] = useState<ServerMessage | undefined>();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const address = email.trim();
    const found: EmailError | undefined =
      address === ''
        ? 'login.errors.emailRequired'
        : isValidEmail(address)
          ? undefined
          : 'login.errors.emailInvalid';
    setError(found);
    setServerError(undefined);
    if (found) return;
    setPending(true);
    try {
      const { error: body, response } = await anonymousClient.POST('/api/v1/users/reset-password-mail/', {
        body: { email: address },
      });
      // The server checks the address by the same rule as the form: its field error means just that.
      const emailError =
        response.status === 400
          ? serverFieldMessage(body, 'email', 'auth:login.errors.emailInvalid')
          : undefined;
      if (response.ok) setSent(true);
      else if (emailError) setServerError(emailError);
      else showServerError(serverErrorMessage(response.status, body));
    } catch (failure) {
      reportError(failure, { during: 'sendResetPasswordMail' });
      showServerError(UNKNOWN_SERVER_MESSAGE);
    } finally {
      setPending(false);
    }
  };

  if (sent) {
    return (
      <Stack gap="large">
        <Heading level={1}>{t('forgotPassword.sentTitle')}</Heading>
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
        <Heading level={1}>{t('forgotPassword.title')}</Heading>
        <Text tone="muted">{t('forgotPassword.intro')}</Text>
      </Stack>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="medium">
          <TextField
            label={t('forgotPassword.email')}
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={serverError ? serverMessageText(serverError) : error ? t(error) : undefined}
          />
          <div>
            <Button
              type="submit"
              variant="primary"
              loading={pending}
              loadingLabel={t('forgotPassword.submitting')}
            >
              {t('forgotPassword.submit')}
            </Button>
          </div>
          <Text>
            <Link to="/login">{t('forgotPassword.backToLogin')}</Link>
          </Text>
        </Stack>
      </form>
    </Stack>
  );
}

export { ForgotPasswordPage as Component };
