import { fileURLToPath } from 'node:url';
import { type AdmissionSettings, DEFAULT_ADMISSION } from './infra/admission.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data directory or 'memory://'; ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  portalDist: string;
  logLevel: string;
  /** Content-Security-Policy violation reports are appended here as JSON lines (tests); only logged when unset. */
  cspReportFile: string | undefined;
  /** Bound and timeouts of the queue in front of the database (README "Bursts"). */
  admission: AdmissionSettings;
  /** Tests only: a PGlite dumpDataDir() tarball to start from instead of running initdb. Not read from the env. */
  pgliteTemplate?: string | undefined;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got '${raw}'`);
  return value;
}

/** Reads and checks the environment once (the variables are listed in the README). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: positiveInteger(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: env.PGLITE_DATA_DIR || `${REPO_ROOT}.data/pglite`,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtlSeconds: positiveInteger(env, 'ACCESS_TOKEN_TTL_SECONDS', 300),
    refreshTokenTtlSeconds: positiveInteger(env, 'REFRESH_TOKEN_TTL_SECONDS', 1_209_600),
    portalDist: env.PORTAL_DIST || `${REPO_ROOT}packages/portal/dist`,
    logLevel: env.LOG_LEVEL || 'info',
    cspReportFile: env.CSP_REPORT_FILE || undefined,
    admission: {
      queueLimit: positiveInteger(env, 'DB_QUEUE_LIMIT', DEFAULT_ADMISSION.queueLimit),
      queueTimeoutMs: positiveInteger(env, 'DB_QUEUE_TIMEOUT_MS', DEFAULT_ADMISSION.queueTimeoutMs),
      statementTimeoutMs: positiveInteger(
        env,
        'DB_STATEMENT_TIMEOUT_MS',
        DEFAULT_ADMISSION.statementTimeoutMs,
      ),
    },
  };
}
