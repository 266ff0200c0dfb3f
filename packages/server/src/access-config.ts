import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Settings of sign-in throttling, password reset and mail (read from the environment, see README). */
export interface AccessSettings {
  /** Failed sign-ins per account within the window before 429. */
  loginMaxFailuresPerAccount: number;
  /** Failed sign-ins per client address within the window before 429. */
  loginMaxFailuresPerAddress: number;
  loginWindowSeconds: number;
  /** Reset mails per address (and per client address ×5) within the window before 429. */
  resetMailMaxPerAccount: number;
  resetTokenTtlSeconds: number;
  /** Origin used in links of mails; the request's origin when unset. */
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

function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer, got '${raw}'`);
  return value;
}

export function readAccessSettings(env: NodeJS.ProcessEnv = process.env): AccessSettings {
  const smtpUrl = env.SMTP_URL || undefined;
  return {
    loginMaxFailuresPerAccount: count(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 10),
    loginMaxFailuresPerAddress: count(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 50),
    loginWindowSeconds: count(env, 'LOGIN_THROTTLE_WINDOW_SECONDS', 900),
    resetMailMaxPerAccount: count(env, 'RESET_MAIL_MAX_PER_ACCOUNT', 5),
    resetTokenTtlSeconds: count(env, 'RESET_TOKEN_TTL_SECONDS', 3600),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'VR-Portal <no-reply@vr-portal.example>',
    outboxDir: env.OUTBOX_DIR || `${REPO_ROOT}.data/outbox`,
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
