import { Box, Button, Stack, Text, TextField } from '@portal/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { onSubmitted, useFormState } from '../../lib/form.ts';
import { PasswordInput } from '../../lib/PasswordInput.tsx';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { type LoginFieldErrors, validateLoginForm } from './loginFlow.ts';
import { useLogin } from './useLogin.ts';

type LoginFieldError = NonNullable<LoginFieldErrors[keyof LoginFieldErrors]>;

export function LoginPage() {
  const { t, i18n } = useTranslation('auth');
  const { submit, pending, blockedUntil } = useLogin();
  const form = useFormState({ email: '', password: '' }, (key: LoginFieldError) => t(key));

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
      {blockedUntil !== null && (
        <Stack gap="xsmall">
          {/* Its own live region with the title only, so the notice reads like the toast it repeats. */}
          <Box as="p" role="status" color="critical" margin="none">
            {t('toasts.loginBlocked.title')}
          </Box>
          <Text tone="critical">{t('toasts.loginBlocked.description')}</Text>
          <Text>
            {t('login.blockedUntil', {
              // Rounded up to the minute: 'ab 14:36 Uhr' must not name a moment the block still holds.
              time: new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(
                Math.ceil(blockedUntil / 60_000) * 60_000,
              ),
            })}
          </Text>
        </Stack>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="medium">
          <TextField label={t('login.email')} type="email" autoComplete="username" {...form.field('email')} />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            {...form.field('password')}
          />
          <div>
            {/* Disabled while a sign-in is under way and while the portal's counter says the login is blocked. */}
            <Button
              type="submit"
              variant="primary"
              loading={pending}
              disabled={blockedUntil !== null}
              loadingLabel={t('login.submitting')}
            >
              {t('login.submit')}
            </Button>
          </div>
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
