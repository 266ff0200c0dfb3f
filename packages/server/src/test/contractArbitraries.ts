import fc from 'fast-check';
import type { ContractOperation, OpenApiDocument } from '../contract.ts';

/**
 * fast-check arbitraries derived from the contract's schemas (issue 25, item 6): for each operation, requests the
 * contract accepts (its path and query parameters and its body by their schemas) and requests it does not, made from
 * a valid one by one mutation each (a required field left out, an unknown field, a value of the wrong type or out of
 * bounds, text the database cannot keep, malformed JSON, a path parameter that is no id …). The fuzzer
 * (src/fuzz.test.ts, `npm run bench:fuzz`) sends them as every role.
 */

type Schema = Record<string, unknown>;

/** Values that exist in the database, so that generated ids and uuids reach past the 404 now and then. */
export interface Hints {
  /** By property or parameter name (`serial`, `contentUuid`, `wait` …): values to take instead, or among others. */
  byName?: Record<string, { values: readonly unknown[]; only?: boolean }>;
  /** By string format (`uuid`). */
  byFormat?: Record<string, readonly unknown[]>;
}

export interface FuzzRequest {
  operation: ContractOperation;
  /** Whether the request was made invalid on purpose (and how). */
  mutation: string | null;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** `length` bytes that depend on `pick` alone, so that a seed gives the same requests again. */
const bytesOf = (pick: number, length: number) =>
  Buffer.from(Array.from({ length }, (_, i) => (pick * 31 + i * 7) & 255));

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Longest text a generated string has (bounds beyond are tried by the mutations). */
const TEXT_LENGTH = 40;
const ARRAY_LENGTH = 4;
/** Ids of the demo data are small serials: most generated ids fall among them. */
const SMALL_IDS = fc.integer({ min: 1, max: 60 });

export class ContractArbitraries {
  constructor(
    private readonly contract: OpenApiDocument,
    private readonly hints: Hints = {},
  ) {}

