import { errorDetail } from '../../lib/apiErrors.ts';

/**
 * A call the server refused. `detail` carries its German explanation (DRF `{detail}`) when it sent one,
 * so the page can show the server's reason instead of a generic sentence.
 */
export class ServerRefusal extends Error {
  override readonly name = 'ServerRefusal';
  readonly status: number;
  readonly detail: string | undefined;
  /** The whole error body, for refusals the portal words itself by their `code`. */
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(`HTTP ${status}`);
    this.status = status;
    this.detail = errorDetail(body);
    this.body = body;
  }
}

/** The server's reason for a failed call, if it gave one. */
export function refusalDetail(error: unknown): string | undefined {
  return error instanceof ServerRefusal ? error.detail : undefined;
}
