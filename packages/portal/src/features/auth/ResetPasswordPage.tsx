import { Alert, Button, Stack, Text } from '@portal/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { anonymousClient } from '../../lib/api.ts';
import { onSubmitted, useFormState } from '../../lib/form.ts';
import { PasswordInput } from '../../lib/PasswordInput.tsx';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { expectSuccess, fieldRefusal, serverFieldMessage, showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { releaseLoginBlock } from './loginAttemptsStore.ts';
import { type NewPasswordErrors, validateNewPassword } from './passwordForm.ts';

type NewPasswordError = NonNullable<NewPasswordErrors[keyof NewPasswordErrors]>;

/** /reset-password/:urlHash, the link of the mail: sets a new password under the rule of spec §5. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { urlHash = '' } = useParams();
  const form = useFormState({ password: '', repeat: '' }, (key: NewPasswordError) => t(key));
  const [linkInvalid, setLinkInvalid] = useState(false);
  const reset = useMutation({
    mutationFn: (password: string) =>
      expectSuccess(anonymousClient.POST('/api/v1/users/reset-password/', { body: { password, urlHash } })),
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
      const refusal = fieldRefusal(error);
      if (!refusal) return showFailure(error, 'resetPassword');
      // The form has checked the rule of spec §5 already: the rule is the one reason left for the field.
      const message = serverFieldMessage(refusal.body, 'password', 'auth:resetPassword.errors.passwordRule');
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
          <PasswordInput
            label={t('resetPassword.password')}
            autoComplete="new-password"
            {...form.field('password')}
          />
          <PasswordInput
            label={t('resetPassword.repeat')}
            autoComplete="new-password"
            {...form.field('repeat')}
          />
          <div>
            <Button
              type="submit"
              variant="primary"
              loading={reset.isPending}
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
