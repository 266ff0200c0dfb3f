import type { Readable } from 'node:stream';
import type { components, operations } from '@portal/api/schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../messages.ts';
import type { Caller, HeadsetCaller } from '../services/access.ts';
import type { Services } from '../services/dependencies.ts';

/**
 * Typed operations: a handler is declared per operationId of the contract, with the request and reply types that
 * openapi-typescript generated from it (`operations` of @portal/api/schema). Body, params and query arrive as the
 * contract says (the route validated them against the same contract before), and the reply is checked against the
 * contract's responses. A handler for an operationId the contract lacks does not compile.
 *
 * How to add one: see "How to add an operation" in the server README.
 */

export type OperationId = keyof operations;

type Contract<Id extends OperationId> = operations[Id];
type Parameters<Id extends OperationId> = Contract<Id>['parameters'];

/** A parameter group the operation does not have (`path?: never`) is an empty object. */
type Group<G> = [G] extends [undefined] ? Record<string, never> : NonNullable<G>;

/** JSON or form fields; streamed bodies (multipart, octet-stream) are read from `http.raw` instead. */
type ParsedContent<C> = C extends { 'application/json': infer Body }
  ? Body
  : C extends { 'application/x-www-form-urlencoded': infer Form }
    ? Form
    : undefined;
type BodySpec<Id extends OperationId> = Contract<Id>['requestBody'];
export type RequestBody<Id extends OperationId> = [BodySpec<Id>] extends [undefined]
  ? undefined
  :
      | ParsedContent<NonNullable<BodySpec<Id>>['content']>
      | (undefined extends BodySpec<Id> ? undefined : never);

export interface OperationRequest<Id extends OperationId> {
  body: RequestBody<Id>;
  params: Group<Parameters<Id>['path']>;
  query: Group<Parameters<Id>['query']>;
  /** Loaded once per request by the auth hook; null for anonymous callers. */
  caller: Caller | null;
  /** The headset of a valid device token (headset side of the contract); null elsewhere. */
  headset: HeadsetCaller | null;
  /** The HTTP request for what the contract leaves to HTTP: headers, client address, URL, raw body stream. */
  http: FastifyRequest;
  /**
   * Aborts when the client hangs up before the answer is sent (a headset holding a long poll switched off). Made on
   * first use, so other operations pay nothing for it.
   */
  hangUp(): AbortSignal;
  /** Headers of the answer beyond its status and body (cookies); status and body are the handler's reply. */
  headers: Pick<FastifyReply, 'header' | 'getHeader'>;
}

type Responses<Id extends OperationId> = Contract<Id>['responses'];
/** A CSV answer (exportAuditEntries): the text, or a stream of it, sent as it is produced. */
type CsvBody = string | Readable;
type JsonContent<R> = R extends { content: { 'application/json': infer Body } }
  ? Body
  : R extends { content: { 'text/csv': unknown } }
    ? CsvBody
    : undefined;

/**
 * The statuses a handler may answer with: every success and redirect of the operation, and other statuses only
 * where the contract gives them a body of their own (the allauth envelope of getSocialSession's 401). Errors with
 * the shared `{detail}` bodies are never returned: services throw domain errors, errors.ts answers them.
 */
type ReturnableStatus<Id extends OperationId, S extends keyof Responses<Id>> = `${S & number}` extends
  | `2${string}`
  | `3${string}`
  ? S
  : 'detail' extends keyof JsonContent<Responses<Id>[S]>
    ? never
    : S;

type ReplyWith<S, Body> = [Body] extends [undefined]
  ? { status: S; body?: undefined; headers?: Record<string, string> }
  : { status: S; body: Body; headers?: Record<string, string> };

export type OperationReply<Id extends OperationId> = {
  [S in keyof Responses<Id>]: [ReturnableStatus<Id, S>] extends [never]
    ? never
    : ReplyWith<S, JsonContent<Responses<Id>[S]>>;
}[keyof Responses<Id>];

export type OperationHandler<Id extends OperationId> = (
  request: OperationRequest<Id>,
  services: Services,
) => Promise<OperationReply<Id>>;

/** A tag module: `export const contentOperations = { async getContent(request, services) {…} } satisfies Operations`. */
export type Operations = { [Id in OperationId]?: OperationHandler<Id> };

export const ok = <Body>(body: Body) => ({ status: 200 as const, body });
export const created = <Body>(body: Body) => ({ status: 201 as const, body });
export const noContent = () => ({ status: 204 as const });
export const redirect = (location: string) => ({ status: 302 as const, headers: { location } });

/**
 * How the route adapter sees any handler: it hands Fastify's validated request parts on unchanged and sends whatever
 * status and body the handler chose. Declared as a method so that every typed handler fits (method parameters are
 * compared bivariantly); the types are checked where handlers are declared, against their operation.
 */
interface RouteHandlerShape {
  run(
    request: Omit<OperationRequest<OperationId>, 'body' | 'params' | 'query'> & {
      body: unknown;
      params: unknown;
      query: unknown;
    },
    services: Services,
  ): Promise<{ status: number; body?: unknown; headers?: Record<string, string> }>;
}
type AnyOperationHandler = RouteHandlerShape['run'];

/** The answer of an operation the server has not built yet: 501 naming it (contract: NotImplementedError). */
export function notImplementedReply(operationId: string) {
  const body: components['schemas']['NotImplementedError'] = {
    detail: MESSAGES.request.notImplemented,
    operationId,
  };
  return { status: 501, body };
}

/**
 * The handler of an operation the contract names but the server lacks (every operation has one today; app.test.ts
 * keeps it so): a contract that grows ahead of the server answers 501 instead of failing to start.
 */
export function notImplemented(operationId: string): AnyOperationHandler {
  return async () => notImplementedReply(operationId);
}

/**
 * The Fastify route handler of one operation of the contract: the implemented handler, or the 501 one. Errors the
 * handler throws go to the error handler of the app (errors.ts).
 */
export function routeFor(
  operationId: string,
  implemented: Partial<Record<string, AnyOperationHandler>>,
  services: Services,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  const handler = Object.hasOwn(implemented, operationId) ? implemented[operationId] : undefined;
  const run = handler ?? notImplemented(operationId);
  return async (request, reply) => {
    let hungUp: AbortController | undefined;
    const hangUp = () => {
      if (hungUp) return hungUp.signal;
      const controller = new AbortController();
      hungUp = controller;
      // 'close' also follows a completed answer; only one closed before it was sent is a hang-up.
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      return controller.signal;
    };
    const result = await run(
      {
        body: request.body,
        params: request.params,
        query: request.query,
        caller: request.caller,
        headset: request.headset,
        http: request,
        headers: reply,
        hangUp,
      },
      services,
    );
    reply.code(result.status);
    if (result.headers) reply.headers(result.headers);
    return reply.send(result.body);
  };
}