  /** The schema a `$ref` points at (`#/components/…`), followed until it is no reference. */
  resolve(schema: unknown): Schema {
    let current = schema;
    for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 20; hops += 1) {
      let target: unknown = this.contract;
      for (const segment of current.$ref.replace(/^#\//, '').split('/')) {
        target = isObject(target) ? target[segment.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
      }
      current = target;
    }
    return isObject(current) ? current : {};
  }

  /** Values that fit `schema` (named `name` where a property or parameter has one). */
  value(schemaOrRef: unknown, name = '', depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(schemaOrRef);
    const hint = name ? this.hints.byName?.[name] : undefined;
    const own = this.ownValue(schema, name, depth);
    if (!hint) return own;
    const hinted = fc.constantFrom(...hint.values);
    return hint.only ? hinted : fc.oneof({ weight: 3, arbitrary: hinted }, { weight: 1, arbitrary: own });
  }

  private ownValue(schema: Schema, name: string, depth: number): fc.Arbitrary<unknown> {
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
    for (const key of ['anyOf', 'oneOf'] as const) {
      const branches = schema[key];
      if (Array.isArray(branches))
        return fc.oneof(...branches.map((branch) => this.value(branch, name, depth)));
    }
    if (Array.isArray(schema.allOf)) return this.value(this.mergeAll(schema.allOf), name, depth);
    const types = [schema.type].flat().filter((type): type is string => typeof type === 'string');
    if (types.length > 1)
      return fc.oneof(...types.map((type) => this.ownValue({ ...schema, type }, name, depth)));
    switch (types[0]) {
      case 'string':
        return this.text(schema);
      case 'integer':
        return this.integer(schema);
      case 'number':
        return fc.double({
          noNaN: true,
          noDefaultInfinity: true,
          min: typeof schema.minimum === 'number' ? schema.minimum : -1e9,
          max: typeof schema.maximum === 'number' ? schema.maximum : 1e9,
        });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return this.array(schema, name, depth);
      case 'object':
        return this.object(schema, depth);
      default:
        return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
    }
  }

  /** allOf of object schemas as one object schema (what the contract uses allOf for: pagination + results). */
  private mergeAll(parts: unknown[]): Schema {
    const merged: Schema = { type: 'object', properties: {}, required: [] };
    for (const part of parts.map((p) => this.resolve(p))) {
      Object.assign(merged.properties as Schema, part.properties ?? {});
      (merged.required as string[]).push(...((part.required as string[] | undefined) ?? []));
    }
    return merged;
  }

  private text(schema: Schema): fc.Arbitrary<unknown> {
    const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
    const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 200;
    const fits = (text: string) => text.length >= minLength && text.length <= maxLength;
    const format = typeof schema.format === 'string' ? schema.format : undefined;
    const known = format ? this.hints.byFormat?.[format] : undefined;
    let own: fc.Arbitrary<string>;
    if (format === 'uuid') own = fc.uuid();
    else if (format === 'date-time') own = fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    else if (format === 'uri') own = fc.webUrl();
    else if (typeof schema.pattern === 'string') own = matching(schema.pattern);
    else {
      const length = { minLength, maxLength: Math.min(maxLength, Math.max(minLength, TEXT_LENGTH)) };
      own = fc.oneof(
        { weight: 4, arbitrary: fc.string({ ...length, unit: 'grapheme' }) },
        { weight: 1, arbitrary: fc.string({ ...length, unit: 'binary' }) },
      );
    }
    const bounded = own.filter(fits);
    return known ? fc.oneof(fc.constantFrom(...known), bounded) : bounded;
  }

  private integer(schema: Schema): fc.Arbitrary<number> {
    const min = typeof schema.minimum === 'number' ? schema.minimum : -(2 ** 31);
    const max = typeof schema.maximum === 'number' ? schema.maximum : 2 ** 31 - 1;
    const any = fc.integer({ min, max });
    if (min > 60 || max < 1) return any;
    return fc.oneof(
      { weight: 3, arbitrary: SMALL_IDS.filter((n) => n >= min && n <= max) },
      { weight: 1, arbitrary: any },
    );
  }

  private array(schema: Schema, name: string, depth: number): fc.Arbitrary<unknown> {
    const items = this.value(schema.items, name, depth + 1);
    const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
    const maxLength = Math.min(
      typeof schema.maxItems === 'number' ? schema.maxItems : ARRAY_LENGTH,
      Math.max(minLength, ARRAY_LENGTH),
    );
    return schema.uniqueItems === true
      ? fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) })
      : fc.array(items, { minLength, maxLength });
  }

  private object(schema: Schema, depth: number): fc.Arbitrary<unknown> {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    const record = fc.record(
      Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, this.value(property, key, depth + 1)]),
      ),
      { requiredKeys: required.filter((key) => key in properties) },
    );
    const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
    return minProperties > 0 ? record.filter((value) => Object.keys(value).length >= minProperties) : record;
  }
}

/**
 * Texts that match a pattern of the contract. fast-check cannot build lookaheads (the e-mail, password and file-name
 * patterns have some), so such a pattern's lookaheads are left out for building and its texts are checked against
 * the whole pattern.
 */
function matching(pattern: string): fc.Arbitrary<string> {
  const whole = new RegExp(pattern);
  const withoutLookaheads = pattern.replace(/\(\?[=!](?:[^()]|\([^()]*\))*\)/g, '');
  const built = fc.stringMatching(new RegExp(withoutLookaheads), { size: 'small' });
  return withoutLookaheads === pattern ? built : built.filter((text) => whole.test(text));
}

/** The names, locations and schemas of an operation's parameters. */
interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: unknown;
}

/** The mutations that make a valid request invalid, and what each does. */
export const MUTATIONS = [
  'drop a required field',
  'add an unknown field',
  'a value of another type',
  'a text over its length',
  'a number out of bounds',
  'text the database cannot keep',
  'malformed JSON',
  'a body of another media type',
  'an unknown query parameter',
  'a path parameter that is no id',
  'an integer not written canonically',
] as const;

