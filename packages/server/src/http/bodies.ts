import type { ErrorObject } from 'ajv';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FormContract } from '../contract.ts';
import {
  fieldErrors,
  InvalidFields,
  InvalidRequest,
  MAX_FIELD_ERRORS,
  toFieldErrors,
  UnsupportedMediaType,
} from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import type { MultipartBody } from '../services/content/index.ts';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const CSV_TYPE = 'text/csv';
/** Bodies their handlers read as streams (file uploads, upload parts): never parsed or buffered here. */
const STREAMED_TYPES = ['multipart/form-data', 'application/octet-stream'];
const MULTIPART_TYPE = 'multipart/form-data';
/** Bodies parsed here, as UTF-8 text. */
const PARSED_TYPES = [JSON_TYPE, FORM_TYPE];

/** The media type of a Content-Type header without its parameters, lower case (`application/json`). */
export function mediaTypeOf(header: string | undefined): string | undefined {
  const essence = header?.split(';')[0]?.trim().toLowerCase();
  return essence === '' ? undefined : essence;
}

/** Whether the request carries body bytes (a declared length above 0, or a chunked body). */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return request.headers['transfer-encoding'] !== undefined;
}

/**
 * Why the request's body does not fit the media types its operation names, or undefined when it fits. A
 * Content-Type that is sent must be one of them; body bytes without any Content-Type never fit. Requests without
 * body bytes always fit (clients send a Content-Type on bodiless calls too), and a required body is then missing,
 * which validation answers with 400.
 */
export function mediaTypeRefusal(request: FastifyRequest, accepted: readonly string[]): string | undefined {
  const header = request.headers['content-type'];
  const type = mediaTypeOf(header);
  const body = hasBody(request);
  if (accepted.length === 0) return body ? MESSAGES.request.noBodyExpected : undefined;
  if (type === undefined) return body ? MESSAGES.request.unsupportedMediaType(accepted) : undefined;
  if (!accepted.includes(type)) return MESSAGES.request.unsupportedMediaType(accepted);
  // The parsed bodies are read as UTF-8; one declared in another encoding would be read wrongly, not refused.
  if (PARSED_TYPES.includes(type) && !isUtf8(charsetOf(header))) return MESSAGES.request.charsetNotUtf8;
  return undefined;
}

/** The `charset` parameter of a Content-Type header, lower case and unquoted; undefined when there is none. */
export function charsetOf(header: string | undefined): string | undefined {
  for (const parameter of header?.split(';').slice(1) ?? []) {
    const [name, ...value] = parameter.split('=');
    if (name?.trim().toLowerCase() !== 'charset') continue;
    return value
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
  }
  return undefined;
}

const isUtf8 = (charset: string | undefined) => charset === undefined || charset === 'utf-8';

/** The deepest nesting of arrays and objects a JSON body may have (the outermost value is level 1). */
export const MAX_JSON_DEPTH = 64;

/**
 * The most members a JSON object or a form of a request may have. Every object the contract takes names far fewer
 * fields and refuses any other (`additionalProperties: false`), so a larger one can only carry unknown fields; it is
 * refused before it is parsed, at the cost of reading its first members (requestPipeline.test.ts checks the bound
 * against the contract).
 */
export const MAX_OBJECT_MEMBERS = 100;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/**
 * Why a JSON text is refused before it is parsed: nested deeper than {@link MAX_JSON_DEPTH}, or an object with more
 * than {@link MAX_OBJECT_MEMBERS} members; undefined when neither (whether it is JSON at all, JSON.parse says). One
 * pass over the text without recursion, which stops at the first excess: a hostile body costs no walk of its own.
 */
export function jsonShapeRefusal(text: string): string | undefined {
  // Per open level: -1 for an array, else the commas seen so far in that object (its members less one).
  const commas = new Int32Array(MAX_JSON_DEPTH + 1);
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = closingQuote(text, i);
      if (i < 0) return undefined;
    } else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) return MESSAGES.request.nestedTooDeep(MAX_JSON_DEPTH);
      commas[depth] = code === 0x7b ? 0 : -1;
    } else if (code === 0x7d || code === 0x5d) {
      depth -= 1;
    } else if (code === COMMA && depth > 0 && (commas[depth] ?? -1) >= 0) {
      const seen = (commas[depth] ?? 0) + 1;
      if (seen + 1 > MAX_OBJECT_MEMBERS) return MESSAGES.request.tooManyMembers(MAX_OBJECT_MEMBERS);
      commas[depth] = seen;
    }
  }
  return undefined;
}

/** The index of the quote that closes the JSON string opening at `open`, or -1 when it is never closed. */
function closingQuote(text: string, open: number): number {
  let at = open;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return at;
  }
}

