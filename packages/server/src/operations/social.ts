import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { components } from '@portal/api/schema';
import { readAccessSettings } from '../access-config.ts';
import { type AppContext, type HandlerMap, requestOrigin } from '../context.ts';
import { HttpError, MESSAGES } from '../errors.ts';
import { readCookie, setCookie } from '../http/cookies.ts';
import { SOCIAL_PROVIDER_ID, socialLoginFor } from '../services/social.ts';

type Schemas = components['schemas'];

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
const STATE_COOKIE = 'vr_social_state';
const STATE_COOKIE_PATH = '/api/social/';

const CSRF_FAILED = 'CSRF-Prüfung fehlgeschlagen. Bitte laden Sie die Seite neu und versuchen Sie es erneut.';
const UNKNOWN_PROVIDER = 'Unbekannter Anbieter.';
const CALLBACK_FOREIGN = 'Die Rücksprungadresse muss auf diesem Portal liegen.';
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

/** A callback URL on this origin (root-relative, or absolute with the same origin), normalised to path+query. */
function localCallback(value: string, origin: string): string | null {
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin || !url.pathname.startsWith('/')) return null;
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

function withError(callbackUrl: string, error: string): string {
  const url = new URL(callbackUrl, 'http://local.invalid');
  url.searchParams.set('error', error);
  return `${url.pathname}${url.search}`;
}

export function socialHandlers({ db, tokens }: AppContext): HandlerMap {
  const settings = readAccessSettings();
  const social = socialLoginFor(db, settings);
  // Normalised (no default port), as URL parsing elsewhere (issuer checks, callback origin) will see it.
  const origin = (request: Parameters<HandlerMap[string]>[0]) =>
    new URL(settings.publicUrl ?? requestOrigin(request)).origin;

  const unauthenticated = (): Schemas['SocialSession'] => ({
    status: 401,
    data: { flows: [{ id: 'provider_redirect', providers: social.enabled ? [SOCIAL_PROVIDER_ID] : [] }] },
    meta: { is_authenticated: false },
  });

  return {
    async getSocialConfig(request, reply) {
      // As Django does: the first visit gets a CSRF cookie the portal copies into the redirect form.
      if (!readCookie(request, CSRF_COOKIE)) {
        setCookie(request, reply, CSRF_COOKIE, randomBytes(24).toString('base64url'), { maxAge: 31_449_600 });
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
      return reply.header('Cache-Control', 'no-store').send(body);
    },

    async getSocialSession(request, reply) {
      const id = readCookie(request, SESSION_COOKIE);
      const user = id ? await social.sessionUser(id) : null;
      reply.header('Cache-Control', 'no-store');
      if (!user) return reply.code(401).send(unauthenticated());
      const display = `${user.firstName} ${user.lastName}`.trim() || user.email;
      const body: Schemas['SocialSession'] = {
        status: 200,
        data: { user: { id: user.id, email: user.email, display } },
        meta: { is_authenticated: true },
      };
      return reply.send(body);
    },

    async redirectToSocialProvider(request, reply) {
      const form = request.body as Schemas['SocialRedirectForm'];
      const here = origin(request);
      const callbackUrl = localCallback(form.callback_url, here);
      if (!callbackUrl) return reply.code(400).send({ callback_url: [CALLBACK_FOREIGN] });
      const cookie = readCookie(request, CSRF_COOKIE);
      if (!cookie || !sameValue(cookie, form.csrfmiddlewaretoken)) throw new HttpError(403, CSRF_FAILED);
      if (form.provider !== SOCIAL_PROVIDER_ID || !social.enabled)
        return reply.code(400).send({ provider: [UNKNOWN_PROVIDER] });
      let target: { url: string; state: string };
      try {
        target = await social.start(here, callbackUrl);
      } catch (error) {
        request.log.error({ err: error }, 'social login: provider not reachable');
        return reply.redirect(withError(callbackUrl, 'login_failed'), 302);
      }
      setCookie(request, reply, STATE_COOKIE, target.state, {
        path: STATE_COOKIE_PATH,
        maxAge: 600,
        httpOnly: true,
      });
      return reply.redirect(target.url, 302);
    },

    async socialProviderCallback(request, reply) {
      const query = request.query as { state?: string; error?: string };
      const state = readCookie(request, STATE_COOKIE);
      const pending = state ? await social.takePending(state) : null;
      setCookie(request, reply, STATE_COOKIE, '', { path: STATE_COOKIE_PATH, maxAge: 0, httpOnly: true });
      if (!pending) {
        // No state cookie (another browser, cookies blocked, or the 10 minutes are over), or one used already.
        request.log.info('social login: callback without a pending login');
        return reply.redirect(withError(PORTAL_SOCIAL_PAGE, 'login_expired'), 302);
      }
      if (query.error) {
        const code = query.error === 'access_denied' ? 'access_denied' : 'login_failed';
        return reply.redirect(withError(pending.callbackUrl, code), 302);
      }
      if (query.state !== pending.state)
        return reply.redirect(withError(pending.callbackUrl, 'invalid_state'), 302);
      try {
        const claims = await social.finish(pending, new URL(request.url, pending.origin));
        const outcome = await social.upsertUser(claims);
        if (!outcome.ok) {
          request.log.warn({ reason: outcome.reason }, 'social login refused');
          return reply.redirect(withError(pending.callbackUrl, 'login_failed'), 302);
        }
        const session = await social.createSession(outcome.userId);
        setCookie(request, reply, SESSION_COOKIE, session, { httpOnly: true });
        return reply.redirect(pending.callbackUrl, 302);
      } catch (error) {
        request.log.warn({ err: error }, 'social login: code exchange failed');
        return reply.redirect(withError(pending.callbackUrl, 'login_failed'), 302);
      }
    },

    async obtainSocialUserToken(request, reply) {
      const id = readCookie(request, SESSION_COOKIE);
      const userId = id ? await social.consumeSession(id) : null;
      // Cleared either way: after this call the browser holds no session cookie (spec §4).
      setCookie(request, reply, SESSION_COOKIE, '', { maxAge: 0, httpOnly: true });
      if (userId === null) throw new HttpError(401, MESSAGES.notAuthenticated);
      const { access, refresh } = await tokens.issue(userId);
      const body: Schemas['TokenPair'] = { access, refresh };
      return reply.header('Cache-Control', 'no-store').send(body);
    },
  };
}
