import { expect, type Page, test } from '@playwright/test';
import { useIsolatedServer } from './isolatedServer.ts';
import { DEMO_PASSWORD, submitLogin, toast, users } from './support.ts';

// Issue 10 item 7 and issue 12 item 3: the server decides the lockout (spec §9's 3 attempts per account and address,
// then a lock) and the portal shows what it is told, one message at a time. A lock outlasts the test, so these run on
// servers of their own: no other spec meets a locked account.

/** Counts the sign-in requests that leave the browser. */
function countLoginRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/sessions/') && request.method() === 'POST') count += 1;
  });
  return () => count;
}

const notifications = (page: Page) =>
  page.getByRole('region', { name: /^Benachrichtigungen/ }).getByRole('listitem');

test.describe('with the server’s lock of 15 minutes', () => {
  const server = useIsolatedServer();

  test('Noch 2 Versuche, Noch 1 Versuch, then locked with the time left and the button disabled', async ({
    page,
    request,
  }) => {
    const loginRequests = countLoginRequests(page);
    await page.goto(`${server().baseURL}/login`);
    const main = page.getByRole('main');

    await submitLogin(page, users.lehrer, 'falsch1234');
    await expect(toast(page, 'Login nicht möglich')).toBeVisible();
    await expect(main.getByRole('status').filter({ hasText: 'Noch 2 Versuche' })).toBeVisible();
    await submitLogin(page, users.lehrer, 'falsch5678');
    await expect(main.getByRole('status').filter({ hasText: 'Noch 1 Versuch' })).toBeVisible();
    // One message at a time: the second failure's toast took the place of the first.
    await expect(notifications(page)).toHaveCount(1);

    await submitLogin(page, users.lehrer, 'falsch9012');
    await expect(toast(page, 'Login gesperrt')).toBeVisible();
    await expect(notifications(page)).toHaveCount(1);
    const notice = main.getByRole('status').filter({ hasText: 'Login gesperrt' });
    await expect(notice).toContainText('Aus Sicherheitsgründen wurde der Login temporär gesperrt');
    await expect(notice).toContainText(/Sie können sich ab \d{2}:\d{2} Uhr wieder anmelden\./);
    await expect(notice).toContainText('Die Sperre endet in 15 Minuten.');
    await expect(main.getByText(/Noch \d Versuch/)).toHaveCount(0);
    expect(loginRequests()).toBe(3);

    // Blocked: the button is disabled, and Enter in the field sends nothing either.
    const button = page.getByRole('button', { name: 'Anmelden' });
    await expect(button).toBeDisabled();
    await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Passwort', { exact: true }).press('Enter');
    // Give a stray request the time it would need to show up.
    await page.waitForTimeout(500);
    expect(loginRequests()).toBe(3);
    await expect(page).toHaveURL(/\/login$/);

    // The server tells the same story: the right password is refused while locked, with the time left.
    const refused = await request.post(`${server().baseURL}/api/v1/sessions/`, {
      data: { username: users.lehrer, password: DEMO_PASSWORD },
    });
    expect(refused.status()).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'loginLocked', params: { minutes: 15 } });

    // The block is the account's: after a reload it shows again as soon as her address is typed; a colleague at the
    // same computer is not locked with her.
    await page.reload();
    await expect(notice).toHaveCount(0);
    await page.getByLabel('E-Mail').fill(users.lehrer);
    await expect(notice).toBeVisible();
    await expect(button).toBeDisabled();
    await page.getByLabel('E-Mail').fill(users.zfsl);
    await expect(notice).toHaveCount(0);
    await expect(button).toBeEnabled();
    await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await button.click();
    await expect(page).toHaveURL(/\/library$/);
  });

  test("the server's count wins over the browser's: failures from elsewhere count too", async ({
    page,
    request,
  }) => {
    // Two failures that this browser never saw (another tab, a script at the same address) …
    for (const password of ['falsch1234', 'falsch5678']) {
      const response = await request.post(`${server().baseURL}/api/v1/sessions/`, {
        data: { username: users.admin, password },
      });
      expect(response.status()).toBe(401);
    }
    // … so the browser's first failure is the third: locked, as the server says.
    await page.goto(`${server().baseURL}/login`);
    await submitLogin(page, users.admin, 'falsch9012');
    await expect(toast(page, 'Login gesperrt')).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('status').filter({ hasText: 'Login gesperrt' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeDisabled();
  });
});

test.describe('with a lock of 12 seconds', () => {
  const server = useIsolatedServer({ LOGIN_LOCK_SECONDS: '12' });

  test('the block is temporary: when it ends the notice goes by itself and the right password signs in', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto(`${server().baseURL}/login`);
    for (const password of ['falsch1234', 'falsch5678', 'falsch9012']) {
      await submitLogin(page, users.zfsl, password);
    }
    const notice = page.getByRole('main').getByRole('status').filter({ hasText: 'Login gesperrt' });
    await expect(notice).toBeVisible();
    // The time the server named (12 seconds), not the portal's own 15 minutes.
    await expect(notice).toContainText('Die Sperre endet in einer Minute.');
    const button = page.getByRole('button', { name: 'Anmelden' });
    await expect(button).toBeDisabled();

    // Waits for the state, however long the machine takes: the lock's end (12 s) plus generous slack.
    await expect(notice).toHaveCount(0, { timeout: 75_000 });
    await expect(button).toBeEnabled();
    await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await button.click();
    await expect(page).toHaveURL(/\/library$/);
    expect(await page.evaluate(() => localStorage.getItem('vr-portal.loginAttempts'))).toBe('3');
    expect(await page.evaluate(() => localStorage.getItem('vr-portal.loginLockedUntil'))).toBeNull();
  });
});
