import { describe, expect, it } from 'vitest';
import { termsVersionBody, validateTermsVersion } from './termsForm.ts';

describe('publishing a terms version (staff)', () => {
  it('wants a terms address by the shared rule; the privacy policy is optional', () => {
    expect(validateTermsVersion({ tosFile: ' ', privacyPolicyFile: '' })).toEqual({
      tosFile: 'terms.errors.tosRequired',
    });
    expect(
      validateTermsVersion({ tosFile: 'agb.pdf', privacyPolicyFile: '//fremd.example/dse.pdf' }),
    ).toEqual({
      tosFile: 'terms.errors.urlInvalid',
      privacyPolicyFile: 'terms.errors.urlInvalid',
    });
    expect(
      validateTermsVersion({ tosFile: '/media/nutzungsbedingungen-v2.pdf', privacyPolicyFile: '' }),
    ).toEqual({});
  });

  it('leaves an empty privacy policy out, so the current one stays', () => {
    expect(termsVersionBody({ tosFile: ' /media/v2.pdf ', privacyPolicyFile: ' ' })).toEqual({
      tosFile: '/media/v2.pdf',
    });
    expect(
      termsVersionBody({ tosFile: '/media/v2.pdf', privacyPolicyFile: 'https://a.example/dse.pdf' }),
    ).toEqual({
      tosFile: '/media/v2.pdf',
      privacyPolicyFile: 'https://a.example/dse.pdf',
    });
  });
});
