import { Alert, Button, Heading, Stack, Text } from '@portal/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { anonymousClient } from '../../lib/api.ts';
import { reportError } from '../../lib/errorReporting.ts';
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
import { releaseLoginBlock } from './loginAttemptsStore.ts';
import { type NewPasswordErrors, validateNewPassword } from './passwordForm.ts';

/** /reset-password/:urlHash, the link of the reset mail: sets a new password under the rule of spec §5. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { urlHash = '' } = useParams();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [serverPasswordError, setServerPasswordError] = useState<ServerMessage | undefined>();
  const [linkInvalid, setLinkInvalid] = useState(false);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const found = validateNewPassword({ password, repeat });
    setErrors(found);
    setServerPasswordError(undefined);
    if (found.password || found.repeat) return;
    setPending(true);
    try {
      const { error, response } = await anonymousClient.POST('/api/v1/users/reset-password/', {
        body: { password, urlHash },
      });
      if (response.ok) {
        // Whoever could set a new password may sign in at once, even if this browser's login was blocked.
        releaseLoginBlock();
        await navigate('/login');
        toasts.show({
          tone: 'success',
          title: 'auth:toasts.passwordReset.title',
          description: 'auth:toasts.passwordReset.description',
        });
        return;
      }
      // The form has checked the rule of spec §5 already: the rule is the one reason left for the field.
      const passwordError =
        response.status === 400
          ? serverFieldMessage(error, 'password', 'auth:resetPassword.errors.passwordRule')
          : undefined;
      if (passwordError) setServerPasswordError(passwordError);
      else if (response.status === 400) setLinkInvalid(true);
      else showServerError(serverErrorMessage(response.status, error));
    } catch (failure) {
      reportError(failure, { during: 'resetPassword' });
      showServerError(UNKNOWN_SERVER_MESSAGE);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack gap="large">
      <Stack gap="small">
        <Heading level={1}>{t('resetPassword.title')}</Heading>
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
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="medium">
          <PasswordInput
            label={t('resetPassword.password')}
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={
              serverPasswordError
                ? serverMessageText(serverPasswordError)
                : errors.password
                  ? t(errors.password)
                  : undefined
            }
          />
          <PasswordInput
            label={t('resetPassword.repeat')}
            name="repeat"
            autoComplete="new-password"
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
            error={errors.repeat ? t(errors.repeat) : undefined}
          />
          <div>
            <Button
              type="submit"
              variant="primary"
              loading={pending}
              loadingLabel={t('resetPassword.submitting')}
            >
              {t('resetPassword.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </Stack>
  );
}

export { ResetPasswordPage as Component };
