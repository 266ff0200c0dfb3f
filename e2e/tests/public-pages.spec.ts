import { expect, type Page } from '@playwright/test';
import { test } from './suiteServer.ts';
import { axeViolations, signIn, users } from './support.ts';

// Issue 23: the public pages of spec §2 — the index, the imprint (from the server's configuration), the privacy policy,
// the terms, a help article — and the 404 page, at the desktop and the phone width: one h1, the landmarks, a meta description of their
// own, no horizontal scroll, axe without a finding and no console error.

const PAGES = [
  {
    path: '/',
    heading: 'VR im Unterricht mit dem Portal',
    description: /Das Portal für VR-Brillen in Schulen/,
  },
  { path: '/impressum', heading: 'Impressum', description: /Impressum des Portals/ },
  {
    path: '/datenschutzerklaerung',
    heading: 'Datenschutzerklärung',
    description: /Datenschutzerklärung des Portals/,
  },
  { path: '/agbs', heading: 'Nutzungsbedingungen', description: /Nutzungsbedingungen des Portals/ },
  { path: '/gibt-es-nicht', heading: 'Seite nicht gefunden', description: /Das Portal für VR-Brillen/ },
  {
    path: '/support?thema=products-devices#offline',
    heading: 'Hilfe: Produktverwaltung - VR-Brillen',
    description: /Hilfe und Support zum Portal/,
  },
] as const;

/** Console errors of the page, from the moment this is called. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe.configure({ mode: 'parallel' });

for (const width of [1440, 375] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const { path, heading, description } of PAGES) {
      test(`${path}: one h1, landmarks, its meta description, no horizontal scroll, axe clean`, async ({
        page,
      }) => {
        const errors = consoleErrors(page);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
        await expect(page.locator('h1')).toHaveCount(1);
        await expect(page).toHaveTitle(`${heading} – Portal`);
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.getByRole('main')).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
        // Loaded, not loading: the page's data arrived (the imprint's operator, the documents' links).
        await expect(page.getByText(/wird geladen|werden geladen/)).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, 'horizontal scroll').toBeLessThanOrEqual(0);
        expect(await axeViolations(page), path).toEqual([]);
        expect(errors, 'console errors').toEqual([]);
      });
    }
  });
}

test('the index names the portal and its ways in; a signed-in visitor is offered the dashboard', async ({
  page,
}) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(
    main.getByText(/Schulen, Kreismedienzentren \(KMZ\) und Zentren für schulpraktische/),
  ).toBeVisible();
  await expect(main.getByRole('link', { name: 'Zum Dashboard' })).toHaveCount(0);
  await main.getByRole('link', { name: 'Zur Mediathek' }).click();
  await expect(page).toHaveURL(/\/library$/);
  await page.goto('/');
  await main.getByRole('link', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, users.lehrer);
  await page.goto('/');
  await expect(main.getByRole('link', { name: 'Anmelden' })).toHaveCount(0);
  await main.getByRole('link', { name: 'Zum Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('the imprint shows the configured operator (the demo values), the legal pages the current documents', async ({
  page,
}) => {
  const site = await (await page.request.get('/api/v1/site-info/')).json();
  await page.goto('/impressum');
  const main = page.getByRole('main');
  await expect(main.getByText(site.imprint.name)).toBeVisible();
  await expect(main.getByText('VR-Portal Demo-Betrieb (Beispielangaben)')).toBeVisible();
  await expect(main.getByText('Musterstraße 1')).toBeVisible();
  await expect(main.getByRole('link', { name: site.imprint.email })).toHaveAttribute(
    'href',
    `mailto:${site.imprint.email}`,
  );
  await expect(main.getByText('Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV')).toBeVisible();

  const privacy = await (await page.request.get('/api/v1/organisations/current-pp/')).json();
  await page.goto('/datenschutzerklaerung');
  const privacyLink = main.getByRole('link', { name: 'Datenschutzerklärung öffnen (PDF)' });
  await expect(privacyLink).toHaveAttribute('href', privacy.privacyPolicyFile);
  expect((await page.request.get(privacy.privacyPolicyFile)).headers()['content-type']).toContain(
    'application/pdf',
  );

  const terms = await (await page.request.get('/api/v1/organisations/current-tos/')).json();
  await page.goto('/agbs');
  await expect(main.getByText(`Aktuelle Fassung: Version ${terms.version}`)).toBeVisible();
  await expect(main.getByRole('link', { name: 'Nutzungsbedingungen öffnen (PDF)' })).toHaveAttribute(
    'href',
    terms.tosFile,
  );
});

test('without a privacy policy of the operator, the bundled PDF is the one shown (spec §2)', async ({
  page,
}) => {
  // The server's own answer without a file: everything else (the Protokoll's retention) as the server says it.
  await page.route('**/api/v1/organisations/current-pp/', async (route) => {
    const answer = (await (await route.fetch()).json()) as { auditRetentionDays: number };
    await route.fulfill({ json: { ...answer, privacyPolicyFile: null } });
  });
  await page.goto('/datenschutzerklaerung');
  await expect(page.getByRole('link', { name: 'Datenschutzerklärung öffnen (PDF)' })).toHaveAttribute(
    'href',
    '/datenschutzerklaerung.pdf',
  );
  await expect(page.getByText('es gilt die mit dem Portal gelieferte')).toBeVisible();
  await expect(page.getByText(/nach \d+ Tagen/)).toBeVisible();
  expect((await page.request.get('/datenschutzerklaerung.pdf')).ok()).toBe(true);
});

test('the 404 page says so in German with a way back', async ({ page }) => {
  await page.goto('/gibt-es-nicht?x=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Zur Mediathek' }).click();
  await expect(page).toHaveURL(/\/library$/);
});

test('the help mapping’s addresses lead to the pages they name, query string kept', async ({ page }) => {
  await signIn(page, users.lehrer);
  for (const [from, to, heading] of [
    ['/products', /\/dashboard$/, 'Dashboard'],
    ['/products/devices?is_online=true', /\/dashboard\/devices\?is_online=true$/, 'VR-Brillen'],
    ['/configurations?ordering=name', /\/dashboard\/configurations\?ordering=name$/, 'Wiedergabelisten'],
  ] as const) {
    await page.goto(from);
    await expect(page).toHaveURL(to);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  const playlists = await page.evaluate(async () => {
    const token = localStorage.getItem('vr-portal.accessToken');
    const answer = await fetch('/api/v2/mdm/device-configurations/', {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await answer.json()) as { results: { id: number; name: string }[] }).results;
  });
  const [playlist] = playlists;
  if (!playlist) throw new Error('the demo school has no playlist');
  await page.goto(`/configurations/${playlist.id}`);
  await expect(page).toHaveURL(new RegExp(`/dashboard/configurations/${playlist.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: playlist.name })).toBeVisible();
});
