import { formatBytes } from '@portal/domain';
import { reportError } from './errorReporting.ts';
import { ALL_NAMESPACES, i18n, type TranslationKey } from './i18n.ts';
import { type ToastInput, toasts } from './toasts.ts';

/**
 * The one module for errors of the server: reading the contract's error bodies (DRF style: `{detail}` or field
 * errors `{field: [messages]}`), the refusal a failed call rejects with, and what the portal says about them.
 */

/** The server's `detail`, if the body has a non-blank one. The server's messages are German already. */
export function errorDetail(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('detail' in error)) return undefined;
  const { detail } = error as { detail: unknown };
  return typeof detail === 'string' && detail.trim() !== '' ? detail : undefined;
}

/** The first message the server gave for `field`, if any. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (typeof error !== 'object' || error === null || !(field in error)) return undefined;
  const messages = (error as Record<string, unknown>)[field];
  if (Array.isArray(messages)) {
    const first: unknown = messages[0];
    return typeof first === 'string' ? first : undefined;
  }
  return typeof messages === 'string' ? messages : undefined;
}

/**
 * A call the server refused: its status and whole error body (for refusals the portal words itself by their
 * `code` or fields), and `detail`, its German explanation (DRF `{detail}`) when it sent one. Queries and
 * mutations reject with it (see {@link answerOf}), so a page can tell 'not found' from other failures.
 */
export class ServerRefusal extends Error {
  override readonly name = 'ServerRefusal';
  readonly status: number;
  readonly detail: string | undefined;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(`HTTP ${status}`);
    this.status = status;
    this.detail = errorDetail(body);
    this.body = body;
  }
}

/** True when the item does not exist (or is not visible): the only failure that means 'not found'. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ServerRefusal && error.status === 404;
}

/** The server's message on one field of a refused call (a 400 with field errors), if it gave one. */
export function refusalField(error: unknown, field: string): string | undefined {
  return error instanceof ServerRefusal ? fieldError(error.body, field) : undefined;
}

/** The server's reason for a failed call, if it gave one. */
export function refusalDetail(error: unknown): string | undefined {
  return error instanceof ServerRefusal ? error.detail : undefined;
}

/** What every call of the API client resolves to (openapi-fetch). */
interface ApiAnswer<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/**
 * The data of a 2xx answer; any other answer rejects with ServerRefusal. A network failure rejects with the
 * TypeError of fetch, which the query client retries. For a query's or mutation's function.
 * @example mutationFn: (body) => answerOf(apiClient.PATCH('/api/v1/users/me/', { body }))
 */
export async function answerOf<Data>(call: Promise<ApiAnswer<Data>>): Promise<Data> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw new ServerRefusal(response.status, error);
  return data;
}

/** Like {@link answerOf} for calls whose answer carries nothing the caller needs (a 204 of a delete). */
export async function expectSuccess(call: Promise<ApiAnswer<unknown>>): Promise<void> {
  const { error, response } = await call;
  if (!response.ok) throw new ServerRefusal(response.status, error);
}

/**
 * What the portal says about an error of the server: its own translation when it knows the error, the server's
 * (German) text only when it does not. Shown through i18next, so a known error reads English in English mode.
 */
export type ServerMessage =
  | { key: TranslationKey; values?: Record<string, string | number> }
  | { text: string };

/** Said when neither a known error nor a server text is there. */
const UNKNOWN: TranslationKey = 'common:errors.unknown.description';

/** For failures without an answer (network errors): 'Bitte probieren Sie es später erneut …'. */
export const UNKNOWN_SERVER_MESSAGE: ServerMessage = { key: UNKNOWN };

type Params = Record<string, unknown>;
type Wording = (params: Params) => ServerMessage | undefined;

