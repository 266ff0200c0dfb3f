import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { type MediaConfig, readConfig, type ServerConfig } from './config.ts';
import { allowedMethodsOf, loadContract, prepareContract } from './contract.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { migrateAndSeed } from './db/migrate.ts';
import { errorHandler, MethodNotAllowed, NotFound } from './errors.ts';
import { registerAuth } from './http/auth.ts';
import {
  registerBodyParsers,
  registerMediaTypeGuard,
  registerRequiredBodyGuard,
  registerUnstorableTextGuard,
  skipStreamedBodyValidation,
} from './http/bodies.ts';
import { registerClosingConnections } from './http/closingConnections.ts';
import { registerCompression } from './http/compression.ts';
import { registerDevOidcProvider } from './http/devOidcProvider.ts';
import { registerDevOutbox } from './http/devOutbox.ts';
import { clientErrors, frameworkErrors } from './http/frameworkErrors.ts';
import { registerMediaFiles } from './http/mediaFiles.ts';
import { routeFor } from './http/operation.ts';
import { hasPortalBuild, registerPortal, sendSpaIndex, wantsSpa } from './http/portal.ts';
import { registerSecurityHeaders } from './http/securityHeaders.ts';
import { refuseUnknownQueryParameters, registerValidation } from './http/validation.ts';
import { registerAdmissionLanes } from './infra/admission.ts';
import { type Mailer, outboxMailer, smtpMailer } from './infra/mail.ts';
import { S3MediaStorage } from './infra/s3Storage.ts';
import { LocalMediaStorage, type MediaStorage } from './infra/storage.ts';
import { MESSAGES } from './messages.ts';
import { OPERATIONS } from './operations/index.ts';
import { ASSETS_DIR } from './paths.ts';
import { loadSigningSecret, SocialLogin, Throttle, TokenService } from './services/accounts/index.ts';
import { AUDIT_RETENTION_INTERVAL_SECONDS, deleteExpiredAuditEntries } from './services/audit/index.ts';
import { loadUrlSigningSecret, MediaLinks, UploadService } from './services/content/index.ts';
import type { Services } from './services/dependencies.ts';
import {
  COMMAND_SWEEP_INTERVAL_SECONDS,
  type HeadsetEvents,
  HeadsetSide,
  LocalHeadsetEvents,
  PostgresHeadsetEvents,
  sweepEndedLessons,
  sweepExpiredCommands,
} from './services/headsets/index.ts';
import { type DemoFleet, startDemoFleet } from './simulator/demoFleet.ts';
import { BYTES_PER_MBIT } from './simulator/model.ts';

/**
 * The one composition root: configuration, database, tokens, storage, uploads, throttles, mail, social login, the
 * headsets' wake-up events and the Fastify app from the contract are built here, once, and handed to the operations
 * as `Services`; `startServer` also starts the demo fleet. Tests, tools and main.ts all start the server through
 * this module.
 */

function createMediaStorage(config: MediaConfig): MediaStorage {
  if (config.s3) return new S3MediaStorage(config.s3);
  const storage = new LocalMediaStorage(config.uploadDir);
  mkdirSync(storage.filesDir, { recursive: true });
  mkdirSync(storage.incomingDir, { recursive: true });
  return storage;
}

/**
 * The headset side's housekeeping: expired commands are written as such every minute (reads show them expired at
 * once anyway), and on shutdown the held long polls end with an empty answer instead of keeping the server open.
 */
function registerHeadsetLifecycle(app: FastifyInstance, { db, headsetEvents }: Services): void {
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep = setInterval(() => {
      sweepExpiredCommands(db).catch((error: Error) => app.log.warn({ err: error }, 'command sweep failed'));
      sweepEndedLessons(db).catch((error: Error) => app.log.warn({ err: error }, 'lesson sweep failed'));
    }, COMMAND_SWEEP_INTERVAL_SECONDS * 1000);
    sweep.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    await headsetEvents.close();
  });
}

/**
 * Housekeeping that every server process runs once soon after its start and then every `intervalSeconds`: bounded,
 * idempotent work, so several processes doing it at once is harmless; a failure is logged and tried next time.
 */
