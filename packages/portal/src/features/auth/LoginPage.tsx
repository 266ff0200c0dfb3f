import { Box, Button, Heading, Stack, Text, TextField } from '@portal/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PasswordInput } from '../../lib/PasswordInput.tsx';
import { hasFieldErrors, type LoginFieldErrors, validateLoginForm } from './loginFlow.ts';
import { useLogin } from './useLogin.ts';

export function LoginPage() {
  const { t, i18n } = useTranslation('auth');
  const { submit, pending, blockedUntil } = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginFieldErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const found = validateLoginForm({ email, password });
    setErrors(found);
    if (hasFieldErrors(found)) return;
    void submit({ email, password });
  };

  return (
    <Stack gap="large">
      <Stack gap="small">
        <Heading level={1}>{t('login.title')}</Heading>
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
          <TextField
            label={t('login.email')}
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email ? t(errors.email) : undefined}
          />
          <PasswordInput
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password ? t(errors.password) : undefined}
          />
          <div>
            <Button type="submit" variant="primary" loading={pending} loadingLabel={t('login.submitting')}>
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
