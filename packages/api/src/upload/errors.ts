/** Why an upload failed; the app maps each code to a German message. */
export const uploadErrorCodes = [
  /** The file has no bytes; the contract's `file_size` starts at 1 and an empty part cannot be stored. */
  'empty-file',
  /** A `Blob` without a name was passed and no `fileName` was given. */
  'missing-file-name',
  /** The file needs more parts than the server's `max_parts` allows. */
  'too-many-parts',
  /** `pre-signed-url-…-multipart` was refused (e.g. 403 not the owner, 413 too large). */
  'start-failed',
  /** A part could not be stored, after retries. */
  'part-failed',
  /** `complete-multipart-upload` was refused or unreachable. */
  'complete-failed',
] as const;

export type UploadErrorCode = (typeof uploadErrorCodes)[number];

export interface UploadErrorDetails {
  /** HTTP status of the answer that ended the upload; absent for network errors and local checks. */
  status?: number;
  /** The server's `detail` text, when it sent one. */
  detail?: string;
  /** The server's whole error body (`{detail, code, params}`), for apps that word known `code`s themselves. */
  body?: unknown;
  /** The part that failed, for `part-failed`. */
  partNumber?: number;
  cause?: unknown;
}

/** An upload that failed for a reason other than cancellation. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  readonly code: UploadErrorCode;
  readonly status: number | undefined;
  readonly detail: string | undefined;
  readonly body: unknown;
  readonly partNumber: number | undefined;

  constructor(code: UploadErrorCode, message: string, details: UploadErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.status = details.status;
    this.detail = details.detail;
    this.body = details.body;
    this.partNumber = details.partNumber;
  }
}

/**
 * Rejection of a cancelled upload. Named 'AbortError' like the DOMException fetch throws, so code that already
 * ignores aborted requests (`error.name === 'AbortError'`) ignores a cancelled upload too.
 */
export class UploadAbortedError extends Error {
  override readonly name = 'AbortError';

  constructor(cause?: unknown) {
    super('The upload was cancelled.', cause === undefined ? undefined : { cause });
  }
}

/**
 * Rejection of an upload stopped by `interruptSignal` (e.g. the page was left): unlike a cancelled upload, the
 * parts stay on the server and the resume state is kept, so picking the same file again continues it. Named
 * 'AbortError' too, because it is no failure either; tell it from a cancellation with `instanceof`.
 */
export class UploadInterruptedError extends Error {
  override readonly name = 'AbortError';

  constructor(cause?: unknown) {
    super('The upload was interrupted; it can be resumed.', cause === undefined ? undefined : { cause });
  }
}

/** True for a cancelled upload (or any other AbortError), which the app should not report as a failure. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
