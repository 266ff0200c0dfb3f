import type { ErrorObject } from 'ajv';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { loadContract, type OpenApiDocument } from '../contract.ts';

/**
 * Whether an answer of the server is one the contract allows (issue 25, item 5): its status is declared for the
 * operation, its content type is one the response names (or it has no body where the response names none), and
 * its body fits the response's schema, checked by AJV 2020-12 with the formats of ajv-formats (date-time, uuid, uri
 * and email, the contract's formats). The test servers check every answer of a contract operation with it
 * ({@link installContractConformance}); the authorization matrix and the fuzzer ask it directly.
 */

export interface ContractViolation {
  operationId: string;
  method: string;
  url: string;
  status: number;
  /** What is wrong, in a sentence that names the status, the media type or the failing schema paths. */
  problem: string;
  /** The test that was running when the answer was sent (Vitest), when known. */
  test?: string;
}

interface MediaTypeObject {
  schema?: unknown;
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, MediaTypeObject>;
}
interface OperationObject {
  operationId?: string;
  responses?: Record<string, ResponseObject>;
}

/** An answer as it left the server: status, `Content-Type` header and the serialised body. */
export interface SentAnswer {
  status: number;
  contentType: string | undefined;
  body: string | Buffer | null | undefined;
}

const CONTRACT_ID = 'portal.yaml';

/** A JSON pointer segment (RFC 6901): `/` and `~` escaped. */
const pointerSegment = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

function mediaTypeOf(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath || '(body)'} ${error.message ?? error.keyword}`)
    .join('; ');
}

/** Where each operation's responses are in the contract, and their schemas compiled on first use. */
export class ContractConformance {
  private readonly ajv: Ajv2020;
  private readonly operations = new Map<
    string,
    { pointer: string; responses: Record<string, ResponseObject> }
  >();
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly components: Record<string, ResponseObject>;

  constructor(contract: OpenApiDocument = loadContract()) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats.default(this.ajv);
    this.ajv.addSchema(contract as object, CONTRACT_ID);
    const components = contract.components as { responses?: Record<string, ResponseObject> } | undefined;
    this.components = components?.responses ?? {};
    for (const [path, item] of Object.entries(contract.paths ?? {})) {
      for (const [method, value] of Object.entries(item)) {
        const operation = value as OperationObject;
        if (!operation?.operationId) continue;
        this.operations.set(operation.operationId, {
          pointer: `#/paths/${pointerSegment(path)}/${method}/responses`,
          responses: operation.responses ?? {},
        });
      }
    }
  }

  /** The operationIds of the contract. */
  operationIds(): string[] {
    return [...this.operations.keys()];
  }

  /** The statuses the contract declares for an operation. */
  declaredStatuses(operationId: string): string[] {
    return Object.keys(this.operations.get(operationId)?.responses ?? {});
  }

  /** The response object and the JSON pointer of its content, its `$ref` followed. */
  private response(operationId: string, status: number) {
    const operation = this.operations.get(operationId);
    if (!operation) return undefined;
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in operation.responses);
    if (key === undefined) return undefined;
    const declared = operation.responses[key] as ResponseObject;
    if (declared.$ref) {
      const name = declared.$ref.split('/').pop() ?? '';
      return {
        response: this.components[name] ?? {},
        pointer: `#/components/responses/${pointerSegment(name)}`,
      };
    }
    return { response: declared, pointer: `${operation.pointer}/${pointerSegment(key)}` };
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${CONTRACT_ID}${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }

  /** What is wrong with an answer of `operationId`, or undefined when the contract allows it. */
  problemOf(operationId: string, method: string, answer: SentAnswer): string | undefined {
    if (!this.operations.has(operationId)) return `the contract has no operation ${operationId}`;
    const found = this.response(operationId, answer.status);
    if (!found) {
      const declared = this.declaredStatuses(operationId).join(', ');
      return `status ${answer.status} is not declared for ${operationId} (declared: ${declared})`;
    }
    const text = answer.body === null || answer.body === undefined ? '' : answer.body.toString();
    const content = found.response.content ?? {};
    const mediaTypes = Object.keys(content);
    if (mediaTypes.length === 0) {
      return text.length === 0 ? undefined : `status ${answer.status} declares no body, but one was sent`;
    }
    // A HEAD answer carries the GET's headers without its body.
    if (method === 'HEAD') return undefined;
    const mediaType = mediaTypeOf(answer.contentType);
    const declaredType = mediaTypes.find((type) => type.toLowerCase() === mediaType);
    if (declaredType === undefined) {
      return `status ${answer.status} answered ${mediaType ?? 'without Content-Type'}, the contract names ${mediaTypes.join(', ')}`;
    }
    if (declaredType !== 'application/json' || content[declaredType]?.schema === undefined) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return `status ${answer.status} answered a body that is no JSON`;
    }
    const validate = this.validator(`${found.pointer}/content/${pointerSegment(declaredType)}/schema`);
    if (validate(body)) return undefined;
    return `status ${answer.status} body does not fit its schema: ${describeErrors(validate.errors)}`;
  }
}

let shared: ContractConformance | undefined;

/** One checker per worker: the contract's schemas are compiled once however many test servers a file starts. */
export function contractConformance(): ContractConformance {
  shared ??= new ContractConformance();
  return shared;
}

/**
 * Checks every answer of a contract operation the app sends (an `onSend` hook, so `app.inject` and real HTTP alike)
 * and hands each one the contract does not allow to `report`. Installed by the test servers only; the answer itself
 * goes out unchanged. Register before the app is ready.
 */
export function installContractConformance(
  app: FastifyInstance,
  report: (violation: ContractViolation) => void,
  checker: ContractConformance = contractConformance(),
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const operationId = request.routeOptions.config?.operationId;
    if (operationId === undefined) return payload;
    // Streams (none of the contract's JSON answers is one) are left alone.
    const body =
      typeof payload === 'string' || Buffer.isBuffer(payload) || payload == null ? payload : undefined;
    if (body === undefined && payload != null) return payload;
    const contentType = reply.getHeader('content-type');
    const problem = checker.problemOf(operationId, request.method, {
      status: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      body,
    });
    if (problem) {
      report({ operationId, method: request.method, url: request.url, status: reply.statusCode, problem });
    }
    return payload;
  });
}

/** The violations as lines for a failure message. */
export function describeViolations(violations: readonly ContractViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.method} ${v.url.split('?')[0]} (${v.operationId})${v.test ? ` in '${v.test}'` : ''}: ${v.problem}`,
    )
    .join('\n');
}
