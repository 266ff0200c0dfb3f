import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { type MediaConfig, readConfig, type ServerConfig } from './config.ts';
import { loadContract, prepareContract } from './contract.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed.ts';
import { errorHandler, NotFound } from './errors.ts';
import { registerAuth } from './http/auth.ts';
import {
  registerBodyParsers,
  registerMediaTypeGuard,
  registerNulGuard,
  skipStreamedBodyValidation,
} from './http/bodies.ts';
import { registerDevOidcProvider } from './http/devOidcProvider.ts';
import { registerDevOutbox } from './http/devOutbox.ts';
import { registerMediaFiles } from './http/mediaFiles.ts';
import { routeFor } from './http/operation.ts';
import { hasPortalBuild, registerPortal, sendSpaIndex, wantsSpa } from './http/portal.ts';
import { registerSecurityHeaders } from './http/securityHeaders.ts';
import { registerAdmissionLanes } from './infra/admission.ts';
import { type Mailer, outboxMailer, smtpMailer } from './infra/mail.ts';
import { S3MediaStorage } from './infra/s3Storage.ts';
import { LocalMediaStorage, type MediaStorage } from './infra/storage.ts';
import { MESSAGES } from './messages.ts';
import { OPERATIONS } from './operations/index.ts';
import type { Services } from './services/dependencies.ts';
import { MediaLinks } from './services/mediaLinks.ts';
import { loadUrlSigningSecret } from './services/signedUrls.ts';
import { SocialLogin } from './services/social.ts';
import { Throttle } from './services/throttle.ts';
import { loadSigningSecret, TokenService } from './services/tokens.ts';
import { UploadService } from './services/uploads.ts';

/**
 * The one composition root: configuration, database, tokens, storage, uploads, throttles, mail, social login and the
 * Fastify app from the contract are built here, once, and handed to the operations as `Services`. Tests, tools and
 * main.ts all start the server through this module.
 */

export const ASSETS_DIR = fileURLToPath(new URL('../assets', import.meta.url));

function createValidators() {
  const base = { strict: false, allErrors: true, useDefaults: true, removeAdditional: false } as const;
  // Bodies are checked strictly: a number where a string belongs is a client error, not something to coerce.
  const body = new Ajv2020({ ...base, coerceTypes: false });
  // Query strings and paths arrive as text and must be coerced to the contract's types.
  const text = new Ajv2020({ ...base, coerceTypes: 'array' });
  addFormats.default(body);
  addFormats.default(text);
  return { body, text };
}

function createMediaStorage(config: MediaConfig): MediaStorage {
  if (config.s3) return new S3MediaStorage(config.s3);
  const storage = new LocalMediaStorage(config.uploadDir);
  mkdirSync(storage.filesDir, { recursive: true });
  mkdirSync(storage.incomingDir, { recursive: true });
  return storage;
}

/** The Fastify app from the contract: routes, validation, auth, error shapes, media files, portal. */
async function buildApp(config: ServerConfig, services: Services): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
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
  registerBodyParsers(app);
  app.setErrorHandler(errorHandler);
  await registerSecurityHeaders(app, {
    portalDist: config.portalDist,
    oidcIssuer: config.access.oidc?.issuer,
    cspReportFile: config.cspReportFile,
  });

  const { specification } = prepareContract(loadContract());
  // Before every hook that may use the database: each request's database work queues in its lane.
  registerAdmissionLanes(app, services.db);
  registerMediaTypeGuard(app);
  registerAuth(app, services.db, services.tokens);
  registerNulGuard(app);
  skipStreamedBodyValidation(app);
  await app.register(openapiGlue, {
    specification,
    operationResolver: (operationId) => routeFor(operationId, OPERATIONS, services),
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
  // Uploaded content files, previews, documents and operating system images, to those who may have them.
  registerMediaFiles(app, services);

  registerDevOutbox(app, config.access);
  await registerDevOidcProvider(app, services.social, config.access);

  const portal = hasPortalBuild(config.portalDist) ? config.portalDist : undefined;
  if (portal) await registerPortal(app, portal);

  app.setNotFoundHandler((request, reply) => {
    if (portal && wantsSpa(request)) return sendSpaIndex(reply);
    throw new NotFound(MESSAGES.request.notFound);
  });
  return app;
}

export interface CreatedServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: ServerConfig;
  /** Whether this start loaded the demo data (empty database). */
  seeded: boolean;
  portalServed: boolean;
}

/**
 * Opens (and migrates, and on first start seeds) the database and builds everything on it, without listening.
 * Options override the environment (see config.ts).
 */
export async function createServer(overrides: Partial<ServerConfig> = {}): Promise<CreatedServer> {
  const config = { ...readConfig(), ...overrides };
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteTemplate: config.pgliteTemplate,
    admission: config.admission,
  });
  try {
    const { db } = database;
    await migrateDatabase(db);
    const seeded = await seedIfEmpty(db, { bulkContentCount: config.seedContentCount });
    const secret = await loadSigningSecret(db, config.jwtSecret);
    const urlSecret = await loadUrlSigningSecret(db, config.media.signingSecret);
    const storage = createMediaStorage(config.media);
    const { access } = config;
    const mailer: Mailer = access.smtpUrl
      ? smtpMailer(access.smtpUrl, access.mailFrom)
      : outboxMailer(access.outboxDir, access.mailFrom);
    const services: Services = {
      db,
      settings: access,
      media: config.media,
      tokens: new TokenService(db, secret, {
        accessTtlSeconds: config.accessTokenTtlSeconds,
        refreshTtlSeconds: config.refreshTokenTtlSeconds,
      }),
      throttle: new Throttle(db),
      mailer,
      storage,
      mediaLinks: new MediaLinks(urlSecret, config.media.fileUrlTtlSeconds),
      uploads: new UploadService(db, storage, config.media, urlSecret),
      social: new SocialLogin(db, access),
    };
    const app = await buildApp(config, services);
    app.addHook('onClose', () => database.close());
    return { app, database, config, seeded, portalServed: hasPortalBuild(config.portalDist) };
  } catch (error) {
    await database.close();
    throw error;
  }
}

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Base URL, e.g. http://127.0.0.1:8080 */
  url: string;
  /** Whether this start loaded the demo data (empty database). */
  seeded: boolean;
  portalServed: boolean;
  close(): Promise<void>;
}

/**
 * Starts the whole server: database, app, HTTP listener. Options override the environment (see config.ts);
 * port 0 picks a free port. Used by main.ts, and by tests or tools that need a server on a fresh database:
 * `await startServer({ port: 0, host: '127.0.0.1', dataDir: 'memory://' })`.
 */
export async function startServer(overrides: Partial<ServerConfig> = {}): Promise<RunningServer> {
  const { app, database, config, seeded, portalServed } = await createServer(overrides);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return { app, database, url: `http://${host}:${port}`, seeded, portalServed, close: () => app.close() };
}
