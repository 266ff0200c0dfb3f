import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'portal2026';
export const users = {
  admin: 'admin@kmz.example',
  lehrer: 'lehrer@schule.example',
  zfsl: 'zfsl@zfsl.example',
  neu: 'neu@schule.example',
  /** The Gymnasium's administrator (issue 24): reads its Protokoll. */
  schulleitung: 'schulleitung@schule.example',
} as const;

/** Fills the login form as a user would and submits it. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/**
 * Signs in through the API and stores the pair as the portal does, without the sign-in page: no toast, for specs that
 * look at the page or its toasts themselves.
 */
export async function signInQuietly(page: Page, email: string): Promise<void> {
  const login = await page.request.post('/api/v1/sessions/', {
    data: { username: email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(201);
  const { access, refresh } = (await login.json()) as { access: string; refresh: string };
  await page.goto('/login');
  await page.evaluate(
    ([accessToken, refreshToken]) => {
      localStorage.setItem('vr-portal.accessToken', accessToken);
      localStorage.setItem('vr-portal.refreshToken', refreshToken);
    },
    [access, refresh] as const,
  );
}

/**
 * Writes entries into the portal's localStorage as the next page starts, before its scripts run, and only there.
 * Written into a running page instead, a call that page still makes (late on a busy machine) can spend them first: a
 * refused token is renewed, or the session cleared with its notice, on the page being left, and the next page finds
 * nothing left to act on (two failures under stress-ng came from this).
 */
export async function storeAsNextPageStarts(page: Page, entries: Record<string, string>): Promise<void> {
  const once = `e2e.stored.${randomUUID()}`;
  await page.addInitScript(
    ([guard, values]) => {
      if (!location.protocol.startsWith('http') || sessionStorage.getItem(guard) !== null) return;
      sessionStorage.setItem(guard, 'yes');
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    },
    [once, entries] as const,
  );
}

/**
 * A sign-in takes the server a deliberately slow password hash, and then the Mediathek loads: on a busy 2-core machine
 * the two took more than the suite's 7 s (the sign-in request alone 3.8 s), so the way to /library may take up to 20 s.
 */
const SIGN_IN_MS = 20_000;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/library$/, { timeout: SIGN_IN_MS });
}

/**
 * A toast as it stays on screen: the item in the notification region, found by its title. (Radix also
 * announces it through a hidden role=status copy, which it removes after about a second: asserting on that
 * copy fails on a busy machine although the toast is still visible.)
 */
export function toast(page: Page, title: string) {
  return page
    .getByRole('region', { name: /^(Benachrichtigungen|Notifications)/ })
    .getByRole('listitem')
    .filter({ hasText: title })
    .first();
}

/** Titles of the content a user may see, straight from the API, for comparison with the page. */
export async function contentTitlesFor(request: APIRequestContext, email?: string): Promise<string[]> {
  const headers: Record<string, string> = {};
  if (email) {
    const login = await request.post('/api/v1/sessions/', {
      data: { username: email, password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(201);
    headers.Authorization = `Bearer ${(await login.json()).access}`;
  }
  const list = await request.get('/api/v2/cms/content/?page_size=100', { headers });
  expect(list.ok()).toBe(true);
  const body = (await list.json()) as { results: { title: string }[] };
  return body.results.map((item) => item.title);
}

/** The account menu's button in the header: it names the signed-in person and organisation. */
export function userMenuButton(page: Page) {
  return page.getByRole('banner').locator('button[aria-haspopup="menu"]');
}

/** Opens the account menu (Profil, Einstellungen, Abmelden) and hands back the open menu. */
export async function openUserMenu(page: Page) {
  await userMenuButton(page).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** Signs out through the account menu, as a user does ('Sign out' in English). */
export async function signOut(page: Page, label = 'Abmelden'): Promise<void> {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: label }).click();
}

/** axe-core's script, run through the DevTools protocol: the portal's CSP rightly refuses an injected <script>. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2.2 A/AA rules on the page as it stands (open menus and dialogs included): the violations. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  });
}

interface AxeResults {
  violations: { id: string; nodes: { target: string[] }[] }[];
}

/** The id of a demo content item, by its title (anonymous search). */
export async function contentIdOf(page: Page, title: string): Promise<number> {
  const response = await page.request.get(`/api/v2/cms/content/?search=${encodeURIComponent(title)}`);
  const [item] = ((await response.json()) as { results: { id: number }[] }).results;
  if (!item) throw new Error(`no content ${title}`);
  return item.id;
}

/** Every page an administrator reaches (content pages of item `id`), for the page checks of issue 12. */
export function administratorPages(id: number): string[] {
  return [
    '/library',
    '/library/new',
    `/library/${id}`,
    `/library/${id}/edit`,
    '/dashboard',
    '/dashboard/playback',
    '/groups',
    '/groups/new',
    '/dashboard/devices',
    '/dashboard/devices/1',
    '/dashboard/configurations',
    '/dashboard/configurations/1',
    '/dashboard/profile',
    '/dashboard/settings',
  ];
}
