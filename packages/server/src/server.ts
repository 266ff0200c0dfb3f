import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { readConfig, type ServerConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed.ts';
import { loadSigningSecret, TokenService } from './services/tokens.ts';
import { hasPortalBuild } from './static.ts';

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

/** Opens (and migrates, and on first start seeds) the database and builds the app, without listening. */
export async function createServer(overrides: Partial<ServerConfig> = {}) {
  const config = { ...readConfig(), ...overrides };
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteTemplate: config.pgliteTemplate,
    admission: config.admission,
  });
  try {
    await migrateDatabase(database.db);
    const seeded = await seedIfEmpty(database.db);
    const secret = await loadSigningSecret(database.db, config.jwtSecret);
    const tokens = new TokenService(database.db, secret, {
      accessTtlSeconds: config.accessTokenTtlSeconds,
      refreshTtlSeconds: config.refreshTokenTtlSeconds,
    });
    const app = await buildApp({
      db: database.db,
      tokens,
      portalDist: config.portalDist,
      cspReportFile: config.cspReportFile,
      logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    });
    app.addHook('onClose', () => database.close());
    return { app, database, config, seeded, portalServed: hasPortalBuild(config.portalDist) };
  } catch (error) {
    await database.close();
    throw error;
  }
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
