import type { ErrorObject } from 'ajv';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * The contract's schema checks (AJV 2020-12), bounded: a request full of mistakes costs no more than one with a few.
 *
 * - Bodies are checked strictly (no type coercion); path and query parameters arrive as text and are coerced, but an
 *   integer parameter must be written as a canonical decimal integer (`7`, never `07`, `+7`, `7.0`, `7e0`, `0x7`,
 *   ` 7` or `-0`: AJV's coercion would read all of them as numbers).
 * - Each schema is first checked for its first error only, which stops at once. Only a request that fails it and
 *   holds at most {@link FULL_REPORT_VALUES} values is checked again for every error, as DRF reports them all at once;
 *   a larger one is answered with its first error. So AJV never builds 90,000 errors for 90,000 unknown fields (the
 *   error body is bounded again by errors.ts).
 */

/** Requests with at most this many values (objects, arrays, texts, numbers …) are told every mistake at once. */
export const FULL_REPORT_VALUES = 1000;

/** How integer path and query parameters must be written. */
const CANONICAL_INTEGER = /^(0|-?[1-9][0-9]*)$/;

type Schema = Record<string, unknown>;
type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const typesOf = (schema: unknown): unknown[] => (isObject(schema) ? [schema.type].flat() : []);

/** Whether at most `limit` values are in `data` (counted without recursion, and only until `limit` is passed). */
export function hasAtMostValues(data: unknown, limit: number): boolean {
  const pending: unknown[] = [data];
  let count = 0;
  while (pending.length > 0) {
    count += 1;
    if (count > limit) return false;
    const value = pending.pop();
    if (Array.isArray(value)) {
      if (count + value.length > limit) return false;
      pending.push(...value);
    } else if (isObject(value)) {
      const members = Object.values(value);
      if (count + members.length > limit) return false;
      pending.push(...members);
    }
  }
  return true;
}

/** Whether a schema takes integers and no text (text would take {@link NOT_AN_INTEGER} as valid). */
const isIntegerSchema = (schema: unknown) =>
  typesOf(schema).includes('integer') && !typesOf(schema).includes('string');

/** The names of a parameter schema's properties that hold integers (or lists of integers). */
function integerParameters(schema: Schema): string[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.keys(properties).filter((name) => {
    const property = properties[name];
    if (isIntegerSchema(property)) return true;
    return typesOf(property).includes('array') && isObject(property) && isIntegerSchema(property.items);
  });
}

/** Not a number in any notation, so that AJV's coercion fails on it as on any other text that is no integer. */
const NOT_AN_INTEGER = 'keine Zahl';

/**
 * The parameters with every integer parameter that is not written canonically replaced by {@link NOT_AN_INTEGER}:
 * AJV then refuses it as it refuses 'abc' ('Bitte geben Sie eine ganze Zahl ein.'), together with whatever else is
 * wrong. The same object when every integer is canonical (AJV coerces it in place, for the handler).
 */
function withCanonicalIntegers(data: unknown, names: readonly string[]): unknown {
  if (!isObject(data)) return data;
  const canonical = (value: unknown) => typeof value !== 'string' || CANONICAL_INTEGER.test(value);
  const malformed = names.filter((name) => {
    const value = data[name];
    return Array.isArray(value) ? !value.every(canonical) : !canonical(value);
  });
  if (malformed.length === 0) return data;
  const copy: Schema = Object.assign(Object.create(null), data);
  for (const name of malformed) {
    const value = data[name];
    copy[name] = Array.isArray(value)
      ? value.map((item) => (canonical(item) ? item : NOT_AN_INTEGER))
      : NOT_AN_INTEGER;
  }
  return copy;
}

/** The first-error check of a schema, with the full check compiled on first need. */
function boundedValidator(
  first: Ajv2020,
  all: Ajv2020,
  schema: Schema,
  integers: readonly string[],
): Validate {
  const firstError = first.compile(schema);
  let everyError: ValidateFunction | undefined;
  const validate: Validate = (request) => {
    const data = integers.length > 0 ? withCanonicalIntegers(request, integers) : request;
    if (firstError(data)) {
      validate.errors = null;
      return true;
    }
    if (!hasAtMostValues(data, FULL_REPORT_VALUES)) {
      validate.errors = firstError.errors;
      return false;
    }
    everyError ??= all.compile(schema);
    const valid = everyError(data);
    validate.errors = everyError.errors;
    return valid;
  };
  return validate;
}

function createAjv(coerceTypes: false | 'array', allErrors: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors,
    useDefaults: true,
    removeAdditional: false,
    coerceTypes,
  });
  addFormats.default(ajv);
  return ajv;
}

/**
 * The app's validator compiler: strict for bodies, coercing for path and query (canonical integers only), and
 * bounded as described above. Unknown query parameters are refused by the schemas themselves
 * ({@link refuseUnknownQueryParameters}).
 */
export function registerValidation(app: FastifyInstance): void {
  // Bodies are checked strictly: a number where a string belongs is a client error, not something to coerce.
  const body = { first: createAjv(false, false), all: createAjv(false, true) };
  // Query strings and paths arrive as text and must be coerced to the contract's types.
  const text = { first: createAjv('array', false), all: createAjv('array', true) };
  app.setValidatorCompiler(({ schema, httpPart }) => {
    // The plugin sets one shared $id on every schema it rewrites; ids would clash and only '#/…' refs are used.
    const { $id: _id, ...rest } = schema as Schema;
    if (httpPart === 'body') return boundedValidator(body.first, body.all, rest, []);
    const integers = httpPart === 'params' || httpPart === 'querystring' ? integerParameters(rest) : [];
    return boundedValidator(text.first, text.all, rest, integers);
  });
}

/**
 * Every operation of the contract takes only the query parameters it names: an unknown one (a misspelt filter, which
 * would otherwise silently list everything) is refused with 400 on its name. Operations without any get an empty
 * query schema. Register before the routes.
 */
export function refuseUnknownQueryParameters(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.operationId === undefined) return;
    const schema = route.schema ?? {};
    const querystring = isObject(schema.querystring)
      ? schema.querystring
      : { type: 'object', properties: {} };
    route.schema = { ...schema, querystring: { ...querystring, additionalProperties: false } };
  });
}
