import { describe, expect, it } from 'vitest';
import { changedFields, validatePasswordChange, validateProfile } from './profileForm.ts';

const valid = { firstName: 'Lea', lastName: 'Lehrer', email: 'lehrer@schule.example', img: '' };

describe('profile form', () => {
  it('accepts complete details', () => {
    expect(validateProfile(valid)).toEqual({});
    expect(validateProfile({ ...valid, img: 'https://bilder.example/lea.png' })).toEqual({});
  });

  it('names every broken field', () => {
    expect(
      validateProfile({
        firstName: ' ',
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
