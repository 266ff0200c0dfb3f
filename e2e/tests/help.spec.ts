import { expect } from '@playwright/test';
import { test } from './suiteServer.ts';
import { signIn, users } from './support.ts';

// Spec §2 support-helper mapping: every page offers the help topic that belongs to it.

const banner = (page: import('@playwright/test').Page) => page.getByRole('banner');

test('the Mediathek offers its help topic, and the support page names it', async ({ page }) => {
  await page.goto('/library');
  const help = banner(page).getByRole('link', { name: 'Hilfe: Mediathek' });
  await expect(help).toHaveAttribute('href', '/support?thema=library');
  await help.click();
  await expect(page).toHaveURL(/\/support\?thema=library$/);
  await expect(page.getByRole('heading', { name: 'Hilfe: Mediathek', level: 1 })).toBeVisible();
  await expect(page.getByText('Diese Seite folgt in Kürze.')).toBeVisible();
  // The support page needs no help link of its own.
  await expect(banner(page).getByRole('link', { name: /^Hilfe:/ })).toHaveCount(0);
});

test('the topic follows the page, and administrators get their help', async ({ page }) => {
  await signIn(page, users.admin);
  await page.getByRole('main').getByRole('link', { name: 'Inhalt erstellen' }).click();
  await expect(page).toHaveURL(/\/library\/new$/);
  const help = banner(page).getByRole('link', { name: 'Hilfe: Inhalt erstellen' });
  await expect(help).toHaveAttribute('href', '/support?thema=library-new&fuer=administratoren');
  await help.click();
  await expect(page.getByRole('heading', { name: 'Hilfe: Inhalt erstellen', level: 1 })).toBeVisible();
  await expect(
    page.getByText('Die Hilfe für Administratorinnen und Administratoren wird angezeigt.'),
  ).toBeVisible();
});
