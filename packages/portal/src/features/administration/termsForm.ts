import { isResourceUrl } from '@portal/domain';

export interface TermsVersionValues {
  tosFile: string;
  privacyPolicyFile: string;
}

/** Translation keys (namespace profile) of the publish form's field errors. */
export type TermsVersionErrors = Partial<
  Record<keyof TermsVersionValues, 'terms.errors.tosRequired' | 'terms.errors.urlInvalid'>
>;

/** The terms document is required; the privacy policy may stay empty (the current one is kept). */
export function validateTermsVersion(values: TermsVersionValues): TermsVersionErrors {
  const errors: TermsVersionErrors = {};
  const tosFile = values.tosFile.trim();
  const privacyPolicyFile = values.privacyPolicyFile.trim();
  if (tosFile === '') errors.tosFile = 'terms.errors.tosRequired';
  else if (!isResourceUrl(tosFile)) errors.tosFile = 'terms.errors.urlInvalid';
  if (privacyPolicyFile !== '' && !isResourceUrl(privacyPolicyFile)) {
    errors.privacyPolicyFile = 'terms.errors.urlInvalid';
  }
  return errors;
}

/** The publishTos body: an empty privacy field is left out, which keeps the current privacy policy. */
export function termsVersionBody(values: TermsVersionValues): {
  tosFile: string;
  privacyPolicyFile?: string;
} {
  const privacyPolicyFile = values.privacyPolicyFile.trim();
  return {
    tosFile: values.tosFile.trim(),
    ...(privacyPolicyFile === '' ? {} : { privacyPolicyFile }),
  };
}