/** Requests of the contract's operations: valid ones and, in `invalidShare` of them, made invalid by one mutation. */
export function requestArbitrary(
  arbitraries: ContractArbitraries,
  contract: OpenApiDocument,
  operation: ContractOperation,
  invalidShare: number,
): fc.Arbitrary<FuzzRequest> {
  const item = (contract.paths?.[operation.path] ?? {}) as Record<string, unknown>;
  const definition = (item[operation.method.toLowerCase()] ?? {}) as Schema;
  const parameters: Parameter[] = [
    ...((item.parameters as unknown[] | undefined) ?? []),
    ...((definition.parameters as unknown[] | undefined) ?? []),
  ].map((p) => arbitraries.resolve(p) as unknown as Parameter);
  const pathParameters = parameters.filter((p) => p.in === 'path');
  const queryParameters = parameters.filter((p) => p.in === 'query');
  const content = isObject(definition.requestBody)
    ? (arbitraries.resolve(definition.requestBody).content as
        | Record<string, { schema?: unknown }>
        | undefined)
    : undefined;
  const mediaType = Object.keys(content ?? {})[0];
  const bodySchema = mediaType ? arbitraries.resolve(content?.[mediaType]?.schema) : undefined;

  const path = fc.record(
    Object.fromEntries(pathParameters.map((p) => [p.name, arbitraries.value(p.schema, p.name)])),
  ) as fc.Arbitrary<Record<string, unknown>>;
  const query = fc.record(
    Object.fromEntries(queryParameters.map((p) => [p.name, arbitraries.value(p.schema, p.name)])),
    { requiredKeys: queryParameters.filter((p) => p.required).map((p) => p.name) },
  ) as fc.Arbitrary<Record<string, unknown>>;
  const body: fc.Arbitrary<unknown> = bodySchema ? arbitraries.value(bodySchema) : fc.constant(undefined);
  const mutation = fc.oneof(
    { weight: Math.round((1 - invalidShare) * 100), arbitrary: fc.constant(null) },
    { weight: Math.round(invalidShare * 100), arbitrary: fc.constantFrom(...MUTATIONS) },
  );
  return fc
    .record({ path, query, body, mutation, pick: fc.nat() })
    .map(({ path, query, body, mutation, pick }) => {
      const request = { path: { ...path }, query: { ...query }, body: structuredClone(body) };
      const applied = mutation ? mutate(request, mutation, bodySchema, arbitraries, pick) : null;
      return build(operation, request, mediaType, applied, pick);
    });
}

interface Parts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** Set by a mutation of the raw body (malformed JSON, another media type). */
  raw?: { payload: string | Buffer; contentType: string };
}

/** Applies one mutation; answers what it did, or null where it does not apply to this request (it stays valid). */
function mutate(
  request: Parts,
  mutation: (typeof MUTATIONS)[number],
  bodySchema: Schema | undefined,
  arbitraries: ContractArbitraries,
  pick: number,
): string | null {
  const body = isObject(request.body) ? request.body : undefined;
  const properties = bodySchema && isObject(bodySchema.properties) ? bodySchema.properties : {};
  const choose = <T>(list: readonly T[]): T | undefined => list[pick % Math.max(list.length, 1)];
  switch (mutation) {
    case 'drop a required field': {
      const key = choose(
        ((bodySchema?.required as string[] | undefined) ?? []).filter((k) => body && k in body),
      );
      if (!body || key === undefined) return null;
      delete body[key];
      return `${mutation}: ${key}`;
    }
    case 'add an unknown field':
      if (body) body[`unbekannt${pick % 7}`] = pick % 2 === 0 ? 'x' : { tief: [1, 2] };
      else request.query[`unbekannt${pick % 7}`] = 'x';
      return mutation;
    case 'a value of another type': {
      const key = choose(Object.keys(body ?? {}));
      if (!body || key === undefined) return null;
      const value = body[key];
      body[key] =
        typeof value === 'string'
          ? pick % 1000
          : typeof value === 'number'
            ? String(value)
            : ['kein', 'Wert'];
      return `${mutation}: ${key}`;
    }
    case 'a text over its length': {
      const key = choose(
        Object.keys(properties).filter(
          (k) => typeof arbitraries.resolve(properties[k]).maxLength === 'number',
        ),
      );
      if (!body || key === undefined) return null;
      body[key] = 'x'.repeat((arbitraries.resolve(properties[key]).maxLength as number) + 1);
      return `${mutation}: ${key}`;
    }
    case 'a number out of bounds': {
      const key = choose(
        Object.keys(properties).filter((k) => typeof arbitraries.resolve(properties[k]).maximum === 'number'),
      );
      if (!body || key === undefined) return null;
      body[key] = (arbitraries.resolve(properties[key]).maximum as number) + 1;
      return `${mutation}: ${key}`;
    }
    case 'text the database cannot keep': {
      const text = pick % 2 === 0 ? 'a\u0000b' : 'a\ud800b';
      const key = choose(Object.keys(body ?? {}));
      if (body && key !== undefined) body[key] = text;
      else request.query.search = text;
      return mutation;
    }
    case 'malformed JSON':
      if (request.body === undefined) return null;
      request.raw = {
        payload: JSON.stringify(request.body).slice(0, -1 - (pick % 3)),
        contentType: 'application/json',
      };
      return mutation;
    case 'a body of another media type':
      request.raw = {
        payload: pick % 2 === 0 ? 'title=x&name=y' : bytesOf(pick, 8),
        contentType: pick % 2 === 0 ? 'application/x-www-form-urlencoded' : 'text/plain',
      };
      return mutation;
    case 'an unknown query parameter':
      request.query.unbekannt = String(pick);
      return mutation;
    case 'a path parameter that is no id': {
      const key = choose(Object.keys(request.path));
      if (key === undefined) return null;
      request.path[key] = choose(['abc', '0', '-1', '99999999999', '1.5', '%00', '..', ''.padEnd(101, '9')]);
      return `${mutation}: ${key}`;
    }
    case 'an integer not written canonically': {
      const key = choose(Object.keys(request.path).filter((k) => typeof request.path[k] === 'number'));
      if (key === undefined) return null;
      request.path[key] = choose(['07', '+7', '7e0', '0x7', ' 7', '-0']);
      return `${mutation}: ${key}`;
    }
  }
}

