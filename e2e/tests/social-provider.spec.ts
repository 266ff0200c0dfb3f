import { expect, test } from '@playwright/test';
import { type IsolatedServer, startIsolatedServer } from './isolatedServer.ts';

/**
 * The server half of social login in Chromium: config (CSRF cookie), the real form POST, the built-in provider
 * 'Antares (Demo)' with its sign-in page, the callback and the one-time token exchange. The login returns to a path
 * of its own instead of the portal's /oidc-antares page, so this spec proves the server whatever the portal does
 * with the session. (A page.route cannot stand in for /oidc-antares: the browser reaches it by the callback's
 * redirect, which the route does not intercept, so the real page loaded now and then and spent the one-time
 * session before the test could.) Own server because it creates a social user.
 */
const RETURN_PATH = '/e2e-social-return';
let server: IsolatedServer;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startIsolatedServer();
});
test.afterAll(async () => {
  await server?.stop();
});

async function postProviderForm(page: import('@playwright/test').Page) {
  await page.goto(`${server.baseURL}/api/social/browser/v1/config`);
  await page.evaluate((callbackUrl) => {
    const csrf = document.cookie
      .split('; ')
      .find((c) => c.startsWith('csrftoken='))
      ?.slice('csrftoken='.length);
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = '/api/social/browser/v1/auth/provider/redirect';
    const fields = {
      provider: 'antares',
      process: 'login',
      callback_url: callbackUrl,
      csrfmiddlewaretoken: csrf ?? '',
    };
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  }, RETURN_PATH);
}

test('social login round trip through the built-in provider ends in one token exchange', async ({ page }) => {
  await postProviderForm(page);
  await expect(page.getByRole('heading', { name: 'Antares (Demo) – Anmeldung' })).toBeVisible();
  await page.getByRole('button', { name: 'Als Mara Muster anmelden' }).click();
  await expect(page).toHaveURL(`${server.baseURL}${RETURN_PATH}`);

  const session = await page.evaluate(() =>
    fetch('/api/social/browser/v1/auth/session').then((r) => r.json()),
  );
  expect(session).toMatchObject({ status: 200, meta: { is_authenticated: true } });
  expect(session.data.user.email).toBe('mara.muster@antares.example');

  const exchange = await page.evaluate(async () => {
    const response = await fetch('/api/v1/sessions/social-user-token-obtain/');
    return { status: response.status, body: await response.json() };
  });
  expect(exchange.status).toBe(200);
  const cookies = (await page.context().cookies(server.baseURL)).map((c) => c.name);
  expect(cookies).not.toContain('sessionid');

  const me = await page.request.get(`${server.baseURL}/api/v1/users/me/`, {
    headers: { Authorization: `Bearer ${exchange.body.access}` },
  });
  expect(await me.json()).toMatchObject({ firstName: 'Mara', lastName: 'Muster', isSocialUser: true });

  const again = await page.evaluate(() =>
    fetch('/api/v1/sessions/social-user-token-obtain/').then((r) => r.status),
  );
  expect(again).toBe(401);
});

test('cancelling at the provider returns with error=access_denied and signs nobody in', async ({ page }) => {
  await postProviderForm(page);
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page).toHaveURL(`${server.baseURL}${RETURN_PATH}?error=access_denied`);
  const session = await page.evaluate(() =>
    fetch('/api/social/browser/v1/auth/session').then((r) => r.status),
  );
  expect(session).toBe(401);
});