function registerPeriodicSweep(
  app: FastifyInstance,
  name: string,
  intervalSeconds: number,
  sweep: () => Promise<unknown>,
): void {
  const timers: NodeJS.Timeout[] = [];
  // The sweep under way, if any: a close waits for it while the database is still open (a sweep left running would
  // wait for a connection of a closing pool until its queue timeout, holding the close up), and a slow sweep is never
  // started twice.
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= sweep()
      .then(() => undefined)
      .catch((error: Error) => app.log.warn({ err: error }, `${name} failed`))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timers.push(setTimeout(run, 10_000), setInterval(run, intervalSeconds * 1000));
    for (const timer of timers) timer.unref();
  });
  app.addHook('preClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    await running;
  });
}

/** How often every server process drops abandoned uploads (past UPLOAD_EXPIRY_SECONDS) with their parts. */
const UPLOAD_SWEEP_INTERVAL_SECONDS = 3600;

/**
 * The Protokoll's retention deletes the entries past AUDIT_RETENTION_DAYS every hour. Abandoned uploads — past their
 * expiry, left after any part — go with their stored parts every hour, instead of waiting for the next upload's start.
 */
function registerRetention(app: FastifyInstance, { db, audit, uploads }: Services): void {
  registerPeriodicSweep(app, 'audit retention', AUDIT_RETENTION_INTERVAL_SECONDS, () =>
    deleteExpiredAuditEntries(db, audit.retentionDays),
  );
  registerPeriodicSweep(app, 'upload sweep', UPLOAD_SWEEP_INTERVAL_SECONDS, () => uploads.sweepExpired());
}

/** The Fastify app from the contract: routes, validation, auth, error shapes, media files, portal. */
async function buildApp(config: ServerConfig, services: Services): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const { specification, operations } = prepareContract(loadContract());
  const allowedMethods = allowedMethodsOf(operations);
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // Fastify takes a hop count at run time, but its types leave it out: the same rule as a function.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    // What Fastify and Node refuse before any route runs answers in the contract's error body too.
    frameworkErrors,
    clientErrorHandler: clientErrors(allowedMethods),
  });
  registerClosingConnections(app);
  registerValidation(app);
  registerBodyParsers(app);
  app.setErrorHandler(errorHandler);
  await registerSecurityHeaders(app, {
    portalDist: config.portalDist,
    oidcIssuer: config.access.oidc?.issuer,
    cspReportFile: config.cspReportFile,
    connectSources: config.cspConnectSources,
  });

  // Before every hook that may use the database: each request's database work queues in its lane.
  registerAdmissionLanes(app, services.db);
  registerMediaTypeGuard(app);
  registerAuth(app, services);
  registerHeadsetLifecycle(app, services);
  registerRetention(app, services);
  registerUnstorableTextGuard(app);
  registerRequiredBodyGuard(app);
  skipStreamedBodyValidation(app);
  refuseUnknownQueryParameters(app);
  await registerCompression(app);
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
    // A path of the contract asked with a method it does not have: 405 naming the ones it has.
    const allowed = allowedMethods(request.url);
    if (allowed.length > 0 && !allowed.includes(request.method)) throw new MethodNotAllowed(allowed);
    throw new NotFound(MESSAGES.request.notFound);
  });
  return app;
}

