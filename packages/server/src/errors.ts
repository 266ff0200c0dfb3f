import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, wholeMinutes } from './messages.ts';

/**
 * The one error style of the server: services (and the request pipeline) throw the domain errors below; the one
 * mapper at the end of this file turns each into the contract's error body — `{detail}` with an optional `code` and
 * `params`, or DRF field errors `{field: [messages]}` — and its status. Nothing else writes an error answer.
 */

/** The contract's `Error.code`s: reasons a client may word itself, in the user's language. */
export type ErrorCode =
  | 'invalidCredentials'
  | 'loginLocked'
  | 'loginThrottled'
  | 'resetMailThrottled'
  | 'passwordCheckThrottled'
  | 'lastAdministrator'
  | 'fileTooLarge'
  | 'storageQuotaExceeded'
  | 'termsNotAccepted'
  | 'serverBusy'
  | 'alreadyMember'
  | 'invitationsThrottled'
  | 'mailNotSent'
  | 'invitationInvalid'
  | 'enrolThrottled'
  | 'softwareTooOld'
  | 'tooManyOpenCommands'
  | 'deviceOffline'
  | 'batteryTooLow'
  | 'updateRunning'
  | 'operatingSystemNotForModel'
  | 'softwareUpToDate'
  | 'nothingToDo'
  | 'lessonEnded'
  | 'commandFinished'
  | 'storageExceeded'
  | 'accountLocked';

/** The contract's `Error.code` and `params`. */
export interface ErrorReason {
  code: ErrorCode;
  params?: Record<string, string | number>;
}

export type FieldErrors = Record<string, string[]>;

/**
 * Bounds of every error answer (issue 20, item 2): a request full of mistakes gets an answer of fixed size. At most
 * {@link MAX_FIELD_ERRORS} fields, each name and text clipped, and the whole body within {@link MAX_ERROR_BODY_BYTES}.
 */
export const MAX_FIELD_ERRORS = 20;
export const MAX_ERROR_BODY_BYTES = 16 * 1024;
const MAX_FIELD_NAME_LENGTH = 100;
const MAX_MESSAGES_PER_FIELD = 5;
const MAX_TEXT_LENGTH = 1000;

type ErrorKind =
  | 'invalid'
  | 'invalidFields'
  | 'notAuthenticated'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'methodNotAllowed'
  | 'unsupportedMediaType'
  | 'tooManyAttempts'
  | 'unavailable';

const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  invalidFields: 400,
  notAuthenticated: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  conflict: 409,
  tooLarge: 413,
  unsupportedMediaType: 415,
  tooManyAttempts: 429,
  unavailable: 503,
};

/** An error whose German `detail` (and `clientReason`) is safe to show to the caller. */
export abstract class DomainError extends Error {
  abstract readonly kind: ErrorKind;
  /** When the caller may try again (429, 503): the answer's `Retry-After`, in seconds. */
  readonly retryAfterSeconds?: number;
  constructor(
    readonly detail: string,
    readonly clientReason?: ErrorReason,
  ) {
    super(detail);
  }
}

/** The request as a whole cannot be used (400 `{detail}`). */
export class InvalidRequest extends DomainError {
  readonly kind = 'invalid';
}

/** Fields break rules (400 `{field: [messages]}`), all problems at once as DRF reports them. */
export class InvalidFields extends DomainError {
  readonly kind = 'invalidFields';
  constructor(readonly fields: FieldErrors) {
    super(Object.values(fields).flat()[0] ?? MESSAGES.request.badRequest);
  }

  /** One field, one message. */
  static of(field: string, message: string): InvalidFields {
    return new InvalidFields(fieldErrors([[field, message]]));
  }
}

export class NotAuthenticated extends DomainError {
  readonly kind = 'notAuthenticated';
}

export class Forbidden extends DomainError {
  readonly kind = 'forbidden';
}

export class NotFound extends DomainError {
  readonly kind = 'notFound';
}

/** The path exists, but not with this method (405); `Allow` names the methods it has. */
export class MethodNotAllowed extends DomainError {
  readonly kind = 'methodNotAllowed';
  constructor(readonly allowed: readonly string[]) {
    super(MESSAGES.request.methodNotAllowed(allowed));
  }
}

export class Conflict extends DomainError {
  readonly kind = 'conflict';
}

