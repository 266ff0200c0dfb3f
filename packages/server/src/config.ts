import { join, resolve } from 'node:path';
import { type ContentType, isValidEmail, LOGIN_LOCK_DURATION_MS } from '@portal/domain';
import { DATA_DIR, DEFAULT_PORTAL_DIST } from './paths.ts';

/**
 * The only reader of the environment (every variable is listed in the server README). `readConfig` runs once in
 * the composition root (app.ts) and in the command-line tools; everything else gets the parts it needs from there.
 */

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

/** S3 refuses parts below 5 MiB (all but the last); our parts map one to one onto S3 parts. */
export const S3_MIN_PART_SIZE = 5 * MiB;

/** Fastify's trustProxy: trust nobody, every hop, a hop count, or addresses/CIDRs of trusted proxies. */
export type TrustProxy = boolean | number | string;

/** Settings of sign-in throttling, password reset, mail and social login. */
export interface AccessSettings {
  /**
   * Failed sign-ins of one account from all addresses together within the window; the one that reaches it locks the
   * account everywhere (the limit per account and address is spec §9's 3, LOGIN_ATTEMPTS of @portal/domain).
   */
  loginMaxFailuresPerAccount: number;
  /**
   * Failed sign-ins from one client address over all accounts within the window; beyond it only accounts that
   * signed in from that address before may still try (services/accounts/loginThrottle.ts).
   */
  loginMaxFailuresPerAddress: number;
  /** Failures are counted for this long from the first one. */
  loginWindowSeconds: number;
  /** How long a sign-in lock lasts (spec §8: temporär gesperrt). */
  loginLockSeconds: number;
  /** Reset mails per address (and per client address ×5) within the window before 429. */
  resetMailMaxPerAccount: number;
  resetTokenTtlSeconds: number;
  /** How long an invitation link stays valid. */
  invitationTtlSeconds: number;
  /** Invitations one organisation may send per hour (each is a mail to an address of the inviter's choosing). */
  invitationsPerHour: number;
  /** Origin used in links of mails and the OIDC redirect URI (PUBLIC_URL). */
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  /** The dev outbox page is served only without SMTP and outside production. */
  devOutbox: boolean;
  /**
   * DEV_OUTBOX=public: the dev outbox answers every client, not only direct connections from this machine. It shows
   * every password-reset link, so whoever reaches it can take over accounts: for a trusted network only.
   */
  devOutboxPublic: boolean;
  /** Social login: an external OpenID Connect provider, or (issuer unset) the built-in 'Antares (Demo)'. */
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | undefined;
  /**
   * Whether the built-in 'Antares (Demo)' provider runs when no issuer is configured: not under NODE_ENV=production
   * (anyone could sign in there as the demo user) unless OIDC_DEV_PROVIDER=1 asks for it.
   */
  oidcDevProvider: boolean;
}

/** An S3-compatible store (AWS S3, MinIO, Ceph, R2, …), from the S3_* variables. */
export interface S3Config {
  /** Origin of the S3 API (S3_ENDPOINT); defaults to AWS in `region`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint host>/<key>` (S3_FORCE_PATH_STYLE). */
  forcePathStyle: boolean;
}

/**
 * The largest file accepted per kind, in bytes: content files by content type, preview images, documents and
 * operating system images. Refused with 413 `fileTooLarge` when an upload starts and again when it completes.
 */
export interface FileSizeLimits extends Record<ContentType, number> {
  preview: number;
  document: number;
  operatingSystem: number;
}

