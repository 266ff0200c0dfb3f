import { expect } from '@playwright/test';
import { test } from './suiteServer.ts';
import { signIn, users } from './support.ts';

// A page whose code arrived but whose words could not (the network dropped between the two): the route's error page
// says so in German and offers to try again, instead of the page drawing its keys ('overview.title') in place of
// every sentence. lib/pageTranslation.ts.

test('a page whose translations cannot be loaded shows the route error page, and loads after a retry', async ({
  page,
}) => {
  await signIn(page, users.lehrer);
  await page.route('**/locales/*/lessonPlans.json', (route) => route.abort('internetdisconnected'));
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Unterrichtsabläufe' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/lesson-plans$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Diese Seite konnte nicht geladen werden' }),
  ).toBeVisible({ timeout: 20_000 });
  const main = page.getByRole('main');
  await expect(
    main.getByText('Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.'),
  ).toBeVisible();
  await expect(main).not.toContainText(/\b[a-z]+\.[a-z]+[A-Za-z.]*\b/);

  await page.unroute('**/locales/*/lessonPlans.json');
  await main.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Unterrichtsabläufe' })).toBeVisible();
});
