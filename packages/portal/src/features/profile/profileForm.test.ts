import { describe, expect, it } from 'vitest';
import {
  changedFields,
  emailChangeNeedsPassword,
  validatePasswordChange,
  validateProfile,
} from './profileForm.ts';

const valid = { firstName: 'Lea', lastName: 'Lehrer', email: 'lehrer@schule.example', img: '' };
const stored = { ...valid, img: null };

describe('profile form', () => {
  it('accepts complete details', () => {
    expect(validateProfile(stored, valid)).toEqual({});
    expect(validateProfile(stored, { ...valid, img: 'https://bilder.example/lea.png' })).toEqual({});
  });

  it('accepts an image on this server, as the server does', () => {
    expect(validateProfile(stored, { ...valid, img: '/media/files/lea.png' })).toEqual({});
    expect(validateProfile(stored, { ...valid, img: '//fremd.example/lea.png' })).toEqual({
      img: 'details.errors.imgInvalid',
    });
  });

  it('checks only the fields that changed', () => {
    // A social user without last name, with an image address the form would refuse today.
    const social = { firstName: 'Mara', lastName: '', email: 'mara@antares.example', img: 'data:x' };
    expect(validateProfile(social, { ...social, firstName: 'Marah' })).toEqual({});
    expect(validateProfile(social, { ...social, lastName: ' ', img: 'kein-bild' })).toEqual({
      img: 'details.errors.imgInvalid',
    });
  });

  it('names every broken field', () => {
    expect(
      validateProfile(stored, {
        firstName: '\u200B\u2060',
        lastName: 'x'.repeat(151),
        email: 'lea@schule',
        img: 'javascript:alert(1)',
      }),
    ).toEqual({
      firstName: 'details.errors.firstNameRequired',
      lastName: 'details.errors.tooLong',
      email: 'details.errors.emailInvalid',
      img: 'details.errors.imgInvalid',
    });
  });

  it('sends only what changed, an emptied image as null', () => {
    const before = {
      firstName: 'Lea',
      lastName: 'Lehrer',
      email: 'lehrer@schule.example',
      img: 'https://a.example/x.png',
    };
    expect(changedFields(before, { ...valid, firstName: ' Leonie ' })).toEqual({
      firstName: 'Leonie',
      img: null,
    });
    expect(changedFields({ ...before, img: null }, valid)).toEqual({});
  });
});

describe('password change (spec §5)', () => {
  it('wants the current password, a new one under the rule and a matching repetition', () => {
    expect(validatePasswordChange({ current: '', next: 'kurz1', repeat: 'kurz' })).toEqual({
      current: 'password.errors.currentRequired',
      next: 'password.errors.newRule',
      repeat: 'password.errors.repeatMismatch',
    });
    expect(
      validatePasswordChange({ current: 'portal2026', next: 'Sommer2026', repeat: 'Sommer2026' }),
    ).toEqual({});
  });
});

describe('email change', () => {
  it('needs the current password for a different address of a password user only', () => {
    const user = { email: 'lehrer@schule.example', isSocialUser: false };
    expect(emailChangeNeedsPassword(user, { email: 'lehrer@schule.example' })).toBe(false);
    // The server compares trimmed and lower-cased: no change.
    expect(emailChangeNeedsPassword(user, { email: ' Lehrer@Schule.example ' })).toBe(false);
    expect(emailChangeNeedsPassword(user, { email: 'lea@schule.example' })).toBe(true);
    expect(emailChangeNeedsPassword({ ...user, isSocialUser: true }, { email: 'lea@schule.example' })).toBe(
      false,
    );
  });
});