/** Upload and media settings. */
export interface MediaConfig {
  /** Root of parts in progress and stored files on local disk (UPLOAD_DIR); unused with S3. */
  uploadDir: string;
  /** Where bytes live: local disk unless S3_BUCKET names a bucket. */
  s3: S3Config | undefined;
  /** Bytes per multipart part (UPLOAD_PART_SIZE). */
  partSize: number;
  /** MAX_APP_BYTES, MAX_VIDEO_BYTES, MAX_WEB_APP_BYTES, MAX_PREVIEW_BYTES, MAX_DOCUMENT_BYTES, MAX_OS_IMAGE_BYTES. */
  maxBytes: FileSizeLimits;
  /**
   * Bytes an organisation may keep in the store: every file of its items (content files, previews, documents) and
   * the announced size of its unfinished uploads (STORAGE_QUOTA_BYTES); null for no limit (`0`).
   */
  storageQuotaBytes: number | null;
  /** Lifetime of a signed part URL in seconds (UPLOAD_URL_TTL_SECONDS). */
  partUrlTtlSeconds: number;
  /** How long an unfinished upload is kept (UPLOAD_EXPIRY_SECONDS). */
  uploadExpirySeconds: number;
  /** Least lifetime of a signed media file URL in seconds (MEDIA_URL_TTL_SECONDS). */
  fileUrlTtlSeconds: number;
  /** HMAC key of part URLs and media file URLs (UPLOAD_SIGNING_SECRET); otherwise one kept in the database. */
  signingSecret: string | undefined;
}

/** The bounds of the queue in front of the database (infra/admission.ts). */
export interface AdmissionSettings {
  /** Database work allowed to wait per lane (priority, bulk, headset); more is refused at once (DB_QUEUE_LIMIT). */
  queueLimit: number;
  /** Database work that waited this long for a connection is refused (DB_QUEUE_TIMEOUT_MS). */
  queueTimeoutMs: number;
  /** PostgreSQL cancels a statement running longer than this; 0 = never (DB_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs: number;
}

/** The Protokoll (services/audit). */
export interface AuditSettings {
  /** Entries older than this many days are deleted by the server (AUDIT_RETENTION_DAYS). */
  retentionDays: number;
}

/** Half a school year: long enough to answer for a term, short enough to keep little personal data. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 180;

/** AUDIT_RETENTION_DAYS: a positive whole number of days; unset, the default. */
export function readAuditSettings(env: NodeJS.ProcessEnv): AuditSettings {
  return { retentionDays: integer(env, 'AUDIT_RETENTION_DAYS', DEFAULT_AUDIT_RETENTION_DAYS, 1) };
}

export const DEFAULT_ADMISSION: AdmissionSettings = {
  queueLimit: 200,
  queueTimeoutMs: 5000,
  statementTimeoutMs: 15_000,
};

/** The operator's imprint (Impressum, § 5 DDG and § 18 MStV): who runs this portal and how to reach them. */
export interface Imprint {
  /** Name of the operator (organisation or person). */
  name: string;
  /** Postal address, one entry per line. */
  addressLines: string[];
  /** Who represents the operator (e.g. the head of the media centre); null when not given. */
  representative: string | null;
  email: string;
  phone: string | null;
  /** Register entry (court and number), null when there is none. */
  register: string | null;
  /** VAT identification number, null when there is none. */
  vatId: string | null;
  /** Responsible for the content (§ 18 Abs. 2 MStV), null when not given. */
  contentResponsible: string | null;
}

/** Where people get help with the portal: named on the support page. */
export interface SupportContact {
  email: string;
  phone: string | null;
  /** When the phone is answered, as people read it ('Mo–Fr 8–16 Uhr'); null when not given. */
  hours: string | null;
}

/** What the public pages show of the operator (getSiteInfo): the imprint and the support contact. */
export interface SiteSettings {
  imprint: Imprint;
  support: SupportContact;
}

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
  trustProxy: TrustProxy;
  /**
   * DEMO_FLEET: `npm start` plays the demo headsets as simulated headsets beside the server (startServer in app.ts);
   * off for the tests and tools that start a server themselves.
   */
  demoFleet: boolean;
  /** DEMO_FLEET_CONTROL_PORT: switch demo headsets off and on over HTTP on 127.0.0.1 (simulator/control.ts). */
  demoFleetControlPort: number | undefined;
  /** DEMO_FLEET_BANDWIDTH_MBPS: how fast the demo headsets download a playlist (unset: the simulator's default). */
  demoFleetBandwidthMbps: number | undefined;
  /** DEMO_FLEET_UPDATE_SECONDS: how long a demo headset installs an update and restarts (unset: the demo's 40 s). */
  demoFleetUpdateSeconds: number | undefined;
  /** Content-Security-Policy violation reports are appended here as JSON lines (tests); only logged when unset. */
  cspReportFile: string | undefined;
  /** CSP_CONNECT_SOURCES: further origins the portal's pages may call (an external API, an error-reporting DSN). */
  cspConnectSources: string[];
  /** Bound and timeouts of the queue in front of the database (README "Bursts"). */
  admission: AdmissionSettings;
  /** SEED_CONTENT_COUNT: generated content items added on the first start (performance checks); 0 for none. */
  seedContentCount: number;
  access: AccessSettings;
  media: MediaConfig;
  audit: AuditSettings;
  /** Imprint and support contact (IMPRINT_*, SUPPORT_*), with demo values for `npm start`. */
  site: SiteSettings;
  /** Tests only: a PGlite dumpDataDir() tarball to start from instead of running initdb. Not read from the env. */
  pgliteTemplate?: string | undefined;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, minimum: 0 | 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < minimum) {
    throw new Error(`${name} must be a ${minimum === 0 ? 'non-negative' : 'positive'} integer, got '${raw}'`);
  }
  return value;
}

