import { createHash, randomBytes } from 'node:crypto';
import { isValidEmail, normaliseEmail } from '@portal/domain';
import { and, eq, gt, sql } from 'drizzle-orm';
import inject from 'light-my-request';
import * as oidc from 'openid-client';
import type { AccessSettings } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { socialAccounts, socialLogins, socialSessions, users } from '../../db/schema.ts';
import { createDevProvider, DEV_CLIENT_ID, type DevProvider } from '../../infra/oidcDevProvider.ts';

export const SOCIAL_PROVIDER_ID = 'antares';
export const CALLBACK_PATH = '/api/social/browser/v1/auth/provider/callback';
const LOGIN_TTL_SECONDS = 600;
const SESSION_TTL_SECONDS = 900;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const random = () => randomBytes(32).toString('base64url');

export type SocialUserOutcome =
  | { ok: true; userId: number }
  | { ok: false; reason: 'noEmail' | 'emailInvalid' | 'emailInUse' };

/**
 * The client side of social login (openid-client: discovery, PKCE, state, nonce, code exchange) against the provider
 * configured by OIDC_ISSUER, or against the built-in development provider on the request's origin.
 */
export class SocialLogin {
  private readonly devProviders = new Map<string, Promise<DevProvider>>();
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

  constructor(
    private readonly db: Database,
    readonly settings: AccessSettings,
  ) {}

  get providerName(): string {
    return this.settings.oidc?.name ?? 'Antares (Demo)';
  }

  get clientId(): string {
    return this.settings.oidc?.clientId ?? DEV_CLIENT_ID;
  }

  get builtIn(): boolean {
    return this.settings.oidc === undefined;
  }

  /** False in production without OIDC_ISSUER: then no provider is offered and social login is off. */
  get enabled(): boolean {
    return this.settings.oidc !== undefined || this.settings.oidcDevProvider;
  }

  /** The built-in provider for an origin (one per origin: its issuer is an absolute URL). */
  devProvider(origin: string): Promise<DevProvider> {
    let provider = this.devProviders.get(origin);
    if (!provider) {
      provider = createDevProvider(origin, `${origin}${CALLBACK_PATH}`);
      this.devProviders.set(origin, provider);
    }
    return provider;
  }

  private configuration(origin: string): Promise<oidc.Configuration> {
    const key = this.builtIn ? origin : 'external';
    let configuration = this.configurations.get(key);
    if (!configuration) {
      configuration = this.discover(origin);
      this.configurations.set(key, configuration);
      // A failed discovery (provider down) is retried on the next login instead of being cached.
      configuration.catch(() => this.configurations.delete(key));
    }
    return configuration;
  }

  private async discover(origin: string): Promise<oidc.Configuration> {
    const external = this.settings.oidc;
    if (external) {
      const issuer = new URL(external.issuer);
      return oidc.discovery(issuer, external.clientId, external.clientSecret, undefined, {
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      });
    }
    const dev = await this.devProvider(origin);
    // The server talks to its own built-in provider in-process, so it never depends on reaching its public origin.
    const customFetch: oidc.CustomFetch = async (url, options) => {
      const target = new URL(url);
      const body = options.body;
      const response = await inject(dev.handle, {
        method: options.method,
        url: `${target.pathname}${target.search}`,
        headers: { ...options.headers, host: target.host },
        payload: typeof body === 'string' || body instanceof URLSearchParams ? body.toString() : undefined,
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
      }
      const empty = response.statusCode === 204 || response.statusCode === 304;
      return new Response(empty ? null : new Uint8Array(response.rawPayload), {
        status: response.statusCode,
        headers,
      });
    };
    const configuration = await oidc.discovery(
      new URL(dev.issuer),
      DEV_CLIENT_ID,
      dev.clientSecret,
      undefined,
      {
        [oidc.customFetch]: customFetch,
        execute: [oidc.allowInsecureRequests],
      },
    );
    configuration[oidc.customFetch] = customFetch;
    return configuration;
  }

  private redirectUri(origin: string): string {
    return `${this.settings.publicUrl ?? origin}${CALLBACK_PATH}`;
  }

  /** Stores state, PKCE verifier and nonce, and returns the provider's authorisation URL and the state. */
  async start(origin: string, callbackUrl: string): Promise<{ url: string; state: string }> {
    const configuration = await this.configuration(origin);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await this.db.delete(socialLogins).where(sql`${socialLogins.expiresAt} < now()`);
    await this.db.insert(socialLogins).values({
      state,
      codeVerifier,
      nonce,
      callbackUrl,
      origin,
      expiresAt: new Date(Date.now() + LOGIN_TTL_SECONDS * 1000),
    });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri(origin),
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, state };
  }

