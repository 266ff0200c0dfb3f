import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** The contract's `Error.code` and `params`: a reason clients may word themselves, in the user's language. */
export interface ErrorReason {
  code: string;
  params?: Record<string, string | number>;
}

/** An error whose German `detail` is safe to show to the caller, with headers the answer needs (Retry-After). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly clientReason?: ErrorReason,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

/** The first error in the chain `error`, `error.cause`, … (Drizzle wraps driver errors) that `test` accepts. */
export function findCause<T>(error: unknown, test: (candidate: unknown) => candidate is T): T | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (test(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A PostgreSQL error with this SQLSTATE somewhere in the chain. */
export function hasSqlState(error: unknown, code: string): boolean {
  const withCode = (candidate: unknown): candidate is { code: string } =>
    (candidate as { code?: unknown }).code === code;
  return findCause(error, withCode) !== undefined;
}

export const MESSAGES = {
  notAuthenticated: 'Sie sind nicht eingeloggt. Bitte melden Sie sich an.',
  tokenInvalid: 'Ihre Sitzung ist abgelaufen oder ungültig. Bitte melden Sie sich erneut an.',
  notFound: 'Nicht gefunden.',
  notImplemented: 'Diese Funktion ist noch nicht verfügbar.',
  malformedJson: 'Die Anfrage enthält kein gültiges JSON.',
  bodyNotObject: 'Die Anfrage muss ein JSON-Objekt enthalten.',
  unsupportedMediaType: 'Dieses Format der Anfrage wird nicht unterstützt. Bitte senden Sie JSON.',
  payloadTooLarge: 'Die Anfrage ist zu groß.',
  badRequest: 'Die Anfrage ist ungültig.',
  internal: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
  statementTimeout:
    'Die Anfrage hat zu lange gedauert und wurde abgebrochen. Bitte versuchen Sie es später erneut.',
} as const;

type FieldErrors = Record<string, string[]>;

function fieldName(path: string): string {
  return path
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

const TYPE_NAMES: Record<string, string> = {
  string: 'Bitte geben Sie einen Text ein.',
  integer: 'Bitte geben Sie eine ganze Zahl ein.',
  number: 'Bitte geben Sie eine Zahl ein.',
  boolean: 'Bitte geben Sie true oder false an.',
  array: 'Bitte geben Sie eine Liste an.',
  object: 'Bitte geben Sie ein Objekt an.',
};

function patternMessage(field: string): string {
  const last = field.split('.').pop() ?? field;
  if (/email|username/i.test(last)) return 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
  if (/password/i.test(last)) {
    return 'Das Passwort muss mindestens 8 Zeichen lang sein und mindestens eine Ziffer und einen Buchstaben enthalten.';
  }
  if (/file_?name/i.test(last)) {
    return 'Der Dateiname darf nur Buchstaben, Ziffern, Bindestrich, Unterstrich und Punkt enthalten.';
  }
  return 'Der Wert hat kein gültiges Format.';
}

function message(error: ErrorObject, field: string): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'Dieses Feld ist erforderlich.';
    case 'additionalProperties':
      return 'Dieses Feld ist nicht erlaubt.';
    case 'type': {
      const types = String(p.type).split(',');
      if (types.includes('null') && types.length === 2) {
        return TYPE_NAMES[types.find((t) => t !== 'null') ?? ''] ?? 'Der Wert hat den falschen Typ.';
      }
      return TYPE_NAMES[types[0] ?? ''] ?? 'Der Wert hat den falschen Typ.';
    }
    case 'pattern':
      return patternMessage(field);
    case 'format':
      if (p.format === 'email') return 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
      if (p.format === 'uri' || p.format === 'uri-reference') return 'Bitte geben Sie eine gültige URL ein.';
      if (p.format === 'uuid') return 'Bitte geben Sie eine gültige UUID ein.';
      return 'Der Wert hat kein gültiges Format.';
    case 'minLength':
      return p.limit === 1
        ? 'Dieses Feld darf nicht leer sein.'
        : `Dieses Feld muss mindestens ${p.limit} Zeichen lang sein.`;
    case 'maxLength':
      return `Dieses Feld darf höchstens ${p.limit} Zeichen lang sein.`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `Der Wert muss mindestens ${p.limit} sein.`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `Der Wert darf höchstens ${p.limit} sein.`;
    case 'minItems':
      return `Die Liste muss mindestens ${p.limit} Einträge enthalten.`;
    case 'maxItems':
      return `Die Liste darf höchstens ${p.limit} Einträge enthalten.`;
    case 'enum':
      return `Ungültige Auswahl. Erlaubt sind: ${(p.allowedValues as unknown[]).join(', ')}.`;
    default:
      return 'Der Wert ist ungültig.';
  }
}

/** Turns AJV errors into DRF-style field errors `{field: [messages]}`; `null` when the body as a whole is wrong. */
export function toFieldErrors(errors: ErrorObject[]): FieldErrors | null {
  const result: FieldErrors = {};
  for (const error of errors) {
    let path = error.instancePath;
    const p = error.params as Record<string, unknown>;
    if (error.keyword === 'required') path = `${path}/${String(p.missingProperty)}`;
    if (error.keyword === 'additionalProperties') path = `${path}/${String(p.additionalProperty)}`;
    // Combinator errors repeat what their branches already said.
    if (['anyOf', 'oneOf', 'allOf', 'if', 'not'].includes(error.keyword)) continue;
    const field = fieldName(path);
    if (!field) return null;
    const text = message(error, field);
    const list = result[field] ?? [];
    if (!list.includes(text)) list.push(text);
    result[field] = list;
  }
  return Object.keys(result).length > 0 ? result : null;
}

function detailForStatus(status: number): string {
  if (status === 401) return MESSAGES.notAuthenticated;
  if (status === 404) return MESSAGES.notFound;
  if (status === 413) return MESSAGES.payloadTooLarge;
  if (status === 415) return MESSAGES.unsupportedMediaType;
  return MESSAGES.badRequest;
}

/** Every error leaves as `{detail}` or field errors; client mistakes are never answered with 500. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // Also when it reaches us wrapped (a ServerBusyError from the database pool arrives inside Drizzle's error).
  const known = findCause(error, (candidate) => candidate instanceof HttpError);
  if (known) {
    return reply
      .code(known.statusCode)
      .headers(known.headers)
      .send({ detail: known.detail, ...known.clientReason });
  }
  // PostgreSQL cancelled a statement that ran longer than DB_STATEMENT_TIMEOUT_MS (query_canceled).
  if (hasSqlState(error, '57014')) return reply.code(503).send({ detail: MESSAGES.statementTimeout });
  if (error.validation) {
    const fields = toFieldErrors(error.validation as ErrorObject[]);
    return reply.code(400).send(fields ?? { detail: MESSAGES.bodyNotObject });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ detail: MESSAGES.malformedJson });
    }
    return reply.code(status).send({ detail: detailForStatus(status) });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ detail: MESSAGES.internal });
}
