import { isValidPassword } from '@portal/domain';

/** Translation keys (namespace auth) of a new-password form's field errors. */
export interface NewPasswordErrors {
  password?: 'resetPassword.errors.passwordRequired' | 'resetPassword.errors.passwordRule';
  repeat?: 'resetPassword.errors.repeatMismatch';
}

/** Spec §5: at least 8 characters with a digit and a letter; the repetition must match. */
export function validateNewPassword(values: { password: string; repeat: string }): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (values.password === '') errors.password = 'resetPassword.errors.passwordRequired';
  else if (!isValidPassword(values.password)) errors.password = 'resetPassword.errors.passwordRule';
  if (values.password !== values.repeat) errors.repeat = 'resetPassword.errors.repeatMismatch';
  return errors;
}