/** A switch: 1/true/on/yes or 0/false/off/no; unset or empty is `fallback`. */
function flag(env: NodeJS.ProcessEnv, name: string, fallback = false): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '') return fallback;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  throw new Error(`${name} must be on (1/true/on/yes) or off (0/false/off/no), got '${env[name]}'`);
}

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

export function readAccessSettings(env: NodeJS.ProcessEnv = process.env): AccessSettings {
  const smtpUrl = env.SMTP_URL || undefined;
  return {
    loginMaxFailuresPerAccount: integer(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 10, 1),
    loginMaxFailuresPerAddress: integer(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 30, 1),
    loginWindowSeconds: integer(env, 'LOGIN_THROTTLE_WINDOW_SECONDS', 900, 1),
    loginLockSeconds: integer(env, 'LOGIN_LOCK_SECONDS', LOGIN_LOCK_DURATION_MS / 1000, 1),
    resetMailMaxPerAccount: integer(env, 'RESET_MAIL_MAX_PER_ACCOUNT', 5, 1),
    resetTokenTtlSeconds: integer(env, 'RESET_TOKEN_TTL_SECONDS', 3600, 1),
    invitationTtlSeconds: integer(env, 'INVITATION_TTL_SECONDS', 7 * 24 * 3600, 1),
    invitationsPerHour: integer(env, 'INVITATIONS_MAX_PER_HOUR', 50, 1),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'VR-Portal <no-reply@vr-portal.example>',
    outboxDir: env.OUTBOX_DIR || join(DATA_DIR, 'outbox'),
    devOutbox: !smtpUrl && env.NODE_ENV !== 'production',
    devOutboxPublic: env.DEV_OUTBOX === 'public',
    oidc: env.OIDC_ISSUER
      ? {
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID || 'vr-portal',
          clientSecret: env.OIDC_CLIENT_SECRET || '',
          name: env.OIDC_PROVIDER_NAME || 'Antares',
        }
      : undefined,
    oidcDevProvider: !env.OIDC_ISSUER && (env.NODE_ENV !== 'production' || env.OIDC_DEV_PROVIDER === '1'),
  };
}

/** The variables of an S3-compatible store. */
export const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

export function readS3Config(env: NodeJS.ProcessEnv = process.env): S3Config | undefined {
  const bucket = env.S3_BUCKET;
  if (!bucket) {
    // A half-configured store must not silently fall back to local disk in production.
    const stray = S3_VARIABLES.filter((name) => env[name]);
    if (stray.length > 0) throw new Error(`${stray.join(', ')} set but S3_BUCKET is missing`);
    return undefined;
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  const region = env.S3_REGION || 'us-east-1';
  const endpoint = new URL(env.S3_ENDPOINT || `https://s3.${region}.amazonaws.com`);
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') {
    throw new Error(`S3_ENDPOINT must be an http(s) URL, got '${env.S3_ENDPOINT}'`);
  }
  return {
    endpoint: endpoint.origin,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE'),
  };
}