/** The request as it is sent: URL with path and query, the body in the operation's media type. */
function build(
  operation: ContractOperation,
  request: Parts,
  mediaType: string | undefined,
  mutation: string | null,
  pick: number,
): FuzzRequest {
  const url =
    operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeText(String(request.path[name]))) +
    queryString(request.query);
  if (request.raw) {
    return {
      operation,
      mutation,
      url,
      headers: { 'content-type': request.raw.contentType },
      payload: request.raw.payload,
    };
  }
  if (request.body === undefined || mediaType === undefined) return { operation, mutation, url, headers: {} };
  if (mediaType === 'application/json') {
    return {
      operation,
      mutation,
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(request.body),
    };
  }
  if (mediaType === 'application/x-www-form-urlencoded') {
    const fields = isObject(request.body) ? request.body : {};
    const payload = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
    const csrf = typeof fields.csrfmiddlewaretoken === 'string' ? fields.csrfmiddlewaretoken : '';
    return {
      operation,
      mutation,
      url,
      headers: { 'content-type': mediaType, cookie: `csrftoken=${encodeText(csrf)}` },
      payload,
    };
  }
  if (mediaType === 'multipart/form-data')
    return { operation, mutation, url, ...multipart(request.body, pick) };
  // application/octet-stream: the part's bytes.
  return {
    operation,
    mutation,
    url,
    headers: { 'content-type': mediaType },
    payload: bytesOf(pick, pick % 64),
  };
}

/**
 * Percent-encoded UTF-8 of a generated text. A lone surrogate has no UTF-8 (encodeURIComponent throws); it goes as
 * U+FFFD, as a browser sends it (URLSearchParams does the same for the query).
 */
const encodeText = (text: string) => encodeURIComponent(text.replace(/\p{Surrogate}/gu, '\ufffd'));

function queryString(query: Record<string, unknown>): string {
  const entries = Object.entries(query).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((item) => [name, String(item)]) : [[name, String(value)]],
  );
  return entries.length > 0 ? `?${new URLSearchParams(entries).toString()}` : '';
}

const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** A multipart form of the upload operations: its text fields and a file (a PNG's first bytes, a PDF or noise). */
function multipart(fields: unknown, pick: number): { headers: Record<string, string>; payload: Buffer } {
  const boundary = `fuzz${pick}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(isObject(fields) ? fields : {})) {
    if (name === 'file') continue;
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
      ),
    );
  }
  const file = [PNG_HEAD, Buffer.from('%PDF-1.4\n%%EOF\n'), bytesOf(pick, 16)][pick % 3] as Buffer;
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f${pick % 5}.${['png', 'pdf', 'bin'][pick % 3]}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  };
}
