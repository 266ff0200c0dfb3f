import { describe, expect, it } from 'vitest';
import { validateNewPassword } from './passwordForm.ts';

describe('new password form (spec §5)', () => {
  it('asks for a password', () => {
    expect(validateNewPassword({ password: '', repeat: '' })).toEqual({
      password: 'resetPassword.errors.passwordRequired',
    });
  });

  it.each(['kurz1', 'ohneziffern', '12345678'])('refuses %s', (password) => {
    expect(validateNewPassword({ password, repeat: password }).password).toBe(
      'resetPassword.errors.passwordRule',
    );
  });

  it('wants the repetition to match', () => {
    expect(validateNewPassword({ password: 'neu2026neu', repeat: 'neu2026new' })).toEqual({
      repeat: 'resetPassword.errors.repeatMismatch',
    });
  });

  it('accepts a password following the rule', () => {
    expect(validateNewPassword({ password: 'neu2026neu', repeat: 'neu2026neu' })).toEqual({});
  });
});
