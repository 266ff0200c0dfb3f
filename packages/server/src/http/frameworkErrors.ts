import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorHandler } from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import { RESOURCE_HEADERS, setSecurityHeaders } from './securityHeaders.ts';

/**
 * The refusals no route answers, in the contract's error body `{detail}` and with the security headers of every
 * answer — never Fastify's or Node's own bodies, which repeat the URL and name framework codes:
 *
 * - `frameworkErrors`: a URL the router cannot decode (400) or a path parameter longer than the router takes (414).
 *   These requests have a Fastify request but ran no hook; the app's one error mapper answers them.
 * - `clientErrors`: requests Node's HTTP parser refuses before Fastify sees them: headers (the URL included) larger
 *   than Node takes 431, a request that did not arrive in time 408, a method the parser does not know 405 (with
 *   `Allow` when the contract knows the path; 404 when it does not), anything else malformed 400.
 */

/** Fastify's `frameworkErrors` option. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  setSecurityHeaders(request, reply.raw);
  errorHandler(error, request, reply);
}

/** The request target of the request line the parser refused (`FOO /api/v1/users/me/ HTTP/1.1`), if it has one. */
function requestTargetOf(error: ConnectionError): string | undefined {
  // Node hands over the bytes it refused as a Buffer (Fastify's types describe its JSON form).
  const raw: unknown = error.rawPacket;
  const line = Buffer.isBuffer(raw) ? (raw.toString('latin1').split('\r\n', 1)[0] ?? '') : '';
  return /^\S+ (\/\S*) HTTP\/\d\.\d$/.exec(line)?.[1];
}

/** Status, `{detail}` and extra headers of a request the HTTP parser refused. */
function refusalOf(
  error: ConnectionError,
  allowedMethods: (path: string) => string[],
): { status: number; detail: string; headers?: Record<string, string> } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, detail: MESSAGES.request.requestTimeout };
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, detail: MESSAGES.request.headersTooLarge };
  if (error.code === 'HPE_INVALID_METHOD') {
    const target = requestTargetOf(error);
    const allowed = target === undefined ? [] : allowedMethods(target);
    if (allowed.length === 0) return { status: 404, detail: MESSAGES.request.notFound };
    return {
      status: 405,
      detail: MESSAGES.request.methodNotAllowed(allowed),
      headers: { Allow: allowed.join(', ') },
    };
  }
  return { status: 400, detail: MESSAGES.request.badRequest };
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** Fastify's `clientErrorHandler` option: the answer is written on the socket, which is then closed. */
export function clientErrors(allowedMethods: (path: string) => string[]) {
  return (error: ConnectionError, socket: Socket): void => {
    // A connection reset has nothing left to answer (as Fastify's own handler).
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable) {
      const { status, detail, headers } = refusalOf(error, allowedMethods);
      const body = JSON.stringify({ detail });
      const lines = Object.entries({
        ...RESOURCE_HEADERS,
        ...headers,
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(body)),
        Connection: 'close',
      }).map(([name, value]) => `${name}: ${value}`);
      socket.write(`HTTP/1.1 ${status} ${REASONS[status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}
