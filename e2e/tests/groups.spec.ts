import { expect } from '@playwright/test';
import { bearerFor, CLASS_VIDEO, classSet, classSetOnline, receipt, stopPlayback } from './fleet.ts';
import { test } from './suiteServer.ts';
import { axeViolations, signIn, users } from './support.ts';

// Issue 14 item 6: Gruppierungen, named sets of headsets a teacher starts content on as one.

const KLASSE_7B = Array.from({ length: 10 }, (_, i) => `VR-Brille ${21 + i}`);

test('a group ‘Klasse 7b’ of ten headsets is created, started as one from its page, renamed and deleted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await classSetOnline(page.request);
  const headsets = (await classSet(page.request)).filter((h) => KLASSE_7B.includes(h.name));
  expect(headsets).toHaveLength(10);
  try {
    await signIn(page, users.lehrer);
    await page.goto('/groups');
    await expect(page.getByRole('heading', { level: 1, name: 'Gruppierungen' })).toBeVisible();
    await page.getByRole('link', { name: 'Gruppierung erstellen' }).click();
    await expect(page).toHaveURL('/groups/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Gruppierung erstellen' })).toBeVisible();
    // Saving without a name is refused in words.
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Bitte geben Sie einen Namen ein.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Name' }).fill('Klasse 7b');
    for (const name of KLASSE_7B) await page.getByRole('checkbox', { name, exact: true }).check();
    await expect(page.getByText('VR-Brillen der Gruppierung (10 ausgewählt)')).toBeVisible();
    await page.getByRole('button', { name: 'Speichern' }).click();

    await expect(page).toHaveURL(/\/groups\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Klasse 7b' })).toBeVisible();
    await expect(page.getByText('10 VR-Brillen', { exact: true })).toBeVisible();
    const groupUrl = new URL(page.url()).pathname;
    // The group's own pages are not in frame.spec's page list (no group exists in the demo data): axe here.
    expect(await axeViolations(page), groupUrl).toEqual([]);

    // Started as one: the group's 'abspielen' asks for the content and ticks its ten headsets.
    await page.getByRole('link', { name: 'Auf „Klasse 7b“ abspielen' }).click();
    await page.getByRole('searchbox', { name: 'Inhalt in der Mediathek suchen' }).fill('Sonnensystem');
    await page.getByRole('button', { name: `„${CLASS_VIDEO}“ wählen` }).click();
    await expect(page.getByText('10 von 30 VR-Brillen ausgewählt')).toBeVisible();
    for (const name of KLASSE_7B)
      await expect(page.getByRole('checkbox', { name, exact: true })).toBeChecked();
    // The picker names the group the headsets were chosen by (issue 22: not 'Bitte wählen').
    await expect(
      page.getByRole('combobox', { name: 'Gruppierung auswählen' }).locator('option:checked'),
    ).toHaveText('Klasse 7b (10 VR-Brillen)');
    const bar = page.getByRole('region', { name: CLASS_VIDEO });
    await bar.getByRole('button', { name: 'Starten' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Läuft auf' })).toContainText(
      'Läuft auf 10 von 10 VR-Brillen',
    );
    for (const name of KLASSE_7B) await expect(receipt(page, name)).toContainText('läuft');

    // The dashboard shows the running playback with its controls; it stops there.
    await page.goto('/dashboard');
    await expect(page.getByRole('status').filter({ hasText: 'Läuft auf' })).toContainText(
      'Läuft auf 10 von 10 VR-Brillen',
    );
    await page.getByRole('region', { name: CLASS_VIDEO }).getByRole('button', { name: 'Stoppen' }).click();
    await expect(page.getByText('Gerade läuft keine Wiedergabe.')).toBeVisible();
    await expect
      .poll(async () =>
        (await classSet(page.request))
          .filter((h) => KLASSE_7B.includes(h.name))
          .every((h) => h.playbackState === 'stopped'),
      )
      .toBe(true);

    // The group offers itself in the picker too, and it can be renamed and deleted.
    await page.goto(groupUrl);
    await page.getByRole('link', { name: 'Bearbeiten' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Gruppierung bearbeiten' })).toBeVisible();
    expect(await axeViolations(page), `${groupUrl}/edit`).toEqual([]);
    await page.getByRole('textbox', { name: 'Name' }).fill('Klasse 7b (Physik)');
    await page.getByRole('checkbox', { name: 'VR-Brille 30', exact: true }).uncheck();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Klasse 7b (Physik)' })).toBeVisible();
    await expect(page.getByText('9 VR-Brillen', { exact: true })).toBeVisible();

    // The group's headsets in the list of VR-Brillen: filtered by the group, which the filter bar names.
    await page.getByRole('link', { name: 'In der Liste der VR-Brillen zeigen' }).click();
    await expect(page).toHaveURL(/\/dashboard\/devices\?group=\d+$/);
    const list = page.getByRole('main');
    await expect(list.getByLabel('Gruppierung', { exact: true })).toHaveValue(/^\d+$/);
    await expect(list.getByLabel('Gruppierung', { exact: true }).locator('option:checked')).toHaveText(
      'Klasse 7b (Physik)',
    );
    await expect(list.getByText('9 VR-Brillen', { exact: true })).toBeVisible();
    await expect(list.getByRole('table')).toHaveAttribute('aria-rowcount', '10');
    await expect(list.getByRole('row').filter({ hasText: 'VR-Brille 30' })).toHaveCount(0);
    await list.getByLabel('Gruppierung', { exact: true }).selectOption('');
    await expect(page).toHaveURL('/dashboard/devices');
    await expect(list.getByText('30 VR-Brillen', { exact: true })).toBeVisible();

    await page.goto('/dashboard/playback');
    await page.getByRole('searchbox', { name: 'Inhalt in der Mediathek suchen' }).fill('Sonnensystem');
    await page.getByRole('button', { name: `„${CLASS_VIDEO}“ wählen` }).click();
    await page.getByRole('combobox', { name: 'Gruppierung auswählen' }).selectOption({
      label: 'Klasse 7b (Physik) (9 VR-Brillen)',
    });
    await expect(page.getByText('9 von 30 VR-Brillen ausgewählt')).toBeVisible();

    await page.goto(groupUrl);
    await page.getByRole('button', { name: 'Löschen' }).click();
    await page
      .getByRole('alertdialog', { name: '„Klasse 7b (Physik)“ löschen?' })
      .getByRole('button', { name: 'Löschen' })
      .click();
    await expect(page).toHaveURL('/groups');
    await expect(page.getByRole('link', { name: /Klasse 7b/ })).toHaveCount(0);
  } finally {
    await stopPlayback(page.request, headsets);
    // Should the test have stopped before deleting it, the group goes all the same.
    const headers = await bearerFor(page.request);
    const groups = await page.request.get('/api/v3/mdm/device-groups/', { headers });
    for (const group of ((await groups.json()) as { results: { id: number; name: string }[] }).results) {
      if (group.name.startsWith('Klasse 7b'))
        await page.request.delete(`/api/v3/mdm/device-groups/${group.id}/`, { headers });
    }
  }
});