function parseJsonBody(text: string): unknown {
  // Empty bodies are allowed (logout's body is optional); required bodies fail validation with 400 instead.
  if (text.trim() === '') return undefined;
  const refusal = jsonShapeRefusal(text);
  if (refusal !== undefined) throw new InvalidRequest(refusal);
  try {
    // Keys such as `__proto__` or `constructor` stay plain own fields: JSON.parse never touches prototypes, and
    // validation refuses every field the contract does not name.
    return JSON.parse(text);
  } catch {
    throw new InvalidRequest(MESSAGES.request.malformedJson);
  }
}

/**
 * A form body as an object without prototype; a field sent more than once becomes a list, which the schema then
 * refuses like any other wrong type (a form carries no lists in this contract).
 */
export function parseFormBody(text: string): Record<string, string | string[]> {
  if (countOf(text, '&') + 1 > MAX_OBJECT_MEMBERS) {
    throw new InvalidRequest(MESSAGES.request.tooManyMembers(MAX_OBJECT_MEMBERS));
  }
  const fields: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    const earlier = fields[name];
    fields[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  return fields;
}

function countOf(text: string, character: string): number {
  let count = 0;
  for (let at = text.indexOf(character); at >= 0; at = text.indexOf(character, at + 1)) count += 1;
  return count;
}

/**
 * The only body parsers of the app: JSON for JSON operations, the form parser for the one operation whose contract
 * names form data (the social login's redirect form), and pass-through for streamed uploads. Every other media
 * type has no parser; the media-type guard has refused it before parsing.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(JSON_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(String(body)));
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)), undefined);
    }
  });
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (request, body, done) => {
    // The guard already let only form operations through; this keeps the parser unusable anywhere else.
    if (!request.routeOptions.config.mediaTypes?.includes(FORM_TYPE)) {
      done(
        new UnsupportedMediaType(
          MESSAGES.request.unsupportedMediaType(request.routeOptions.config.mediaTypes ?? []),
        ),
      );
      return;
    }
    done(null, parseFormBody(String(body)));
  });
  app.addContentTypeParser(STREAMED_TYPES, (_request, _payload, done) => {
    done(null);
  });
  // Only answers are CSV (exportAuditEntries). fastify-openapi-glue looks for a parser of every media type the contract
  // names, answers included, and warns at each start without one; this one refuses whatever reaches it (the guard has
  // refused such bodies already).
  app.addContentTypeParser(CSV_TYPE, (request, _payload, done) => {
    done(
      new UnsupportedMediaType(
        MESSAGES.request.unsupportedMediaType(request.routeOptions.config.mediaTypes ?? []),
      ),
    );
  });
}

type JsonSchema = Record<string, unknown>;

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A form property that carries a file's bytes, not text (OpenAPI 3.1 `contentMediaType`, or 3.0's binary format). */
function isFilePart(schema: unknown): boolean {
  return isObject(schema) && ('contentMediaType' in schema || schema.format === 'binary');
}

/**
 * Splits the contract's schema of a multipart form into the schema of its text fields (the file parts taken out of
 * `properties` and `required`) and the names of its file parts. The text fields are then checked by that schema like
 * any JSON body (unknown fields, types, patterns, lengths); the file parts are streamed and checked by their reader.
 */
export function formContract(schema: JsonSchema): FormContract {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const fileParts = Object.keys(properties).filter((name) => isFilePart(properties[name]));
  const required = Array.isArray(schema.required) ? schema.required : [];
  return {
    fileParts,
    fields: {
      ...schema,
      properties: Object.fromEntries(
        Object.entries(properties).filter(([name]) => !fileParts.includes(name)),
      ),
      required: required.filter((name) => !fileParts.includes(String(name))),
    },
  };
}

/**
 * Streamed bodies (file uploads, upload parts) are read by their handlers; the contract's schema must not be applied
 * to the unparsed body. A multipart form's schema is kept in the route's config instead (`form`), and its reader
 * checks the form's text fields with it (`multipartBody`). Register before the routes.
 */
export function skipStreamedBodyValidation(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const mediaTypes = route.config?.mediaTypes ?? [];
    const streamed = mediaTypes.length > 0 && mediaTypes.every((type) => STREAMED_TYPES.includes(type));
    if (!streamed || !route.schema) return;
    const { body, ...rest } = route.schema;
    route.schema = rest;
    // The route plugin keys a body schema by media type (`content`) when the contract names one.
    const content = isObject(body) && isObject(body.content) ? body.content : {};
    const form = content[MULTIPART_TYPE];
    if (isObject(form) && isObject(form.schema)) {
      route.config = { ...route.config, form: formContract(form.schema) };
    }
  });
}

