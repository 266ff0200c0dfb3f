import { ConfirmDialog, Heading, Stack, Text, TextField } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { currentTosQuery } from '../../lib/api.ts';
import { onSubmitted, useFormState } from '../../lib/form.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { SubmitButton } from '../../lib/SubmitButton.tsx';
import { fieldRefusal, serverFieldMessage, showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { usePublishTerms } from './administrationQueries.ts';
import {
  type TermsVersionErrors,
  type TermsVersionValues,
  termsVersionBody,
  validateTermsVersion,
} from './termsForm.ts';

type TermsVersionError = NonNullable<TermsVersionErrors[keyof TermsVersionErrors]>;
const NO_FILES: TermsVersionValues = { tosFile: '', privacyPolicyFile: '' };

/**
 * Staff only (publishTos; the server refuses everybody else with 403): publishes a new terms version, which
 * sets every user back to not accepted. Asks first, since it cannot be undone and concerns everybody.
 */
export function TermsPublishSection() {
  const { t } = useTranslation('profile');
  const current = useQuery(currentTosQuery);
  const form = useFormState(NO_FILES, (key: TermsVersionError) => t(key));
  const [confirming, setConfirming] = useState(false);
  const publish = usePublishTerms({
    onSuccess(published) {
      setConfirming(false);
      form.reset(NO_FILES);
      toasts.show({
        tone: 'success',
        title: 'profile:toasts.termsPublished.title',
        description: 'profile:toasts.termsPublished.description',
        descriptionValues: { version: published.version },
      });
    },
    onError(error) {
      setConfirming(false);
      const refusal = fieldRefusal(error);
      if (!refusal) return showFailure(error, 'publishTos', { 403: 'profile:terms.errors.staffOnly' });
      // Both addresses passed the same rule in the form; the server's field error means just that.
      form.setServerErrors({
        tosFile: serverFieldMessage(refusal.body, 'tosFile', 'profile:terms.errors.urlInvalid'),
        privacyPolicyFile: serverFieldMessage(
          refusal.body,
          'privacyPolicyFile',
          'profile:terms.errors.urlInvalid',
        ),
      });
    },
  });
  const field = (name: keyof TermsVersionValues) => ({ inputMode: 'url' as const, ...form.field(name) });

  const onSubmit = onSubmitted(() => {
    if (form.check(validateTermsVersion(form.values))) setConfirming(true);
  });

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
          <SubmitButton variant="secondary">{t('terms.submit')}</SubmitButton>
        </Stack>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => {
          if (!publish.isPending) setConfirming(next);
        }}
        title={t('terms.confirmTitle')}
        description={t('terms.confirmDescription')}
        confirmLabel={t('terms.confirm')}
        cancelLabel={t('terms.cancel')}
        confirming={publish.isPending}
        confirmingLabel={t('terms.confirming')}
        onConfirm={() => publish.mutate(termsVersionBody(form.values))}
      />
    </Stack>
  );
}
