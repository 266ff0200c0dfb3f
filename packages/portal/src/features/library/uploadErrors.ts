import { UploadError } from '@portal/api';
import { isValidFileName } from '@portal/domain';
import type { TFunction } from 'i18next';
import {
  errorDetail,
  isKnownServerMessage,
  ServerRefusal,
  serverErrorMessage,
  serverFieldMessage,
  serverMessageText,
  UNKNOWN_SERVER_MESSAGE,
} from '../../lib/serverErrors.ts';

type T = TFunction<'library'>;

/**
 * A refused file (413) in the user's language when the server says why with a code: over the limit of its kind
 * ('Die Datei ist zu groß (max. 20,00 GB). …', `fileTooLarge`) or beyond the organisation's storage ('Der
 * Speicherplatz Ihrer Organisation reicht … (belegt: 250,00 GB von 256,00 GB). …', `storageQuotaExceeded`);
 * otherwise its German `detail` with the advice, or the advice alone.
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

// errorBodyMiddleware stands in `{detail: 'HTTP 502 Bad Gateway'}` for an empty body: a status, not a reason.
const STAND_IN_DETAIL = /^HTTP \d{3}\b/;

/**
 * The server's reason for a refused file: its message for one of `fields` (e.g. `file`: 'Die Datei ist kein
 * Bild. …'), else a known `code` or its `detail` (through serverErrors.ts), else undefined.
 */
export function serverReason(status: number, body: unknown, fields: readonly string[]): string | undefined {
  for (const field of fields) {
    const message = serverFieldMessage(body, field);
    if (message) return serverMessageText(message);
  }
  const message = serverErrorMessage(status, body);
  if (message === UNKNOWN_SERVER_MESSAGE) return undefined;
  if ('text' in message && STAND_IN_DETAIL.test(message.text)) return undefined;
  return serverMessageText(message);
}

/** The message for a failed content-file upload (UploadError code, refined by the status where it says more). */
export function uploadErrorText(t: T, error: unknown): string {
  if (!(error instanceof UploadError)) return t('upload.errors.unknown');
  // A part over the part size is the engine's and server's disagreement, not a file the user must shrink.
  if (error.status === 413 && error.code !== 'part-failed') {
    return tooLargeText(t, error.body ?? { detail: error.detail });
  }
  if (error.code === 'start-failed' && error.status === 403) return t('upload.errors.start-failed-403');
  // A refused start (e.g. a name too long) or assembly: the server says why; a 5xx has no reason worth showing.
  if (
    (error.code === 'start-failed' || error.code === 'complete-failed') &&
    error.status !== undefined &&
    error.status < 500
  ) {
    const reason = serverReason(error.status, error.body ?? { detail: error.detail }, [
      'file_name',
      'file_size',
    ]);
    if (reason) return reason;
  }
  return t(`upload.errors.${error.code}`);
}

/** The message for a failed preview-image or document upload. */
export function storedFileErrorText(t: T, kind: 'preview' | 'document', error: unknown): string {
  if (error instanceof ServerRefusal) {
    if (error.status === 413) return tooLargeText(t, error.body);
    // The server's reason (a document type it refuses, a fake PDF, an empty file, a name against the rule).
    const reason =
      error.status < 500 ? serverReason(error.status, error.body, ['file', 'file_name']) : undefined;
    if (reason) return reason;
    // The server checks a preview's bytes; a 400 without a reason means they are not an image it accepts.
    if (error.status === 400 && kind === 'preview') return t('files.notAnImage');
  }
  return t('files.uploadFailed');
}