export interface CreatedServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: ServerConfig;
  /** Wakes the headsets' long polls (tests count the polls waiting in this process). */
  headsetEvents: HeadsetEvents;
  /** Whether this start loaded the demo data (empty database). */
  seeded: boolean;
  portalServed: boolean;
  /** What the hourly upload sweep does, at the clock `now` (tests pass a later one): answers the uploads dropped. */
  sweepAbandonedUploads(now?: Date): Promise<number>;
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
  let headsetEvents: HeadsetEvents | undefined;
  try {
    const { db } = database;
    const seeded = await migrateAndSeed(database, { bulkContentCount: config.seedContentCount });
    const secret = await loadSigningSecret(db, config.jwtSecret);
    const urlSecret = await loadUrlSigningSecret(db, config.media.signingSecret);
    const storage = createMediaStorage(config.media);
    const { access } = config;
    const mailer: Mailer = access.smtpUrl
      ? smtpMailer(access.smtpUrl, access.mailFrom)
      : outboxMailer(access.outboxDir, access.mailFrom);
    // With several server processes on one PostgreSQL, a command queued through one wakes the poll another holds.
    headsetEvents =
      database.engine === 'postgres' && config.databaseUrl
        ? await PostgresHeadsetEvents.start(config.databaseUrl, database.pool)
        : new LocalHeadsetEvents();
    const services: Services = {
      db,
      settings: access,
      media: config.media,
      audit: config.audit,
      site: config.site,
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
      headsetEvents,
      headsetSide: new HeadsetSide(db),
    };
    const app = await buildApp(config, services);
    app.addHook('onClose', () => database.close());
    return {
      app,
      database,
      config,
      headsetEvents,
      seeded,
      portalServed: hasPortalBuild(config.portalDist),
      sweepAbandonedUploads: (now) => services.uploads.sweepExpired(now),
    };
  } catch (error) {
    await headsetEvents?.close();
    await database.close();
    throw error;
  }
}

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  headsetEvents: HeadsetEvents;
  /** Base URL, e.g. http://127.0.0.1:8080 */
  url: string;
  /** Whether this start loaded the demo data (empty database). */
  seeded: boolean;
  portalServed: boolean;
  /** The simulated demo headsets (DEMO_FLEET), when they run. */
  demoFleet: { headsets: number; controlPort: number | null } | null;
  /** Stops the demo fleet, then HTTP, pool and database. */
  close(): Promise<void>;
}

/**
 * The demo headsets as simulated headsets beside the server (DEMO_FLEET), pairing over HTTP like real ones. The
 * portal works without them: a fleet that cannot start is logged, not fatal.
 */
async function startDemoFleetOf(
  app: FastifyInstance,
  database: DatabaseHandle,
  url: string,
  config: Pick<ServerConfig, 'demoFleetControlPort' | 'demoFleetBandwidthMbps' | 'demoFleetUpdateSeconds'>,
): Promise<DemoFleet | null> {
  const mbps = config.demoFleetBandwidthMbps;
  const updateSeconds = config.demoFleetUpdateSeconds;
  try {
    return await startDemoFleet(database.db, {
      serverUrl: url,
      controlPort: config.demoFleetControlPort,
      settings: {
        ...(mbps === undefined ? {} : { bandwidthBytesPerSecond: mbps * BYTES_PER_MBIT }),
        ...(updateSeconds === undefined ? {} : { updateSeconds }),
      },
      log: (message) => app.log.warn(message),
    });
  } catch (error) {
    app.log.error({ err: error }, MESSAGES.console.demoFleetFailed);
    return null;
  }
}

/**
 * Starts the whole server: database, app, HTTP listener, and (DEMO_FLEET) the simulated demo headsets. Options
 * override the environment (see config.ts); port 0 picks a free port. Used by main.ts, and by tests or tools that
 * need a server on a fresh database:
 * `await startServer({ port: 0, host: '127.0.0.1', dataDir: 'memory://', demoFleet: false })`.
 */
export async function startServer(overrides: Partial<ServerConfig> = {}): Promise<RunningServer> {
  return runServer(await createServer(overrides));
}

/**
 * Listens and starts the demo fleet of a server {@link createServer} built (startServer is both): tests add their
 * hooks in between.
 */
export async function runServer(created: CreatedServer): Promise<RunningServer> {
  const { app, database, config, headsetEvents, seeded, portalServed } = created;
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${host}:${port}`;
  // The simulated headsets call the server's own address ('localhost' may resolve to ::1 while it listens on IPv4).
  const ownHost = host === 'localhost' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const ownAddress = `http://${ownHost}:${port}`;
  const fleet = config.demoFleet ? await startDemoFleetOf(app, database, ownAddress, config) : null;
  return {
    app,
    database,
    headsetEvents,
    url,
    seeded,
    portalServed,
    demoFleet: fleet && { headsets: fleet.headsets, controlPort: fleet.controlPort },
    async close() {
      await fleet?.stop();
      await app.close();
    },
  };
}