export class TooLarge extends DomainError {
  readonly kind = 'tooLarge';
}

export class UnsupportedMediaType extends DomainError {
  readonly kind = 'unsupportedMediaType';
}

/**
 * Too many attempts (429): the detail asks to wait whole minutes (rounded up); `Retry-After` and `params.seconds` name
 * the seconds, `params.minutes` the minutes of the detail.
 */
export class TooManyAttempts extends DomainError {
  readonly kind = 'tooManyAttempts';
  constructor(
    override readonly retryAfterSeconds: number,
    what: string,
    code: ErrorCode,
  ) {
    const minutes = wholeMinutes(retryAfterSeconds);
    super(MESSAGES.request.retryIn(what, minutes), { code, params: { minutes, seconds: retryAfterSeconds } });
  }
}

/** A limit on what may wait at once is reached (429); it frees up as the waiting work is done, not after a time. */
export class LimitReached extends DomainError {
  readonly kind = 'tooManyAttempts';
}

/** Something the server depends on (the file store) failed; the client may try again later (503). */
export class Unavailable extends DomainError {
  readonly kind = 'unavailable';
}

/** 503 `serverBusy`: the database is saturated (infra/admission.ts); `Retry-After` and `params.seconds` say when. */
export class ServerBusy extends Unavailable {
  constructor(override readonly retryAfterSeconds: number) {
    super(MESSAGES.request.serverBusy(retryAfterSeconds), {
      code: 'serverBusy',
      params: { seconds: retryAfterSeconds },
    });
  }
}

/** The first error in the chain `error`, `error.cause`, … (Drizzle wraps driver errors) that `test` accepts. */
export function findCause<T>(error: unknown, test: (candidate: unknown) => candidate is T): T | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (test(current)) return current;
    current = typeof current === 'object' ? Reflect.get(current, 'cause') : undefined;
  }
  return undefined;
}

/** A PostgreSQL error with this SQLSTATE somewhere in the chain. */
export function hasSqlState(error: unknown, code: string): boolean {
  const withCode = (candidate: unknown): candidate is { code: string } =>
    typeof candidate === 'object' && candidate !== null && Reflect.get(candidate, 'code') === code;
  return findCause(error, withCode) !== undefined;
}

/** SQLSTATE classes of errors a statement's values cause: data exceptions (22) and integrity violations (23). */
const VALUE_ERROR_CLASSES = ['22', '23'];

/**
 * Whether the database refused a statement for one of its values (an invalid JSON text, a number out of range, a
 * broken constraint) rather than for its own sake or the server's state: such an error is the input's, and a batch
 * that failed with it may be tried call by call (infra/batches.ts).
 */
export function isValueError(error: unknown): boolean {
  const withSqlState = (candidate: unknown): candidate is { code: string } => {
    const code =
      typeof candidate === 'object' && candidate !== null ? Reflect.get(candidate, 'code') : undefined;
    return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
  };
  const failed = findCause(error, withSqlState);
  return failed !== undefined && VALUE_ERROR_CLASSES.includes(failed.code.slice(0, 2));
}

/**
 * Field errors as a record without prototype: field names may come from the client, and `constructor` or
 * `toString` are names like any other. Repeated fields collect their messages, each once.
 */
export function fieldErrors(entries: Iterable<readonly [string, string]> = []): FieldErrors {
  const result: FieldErrors = Object.create(null);
  for (const [field, message] of entries) addFieldError(result, field, message);
  return result;
}

export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  const messages = errors[field] ?? [];
  if (!messages.includes(message)) messages.push(message);
  errors[field] = messages;
}

/** Throws the collected field errors, if there are any. */
export function throwFieldErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new InvalidFields(errors);
}

// ---------------------------------------------------------------------------------------------------------------
// The contract's schema checks (AJV) in the words of MESSAGES.field.

