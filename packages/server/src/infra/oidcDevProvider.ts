import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import type { KoaContextWithOIDC, default as Provider } from 'oidc-provider';
import { MESSAGES } from '../messages.ts';

/** Mount path of the built-in development provider on the server's own origin. */
export const DEV_PROVIDER_PATH = '/oidc-dev';
export const DEV_CLIENT_ID = 'vr-portal-dev';

/** The demo account of the built-in provider (the social user of the round trip). */
export const DEMO_SOCIAL_ACCOUNT = {
  accountId: 'antares-demo-1',
  email: 'mara.muster@antares.example',
  givenName: 'Mara',
  familyName: 'Muster',
} as const;

export interface DevProvider {
  issuer: string;
  clientSecret: string;
  provider: Provider;
  /** Handles a request below the mount path (raw Node request/response, as oidc-provider is a Koa app). */
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/**
 * The built-in OpenID Connect provider 'Antares (Demo)' used when no OIDC_ISSUER is configured, so the social login
 * round trip works on a fresh machine. Development only: its grants and sessions live in memory (oidc-provider's
 * development adapter), its keys are generated at start, it knows one demo account and asks no consent.
 */
export async function createDevProvider(origin: string, redirectUri: string): Promise<DevProvider> {
  const issuer = `${origin}${DEV_PROVIDER_PATH}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'dev-1' };
  // Loaded on first use: importing oidc-provider costs more than half a second, and a server with a real issuer, or
  // whose social login nobody uses, never needs it.
  const { default: Provider } = await import('oidc-provider');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 300,
      AuthorizationCode: 60,
      IdToken: 300,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${DEV_PROVIDER_PATH}/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      if (id !== DEMO_SOCIAL_ACCOUNT.accountId) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: DEMO_SOCIAL_ACCOUNT.email,
            email_verified: true,
            given_name: DEMO_SOCIAL_ACCOUNT.givenName,
            family_name: DEMO_SOCIAL_ACCOUNT.familyName,
            name: `${DEMO_SOCIAL_ACCOUNT.givenName} ${DEMO_SOCIAL_ACCOUNT.familyName}`,
          };
        },
      };
    },
    // First-party demo client: consent is implied, so the round trip is one click on the provider's page.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page(
        MESSAGES.devProvider.errorTitle,
        `<p>${escapeHtml(MESSAGES.devProvider.failed(String(out.error_description ?? out.error)))}</p>`,
      );
    },
  });
  const callback = provider.callback();
  return {
    issuer,
    clientSecret,
    provider,
    handle(req, res) {
      // oidc-provider derives its mount path from originalUrl minus url (as under Express' app.use).
      const original = req.url ?? '/';
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = original;
      req.url = original.slice(DEV_PROVIDER_PATH.length) || '/';
      callback(req, res);
    },
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The one inline style of the provider's pages (their Content-Security-Policy allows exactly it, by hash). */
export const PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
button{font:inherit;padding:.6rem 1rem;margin:.25rem .5rem .25rem 0;border-radius:.4rem;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1d4ed8}`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** What the provider's pages say when an interaction is unknown or over. */
export function expiredInteractionPage(): string {
  return `<!doctype html><html lang="de"><p>${MESSAGES.devProvider.expired}</p></html>`;
}

/** The provider's sign-in page for an interaction: one demo account, sign in or cancel. */
export function interactionPage(uid: string): string {
  const action = `${DEV_PROVIDER_PATH}/interaction/${encodeURIComponent(uid)}`;
  const { givenName, familyName, email } = DEMO_SOCIAL_ACCOUNT;
  const name = `${givenName} ${familyName}`;
  const texts = MESSAGES.devProvider;
  return page(
    texts.signInTitle,
    `<p>${escapeHtml(texts.signInIntro)}</p>
<p><strong>${escapeHtml(name)}</strong><br>${escapeHtml(email)}</p>
<form method="post" action="${action}/login"><button type="submit">${escapeHtml(texts.signInAs(name))}</button></form>
<form method="post" action="${action}/abort"><button type="submit" class="secondary">${escapeHtml(texts.cancel)}</button></form>`,
  );
}
