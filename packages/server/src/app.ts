import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { readAccessSettings } from './access-config.ts';
import { registerAuth } from './auth.ts';
import type { AppContext } from './context.ts';
import { loadContract, type OpenApiDocument, prepareContract } from './contract.ts';
import { registerDevOutbox } from './dev-outbox.ts';
import { errorHandler, MESSAGES } from './errors.ts';
import { buildServiceHandlers } from './handlers/index.ts';
import { registerAdmissionLanes } from './infra/admission.ts';
import { skipMultipartBodyValidation } from './multipartRoutes.ts';
import { registerSecurityHeaders } from './securityHeaders.ts';
import { mediaFor, registerMediaFiles } from './services/media.ts';
import { registerDevOidcProvider } from './social-routes.ts';
import { hasPortalBuild, registerPortal, sendSpaIndex, wantsSpa } from './static.ts';

export const ASSETS_DIR = fileURLToPath(new URL('../assets', import.meta.url));

export interface BuildAppOptions extends AppContext {
  /** Directory of the built portal (index.html, assets/, locales/); not served when missing or undefined. */
  portalDist?: string | undefined;
  /** The parsed contract; read from openapi/portal.yaml when not given. */
  contract?: OpenApiDocument;
  logger?: FastifyServerOptions['logger'];
  /** Fastify's trustProxy; read from TRUST_PROXY when not given (see {@link readTrustProxy}). */
  trustProxy?: TrustProxy;
  /** CSP_REPORT_FILE: where Content-Security-Policy violation reports are kept (see securityHeaders.ts). */
  cspReportFile?: string | undefined;
}

export type TrustProxy = boolean | number | string;

/**
 * TRUST_PROXY → Fastify's `trustProxy`, so that behind a reverse proxy `request.ip` (the login and reset-mail
 * throttles count per client address) is the client's address from X-Forwarded-For, not the proxy's.
 * Unset, empty, `false` or `0`: trust nobody (a client could otherwise forge its address). `true`: trust every hop.
 * A positive whole number: trust that many hops. Anything else: addresses or CIDR ranges of trusted proxies,
 * comma-separated (`127.0.0.1,10.0.0.0/8`).
 */
export function readTrustProxy(env: NodeJS.ProcessEnv = process.env): TrustProxy {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  if (/^[0-9]+$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .join(',');
}

function createValidators() {
  const base = { strict: false, allErrors: true, useDefaults: true, removeAdditional: false } as const;
  // Bodies are JSON: a number where a string belongs is a client error, not something to coerce.
  const body = new Ajv2020({ ...base, coerceTypes: false });
  // Query strings and paths arrive as text and must be coerced to the contract's types.
  const text = new Ajv2020({ ...base, coerceTypes: 'array' });
  addFormats.default(body);
  addFormats.default(text);
  return { body, text };
}

function parseJsonBody(text: string): unknown {
  // Empty bodies are allowed (logout's body is optional); required bodies fail validation with 400 instead.
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text, (key, value) => (key === '__proto__' ? undefined : value));
  } catch {
    throw Object.assign(new Error(MESSAGES.malformedJson), {
      statusCode: 400,
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
  }
}

/** Builds the Fastify app from the contract: routes, validation, auth, error shapes, demo media, portal. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const trustProxy = options.trustProxy ?? readTrustProxy();
  const app = Fastify({
    logger: options.logger ?? false,
    // Fastify takes a hop count at run time, but its types leave it out: the same rule as a function.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  });
  const validators = createValidators();
  app.setValidatorCompiler(({ schema, httpPart }) => {
    // The plugin sets one shared $id on every schema it rewrites; ids would clash and only '#/…' refs are used.
    const { $id: _id, ...rest } = schema as Record<string, unknown>;
    return (httpPart === 'body' ? validators.body : validators.text).compile(rest);
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(String(body)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  // File uploads are read as streams by their handlers (request.raw), never buffered here.
  app.addContentTypeParser(
    ['multipart/form-data', 'application/octet-stream'],
    (_request, _payload, done) => {
      done(null);
    },
  );
  app.setErrorHandler(errorHandler);
  await registerSecurityHeaders(app, {
    portalDist: options.portalDist,
    oidcIssuer: readAccessSettings().oidc?.issuer,
    cspReportFile: options.cspReportFile,
  });

  const { specification, operations } = prepareContract(options.contract ?? loadContract());
  registerAdmissionLanes(app, options.db);
  registerAuth(app, options.tokens);
  skipMultipartBodyValidation(app, specification);
  await app.register(openapiGlue, {
    specification,
    serviceHandlers: buildServiceHandlers(options, operations),
  });

  await app.register(fastifyStatic, {
    root: ASSETS_DIR,
    prefix: '/media/',
    decorateReply: false,
    cacheControl: false,
    setHeaders(reply) {
      reply.header('Cache-Control', 'public, max-age=3600');
    },
  });

  // Uploaded content files, previews and documents, from local disk or S3.
  await registerMediaFiles(app, mediaFor(options));

  registerDevOutbox(app, readAccessSettings());
  await registerDevOidcProvider(app, options.db, readAccessSettings());

  const portal = options.portalDist && hasPortalBuild(options.portalDist) ? options.portalDist : undefined;
  if (portal) await registerPortal(app, portal);

  app.setNotFoundHandler((request, reply) => {
    if (portal && wantsSpa(request)) return sendSpaIndex(reply);
    return reply.code(404).send({ detail: MESSAGES.notFound });
  });
  return app;
}