function fieldName(path: string): string {
  return path
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

const TYPE_MESSAGES: Record<string, string> = {
  string: MESSAGES.field.text,
  integer: MESSAGES.field.integer,
  number: MESSAGES.field.number,
  boolean: MESSAGES.field.boolean,
  array: MESSAGES.field.list,
  object: MESSAGES.field.object,
};

function patternMessage(field: string): string {
  const last = field.split('.').pop() ?? field;
  if (/email|username/i.test(last)) return MESSAGES.field.email;
  if (/password/i.test(last)) return MESSAGES.field.password;
  if (/file_?name/i.test(last)) return MESSAGES.field.fileName;
  if (/package_?name/i.test(last)) return MESSAGES.field.packageName;
  if (/version$/i.test(last)) return MESSAGES.field.version;
  return MESSAGES.field.format;
}

function schemaMessage(error: ErrorObject, field: string): string {
  const p = error.params as Record<string, unknown>;
  const limit = Number(p.limit);
  switch (error.keyword) {
    case 'required':
      return MESSAGES.field.required;
    case 'additionalProperties':
      return MESSAGES.field.notAllowed;
    case 'type': {
      const types = String(p.type).split(',');
      const named = types.length === 2 && types.includes('null') ? types.find((t) => t !== 'null') : types[0];
      return (
        (named !== undefined && Object.hasOwn(TYPE_MESSAGES, named) && TYPE_MESSAGES[named]) ||
        MESSAGES.field.wrongType
      );
    }
    case 'pattern':
      return patternMessage(field);
    case 'format':
      if (p.format === 'email') return MESSAGES.field.email;
      if (p.format === 'uri' || p.format === 'uri-reference') return MESSAGES.field.url;
      if (p.format === 'uuid') return MESSAGES.field.uuid;
      return MESSAGES.field.format;
    case 'minLength':
      return limit === 1 ? MESSAGES.field.blank : MESSAGES.field.minLength(limit);
    case 'maxLength':
      return MESSAGES.field.maxLength(limit);
    case 'minimum':
    case 'exclusiveMinimum':
      return MESSAGES.field.minimum(limit);
    case 'maximum':
    case 'exclusiveMaximum':
      return MESSAGES.field.maximum(limit);
    case 'minItems':
      return MESSAGES.field.minItems(limit);
    case 'maxItems':
      return MESSAGES.field.maxItems(limit);
    case 'enum':
      return MESSAGES.field.allowedValues(Array.isArray(p.allowedValues) ? p.allowedValues : []);
    default:
      return MESSAGES.field.invalid;
  }
}

/**
 * Turns AJV errors into DRF-style field errors `{field: [messages]}` (the first {@link MAX_FIELD_ERRORS} fields);
 * `null` when the body as a whole is wrong.
 */
export function toFieldErrors(
  errors: ErrorObject[],
  part: 'body' | 'querystring' | 'params' = 'body',
): FieldErrors | null {
  const result = fieldErrors();
  let fields = 0;
  for (const error of errors) {
    let path = error.instancePath;
    const p = error.params as Record<string, unknown>;
    if (error.keyword === 'required') path = `${path}/${String(p.missingProperty)}`;
    if (error.keyword === 'additionalProperties') path = `${path}/${String(p.additionalProperty)}`;
    // Combinator errors repeat what their branches already said.
    if (['anyOf', 'oneOf', 'allOf', 'if', 'not'].includes(error.keyword)) continue;
    const field = fieldName(path);
    if (!field) return null;
    if (!Object.hasOwn(result, field)) {
      if (fields === MAX_FIELD_ERRORS) continue;
      fields += 1;
    }
    const unknownParameter = part === 'querystring' && error.keyword === 'additionalProperties';
    addFieldError(
      result,
      field,
      unknownParameter ? MESSAGES.field.unknownParameter : schemaMessage(error, field),
    );
  }
  return Object.keys(result).length > 0 ? result : null;
}

// ---------------------------------------------------------------------------------------------------------------
// The one mapper.

/**
 * What Fastify's own client errors (body parsing and limits, URLs its router refuses) say: always one of our texts,
 * never Fastify's message, which may repeat the request's URL.
 */
function fastifyClientError(error: FastifyError, status: number): string {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return MESSAGES.request.malformedJson;
  }
  if (error.code === 'FST_ERR_BAD_URL') return MESSAGES.request.badUrl;
  if (status === 401) return MESSAGES.auth.notAuthenticated;
  if (status === 404) return MESSAGES.request.notFound;
  if (status === 408) return MESSAGES.request.requestTimeout;
  if (status === 413) return MESSAGES.request.payloadTooLarge;
  if (status === 414) return MESSAGES.request.uriTooLong;
  if (status === 415) return MESSAGES.request.unsupportedMediaType(['application/json']);
  if (status === 431) return MESSAGES.request.headersTooLarge;
  return MESSAGES.request.badRequest;
}

