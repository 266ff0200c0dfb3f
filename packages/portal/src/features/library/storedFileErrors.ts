import type { TFunction } from 'i18next';
import { ServerRefusal } from '../../lib/serverErrors.ts';
import { serverReason, tooLargeText } from '../../lib/uploadErrors.ts';

/** The message for a failed preview-image or document upload. */
export function storedFileErrorText(
  t: TFunction<'library'>,
  common: TFunction<'common'>,
  kind: 'preview' | 'document',
  error: unknown,
): string {
  if (error instanceof ServerRefusal) {
    if (error.status === 413) return tooLargeText(common, error.body);
    // The server's reason (a document type it refuses, a fake PDF, an empty file, a name against the rule).
    const reason =
      error.status < 500 ? serverReason(error.status, error.body, ['file', 'file_name']) : undefined;
    if (reason) return reason;
    // The server checks a preview's bytes; a 400 without a reason means they are not an image it accepts.
    if (error.status === 400 && kind === 'preview') return t('files.notAnImage');
  }
  return t('files.uploadFailed');
}