/** A wording that counts `params[param]` (a positive whole number): i18next picks the singular or plural form. */
function counting(param: string, key: TranslationKey): Wording {
  // 'einer Minute' / '{{count}} Minuten', as the server's text does.
  return (params) => {
    const value = params[param];
    return typeof value === 'number' && Number.isInteger(value) && value > 0
      ? { key, values: { count: value } }
      : undefined;
  };
}

const isByteCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * The contract's `Error.code`s (see openapi/portal.yaml) the portal words itself; the German translations are the
 * server's wording. A known code whose params are missing falls back to the server's text.
 */
const KNOWN_CODES: Record<string, Wording> = {
  loginThrottled: counting('minutes', 'common:serverErrors.loginThrottled'),
  resetMailThrottled: counting('minutes', 'common:serverErrors.resetMailThrottled'),
  passwordCheckThrottled: counting('minutes', 'common:serverErrors.passwordCheckThrottled'),
  // 503 of any operation while the server is saturated; Retry-After in seconds.
  serverBusy: counting('seconds', 'common:serverErrors.serverBusy'),
  // The limit in the user's language ('20,00 GB' / '20.00 GB'), as the language guide words it.
  fileTooLarge: (params) =>
    typeof params.maxBytes === 'number' && params.maxBytes > 0
      ? {
          key: 'common:serverErrors.fileTooLarge',
          values: { max: formatBytes(params.maxBytes, i18n.language) ?? '' },
        }
      : undefined,
  // An upload beyond the organisation's storage: what is in use and the quota, both in the user's format.
  storageQuotaExceeded: (params) =>
    isByteCount(params.usedBytes) && isByteCount(params.quotaBytes) && params.quotaBytes > 0
      ? {
          key: 'common:serverErrors.storageQuotaExceeded',
          values: {
            used: formatBytes(params.usedBytes, i18n.language) ?? '',
            quota: formatBytes(params.quotaBytes, i18n.language) ?? '',
          },
        }
      : undefined,
  // Until the current terms are accepted the server refuses everything else (the terms dialog is open then).
  termsNotAccepted: () => ({ key: 'common:serverErrors.termsNotAccepted' }),
  // 409 of a command or software sync for a headset whose software is too old; several headsets are named.
  softwareTooOld: (params): ServerMessage | undefined => {
    if (typeof params.requiredVersion !== 'string') return undefined;
    if (typeof params.devices === 'string') {
      return {
        key: 'common:serverErrors.softwareTooOldMany',
        values: { version: params.requiredVersion, devices: params.devices },
      };
    }
    // A headset that never reported its version: the server says 'unbekannt'.
    const known = typeof params.softwareVersion === 'string' && /^\d/.test(params.softwareVersion);
    return known
      ? {
          key: 'common:serverErrors.softwareTooOld',
          values: { version: params.requiredVersion, installed: String(params.softwareVersion) },
        }
      : { key: 'common:serverErrors.softwareTooOldUnknown', values: { version: params.requiredVersion } };
  },
  tooManyOpenCommands: (params) =>
    typeof params.limit === 'number'
      ? { key: 'common:serverErrors.tooManyOpenCommands', values: { limit: params.limit } }
      : undefined,
  lastAdministrator: (params) =>
    typeof params.organisation === 'string'
      ? { key: 'common:serverErrors.lastAdministrator', values: { organisation: params.organisation } }
      : undefined,
  // Invitations (settings page, invitation link).
  alreadyMember: (params) =>
    typeof params.email === 'string'
      ? { key: 'common:serverErrors.alreadyMember', values: { email: params.email } }
      : undefined,
  invitationsThrottled: counting('minutes', 'common:serverErrors.invitationsThrottled'),
  mailNotSent: () => ({ key: 'common:serverErrors.mailNotSent' }),
  invitationInvalid: () => ({ key: 'common:serverErrors.invitationInvalid' }),
  // Sign-in of an account staff locked (Adminbereich).
  accountLocked: () => ({ key: 'common:serverErrors.accountLocked' }),
};