/** A text cut to `length` characters (with '…'), never between the two halves of a surrogate pair. */
function clipped(text: string, length: number): string {
  if (text.length <= length) return text;
  const end = /[\ud800-\udbff]/.test(text.charAt(length - 2)) ? length - 2 : length - 1;
  return `${text.slice(0, end)}…`;
}

/** Field errors within the bounds of an error answer: the first fields, names and texts clipped, the body capped. */
export function boundedFieldErrors(fields: FieldErrors): FieldErrors {
  const bounded = fieldErrors();
  let bytes = 2;
  let count = 0;
  for (const field of Object.keys(fields)) {
    if (count === MAX_FIELD_ERRORS) break;
    const name = clipped(field, MAX_FIELD_NAME_LENGTH);
    const messages = (fields[field] ?? [])
      .slice(0, MAX_MESSAGES_PER_FIELD)
      .map((message) => clipped(message, MAX_TEXT_LENGTH));
    const size = Buffer.byteLength(JSON.stringify(name)) + Buffer.byteLength(JSON.stringify(messages)) + 2;
    if (bytes + size > MAX_ERROR_BODY_BYTES) break;
    bytes += size;
    count += 1;
    for (const message of messages) addFieldError(bounded, name, message);
  }
  return bounded;
}

/** A `{detail, code, params}` body within the bounds of an error answer. */
function boundedProblem(problem: { detail: string } & Partial<ErrorReason>): typeof problem {
  const params =
    problem.params &&
    Object.fromEntries(
      Object.entries(problem.params).map(([name, value]) => [
        name,
        typeof value === 'string' ? clipped(value, MAX_TEXT_LENGTH) : value,
      ]),
    );
  return { ...problem, detail: clipped(problem.detail, MAX_TEXT_LENGTH), ...(params && { params }) };
}

function mapError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // Also when it arrives wrapped (a ServerBusy from the database pool comes inside Drizzle's error).
  const known = findCause(error, (candidate): candidate is DomainError => candidate instanceof DomainError);
  if (known) {
    reply.code(STATUS[known.kind]);
    if (known.retryAfterSeconds !== undefined) reply.header('Retry-After', String(known.retryAfterSeconds));
    if (known instanceof MethodNotAllowed) reply.header('Allow', known.allowed.join(', '));
    if (known instanceof InvalidFields) return reply.send(boundedFieldErrors(known.fields));
    return reply.send(boundedProblem(problemOf(known)));
  }
  // PostgreSQL cancelled a statement that ran longer than DB_STATEMENT_TIMEOUT_MS (query_canceled).
  if (hasSqlState(error, '57014')) return reply.code(503).send({ detail: MESSAGES.request.statementTimeout });
  if (error.validation) {
    const part =
      error.validationContext === 'querystring' || error.validationContext === 'params'
        ? error.validationContext
        : 'body';
    const fields = toFieldErrors(error.validation as ErrorObject[], part);
    if (fields) return reply.code(400).send(boundedFieldErrors(fields));
    // A mistake of no field: the body as a whole, or a query parameter without a name (`?=x`).
    const detail = part === 'body' ? MESSAGES.request.bodyNotObject : MESSAGES.request.badRequest;
    return reply.code(400).send({ detail });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500)
    return reply.code(status).send({ detail: fastifyClientError(error, status) });
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ detail: MESSAGES.request.internal });
}

/** The body of a refusal (`Error` of the contract): the German `detail` and, where it has one, its `code` and `params`. */
export function problemOf(error: DomainError): { detail: string } & Partial<ErrorReason> {
  return { detail: error.detail, ...error.clientReason };
}

/**
 * Every error leaves as `{detail}` or field errors; client mistakes are never answered with 500, and no internal
 * message ever reaches the client. Should mapping an error fail itself, the answer is still the generic 500 (Fastify's
 * fallback would send the raw message).
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  try {
    return mapError(error, request, reply);
  } catch (mappingError) {
    request.log.error({ err: mappingError, cause: error }, 'error handler failed');
    return reply.code(500).send({ detail: MESSAGES.request.internal });
  }
}