/** Variables of earlier versions and what replaced them (the limits are per kind of file now). */
const REPLACED_LIMIT_VARIABLES: Record<string, string> = {
  MAX_UPLOAD_BYTES: 'MAX_APP_BYTES, MAX_VIDEO_BYTES, MAX_WEB_APP_BYTES and MAX_OS_IMAGE_BYTES',
  MAX_FILE_BYTES: 'MAX_PREVIEW_BYTES and MAX_DOCUMENT_BYTES',
};

export function readMediaConfig(env: NodeJS.ProcessEnv = process.env): MediaConfig {
  const s3 = readS3Config(env);
  const partSize = integer(env, 'UPLOAD_PART_SIZE', 16 * MiB, 1);
  if (s3 && partSize < S3_MIN_PART_SIZE) {
    throw new Error(`UPLOAD_PART_SIZE must be at least ${S3_MIN_PART_SIZE} with S3 (its minimum part size)`);
  }
  const replaced = Object.keys(REPLACED_LIMIT_VARIABLES).filter((name) => env[name]);
  if (replaced.length > 0) {
    // A limit that silently stopped applying would be worse than a server that does not start.
    throw new Error(
      replaced.map((name) => `${name} was replaced by ${REPLACED_LIMIT_VARIABLES[name]}`).join('; '),
    );
  }
  const quota = integer(env, 'STORAGE_QUOTA_BYTES', 256 * GiB, 0);
  return {
    uploadDir: resolve(env.UPLOAD_DIR || join(DATA_DIR, 'uploads')),
    s3,
    partSize,
    maxBytes: {
      app: integer(env, 'MAX_APP_BYTES', 8 * GiB, 1),
      video: integer(env, 'MAX_VIDEO_BYTES', 20 * GiB, 1),
      webApp: integer(env, 'MAX_WEB_APP_BYTES', 2 * GiB, 1),
      preview: integer(env, 'MAX_PREVIEW_BYTES', 10 * MiB, 1),
      document: integer(env, 'MAX_DOCUMENT_BYTES', 50 * MiB, 1),
      operatingSystem: integer(env, 'MAX_OS_IMAGE_BYTES', 20 * GiB, 1),
    },
    storageQuotaBytes: quota === 0 ? null : quota,
    partUrlTtlSeconds: integer(env, 'UPLOAD_URL_TTL_SECONDS', 3600, 1),
    uploadExpirySeconds: integer(env, 'UPLOAD_EXPIRY_SECONDS', 7 * 24 * 3600, 1),
    fileUrlTtlSeconds: integer(env, 'MEDIA_URL_TTL_SECONDS', 6 * 3600, 1),
    signingSecret: env.UPLOAD_SIGNING_SECRET || undefined,
  };
}

/**
 * The demo operator `npm start` shows until the IMPRINT_* and SUPPORT_* variables name the real one: invented, on
 * the reserved `.example` domain, clearly no real body.
 */
export const DEMO_SITE: SiteSettings = {
  imprint: {
    name: 'VR-Portal Demo-Betrieb (Beispielangaben)',
    addressLines: ['Musterstraße 1', '40210 Düsseldorf'],
    representative: 'Erika Mustermann (Leitung)',
    email: 'kontakt@vr-portal.example',
    phone: '0211 123456-0',
    register: null,
    vatId: null,
    contentResponsible: 'Erika Mustermann, Anschrift wie oben',
  },
  support: {
    email: 'support@vr-portal.example',
    phone: '0211 123456-99',
    hours: 'Montag bis Freitag, 8 bis 16 Uhr',
  },
};

/** A text variable, trimmed; unset or blank is `fallback`. */
function text<T extends string | null>(env: NodeJS.ProcessEnv, name: string, fallback: T): string | T {
  const value = env[name]?.trim() ?? '';
  return value === '' ? fallback : value;
}

/** An e-mail address variable (spec §5's rule): the portal links it as mailto:, so a typo must stop the start. */
function emailAddress(env: NodeJS.ProcessEnv, name: string): string {
  const value = text(env, name, '');
  if (!isValidEmail(value)) throw new Error(`${name} must be an e-mail address, got '${value}'`);
  return value;
}

/**
 * IMPRINT_* and SUPPORT_*: the operator's imprint and support contact. Without IMPRINT_NAME the whole imprint is the
 * demo's (a real name beside the demo's address would be a false imprint); optional lines that are not set are left
 * out (null), not filled from the demo.
 */
