import { UploadError } from '@portal/api';
import { isValidFileName } from '@portal/domain';
import type { TFunction } from 'i18next';
import { errorDetail } from '../../lib/apiErrors.ts';
import { isKnownServerMessage, serverErrorMessage, serverMessageText } from '../../lib/serverErrors.ts';
import { ServerRefusal } from './serverRefusal.ts';

type T = TFunction<'library'>;

/**
 * 'Die Datei ist zu groß (max. 20,00 GB). …' in the user's language when the server names its limit (code
 * `fileTooLarge`); otherwise its German `detail` with the advice, or the advice alone.
 */
export function tooLargeText(t: T, body: unknown): string {
  const message = serverErrorMessage(413, body);
  if (isKnownServerMessage(message)) return serverMessageText(message);
  const detail = errorDetail(body);
  return detail ? t('files.tooLargeWithLimit', { detail }) : t('files.tooLarge');
}

/** The spec §5 file-name rule as a message for FileDropzone's validateFileName; undefined when the name is fine. */
export function fileNameProblem(t: T, name: string): string | undefined {
  return isValidFileName(name) ? undefined : t('files.fileNameInvalid', { name });
}

/** The message for a failed content-file upload (UploadError code, refined by the status where it says more). */
export function uploadErrorText(t: T, error: unknown): string {
  if (!(error instanceof UploadError)) return t('upload.errors.unknown');
  // A part over the part size is the engine's and server's disagreement, not a file the user must shrink.
  if (error.status === 413 && error.code !== 'part-failed') {
    return tooLargeText(t, error.body ?? { detail: error.detail });
  }
  if (error.code === 'start-failed' && error.status === 403) return t('upload.errors.start-failed-403');
  return t(`upload.errors.${error.code}`);
}

/** The message for a failed preview-image or document upload. */
export function storedFileErrorText(t: T, kind: 'preview' | 'document', error: unknown): string {
  if (error instanceof ServerRefusal) {
    if (error.status === 413) return tooLargeText(t, error.body);
    // The server checks a preview's bytes; a 400 means they are not an image it accepts.
    if (error.status === 400 && kind === 'preview') return t('files.notAnImage');
  }
  return t('files.uploadFailed');
}
