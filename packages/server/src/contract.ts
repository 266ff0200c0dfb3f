import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { CONTRACT_PATH } from './paths.ts';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/**
 * How an operation authenticates, derived from its `security` in the contract:
 * none (`[]`), optional bearer (`[{}, {bearerAuth: []}]`), required bearer, a headset's device token
 * (`[{deviceToken: []}]`), or another scheme (the social login's session cookie, checked by its handler).
 */
export type AuthMode = 'none' | 'optional' | 'bearer' | 'device' | 'other';

export interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  auth: AuthMode;
  /** Media types of the request body the contract names (lower case); empty when the operation takes no body. */
  mediaTypes: string[];
  /** The contract marks the request body `required`. */
  bodyRequired: boolean;
}

/** What the contract says of a multipart form: the schema of its text fields, and the names of its file parts. */
export interface FormContract {
  fields: Record<string, unknown>;
  fileParts: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set from the contract for each operation's route (see prepareContract). */
    auth?: AuthMode;
    operationId?: string;
    mediaTypes?: string[];
    bodyRequired?: boolean;
    /** A multipart operation's form as the contract describes it (set by http/bodies.ts). */
    form?: FormContract;
  }
}

type SecurityRequirement = Record<string, string[]>;
interface OperationObject {
  operationId?: string;
  security?: SecurityRequirement[];
  requestBody?: { required?: boolean; content?: Record<string, unknown> };
  'x-fastify-config'?: Record<string, unknown>;
}
export interface OpenApiDocument {
  security?: SecurityRequirement[];
  paths?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

function authMode(security: SecurityRequirement[] | undefined): AuthMode {
  if (!security || security.length === 0) return 'none';
  const optional = security.some((r) => Object.keys(r).length === 0);
  const bearer = security.some((r) => 'bearerAuth' in r);
  if (bearer) return optional ? 'optional' : 'bearer';
  if (!optional && security.some((r) => 'deviceToken' in r)) return 'device';
  return optional ? 'none' : 'other';
}

export function loadContract(path: string = CONTRACT_PATH): OpenApiDocument {
  return parse(readFileSync(path, 'utf8')) as OpenApiDocument;
}

/**
 * Lists the operations and returns a copy of the contract prepared for fastify-openapi-glue: each operation's
 * auth mode is put into its route config (read by our onRequest hook, so authentication runs before body
 * validation as in DRF) and `security` is dropped so the plugin adds no second, order-dependent check.
 */
export function prepareContract(contract: OpenApiDocument): {
  specification: OpenApiDocument;
  operations: ContractOperation[];
} {
  const specification = structuredClone(contract);
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(specification.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation?.operationId) continue;
      const auth = authMode(operation.security ?? contract.security);
      const mediaTypes = Object.keys(operation.requestBody?.content ?? {}).map((type) => type.toLowerCase());
      const bodyRequired = operation.requestBody?.required === true;
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        auth,
        mediaTypes,
        bodyRequired,
      });
      operation['x-fastify-config'] = {
        ...operation['x-fastify-config'],
        auth,
        operationId: operation.operationId,
        mediaTypes,
        bodyRequired,
      };
      delete operation.security;
    }
  }
  delete specification.security;
  return { specification, operations };
}

/** The order in which `Allow` lists methods. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The methods the contract gives a concrete request path (`/api/v2/cms/content/7/` → GET, HEAD, PATCH, DELETE), for
 * the 405 of a known path asked with another method; empty for a path the contract does not know. HEAD comes with
 * every GET (the server answers it). A path parameter matches any one segment, as the router does.
 */
export function allowedMethodsOf(operations: readonly ContractOperation[]): (path: string) => string[] {
  const literal = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  for (const { path, method } of operations) {
    const route = routes.get(path) ?? {
      pattern: new RegExp(
        `^${path
          .split(/\{\w+\}/)
          .map(literal)
          .join('[^/]+')}$`,
      ),
      methods: new Set<string>(),
    };
    route.methods.add(method);
    if (method === 'GET') route.methods.add('HEAD');
    routes.set(path, route);
  }
  return (requestPath) => {
    const path = requestPath.split('?')[0] ?? '';
    const methods = new Set<string>();
    for (const route of routes.values()) {
      if (route.pattern.test(path)) for (const method of route.methods) methods.add(method);
    }
    return METHOD_ORDER.filter((method) => methods.has(method));
  };
}
