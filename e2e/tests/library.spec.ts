import { expect, type Page } from '@playwright/test';
import { test } from './suiteServer.ts';
import { signIn, users } from './support.ts';

/** Titles of the cards on the page, in order. */
async function cardTitles(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Inhalte der Mediathek' });
  await expect(list).toBeVisible();
  return list.getByRole('heading', { level: 2 }).allTextContents();
}

/** What the server lists for the same filters (anonymous, first page). */
async function apiTitles(page: Page, query: string): Promise<string[]> {
  const response = await page.request.get(`/api/v2/cms/content/?page_size=24&${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: { title: string }[] }).results.map((c) => c.title);
}

test('filters in the URL select the same content as the server, and the filter fields show them', async ({
  page,
}) => {
  const expected = await apiTitles(page, 'content_type=video&format=180&category=2');
  expect(expected.length).toBeGreaterThan(0);
  const allVideos = await apiTitles(page, 'content_type=video');
  expect(allVideos.length).toBeGreaterThan(expected.length);

  await page.goto('/library?type=video&format=180&category=2');
  await expect.poll(() => cardTitles(page)).toEqual(expected);
  await expect(page.getByLabel('Inhaltstyp')).toHaveValue('video');
  await expect(page.getByLabel('Format')).toHaveValue('180');
  await expect(page.getByLabel('Kategorie')).toHaveValue('2');

  // Changing a filter in the page changes the URL; back restores the previous view.
  await page.getByLabel('Format').selectOption('');
  await expect(page).toHaveURL(/\/library\?type=video&category=2$/);
  await page.goBack();
  await expect(page).toHaveURL(/format=180/);
  await expect.poll(() => cardTitles(page)).toEqual(expected);
});

test('cards show type, format, age text and owner; a search goes to the server and into the URL', async ({
  page,
}) => {
  await page.goto('/library');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Unterwegs im Sonnensystem' }) });
  await expect(card).toContainText('Video');
  await expect(card).toContainText('360°');
  await expect(card).toContainText('10 bis 16 Jahre');
  await expect(card).toContainText('Anbieter: Kreismedienzentrum Demo');
  const mondlandung = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Mondlandung 1969' }) });
  await expect(mondlandung).toContainText('180°');
  await expect(mondlandung).toContainText('Keine Altersempfehlung');

  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v2/cms/content/' && url.searchParams.has('search')) {
      searches.push(url.searchParams.get('search') ?? '');
    }
  });
  await page.getByLabel('Nach Titel suchen').pressSequentially('Mond', { delay: 30 });
  await expect(page).toHaveURL(/\/library\?search=Mond$/);
  await expect.poll(() => cardTitles(page)).toEqual(await apiTitles(page, 'search=Mond'));
  // Debounced: one request for the word, not one per key.
  expect(searches).toEqual(['Mond']);

  await page.goBack();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByLabel('Nach Titel suchen')).toHaveValue('');
  await expect.poll(async () => (await cardTitles(page)).length).toBeGreaterThan(1);
});

test('a search without results names the search and filters, and resets the view', async ({ page }) => {
  await page.goto('/library?search=gibt-es-nicht&type=app');
  await expect(page.getByText('Keine passenden Inhalte')).toBeVisible();
  await expect(
    page.getByText(
      'Keine Inhalte für: Suche „gibt-es-nicht“, Inhaltstyp: App. Ändern Sie den Suchbegriff oder setzen Sie die Filter zurück.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
  await expect(page).toHaveURL(/\/library$/);
  await expect.poll(async () => (await cardTitles(page)).length).toBeGreaterThan(1);
});

test('the detail page shows the facts of a video: size in 1024 units, duration h:mm:ss, owner', async ({
  page,
}) => {
  await page.goto('/library');
  await page.getByRole('link', { name: 'Unterwegs im Sonnensystem' }).click();
  await expect(page).toHaveURL(/\/library\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Unterwegs im Sonnensystem' })).toBeVisible();
  const facts = page.getByRole('definition');
  await expect(facts.filter({ hasText: '1,76 GB' })).toHaveCount(1);
  await expect(facts.filter({ hasText: '0:12:00' })).toHaveCount(1);
  await expect(facts.filter({ hasText: 'Kreismedienzentrum Demo' })).toHaveCount(1);
  await expect(facts.filter({ hasText: 'Naturwissenschaften' })).toHaveCount(1);
  await expect(facts.filter({ hasText: 'Deutsch' })).toHaveCount(1);
  await expect(page.getByText('Ein Flug vorbei an allen Planeten.')).toBeVisible();
  // Anonymous visitors neither change content nor have playlists.
  await expect(page.getByRole('button', { name: 'Löschen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Zu Wiedergabeliste hinzufügen' })).toHaveCount(0);
});

test('a member who does not own the content sees no owner actions', async ({ page }) => {
  await signIn(page, users.lehrer);
  await page.getByRole('link', { name: 'Unterwegs im Sonnensystem' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Unterwegs im Sonnensystem' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bearbeiten' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Löschen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Teilen' })).toHaveCount(0);
});
