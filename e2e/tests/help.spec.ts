import { expect, type Page } from '@playwright/test';
import { CLASS_VIDEO, classSet, contentNamed, control, headsetNamed } from './fleet.ts';
import { test } from './suiteServer.ts';
import { contentIdOf, signIn, users } from './support.ts';

// Spec §2 support-helper mapping (issue 23): every page's help link opens the article of its topic, for
// administrators theirs, for KMZ users theirs on /products (the dashboard); the support page searches every article.

const banner = (page: Page) => page.getByRole('banner');
const article = (page: Page) => page.getByRole('main').getByRole('article');

interface HelpRoute {
  path: string;
  key: string;
  /** The topic's title (spec §2): the help link is 'Hilfe: <title>'. */
  title: string;
  /** A heading of the topic's article. */
  section: string;
}

/** Every mapped route (ids of the demo data or of nothing: the topic follows the address) with its topic. */
function mappedRoutes(contentId: number): HelpRoute[] {
  return [
    { path: '/', key: 'portal', title: 'Portal', section: 'Login gesperrt' },
    { path: '/library', key: 'library', title: 'Mediathek', section: 'Einen Inhalt finden' },
    { path: '/library/new', key: 'library-new', title: 'Inhalt erstellen', section: 'Den Inhalt anlegen' },
    {
      path: `/library/${contentId}`,
      key: 'library-detail',
      title: 'Mediathek - Details',
      section: 'Im Unterricht abspielen',
    },
    {
      path: `/library/${contentId}/edit`,
      key: 'library-edit',
      title: 'Inhalt bearbeiten',
      section: 'Angaben ändern',
    },
    {
      path: '/dashboard/devices',
      key: 'products-devices',
      title: 'Produktverwaltung - VR-Brillen',
      section: 'Eine VR-Brille ist offline',
    },
    {
      path: '/dashboard/configurations',
      key: 'configurations',
      title: 'Produktverwaltung - Wiedergabelisten',
      section: 'Eine Wiedergabeliste anlegen',
    },
    {
      path: '/dashboard/configurations/1',
      key: 'configuration-detail',
      title: 'Wiedergabelisten - Details/Bearbeiten',
      section: 'Speicher reicht nicht',
    },
    { path: '/moderate', key: 'moderate', title: 'Moderieren', section: 'Einen Inhalt vorschlagen' },
    {
      path: '/administration',
      key: 'administration',
      title: 'Adminbereich',
      section: 'Wenn Sie eine solche Änderung brauchen',
    },
    { path: '/groups', key: 'groups', title: 'Gruppierungen', section: 'Eine Gruppierung nutzen' },
    {
      path: '/groups/new',
      key: 'groups-new',
      title: 'Gruppierung erstellen',
      section: 'Der Name ist schon vergeben',
    },
    {
      path: '/groups/999999',
      key: 'group-detail',
      title: 'Gruppierung - Details',
      section: 'Gruppierung nicht gefunden',
    },
    {
      path: '/groups/999999/edit',
      key: 'group-edit',
      title: 'Gruppierung bearbeiten',
      section: 'Der Name ist zu lang oder leer',
    },
  ];
}

function routeOf(routes: HelpRoute[], key: string): HelpRoute {
  const route = routes.find((r) => r.key === key);
  if (!route) throw new Error(`no route of ${key}`);
  return route;
}

const ADMINISTRATORS_NOTE =
  'Diese Hilfe ist für Administratorinnen und Administratoren Ihrer Organisation geschrieben.';

/** Opens the page's help link and checks that the article of the topic opened, for whom it is. */
async function openHelp(page: Page, route: HelpRoute, audience: string | null) {
  await page.goto(route.path);
  const help = banner(page).getByRole('link', { name: `Hilfe: ${route.title}` });
  const href = `/support?thema=${route.key}${audience ? `&fuer=${audience}` : ''}`;
  await expect(help, route.path).toHaveAttribute('href', href);
  await help.click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('heading', { level: 1, name: `Hilfe: ${route.title}` })).toBeVisible();
  await expect(article(page).getByRole('heading', { name: route.section, exact: true })).toBeVisible();
}

test('a teacher’s help link opens the right article on every mapped route', async ({ page }) => {
  test.setTimeout(120_000);
  const routes = mappedRoutes(await contentIdOf(page, 'Unterwegs im Sonnensystem'));
  await signIn(page, users.lehrer);
  for (const route of routes) {
    await openHelp(page, route, null);
    await expect(page.getByText(ADMINISTRATORS_NOTE)).toHaveCount(0);
  }
  // What only administrators do is not in the others' article.
  await openHelp(page, routeOf(routes, 'products-devices'), null);
  await expect(article(page).getByRole('heading', { name: 'Eine neue VR-Brille hinzufügen' })).toHaveCount(0);
  await expect(
    article(page).getByText('Bitten Sie die Administratorin oder den Administrator'),
  ).toBeVisible();
  // The dashboard is 'Produktverwaltung - Allgemein', where /products leads.
  await openHelp(
    page,
    {
      path: '/dashboard',
      key: 'products',
      title: 'Produktverwaltung - Allgemein',
      section: 'Vor dem Unterricht prüfen',
    },
    null,
  );
  await expect(article(page).getByRole('heading', { name: 'Was Sie als Mitglied tun können' })).toBeVisible();
  // The support page needs no help link of its own.
  await expect(banner(page).getByRole('link', { name: /^Hilfe:/ })).toHaveCount(0);
});