function coded(body: unknown): ServerMessage | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  const { code, params } = body as { code: unknown; params?: unknown };
  if (typeof code !== 'string' || !Object.hasOwn(KNOWN_CODES, code)) return undefined;
  const values = typeof params === 'object' && params !== null ? (params as Params) : {};
  return KNOWN_CODES[code]?.(values);
}

/**
 * The message for an error answer (`{detail}` body): by the server's `code` when the portal knows it, else by
 * what `byStatus` says this call's status means (for answers without a code, e.g. 409 of updateMembership),
 * else the server's `detail`, else the generic 'Bitte probieren Sie es später erneut …'.
 * @example serverErrorMessage(409, body, { 409: 'settings:errors.lastAdministrator' })
 */
export function serverErrorMessage(
  status: number,
  body: unknown,
  byStatus: Partial<Record<number, TranslationKey>> = {},
): ServerMessage {
  const known = coded(body) ?? (byStatus[status] === undefined ? undefined : { key: byStatus[status] });
  if (known) return known;
  const detail = errorDetail(body);
  return detail === undefined ? UNKNOWN_SERVER_MESSAGE : { text: detail };
}

/**
 * The message for a field of a 400 (`{field: [messages]}`), or undefined when the field has none. `known` is the
 * portal's wording of the one reason the server can still have for this field once the form's own checks passed
 * (e.g. a taken email address); without it the server's text is shown.
 */
export function serverFieldMessage(
  body: unknown,
  field: string,
  known?: TranslationKey,
): ServerMessage | undefined {
  const text = fieldError(body, field);
  if (text === undefined) return undefined;
  return known === undefined ? { text } : { key: known };
}

/** True when the portal words the message itself (a known error), false for a server text or the generic one. */
export function isKnownServerMessage(message: ServerMessage): boolean {
  return 'key' in message && message.key !== UNKNOWN;
}

/** The text in the current language (call it while rendering, so a language switch re-words it). */
export function serverMessageText(message: ServerMessage): string {
  if ('text' in message) return message.text;
  return i18n.getFixedT(null, ALL_NAMESPACES)(message.key, message.values ?? {});
}

/** The description part of a toast for the message (toasts hold keys and translate when they render). */
export function serverMessageToast(
  message: ServerMessage,
): Pick<ToastInput, 'description' | 'descriptionValues' | 'descriptionText'> {
  if ('text' in message) return { descriptionText: message.text };
  return message.values
    ? { description: message.key, descriptionValues: message.values }
    : { description: message.key };
}

/**
 * An error toast for a failed call: titled 'Nicht möglich' when the portal knows the refusal, 'Unbekannter
 * Fehler' otherwise, unless the caller names its own title.
 */
export function showServerError(message: ServerMessage, title?: TranslationKey): void {
  toasts.show({
    tone: 'error',
    title:
      title ?? (isKnownServerMessage(message) ? 'common:serverErrors.title' : 'common:errors.unknown.title'),
    ...serverMessageToast(message),
  });
}

/**
 * The toast for a failed query or mutation: a refusal worded by serverErrorMessage (a 401 says nothing more: the
 * session handler has spoken already), anything else (no answer at all) reported and worded generically.
 * @example onError: (error) => showFailure(error, 'updateOrganisation', { 403: 'auth:toasts.restricted.description' })
 */
export function showFailure(
  error: unknown,
  during: string,
  byStatus?: Partial<Record<number, TranslationKey>>,
): void {
  if (error instanceof ServerRefusal) {
    if (error.status !== 401) showServerError(serverErrorMessage(error.status, error.body, byStatus));
    return;
  }
  reportError(error, { during });
  showServerError(UNKNOWN_SERVER_MESSAGE);
}

/** The 400 of a form's call, whose field errors belong at the fields; undefined for any other failure. */
export function fieldRefusal(error: unknown): ServerRefusal | undefined {
  return error instanceof ServerRefusal && error.status === 400 ? error : undefined;
}