/**
 * The multipart body of an operation as its reader takes it: the raw stream, and the check of the form's text fields
 * by the contract's schema (400 with field errors, as for JSON bodies). An operation without a form contract takes
 * no text fields and only the part named `file`.
 */
export function multipartBody(request: FastifyRequest): MultipartBody {
  const form = request.routeOptions.config.form ?? {
    fields: { type: 'object', additionalProperties: false },
    fileParts: ['file'],
  };
  return {
    headers: request.headers,
    stream: request.raw,
    fileParts: form.fileParts,
    checkFields(fields) {
      refuseUnstorableText(fields);
      const validate = request.compileValidationSchema(form.fields, 'body');
      if (validate(fields)) return;
      const errors = toFieldErrors((validate.errors ?? []) as ErrorObject[]);
      throw errors ? new InvalidFields(errors) : new InvalidRequest(MESSAGES.files.malformed);
    },
  };
}

/**
 * 415 before anything else of an operation runs (authentication, parsing, the handler) when the request's media
 * type is not one its contract names. Routes outside the contract (portal, media files, dev tools) are not touched.
 */
export function registerMediaTypeGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const { operationId, mediaTypes } = request.routeOptions.config;
    if (operationId === undefined) return;
    const refusal = mediaTypeRefusal(request, mediaTypes ?? []);
    if (refusal !== undefined) throw new UnsupportedMediaType(refusal);
  });
}

/**
 * 400 when an operation whose contract requires a body gets none (no bytes, or an empty JSON text). Schema validation
 * cannot see this: the contract's schema is chosen by the request's media type, and a bodiless request has none.
 * Streamed bodies are read by their handlers, which check them.
 */
export function registerRequiredBodyGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const { operationId, bodyRequired, mediaTypes = [] } = request.routeOptions.config;
    if (operationId === undefined || !bodyRequired || request.body !== undefined) return;
    if (mediaTypes.every((type) => STREAMED_TYPES.includes(type))) return;
    throw new InvalidRequest(MESSAGES.request.bodyMissing(mediaTypes));
  });
}

/**
 * Text PostgreSQL cannot keep: a NUL character (its text type has none), or a lone UTF-16 surrogate, which UTF-8 has
 * no form for: PostgreSQL's JSON refuses its escape (`\ud800`), and as a text parameter it would silently become
 * U+FFFD. JSON escapes are the way such text arrives; form, multipart and URL bytes that are no UTF-8 are read as
 * U+FFFD before they get here.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this finds.
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE_TEXT.test(text);
}

/**
 * Dotted names of the fields below `value` whose text (or whose own name) the database cannot keep
 * ({@link isStorableText}), in the order of the body, at most `limit` of them. Iterative: a body's depth costs no
 * stack (the JSON parser bounds it anyway, {@link MAX_JSON_DEPTH}). Items of a list carry the list's name.
 */
export function fieldsWithUnstorableText(value: unknown, limit = MAX_FIELD_ERRORS): string[] {
  const found: string[] = [];
  const pending: { value: unknown; name: string; storableName: boolean }[] = [
    { value, name: '', storableName: true },
  ];
  while (pending.length > 0 && found.length < limit) {
    const next = pending.pop();
    if (!next) break;
    if (!next.storableName) found.push(next.name);
    else if (typeof next.value === 'string' && !isStorableText(next.value)) found.push(next.name);
    if (typeof next.value !== 'object' || next.value === null) continue;
    // Pushed in reverse, so that the fields come off the stack in the body's order.
    if (Array.isArray(next.value)) {
      for (let i = next.value.length - 1; i >= 0; i -= 1) {
        pending.push({ value: next.value[i], name: next.name, storableName: true });
      }
      continue;
    }
    const entries = Object.entries(next.value);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, item] = entries[i] ?? ['', undefined];
      const name = next.name === '' ? key : `${next.name}.${key}`;
      pending.push({ value: item, name, storableName: isStorableText(key) });
    }
  }
  return found;
}

/** 400 on the fields concerned when `value` holds text the database cannot keep (one message for every field). */
export function refuseUnstorableText(...parts: unknown[]): void {
  const fields = parts.flatMap((part) => fieldsWithUnstorableText(part)).slice(0, MAX_FIELD_ERRORS);
  if (fields.length === 0) return;
  throw new InvalidFields(
    fieldErrors(
      fields.map((field) => [field === '' ? 'non_field_errors' : field, MESSAGES.field.unstorableCharacter]),
    ),
  );
}

/**
 * Every operation's path, query and parsed body (JSON, form) are checked for text the database cannot keep before the
 * contract's schema, a multipart form's text fields by its reader (`multipartBody`): one rule, one message, for every
 * field of every media type.
 */
export function registerUnstorableTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.operationId === undefined) return;
    refuseUnstorableText(request.params, request.query, request.body);
  });
}
