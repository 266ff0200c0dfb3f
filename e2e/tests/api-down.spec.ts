import { expect, type Page, test } from '@playwright/test';
import { useIsolatedServer } from './isolatedServer.ts';
import { DEMO_PASSWORD, submitLogin, users } from './support.ts';

// Issue 23, item 6: with the server gone (the API and everything else it serves), every route of the portal still
// says something in German — its own failure message or the route's error page — never a white screen. The portal
// is opened while the server runs (a teacher signed in, every page visited once); then the server stops and the
// teacher moves on inside the open portal.

const server = useIsolatedServer();

/** Every route a teacher reaches, with ids of the teacher's own content, headset and playlist. */
function routesOf(ids: { content: number; device: number; playlist: number }): string[] {
  return [
    '/',
    '/library',
    '/library/new',
    `/library/${ids.content}`,
    `/library/${ids.content}/edit`,
    '/dashboard',
    '/dashboard/playback',
    '/dashboard/classroom',
    '/dashboard/devices',
    `/dashboard/devices/${ids.device}`,
    '/dashboard/configurations',
    `/dashboard/configurations/${ids.playlist}`,
    '/dashboard/profile',
    '/groups',
    '/groups/new',
    '/groups/999',
    '/groups/999/edit',
    '/support?thema=products-devices',
    '/impressum',
    '/datenschutzerklaerung',
    '/agbs',
    '/gibt-es-nicht',
  ];
}

/** The first item of a list the teacher may see (through the API while the server still runs). */
async function firstId(page: Page, path: string, query = ''): Promise<number> {
  return page.evaluate(
    async ([url, search]) => {
      const token = localStorage.getItem('vr-portal.accessToken');
      const answer = await fetch(`${url}?${search}`, { headers: { Authorization: `Bearer ${token}` } });
      const body = (await answer.json()) as { results: { id: number }[] };
      const [first] = body.results;
      if (!first) throw new Error(`nothing in ${url}`);
      return first.id;
    },
    [path, query] as const,
  );
}

/** Moves inside the open portal, as a link would: the router reads the new address. */
async function navigateWithin(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Between two routes: a page of its own title, so the next route's title says when that route is on screen. */
const SPACER = '/impressum';
const SPACER_TITLE = 'Impressum – Portal';

/**
 * Opens `path` inside the portal and waits until its page is on screen. The address bar changes at once, but the
 * router keeps the previous page drawn while the next one loads its code and its words; every page names itself in
 * the tab's title once drawn, so coming from the spacer page, a new title is the new page.
 */
async function openWithin(page: Page, path: string): Promise<void> {
  if (path !== SPACER) {
    await navigateWithin(page, SPACER);
    await expect(page).toHaveTitle(SPACER_TITLE);
  }
  await navigateWithin(page, path);
  await expect(page, path).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
  if (path !== SPACER) await expect(page, path).not.toHaveTitle(SPACER_TITLE, { timeout: 20_000 });
  await expect(page.getByRole('main'), path).not.toContainText(/geladen …|wird geprüft|werden gezählt/, {
    timeout: 20_000,
  });
}

test('with the server stopped, every route shows a German message', async ({ page }) => {
  test.setTimeout(240_000);
  const origin = server().baseURL;
  await page.goto(`${origin}/login`);
  await submitLogin(page, users.lehrer, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/library$/);
  const ROUTES = routesOf({
    content: await firstId(page, '/api/v2/cms/content/', 'scope=own'),
    device: await firstId(page, '/api/v3/mdm/devices/'),
    playlist: await firstId(page, '/api/v2/mdm/device-configurations/'),
  });
  // Every page once while the server runs: its code and its words are then in the open portal.
  for (const path of ROUTES) await openWithin(page, path);
  await navigateWithin(page, '/library');
  await expect(page.getByRole('heading', { level: 1, name: 'Mediathek' })).toBeVisible();

  await server().stop();

  const reports: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('[portal]')) reports.push(message.text());
  });
  const main = page.getByRole('main');
  for (const path of ROUTES) {
    await openWithin(page, path);
    // A German sentence of the page (what it still knows, or why it cannot show more), not a key, not nothing.
    await expect(main, path).toContainText(/\p{Lu}\p{Ll}+ \p{Ll}+/u);
    await expect(main, path).not.toContainText(/\b[a-z]+\.[a-z]+[A-Za-z.]*\b/);
  }
  // What needs the server now says so: the dashboard's counts are asked for afresh.
  await navigateWithin(page, '/dashboard');
  await expect(main.getByText('Die VR-Brillen konnten nicht gezählt werden.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(main.getByRole('button', { name: 'Erneut versuchen' }).first()).toBeVisible();

  // A page whose code was never loaded: the route's error page, in German, reported through the error hook.
  await navigateWithin(page, '/forgot-password');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Diese Seite konnte nicht geladen werden' }),
  ).toBeVisible();
  await expect(
    main.getByText('Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.'),
  ).toBeVisible();
  await expect(main.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  await expect(page).toHaveTitle('Diese Seite konnte nicht geladen werden – Portal');
  await expect.poll(() => reports.some((report) => report.includes('route'))).toBe(true);
});