export function readSiteSettings(env: NodeJS.ProcessEnv = process.env): SiteSettings {
  const name = text(env, 'IMPRINT_NAME', null);
  const imprint: Imprint =
    name === null
      ? DEMO_SITE.imprint
      : {
          name,
          addressLines: text(env, 'IMPRINT_ADDRESS', '')
            .split(';')
            .map((line) => line.trim())
            .filter(Boolean),
          representative: text(env, 'IMPRINT_REPRESENTATIVE', null),
          email: emailAddress(env, 'IMPRINT_EMAIL'),
          phone: text(env, 'IMPRINT_PHONE', null),
          register: text(env, 'IMPRINT_REGISTER', null),
          vatId: text(env, 'IMPRINT_VAT_ID', null),
          contentResponsible: text(env, 'IMPRINT_CONTENT_RESPONSIBLE', null),
        };
  if (name !== null && imprint.addressLines.length === 0) {
    throw new Error('IMPRINT_NAME needs IMPRINT_ADDRESS (the postal address, lines separated by ";")');
  }
  const supportEmail = text(env, 'SUPPORT_EMAIL', null);
  const support: SupportContact =
    supportEmail === null
      ? DEMO_SITE.support
      : {
          email: emailAddress(env, 'SUPPORT_EMAIL'),
          phone: text(env, 'SUPPORT_PHONE', null),
          hours: text(env, 'SUPPORT_HOURS', null),
        };
  return { imprint, support };
}

/** Comma-separated http(s) origins (a path is dropped: CSP sources here are whole origins). */
export function readOrigins(env: NodeJS.ProcessEnv, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL;
      try {
        url = new URL(entry);
      } catch {
        throw new Error(`${name} must list http(s) origins, got '${entry}'`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new Error(`${name} must list http(s) origins, got '${entry}'`);
      }
      return url.origin;
    });
}

/** Reads and checks the environment once (the variables are listed in the README). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: integer(env, 'PORT', 8080, 0),
    host: env.HOST || '0.0.0.0',
    dataDir: env.PGLITE_DATA_DIR || join(DATA_DIR, 'pglite'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 300, 0),
    refreshTokenTtlSeconds: integer(env, 'REFRESH_TOKEN_TTL_SECONDS', 1_209_600, 0),
    portalDist: env.PORTAL_DIST || DEFAULT_PORTAL_DIST,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: readTrustProxy(env),
    demoFleet: flag(env, 'DEMO_FLEET', true),
    demoFleetControlPort: env.DEMO_FLEET_CONTROL_PORT
      ? integer(env, 'DEMO_FLEET_CONTROL_PORT', 0, 1)
      : undefined,
    demoFleetBandwidthMbps: env.DEMO_FLEET_BANDWIDTH_MBPS
      ? integer(env, 'DEMO_FLEET_BANDWIDTH_MBPS', 0, 1)
      : undefined,
    demoFleetUpdateSeconds: env.DEMO_FLEET_UPDATE_SECONDS
      ? integer(env, 'DEMO_FLEET_UPDATE_SECONDS', 0, 1)
      : undefined,
    cspReportFile: env.CSP_REPORT_FILE || undefined,
    cspConnectSources: readOrigins(env, 'CSP_CONNECT_SOURCES'),
    admission: {
      queueLimit: integer(env, 'DB_QUEUE_LIMIT', DEFAULT_ADMISSION.queueLimit, 0),
      queueTimeoutMs: integer(env, 'DB_QUEUE_TIMEOUT_MS', DEFAULT_ADMISSION.queueTimeoutMs, 0),
      statementTimeoutMs: integer(env, 'DB_STATEMENT_TIMEOUT_MS', DEFAULT_ADMISSION.statementTimeoutMs, 0),
    },
    seedContentCount: integer(env, 'SEED_CONTENT_COUNT', 0, 0),
    access: readAccessSettings(env),
    media: readMediaConfig(env),
    audit: readAuditSettings(env),
    site: readSiteSettings(env),
  };
}

/** TEST_DATABASE_URL: the PostgreSQL server the server tests create their databases on (none: PGlite). */
export function readTestDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.TEST_DATABASE_URL || undefined;
}
