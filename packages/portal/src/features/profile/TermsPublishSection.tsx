import { Button, ConfirmDialog, Heading, Stack, Text, TextField } from '@portal/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api, apiClient, currentUserQueryKey, queryClient } from '../../lib/api.ts';
import { reportError } from '../../lib/errorReporting.ts';
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
  type TermsVersionErrors,
  type TermsVersionValues,
  termsVersionBody,
  validateTermsVersion,
} from './termsForm.ts';

const CURRENT_TOS_PATH = '/api/v1/organisations/current-tos/';

/**
 * Staff only (publishTos; the server refuses everybody else with 403): publishes a new terms version, which
 * sets every user back to not accepted. Asks first, since it cannot be undone and concerns everybody.
 */
export function TermsPublishSection() {
  const { t } = useTranslation('profile');
  const current = $api.useQuery('get', CURRENT_TOS_PATH);
  const [values, setValues] = useState<TermsVersionValues>({ tosFile: '', privacyPolicyFile: '' });
  const [errors, setErrors] = useState<TermsVersionErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof TermsVersionValues, ServerMessage>>>(
    {},
  );
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  const field = (name: keyof TermsVersionValues) => {
    const serverError = serverErrors[name];
    const error = errors[name];
    return {
      name,
      inputMode: 'url' as const,
      value: values[name],
      onChange: (event: { target: { value: string } }) =>
        setValues((v) => ({ ...v, [name]: event.target.value })),
      error: serverError ? serverMessageText(serverError) : error ? t(error) : undefined,
    };
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateTermsVersion(values);
    setErrors(found);
    setServerErrors({});
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  const publish = async () => {
    setPending(true);
    try {
      const { data, error, response } = await apiClient.POST('/api/v1/organisations/tos-versions/', {
        body: termsVersionBody(values),
      });
      setConfirming(false);
      if (response.status === 201 && data) {
        setValues({ tosFile: '', privacyPolicyFile: '' });
        toasts.show({
          tone: 'success',
          title: 'profile:toasts.termsPublished.title',
          description: 'profile:toasts.termsPublished.description',
          descriptionValues: { version: data.version },
        });
        void queryClient.invalidateQueries({ queryKey: $api.queryOptions('get', CURRENT_TOS_PATH).queryKey });
        // The new version applies to staff too: the terms dialog follows at once.
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      } else if (response.status === 400) {
        // Both addresses passed the same rule in the form; the server's field error means just that.
        setServerErrors({
          tosFile: serverFieldMessage(error, 'tosFile', 'profile:terms.errors.urlInvalid'),
          privacyPolicyFile: serverFieldMessage(
            error,
            'privacyPolicyFile',
            'profile:terms.errors.urlInvalid',
          ),
        });
      } else if (response.status !== 401) {
        showServerError(
          serverErrorMessage(response.status, error, { 403: 'profile:terms.errors.staffOnly' }),
        );
      }
    } catch (failure) {
      reportError(failure, { during: 'publishTos' });
      setConfirming(false);
      showServerError(UNKNOWN_SERVER_MESSAGE);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack gap="medium">
      <Heading level={2}>{t('terms.title')}</Heading>
      <Text tone="muted">{t('terms.intro')}</Text>
      {current.data && <Text>{t('terms.current', { version: current.data.version })}</Text>}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="medium">
          <TextField label={t('terms.tosFile')} hint={t('terms.fileHint')} {...field('tosFile')} />
          <TextField
            label={t('terms.privacyFile')}
            hint={t('terms.privacyHint')}
            {...field('privacyPolicyFile')}
          />
          <div>
            <Button type="submit" variant="secondary">
              {t('terms.submit')}
            </Button>
          </div>
        </Stack>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => {
          if (!pending) setConfirming(next);
        }}
        title={t('terms.confirmTitle')}
        description={t('terms.confirmDescription')}
        confirmLabel={t('terms.confirm')}
        cancelLabel={t('terms.cancel')}
        confirming={pending}
        confirmingLabel={t('terms.confirming')}
        onConfirm={() => void publish()}
      />
    </Stack>
  );
}
