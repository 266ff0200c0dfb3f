import { LOGIN_ATTEMPTS } from '@portal/domain';
import { Alert, Stack, Text, TextField } from '@portal/ui';
import { Link, useLocation } from 'react-router';
import { onSubmitted, useFormState } from '../../lib/form.ts';
import { PasswordInput } from '../../lib/PasswordInput.tsx';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { SubmitButton } from '../../lib/SubmitButton.tsx';
import { type LoginFieldErrors, validateLoginForm } from './loginFlow.ts';
import { useLogin } from './useLogin.ts';

type LoginFieldError = NonNullable<LoginFieldErrors[keyof LoginFieldErrors]>;

/** Where a page that leads to the sign-in (an accepted invitation) may name the address to sign in with. */
export interface LoginLocationState {
  email?: string;
}

function emailFromState(state: unknown): string {
  const email = (state as LoginLocationState | null)?.email;
  return typeof email === 'string' ? email : '';
}

export function LoginPage() {
  const { t, i18n } = useTranslation('auth');
  const location = useLocation();
  const form = useFormState({ email: emailFromState(location.state), password: '' }, (key: LoginFieldError) =>
    t(key),
  );
  const { submit, pending, remaining, blockedUntil, minutesLeft } = useLogin(form.values.email);

  const onSubmit = onSubmitted(() => {
    if (pending || blockedUntil !== null) return;
    if (form.check(validateLoginForm(form.values))) submit(form.values);
  });

  return (
    <Stack gap="large">
      <Stack gap="small">
        <PageHeading description={t('meta.login', { ns: 'common' })}>{t('login.title')}</PageHeading>
        <Text tone="muted">{t('login.intro')}</Text>
      </Stack>
      {/* What the server said about the attempts: one notice, the block or the attempts left (issue 12 item 3). */}
      {blockedUntil !== null ? (
        <Alert tone="critical" announce="polite" title={t('toasts.loginBlocked.title')}>
          <Stack gap="xsmall">
            <span>{t('toasts.loginBlocked.description')}</span>
            <span>
              {t('login.blockedUntil', {
                // Rounded up to the minute: 'ab 14:36 Uhr' must not name a moment the block still holds.
                time: new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(
                  Math.ceil(blockedUntil / 60_000) * 60_000,
                ),
              })}{' '}
              {t('login.minutesLeft', { count: minutesLeft ?? 1 })}
            </span>
          </Stack>
        </Alert>
      ) : remaining < LOGIN_ATTEMPTS ? (
        <Alert tone="warning" announce="polite" title={t('login.attemptsLeft', { count: remaining })}>
          {t('login.attemptsHint')}
        </Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="medium">
          <TextField label={t('login.email')} type="email" autoComplete="username" {...form.field('email')} />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            {...form.field('password')}
          />
          {/* Disabled while a sign-in is under way and while the login is blocked (for as long as the server said). */}
          <SubmitButton
            pending={pending}
            pendingLabel={t('login.submitting')}
            disabled={blockedUntil !== null}
          >
            {t('login.submit')}
          </SubmitButton>
          <Text>
            <Link to="/forgot-password">{t('login.forgotPassword')}</Link>
          </Text>
          <Text>
            <Link to="/oidc-antares">{t('login.social')}</Link>
          </Text>
        </Stack>
      </form>
    </Stack>
  );
}
