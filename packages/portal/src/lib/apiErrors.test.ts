import { describe, expect, it } from 'vitest';
import { errorDetail, fieldError } from './apiErrors.ts';

describe('error bodies of the contract', () => {
  it('reads a detail', () => {
    expect(errorDetail({ detail: 'Zu viele Versuche.' })).toBe('Zu viele Versuche.');
    expect(errorDetail({ detail: ' ' })).toBeUndefined();
    expect(errorDetail(undefined)).toBeUndefined();
  });

  it('reads the first message of a field', () => {
    expect(fieldError({ email: ['Diese E-Mail-Adresse ist vergeben.', 'x'] }, 'email')).toBe(
      'Diese E-Mail-Adresse ist vergeben.',
    );
    expect(fieldError({ email: ['x'] }, 'password')).toBeUndefined();
    expect(fieldError({ detail: 'y' }, 'email')).toBeUndefined();
  });
});