test('an administrator’s help link opens the administrators’ article on every mapped route; a KMZ user’s /products', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const routes = mappedRoutes(await contentIdOf(page, 'Unterwegs im Sonnensystem'));
  await signIn(page, users.admin);
  for (const route of routes) {
    await openHelp(page, route, 'administratoren');
    await expect(page.getByText(ADMINISTRATORS_NOTE)).toBeVisible();
  }
  await openHelp(page, routeOf(routes, 'products-devices'), 'administratoren');
  await expect(article(page).getByRole('heading', { name: 'Eine neue VR-Brille hinzufügen' })).toBeVisible();
  // admin@kmz.example belongs to the Kreismedienzentrum: on the dashboard (/products) the KMZ article.
  await openHelp(
    page,
    {
      path: '/dashboard',
      key: 'products',
      title: 'Produktverwaltung - Allgemein',
      section: 'Vor dem Unterricht prüfen',
    },
    'kmz',
  );
  await expect(page.getByText('Diese Hilfe ist für Kreismedienzentren (KMZ) geschrieben.')).toBeVisible();
  await expect(
    article(page).getByRole('heading', { name: 'Als Kreismedienzentrum VR-Brillen verleihen' }),
  ).toBeVisible();
});

test('a visitor reads the others’ article; the Mediathek’s help link opens it', async ({ page }) => {
  await page.goto('/library');
  const help = banner(page).getByRole('link', { name: 'Hilfe: Mediathek' });
  await expect(help).toHaveAttribute('href', '/support?thema=library');
  await help.click();
  await expect(page.getByRole('heading', { name: 'Hilfe: Mediathek', level: 1 })).toBeVisible();
  await expect(article(page).getByText('Ohne Anmeldung sehen Sie die öffentlichen Inhalte')).toBeVisible();
  await expect(page.getByText('Diese Seite folgt in Kürze.')).toHaveCount(0);
});

test('the search finds the section as one types, and its hit opens the article at that section', async ({
  page,
}) => {
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Hilfe durchsuchen' });
  await search.pressSequentially('offl');
  const hits = page.getByRole('list', { name: 'Treffer in der Hilfe' });
  await expect(hits.getByRole('link').first()).toHaveText('Eine VR-Brille ist offline');
  await search.pressSequentially('ine');
  await expect(page.getByRole('status').filter({ hasText: /Treffer für „offline“/ })).toBeVisible();
  await hits.getByRole('link', { name: 'Eine VR-Brille ist offline' }).click();
  await expect(page).toHaveURL('/support?thema=products-devices#offline');
  const section = page.getByRole('heading', { name: 'Eine VR-Brille ist offline' });
  await expect(section).toBeFocused();
  await expect(section).toBeInViewport();

  await search.fill('Speicherplatz');
  await expect(hits.getByRole('link').first()).toHaveText(
    'Der Speicherplatz Ihrer Organisation reicht nicht aus',
  );
  await search.fill('gibtesnicht');
  await expect(page.getByText('Keine Treffer für „gibtesnicht“.', { exact: false })).toBeVisible();
});

test('every topic is listed, and the support contact comes from the configuration', async ({ page }) => {
  const site = await (await page.request.get('/api/v1/site-info/')).json();
  await page.goto('/support');
  const topics = page.getByRole('navigation', { name: 'Alle Hilfethemen' }).getByRole('link');
  await expect(topics).toHaveCount(16);
  await expect(topics.first()).toHaveText('Portal');
  const contact = page.getByRole('region', { name: 'Kontakt zum Support' });
  await expect(contact.getByRole('link', { name: site.support.email })).toHaveAttribute(
    'href',
    `mailto:${site.support.email}`,
  );
  await expect(contact.getByText(site.support.hours)).toBeVisible();
  await topics.filter({ hasText: 'Gruppierung erstellen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hilfe: Gruppierung erstellen' })).toBeVisible();
});

test('a readiness problem and the headset’s page link to the section that fixes it (‘Was kann ich tun?’)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const castor = await headsetNamed(page.request, 'Castor');
  const video = await contentNamed(page.request, CLASS_VIDEO);
  try {
    await control(page.request, castor, 'off');
    await expect
      .poll(async () => (await classSet(page.request)).find((h) => h.name === 'Castor')?.isOnline)
      .toBe(false);
    await signIn(page, users.lehrer);
    await page.goto(`/dashboard/playback?content=${video.id}&devices=${castor.id}`);
    const problems = page.getByRole('list', { name: 'VR-Brillen, die noch nicht startklar sind' });
    await expect(problems.getByText('Ausgeschaltet oder nicht verbunden.', { exact: false })).toBeVisible();
    await problems.getByRole('link', { name: 'Was kann ich tun?' }).first().click();
    await expect(page).toHaveURL('/support?thema=products-devices#offline');
    await expect(page.getByRole('heading', { name: 'Eine VR-Brille ist offline' })).toBeFocused();

    await page.goto(`/dashboard/devices/${castor.id}`);
    await page.getByRole('main').getByRole('link', { name: 'Was kann ich tun?' }).click();
    await expect(page).toHaveURL('/support?thema=products-devices#offline');
  } finally {
    await control(page.request, castor, 'on');
  }
});
