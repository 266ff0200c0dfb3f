import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldErrors, InvalidFields, InvalidRequest, UnsupportedMediaType } from '../errors.ts';
import { MESSAGES } from '../messages.ts';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
/** Bodies their handlers read as streams (file uploads, upload parts): never parsed or buffered here. */
const STREAMED_TYPES = ['multipart/form-data', 'application/octet-stream'];

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

/**
 * Streamed bodies (file uploads) are read by their handlers, which check the form's fields themselves
 * (services/files.ts); the contract's schema documents the form and must not be applied to the unparsed body.
 * Register before the routes.
 */
export function skipStreamedBodyValidation(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const mediaTypes = route.config?.mediaTypes ?? [];
    const streamed = mediaTypes.length > 0 && mediaTypes.every((type) => STREAMED_TYPES.includes(type));
    if (streamed && route.schema) {
      const { body: _body, ...rest } = route.schema;
      route.schema = rest;
    }
  });
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
