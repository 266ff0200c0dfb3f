import { hasVisibleCharacter, isResourceUrl, isValidEmail, isValidPassword } from '@portal/domain';

export interface ProfileValues {
  firstName: string;
  lastName: string;
  email: string;
  img: string;
}

/** Translation keys (namespace profile) of the details form's field errors. */
export type ProfileErrors = Partial<
  Record<
    keyof ProfileValues,
    | 'details.errors.firstNameRequired'
    | 'details.errors.lastNameRequired'
    | 'details.errors.tooLong'
    | 'details.errors.emailRequired'
    | 'details.errors.emailInvalid'
    | 'details.errors.imgInvalid'
  >
>;

/** The contract's limit for names (UpdateUserRequest). */
export const NAME_MAX_LENGTH = 150;

export interface ProfileBefore {
  firstName: string;
  lastName: string;
  email: string;
  img: string | null;
}

/**
 * Checks only what the user changed: a stored value the form would refuse today (a social user without last
 * name, an image path set elsewhere) must not block saving another field. The image follows the rule the
 * server applies (`isResourceUrl`: http(s) or a path on this server).
 */
export function validateProfile(before: ProfileBefore, values: ProfileValues): ProfileErrors {
  const changes = changedFields(before, values);
  const errors: ProfileErrors = {};
  if (changes.firstName !== undefined) {
    if (!hasVisibleCharacter(changes.firstName)) errors.firstName = 'details.errors.firstNameRequired';
    else if (changes.firstName.length > NAME_MAX_LENGTH) errors.firstName = 'details.errors.tooLong';
  }
  if (changes.lastName !== undefined) {
    if (!hasVisibleCharacter(changes.lastName)) errors.lastName = 'details.errors.lastNameRequired';
    else if (changes.lastName.length > NAME_MAX_LENGTH) errors.lastName = 'details.errors.tooLong';
  }
  if (changes.email !== undefined) {
    if (changes.email === '') errors.email = 'details.errors.emailRequired';
    else if (!isValidEmail(changes.email)) errors.email = 'details.errors.emailInvalid';
  }
  // null (emptied) removes the image and needs no check.
  if (typeof changes.img === 'string' && !isResourceUrl(changes.img))
    errors.img = 'details.errors.imgInvalid';
  return errors;
}

/** Only what changed goes to PATCH users/me; an emptied image field removes the image (null). */
export function changedFields(
  before: ProfileBefore,
  values: ProfileValues,
): { firstName?: string; lastName?: string; email?: string; img?: string | null } {
  const changes: { firstName?: string; lastName?: string; email?: string; img?: string | null } = {};
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  const email = values.email.trim();
  const img = values.img.trim() === '' ? null : values.img.trim();
  if (firstName !== before.firstName) changes.firstName = firstName;
  if (lastName !== before.lastName) changes.lastName = lastName;
  if (email !== before.email) changes.email = email;
  if (img !== before.img) changes.img = img;
  return changes;
}

/**
 * A password user who changes the address to a different one confirms it with the current password (the server
 * compares trimmed and lower-cased, so does this). Social users cannot change their address at all.
 */
export function emailChangeNeedsPassword(
  before: { email: string; isSocialUser: boolean },
  values: Pick<ProfileValues, 'email'>,
): boolean {
  return !before.isSocialUser && values.email.trim().toLowerCase() !== before.email.toLowerCase();
}

export interface PasswordChangeValues {
  current: string;
  next: string;
  repeat: string;
}

export type PasswordChangeErrors = Partial<
  Record<
    keyof PasswordChangeValues,
    | 'password.errors.currentRequired'
    | 'password.errors.newRequired'
    | 'password.errors.newRule'
    | 'password.errors.repeatMismatch'
  >
>;

/** Spec §5 for the new password; the current one must be given. */
export function validatePasswordChange(values: PasswordChangeValues): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (values.current === '') errors.current = 'password.errors.currentRequired';
  if (values.next === '') errors.next = 'password.errors.newRequired';
  else if (!isValidPassword(values.next)) errors.next = 'password.errors.newRule';
  if (values.next !== values.repeat) errors.repeat = 'password.errors.repeatMismatch';
  return errors;
}
