import { UploadError } from '@portal/api';
import { isValidFileName } from '@portal/domain';
import type { TFunction } from 'i18next';
import {
  errorDetail,
  isKnownServerMessage,
  serverErrorMessage,
  serverFieldMessage,
  serverMessageText,
  UNKNOWN_SERVER_MESSAGE,
} from './serverErrors.ts';

/** The portal's common namespace, where the upload texts live (`upload.*`). */
type T = TFunction<'common'>;

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
  return detail ? t('upload.tooLargeWithLimit', { detail }) : t('upload.tooLarge');
}

/** The spec §5 file-name rule as a message for FileDropzone's validateFileName; undefined when the name is fine. */
export function fileNameProblem(t: T, name: string): string | undefined {
  return isValidFileName(name) ? undefined : t('upload.fileNameInvalid', { name });
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

/**
 * The message for a failed multipart upload (UploadError code, refined by the status where it says more);
 * `forbidden` says who may upload this file (a refused start, 403).
 */
export function uploadErrorText(t: T, error: unknown, forbidden: string): string {
  if (!(error instanceof UploadError)) return t('upload.errors.unknown');
  // A part over the part size is the engine's and server's disagreement, not a file the user must shrink.
  if (error.status === 413 && error.code !== 'part-failed') {
    return tooLargeText(t, error.body ?? { detail: error.detail });
  }
  if (error.code === 'start-failed' && error.status === 403) return forbidden;
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