  /** Takes the pending login of this browser (one use) — null when none was started or it expired. */
  async takePending(state: string) {
    const [row] = await this.db
      .delete(socialLogins)
      .where(and(eq(socialLogins.state, state), gt(socialLogins.expiresAt, sql`now()`)))
      .returning();
    return row ?? null;
  }

  /** Exchanges the code (checking state, PKCE and nonce) and returns the ID token's claims. */
  async finish(
    pending: { state: string; codeVerifier: string; nonce: string; origin: string },
    currentUrl: URL,
  ): Promise<{ sub: string; email?: string; givenName?: string; familyName?: string }> {
    const configuration = await this.configuration(pending.origin);
    const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token claims');
    let info: Record<string, unknown> = claims;
    if (typeof claims.email !== 'string') {
      info = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
    }
    const text = (value: unknown) =>
      typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
    return {
      sub: claims.sub,
      email: text(info.email),
      givenName: text(info.given_name),
      familyName: text(info.family_name),
    };
  }

  /**
   * Finds or creates the social user of a provider subject and refreshes name and email from the claims. An address
   * that belongs to a password account is not taken over: that needs the account's password, not the provider's word.
   * An address the portal's rule refuses is not stored (the sign-in fails as `login_failed`).
   */
  async upsertUser(claims: {
    sub: string;
    email?: string;
    givenName?: string;
    familyName?: string;
  }): Promise<SocialUserOutcome> {
    if (!claims.email) return { ok: false, reason: 'noEmail' };
    const email = normaliseEmail(claims.email);
    // The portal's one rule for addresses (@portal/domain): every answer naming the user must be able to carry it.
    if (!isValidEmail(email)) return { ok: false, reason: 'emailInvalid' };
    return this.db.transaction(async (tx) => {
      const [linked] = await tx
        .select({ userId: socialAccounts.userId })
        .from(socialAccounts)
        .where(and(eq(socialAccounts.provider, SOCIAL_PROVIDER_ID), eq(socialAccounts.subject, claims.sub)));
      const [sameEmail] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (sameEmail && sameEmail.id !== linked?.userId) return { ok: false, reason: 'emailInUse' } as const;
      const names = {
        ...(claims.givenName ? { firstName: claims.givenName } : {}),
        ...(claims.familyName ? { lastName: claims.familyName } : {}),
      };
      if (linked) {
        await tx
          .update(users)
          .set({ email, isSocialUser: true, ...names })
          .where(eq(users.id, linked.userId));
        return { ok: true, userId: linked.userId } as const;
      }
      const [created] = await tx
        .insert(users)
        .values({ email, isSocialUser: true, passwordHash: null, ...names })
        .returning({ id: users.id });
      if (!created) throw new Error('social user not created');
      await tx
        .insert(socialAccounts)
        .values({ provider: SOCIAL_PROVIDER_ID, subject: claims.sub, userId: created.id });
      return { ok: true, userId: created.id } as const;
    });
  }

  /** A browser session for the user; returns the cookie value (stored hashed). */
  async createSession(userId: number): Promise<string> {
    const id = random();
    await this.db.delete(socialSessions).where(sql`${socialSessions.expiresAt} < now()`);
    await this.db.insert(socialSessions).values({
      idHash: sha256(id),
      userId,
      expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
    });
    return id;
  }

  async sessionUser(
    id: string,
  ): Promise<{ id: number; email: string; firstName: string; lastName: string } | null> {
    const [row] = await this.db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(socialSessions)
      .innerJoin(users, eq(users.id, socialSessions.userId))
      .where(and(eq(socialSessions.idHash, sha256(id)), gt(socialSessions.expiresAt, sql`now()`)));
    return row ?? null;
  }

  /** Ends the session and returns its user (one use: the tokens replace the cookie). */
  async consumeSession(id: string): Promise<number | null> {
    const [row] = await this.db
      .delete(socialSessions)
      .where(and(eq(socialSessions.idHash, sha256(id)), gt(socialSessions.expiresAt, sql`now()`)))
      .returning({ userId: socialSessions.userId });
    return row?.userId ?? null;
  }
}
