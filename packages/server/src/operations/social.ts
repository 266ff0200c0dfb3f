import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { components } from '@portal/api/schema';
import type { FastifyRequest } from 'fastify';
import { Forbidden, InvalidFields, NotAuthenticated } from '../errors.ts';
import { readCookie, setCookie } from '../http/cookies.ts';
import { type Operations, ok, redirect } from '../http/operation.ts';
import { requestOrigin, sameOriginPath } from '../http/urls.ts';
import { MESSAGES } from '../messages.ts';
import { SOCIAL_PROVIDER_ID } from '../services/accounts/index.ts';
import type { Services } from '../services/dependencies.ts';

type Schemas = components['schemas'];

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
const STATE_COOKIE = 'vr_social_state';
const STATE_COOKIE_PATH = '/api/social/';
/**
 * The portal's social login page (its `callback_url`, SOCIAL_CALLBACK_PATH there): where a callback goes whose login
 * this browser did not start or that has expired, so nobody lands on raw JSON.
 */
const PORTAL_SOCIAL_PAGE = '/oidc-antares';

function sameValue(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The callback with `?error=…` added; its path, the rest of its query and its fragment stay. */
function withError(callbackUrl: string, error: string): string {
  const url = new URL(callbackUrl, 'http://local.invalid');
  url.searchParams.set('error', error);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Normalised (no default port), as URL parsing elsewhere (issuer checks, callback origin) will see it. */
function portalOrigin(request: FastifyRequest, { settings }: Pick<Services, 'settings'>): string {
  return new URL(settings.publicUrl ?? requestOrigin(request)).origin;
}

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * Social login in allauth's headless browser API (contract tag `social`), with real OpenID Connect through
 * services/accounts/social.ts. The browser's cookies carry the state: CSRF token, pending login, session.
 */
export const socialOperations = {
  async getSocialConfig({ http, headers }, { social }) {
    // As Django does: the first visit gets a CSRF cookie the portal copies into the redirect form.
    if (!readCookie(http, CSRF_COOKIE)) {
      setCookie(http, headers, CSRF_COOKIE, randomBytes(24).toString('base64url'), { maxAge: 31_449_600 });
    }
    const body: Schemas['SocialConfig'] = {
      status: 200,
      data: {
        socialaccount: {
          providers: social.enabled
            ? [
                {
                  id: SOCIAL_PROVIDER_ID,
                  name: social.providerName,
                  client_id: social.clientId,
                  flows: ['provider_redirect'],
                },
              ]
            : [],
        },
      },
    };
    return { status: 200, body, headers: NO_STORE };
  },

  async getSocialSession({ http }, { social }) {
    const id = readCookie(http, SESSION_COOKIE);
    const user = id ? await social.sessionUser(id) : null;
    if (!user) {
      const body: Schemas['SocialSession'] = {
        status: 401,
        data: { flows: [{ id: 'provider_redirect', providers: social.enabled ? [SOCIAL_PROVIDER_ID] : [] }] },
        meta: { is_authenticated: false },
      };
      return { status: 401, body, headers: NO_STORE };
    }
    const display = `${user.firstName} ${user.lastName}`.trim() || user.email;
    const body: Schemas['SocialSession'] = {
      status: 200,
      data: { user: { id: user.id, email: user.email, display } },
      meta: { is_authenticated: true },
    };
    return { status: 200, body, headers: NO_STORE };
  },

  async redirectToSocialProvider({ body: form, http, headers }, services) {
    const { social } = services;
    const here = portalOrigin(http, services);
    // A path of the portal only: the browser is sent there after the provider, with its session cookie.
    const callbackUrl = sameOriginPath(form.callback_url, here);
    if (!callbackUrl) throw InvalidFields.of('callback_url', MESSAGES.social.callbackForeign);
    const cookie = readCookie(http, CSRF_COOKIE);
    if (!cookie || !sameValue(cookie, form.csrfmiddlewaretoken))
      throw new Forbidden(MESSAGES.social.csrfFailed);
    if (form.provider !== SOCIAL_PROVIDER_ID || !social.enabled) {
      throw InvalidFields.of('provider', MESSAGES.social.unknownProvider);
    }
    let target: { url: string; state: string };
    try {
      target = await social.start(here, callbackUrl);
    } catch (error) {
      http.log.error({ err: error }, 'social login: provider not reachable');
      return redirect(withError(callbackUrl, 'login_failed'));
    }
    setCookie(http, headers, STATE_COOKIE, target.state, {
      path: STATE_COOKIE_PATH,
      maxAge: 600,
      httpOnly: true,
    });
    return redirect(target.url);
  },

  async socialProviderCallback({ query, http, headers }, { social }) {
    const state = readCookie(http, STATE_COOKIE);
    const pending = state ? await social.takePending(state) : null;
    setCookie(http, headers, STATE_COOKIE, '', { path: STATE_COOKIE_PATH, maxAge: 0, httpOnly: true });
    if (!pending) {
      // No state cookie (another browser, cookies blocked, or the 10 minutes are over), or one used already.
      http.log.info('social login: callback without a pending login');
      return redirect(withError(PORTAL_SOCIAL_PAGE, 'login_expired'));
    }
    if (query.error) {
      const code = query.error === 'access_denied' ? 'access_denied' : 'login_failed';
      return redirect(withError(pending.callbackUrl, code));
    }
    if (query.state !== pending.state) return redirect(withError(pending.callbackUrl, 'invalid_state'));
    try {
      const claims = await social.finish(pending, new URL(http.url, pending.origin));
      const outcome = await social.upsertUser(claims);
      if (!outcome.ok) {
        http.log.warn({ reason: outcome.reason }, 'social login refused');
        return redirect(withError(pending.callbackUrl, 'login_failed'));
      }
      const session = await social.createSession(outcome.userId);
      setCookie(http, headers, SESSION_COOKIE, session, { httpOnly: true });
      return redirect(pending.callbackUrl);
    } catch (error) {
      http.log.warn({ err: error }, 'social login: code exchange failed');
      return redirect(withError(pending.callbackUrl, 'login_failed'));
    }
  },

  async obtainSocialUserToken({ http, headers }, { social, tokens }) {
    const id = readCookie(http, SESSION_COOKIE);
    const userId = id ? await social.consumeSession(id) : null;
    // Cleared either way: after this call the browser holds no session cookie (spec §4).
    setCookie(http, headers, SESSION_COOKIE, '', { maxAge: 0, httpOnly: true });
    if (userId === null) throw new NotAuthenticated(MESSAGES.auth.notAuthenticated);
    const { access, refresh } = await tokens.issue(userId);
    return { ...ok({ access, refresh }), headers: NO_STORE };
  },
} satisfies Operations;
