import type { ErrorObject } from 'ajv';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FormContract } from '../contract.ts';
import {
  fieldErrors,
  InvalidFields,
  InvalidRequest,
  toFieldErrors,
  UnsupportedMediaType,
} from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import type { MultipartBody } from '../services/files.ts';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
/** Bodies their handlers read as streams (file uploads, upload parts): never parsed or buffered here. */
const STREAMED_TYPES = ['multipart/form-data', 'application/octet-stream'];
const MULTIPART_TYPE = 'multipart/form-data';

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
  const type = mediaTypeOf(request.headers['content-type']);
  const body = hasBody(request);
  if (accepted.length === 0) return body ? MESSAGES.request.noBodyExpected : undefined;
  if (type === undefined) return body ? MESSAGES.request.unsupportedMediaType(accepted) : undefined;
  return accepted.includes(type) ? undefined : MESSAGES.request.unsupportedMediaType(accepted);
}

function parseJsonBody(text: string): unknown {
  // Empty bodies are allowed (logout's body is optional); required bodies fail validation with 400 instead.
  if (text.trim() === '') return undefined;
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
  const fields: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    const earlier = fields[name];
    fields[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  return fields;
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

/** Dotted names of every string below `value` that contains a NUL character (PostgreSQL text cannot hold it). */
export function fieldsWithNul(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item) => fieldsWithNul(item, path));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => {
      const name = path === '' ? key : `${path}.${key}`;
      return [...(key.includes('\u0000') ? [name] : []), ...fieldsWithNul(item, name)];
    });
  }
  return [];
}

/** 400 on the fields concerned when a body, query or path value of an operation contains a NUL character. */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.operationId === undefined) return;
    const fields = [request.params, request.query, request.body].flatMap((part) => fieldsWithNul(part));
    if (fields.length === 0) return;
    throw new InvalidFields(
      fieldErrors(
        fields.map((field) => [field === '' ? 'non_field_errors' : field, MESSAGES.field.nulCharacter]),
      ),
    );
  });
}
