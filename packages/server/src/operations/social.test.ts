import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAccessSettings } from '../config.ts';
import { SocialLogin } from '../services/accounts/index.ts';
import { bearer, createTestServer, type TestServer } from '../test/testServer.ts';

delete process.env.OIDC_ISSUER;
process.env.OUTBOX_DIR = '/tmp/vr-portal-social-test-outbox';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

/** A minimal browser: keeps cookies (by name; paths ignored) and follows nothing by itself. */
class Browser {
  readonly cookies = new Map<string, string>();

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await server.app.inject({
      ...options,
      headers: { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) },
    });
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects with GET until a non-redirect or a location outside the server (portal route). */
  async follow(response: LightMyRequestResponse, stopAt: RegExp): Promise<LightMyRequestResponse | string> {
    let current = response;
    for (let hop = 0; hop < 10; hop++) {
      if (current.statusCode !== 302 && current.statusCode !== 303) return current;
      const location = new URL(String(current.headers.location), 'http://localhost:80');
      const path = `${location.pathname}${location.search}${location.hash}`;
      if (stopAt.test(path)) return path;
      current = await this.request({ method: 'GET', url: path });
    }
    throw new Error('too many redirects');
  }
}

async function startLogin(browser: Browser, callbackUrl = '/oidc-antares') {
  const config = await browser.request({ url: '/api/social/browser/v1/config' });
  expect(config.statusCode).toBe(200);
  expect(config.json().data.socialaccount.providers[0]).toMatchObject({
    id: 'antares',
    name: 'Antares (Demo)',
  });
  const csrf = browser.cookies.get('csrftoken') ?? '';
  expect(csrf).not.toBe('');
  return browser.request({
    method: 'POST',
    url: '/api/social/browser/v1/auth/provider/redirect',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      provider: 'antares',
      process: 'login',
      callback_url: callbackUrl,
      csrfmiddlewaretoken: csrf,
    }).toString(),
  });
}

/** Runs the provider's side: the demo sign-in page, then one click. Returns the portal path reached. */
async function signInAtProvider(
  browser: Browser,
  redirect: LightMyRequestResponse,
  action: 'login' | 'abort',
) {
  expect(redirect.statusCode).toBe(302);
  const authorize = new URL(String(redirect.headers.location));
  expect(authorize.pathname).toBe('/oidc-dev/auth');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toEqual(expect.any(String));
  const interaction = await browser.follow(redirect, /^\/oidc-antares/);
  if (typeof interaction === 'string') throw new Error(`no sign-in page, went to ${interaction}`);
  expect(interaction.statusCode).toBe(200);
  expect(interaction.body).toContain('Antares (Demo) – Anmeldung');
  expect(interaction.body).toContain('Als Mara Muster anmelden');
  const formAction = /action="([^"]+\/login)"/.exec(interaction.body)?.[1] ?? '';
  const submitted = await browser.request({
    method: 'POST',
    url: action === 'login' ? formAction : formAction.replace(/\/login$/, '/abort'),
  });
  return browser.follow(submitted, /^\/oidc-antares/);
}

