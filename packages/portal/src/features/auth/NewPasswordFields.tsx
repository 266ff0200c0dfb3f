import type { TextBinding } from '../../lib/form.ts';
import { PasswordInput } from '../../lib/PasswordInput.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { fieldRefusal, serverFieldMessage } from '../../lib/serverErrors.ts';
import type { NewPasswordErrors } from './passwordForm.ts';

/** The form's own errors of the two fields (passwordForm.ts), as translation keys of the auth namespace. */
export type NewPasswordError = NonNullable<NewPasswordErrors[keyof NewPasswordErrors]>;

/** Values of a form that sets a new password: the password and its repetition, besides whatever else it asks. */
export interface NewPasswordValues {
  password: string;
  repeat: string;
}

/**
 * The new password and its repetition, as the mailed links' pages ask for them — the reset link (/reset-password)
 * and the invitation link (/invitation): the same fields, the same spec §5 rule (validateNewPassword) and the same
 * reading of the server's refusal.
 */
export function NewPasswordFields({
  form,
}: {
  form: { field: (name: keyof NewPasswordValues) => TextBinding };
}) {
  const { t } = useTranslation('auth');
  return (
    <>
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
    </>
  );
}

/**
 * The server's word on the new password of a link's page, when its 400 names the field: the form has checked the rule
 * of spec §5 already, so the rule is the one reason left. Undefined for any other failure (e.g. the link itself).
 */
export function newPasswordRefusal(error: unknown) {
  const refusal = fieldRefusal(error);
  return refusal && serverFieldMessage(refusal.body, 'password', 'auth:resetPassword.errors.passwordRule');
}
