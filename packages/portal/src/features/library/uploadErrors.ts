import { UploadError } from '@portal/api';
import { isValidFileName } from '@portal/domain';
import type { TFunction } from 'i18next';
import { ServerRefusal } from './serverRefusal.ts';

type T = TFunction<'library'>;

/**
 * 'Die Datei ist zu groß …' and what to do. The server states its limit only inside its German `detail`
 * ('Die Datei ist zu groß. Erlaubt sind höchstens 20,00 GB.'), so that sentence is shown as it is.
 */
export function tooLargeText(t: T, detail: string | undefined): string {
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
  if (error.status === 413 && error.code !== 'part-failed') return tooLargeText(t, error.detail);
  if (error.code === 'start-failed' && error.status === 403) return t('upload.errors.start-failed-403');
  return t(`upload.errors.${error.code}`);
}

/** The message for a failed preview-image or document upload. */
export function storedFileErrorText(t: T, kind: 'preview' | 'document', error: unknown): string {
  if (error instanceof ServerRefusal) {
    if (error.status === 413) return tooLargeText(t, error.detail);
    // The server checks a preview's bytes; a 400 means they are not an image it accepts.
    if (error.status === 400 && kind === 'preview') return t('files.notAnImage');
  }
  return t('files.uploadFailed');
}