describe('social login round trip with the built-in provider', () => {
  it('creates the social user, opens a session and exchanges it once for tokens', async () => {
    const browser = new Browser();
    const before = await browser.request({ url: '/api/social/browser/v1/auth/session' });
    expect(before.statusCode).toBe(401);
    expect(before.json().meta.is_authenticated).toBe(false);

    const landed = await signInAtProvider(browser, await startLogin(browser), 'login');
    expect(landed).toBe('/oidc-antares');
    expect(browser.cookies.has('sessionid')).toBe(true);

    const session = await browser.request({ url: '/api/social/browser/v1/auth/session' });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      status: 200,
      meta: { is_authenticated: true },
      data: { user: { email: 'mara.muster@antares.example', display: 'Mara Muster' } },
    });

    const sessionCookie = browser.cookies.get('sessionid');
    const obtained = await browser.request({ url: '/api/v1/sessions/social-user-token-obtain/' });
    expect(obtained.statusCode).toBe(200);
    expect(String(obtained.headers['set-cookie'])).toMatch(/sessionid=;.*Max-Age=0/);
    expect(browser.cookies.has('sessionid')).toBe(false);
    const { access, refresh } = obtained.json<{ access: string; refresh: string }>();
    expect(refresh).toEqual(expect.any(String));
    const me = await server.app.inject({ url: '/api/v1/users/me/', headers: bearer(access) });
    expect(me.json()).toMatchObject({
      email: 'mara.muster@antares.example',
      firstName: 'Mara',
      lastName: 'Muster',
      isSocialUser: true,
      hasAcceptedTos: false,
    });

    // The session was used up: a second exchange (or a replayed cookie) is refused.
    const replay = await server.app.inject({
      url: '/api/v1/sessions/social-user-token-obtain/',
      headers: { cookie: `sessionid=${sessionCookie}` },
    });
    expect(replay.statusCode).toBe(401);

    // The provider owns the social user's credentials: no reset mail (the answer stays the same).
    const reset = await server.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset-password-mail/',
      payload: { email: 'mara.muster@antares.example' },
    });
    expect(reset.statusCode).toBe(200);
    const tokens = await server.database.db.execute(
      "select count(*)::int as n from password_reset_tokens t join users u on u.id = t.user_id where u.email = 'mara.muster@antares.example'",
    );
    expect(tokens.rows[0]).toEqual({ n: 0 });

    // A second login finds the same user instead of creating another.
    const again = new Browser();
    expect(await signInAtProvider(again, await startLogin(again), 'login')).toBe('/oidc-antares');
    const second = await again.request({ url: '/api/v1/sessions/social-user-token-obtain/' });
    const meAgain = await server.app.inject({
      url: '/api/v1/users/me/',
      headers: bearer(second.json().access),
    });
    expect(meAgain.json().id).toBe(me.json().id);
  });

  it("refuses a social user's email change (the provider owns the address); other fields change", async () => {
    const browser = new Browser();
    expect(await signInAtProvider(browser, await startLogin(browser), 'login')).toBe('/oidc-antares');
    const obtained = await browser.request({ url: '/api/v1/sessions/social-user-token-obtain/' });
    const { access } = obtained.json<{ access: string }>();
    // A new social user accepts the terms first; until then the profile stays closed (issue 10, item 3).
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/users/tos/',
      headers: bearer(access),
      payload: {},
    });
    const patch = (payload: Record<string, unknown>) =>
      server.app.inject({ method: 'PATCH', url: '/api/v1/users/me/', headers: bearer(access), payload });

    const refused = await patch({ email: 'mara.neu@schule.example', firstName: 'Marah' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().email).toEqual([
      'Die E-Mail-Adresse von Konten mit Anmeldung über Antares wird dort verwaltet. Bitte ändern Sie sie bei Antares.',
    ]);
    const me = await server.app.inject({ url: '/api/v1/users/me/', headers: bearer(access) });
    expect(me.json()).toMatchObject({ email: 'mara.muster@antares.example', firstName: 'Mara' });

    // Sending the address it already has (as a form with all fields does) is no change.
    const same = await patch({ email: 'Mara.Muster@antares.example', firstName: 'Marah' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ email: 'mara.muster@antares.example', firstName: 'Marah' });
  });

  it('cancelling at the provider returns to the portal with error=access_denied and no session', async () => {
    const browser = new Browser();
    const landed = await signInAtProvider(browser, await startLogin(browser), 'abort');
    expect(landed).toBe('/oidc-antares?error=access_denied');
    expect(browser.cookies.has('sessionid')).toBe(false);
  });

  it('refuses a missing or wrong CSRF token and a foreign callback URL', async () => {
    const browser = new Browser();
    await browser.request({ url: '/api/social/browser/v1/config' });
    const form = (fields: Record<string, string>) =>
      browser.request({
        method: 'POST',
        url: '/api/social/browser/v1/auth/provider/redirect',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          provider: 'antares',
          process: 'login',
          callback_url: '/oidc-antares',
          ...fields,
        }).toString(),
      });
    const wrong = await form({ csrfmiddlewaretoken: 'falsch' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().detail).toMatch(/CSRF-Prüfung fehlgeschlagen/);
    const missing = await form({});
    expect(missing.statusCode).toBe(400);
    const foreign = await form({
      csrfmiddlewaretoken: browser.cookies.get('csrftoken') ?? '',
      callback_url: 'https://evil.example/steal',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().callback_url[0]).toMatch(/auf diesem Portal/);
  });

  it('a callback without a started login, or with a wrong state, signs nobody in', async () => {
    // No state cookie (another browser, or expired): back to the portal's page with an error, not raw JSON.
    const lonely = await server.app.inject({
      url: '/api/social/browser/v1/auth/provider/callback?code=x&state=y',
    });
    expect(lonely.statusCode).toBe(302);
    expect(lonely.headers.location).toBe('/oidc-antares?error=login_expired');
    expect(String(lonely.headers['set-cookie'])).not.toMatch(/sessionid=[^;]/);
    const unknownState = await server.app.inject({
      url: '/api/social/browser/v1/auth/provider/callback?code=x&state=y',
      headers: { cookie: 'vr_social_state=unbekannt' },
    });
    expect(unknownState.statusCode).toBe(302);
    expect(unknownState.headers.location).toBe('/oidc-antares?error=login_expired');

    const browser = new Browser();
    await startLogin(browser);
    const forged = await browser.request({
      url: '/api/social/browser/v1/auth/provider/callback?code=x&state=forged',
    });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe('/oidc-antares?error=invalid_state');
    expect(browser.cookies.has('sessionid')).toBe(false);
  });

  it('sends the browser back only to a path of the portal, never to another host (issue 20)', async () => {
    const browser = new Browser();
    await browser.request({ url: '/api/social/browser/v1/config' });
    const form = (callbackUrl: string) =>
      browser.request({
        method: 'POST',
        url: '/api/social/browser/v1/auth/provider/redirect',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          provider: 'antares',
          process: 'login',
          callback_url: callbackUrl,
          csrfmiddlewaretoken: browser.cookies.get('csrftoken') ?? '',
        }).toString(),
      });
    const pending = async () =>
      (await server.database.db.execute<{ n: number }>('select count(*)::int as n from social_logins'))
        .rows[0]?.n;
    const before = await pending();
    // The portal's own origin in these requests is http://localhost.
    for (const attack of [
      'http://localhost//evil.example/x',
      '//evil.example/x',
      '/\\/evil.example',
      '/%2F/evil.example',
      '/..//evil.example',
      'https://evil.example/x',
      'javascript:alert(1)',
    ]) {
      const refused = await form(attack);
      expect(refused.statusCode, attack).toBe(400);
      expect(refused.json(), attack).toEqual({
        callback_url: ['Die Rücksprungadresse muss auf diesem Portal liegen.'],
      });
      expect(refused.headers.location, attack).toBeUndefined();
    }
    expect(await pending()).toBe(before);

    // A good path comes back as it was sent, query and fragment included, also given with the portal's origin.
    const landed = await signInAtProvider(
      browser,
      await form('http://localhost/oidc-antares?tab=2#oben'),
      'login',
    );
    expect(landed).toBe('/oidc-antares?tab=2#oben');
    const cancelled = new Browser();
    await cancelled.request({ url: '/api/social/browser/v1/config' });
    const back = await signInAtProvider(
      cancelled,
      await startLogin(cancelled, '/oidc-antares?tab=2#oben'),
      'abort',
    );
    expect(back).toBe('/oidc-antares?tab=2&error=access_denied#oben');
  });

  it('stores no social user whose address a mail system would refuse (issue 20)', async () => {
    const social = new SocialLogin(server.database.db, readAccessSettings());
    for (const email of ['a@-b.example', '.mara@antares.example', `${'m'.repeat(65)}@antares.example`]) {
      expect(await social.upsertUser({ sub: `schlecht-${email.length}`, email }), email).toEqual({
        ok: false,
        reason: 'emailInvalid',
      });
    }
    const stored = await server.database.db.execute(
      "select email from users where email like '%-b.example' or email like '%mmmm%' or email like '.mara%'",
    );
    expect(stored.rows).toEqual([]);
  });

  it('does not take over a password account with the same address', async () => {
    await server.database.db.execute('delete from users where is_social_user');
    await server.database.db.execute(
      "update users set email = 'mara.muster@antares.example' where email = 'neu@schule.example'",
    );
    const browser = new Browser();
    const landed = await signInAtProvider(browser, await startLogin(browser), 'login');
    expect(landed).toBe('/oidc-antares?error=login_failed');
    expect(browser.cookies.has('sessionid')).toBe(false);
    const owner = await server.database.db.execute(
      "select is_social_user from users where email = 'mara.muster@antares.example'",
    );
    expect(owner.rows).toEqual([{ is_social_user: false }]);
  });

  it('token exchange without a session cookie answers 401 {detail}', async () => {
    const response = await server.app.inject({ url: '/api/v1/sessions/social-user-token-obtain/' });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toEqual(expect.any(String));
  });
});
