import { expect, type Page } from '@playwright/test';
import { bearerFor, classSet, classSetOnline, contentNamed, type Headset, stopPlayback } from './fleet.ts';
import { test } from './suiteServer.ts';
import { axeViolations, signIn, toast, users } from './support.ts';

// Issue 26, item 3: Unterrichtsablauf. A teacher builds a lesson plan and orders its steps by keyboard, then runs the
// demo Gymnasium's three-step plan on a group of ten with 'Weiter': every headset of the group plays the next step, and
// a reload in the middle keeps the place (the server keeps the plan's step with the lesson).

/** The demo Gymnasium's plan whose three items are on the class set's active playlist. */
const PLAN = 'Physik 9a: Licht und Planeten';
const STEPS = ['Chemielabor Sicherheitseinweisung', 'Physik-Experimente Optik', 'Unterwegs im Sonnensystem'];

const stepTitles = (page: Page) =>
  page.getByRole('list', { name: 'Schritte in ihrer Reihenfolge' }).getByRole('listitem');

async function addStep(page: Page, title: string, note: string, minutes: string) {
  const form = page.getByRole('form', { name: 'Schritt hinzufügen' });
  await form.getByLabel('Mediathek durchsuchen').fill(title);
  const select = form.getByRole('combobox', { name: 'Inhalt' });
  await expect(select.getByRole('option', { name: title, exact: true })).toHaveCount(1);
  await select.selectOption({ label: title });
  await form.getByLabel('Notiz für die Lehrkraft').fill(note);
  await form.getByLabel('Geplante Minuten (optional)').fill(minutes);
  await form.getByRole('button', { name: 'Schritt hinzufügen' }).click();
  await expect(stepTitles(page).filter({ hasText: title })).toHaveCount(1);
}

test('a plan is created, its steps added, changed and reordered by keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, users.lehrer);
  await page.goto('/dashboard/lesson-plans');
  await expect(page.getByRole('heading', { level: 1, name: 'Unterrichtsabläufe' })).toBeVisible();
  await expect(page.getByRole('link', { name: PLAN, exact: true })).toBeVisible();
  const name = `Erdkunde 7c ${Date.now()}`;
  await page.getByLabel('Name des neuen Unterrichtsablaufs').fill(name);
  await page.getByLabel('Name des neuen Unterrichtsablaufs').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await addStep(page, 'Vulkane hautnah', 'Einstieg: Was wissen wir über den Ätna?', '10');
  await addStep(page, 'Der Regenwald', 'Stockwerke des Waldes', '15');
  await addStep(page, 'Nordseeküste', 'Ebbe und Flut', '');
  await expect(stepTitles(page)).toHaveText([/Vulkane hautnah/, /Der Regenwald/, /Nordseeküste/]);
  await expect(stepTitles(page).first()).toContainText('Geplant: 10 Minuten');

  // The first step to the end, with the keyboard only: Space picks it up, two arrows down, Space drops it.
  const handle = page.getByRole('button', { name: 'Schritt 1 „Vulkane hautnah“ verschieben' });
  await handle.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'Reihenfolge gespeichert.' })).toBeVisible();
  await expect(stepTitles(page)).toHaveText([/Der Regenwald/, /Nordseeküste/, /Vulkane hautnah/]);

  // A step's note and minutes change in place; after a reload the server's order and note are shown.
  await page.getByRole('button', { name: 'Schritt 2 bearbeiten' }).click();
  const editor = page.getByRole('form', { name: 'Schritt 2 bearbeiten' });
  await editor.getByLabel('Notiz für die Lehrkraft').fill('Vergleich im Heft festhalten.');
  await editor.getByLabel('Geplante Minuten (optional)').fill('5');
  await editor.getByRole('button', { name: 'Speichern' }).click();
  await page.reload();
  await expect(stepTitles(page)).toHaveText([/Der Regenwald/, /Nordseeküste/, /Vulkane hautnah/]);
  await expect(stepTitles(page).nth(1)).toContainText('Vergleich im Heft festhalten.');
  await expect(stepTitles(page).nth(1)).toContainText('Geplant: 5 Minuten');
  expect(await axeViolations(page), 'a lesson plan of the owner').toEqual([]);

  // Gone after 'Löschen' and its confirmation.
  await page.getByRole('button', { name: 'Löschen' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Unterrichtsabläufe' })).toBeVisible();
  await expect(page.getByRole('link', { name })).toHaveCount(0);
});

test('a plan is duplicated as its own copy and shared: the other organisation uses it read-only, without what it may not see', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, users.lehrer);
  await page.goto('/dashboard/lesson-plans');
  await page.getByRole('link', { name: PLAN, exact: true }).click();
  await page.getByRole('button', { name: 'Duplizieren' }).click();
  await expect(toast(page, 'Kopie erstellt. Sie können sie jetzt bearbeiten.')).toBeVisible();
  const copy = `Kopie von ${PLAN}`;
  await expect(page.getByRole('heading', { level: 1, name: copy })).toBeVisible();
  await expect(stepTitles(page)).toHaveText(STEPS.map((title) => new RegExp(title)));

  await page.getByRole('button', { name: 'Teilen' }).click();
  await page.getByRole('dialog').getByRole('checkbox', { name: 'ZfsL Demo' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Speichern' }).click();
  await expect(toast(page, 'Freigaben gespeichert.')).toBeVisible();

  // The teacher trainers' organisation sees the copy with its steps, may duplicate it, not change it.
  const context = await browser.newContext({ locale: 'de-DE' });
  try {
    const other = await context.newPage();
    await signIn(other, users.zfsl);
    await other.goto('/dashboard/lesson-plans');
    await other.getByRole('link', { name: copy, exact: true }).click();
    await expect(other.getByRole('heading', { level: 1, name: copy })).toBeVisible();
    await expect(other.getByText('Geteilt von Gymnasium Demo.', { exact: false })).toBeVisible();
    // The Gymnasium's own content of step 1 stays hidden from them: the step says so, not what it is.
    await expect(stepTitles(other)).toHaveText([
      /Inhalt, den Ihre Organisation nicht sehen darf/,
      new RegExp(STEPS[1] as string),
      new RegExp(STEPS[2] as string),
    ]);
    await expect(other.getByText(STEPS[0] as string)).toHaveCount(0);
    await expect(other.getByRole('button', { name: 'Duplizieren' })).toBeVisible();
    for (const action of ['Teilen', 'Löschen', 'Umbenennen']) {
      await expect(other.getByRole('button', { name: action })).toHaveCount(0);
    }
  } finally {
    await context.close();
  }

  // The copy goes; the demo plan it came from stays.
  await page.getByRole('button', { name: 'Löschen' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByRole('link', { name: copy, exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: PLAN, exact: true })).toBeVisible();
});

test("a three-step plan runs on a group of 10 with 'Weiter' and 'Zurück', by keyboard; a reload in step 2 keeps the place", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const all = await classSetOnline(page.request);
  // Ten headsets able to start apps and videos (Altair's software is older than every start's gate).
  const group = all.filter((h) => h.name !== 'Altair').slice(0, 10);
  const headers = await bearerFor(page.request);
  const created = await page.request.post('/api/v3/mdm/device-groups/', {
    headers,
    data: { name: `Plan-Gruppe ${Date.now()}`, devices: group.map((h) => h.id) },
  });
  expect(created.status()).toBe(201);
  const groupId = ((await created.json()) as { id: number }).id;
  const uuids = await Promise.all(STEPS.map(async (title) => (await contentNamed(page.request, title)).uuid));
  const playingOnGroup = async () => {
    const ids = new Set(group.map((h) => h.id));
    return (await classSet(page.request))
      .filter((h: Headset) => ids.has(h.id) && h.playbackState === 'playing')
      .map((h) => h.currentContentUuid);
  };
  try {
    await signIn(page, users.lehrer);
    await page.goto('/dashboard/lesson-plans');
    // From the list to the plan and into class with the keyboard only.
    await page.getByRole('link', { name: PLAN, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: PLAN })).toBeVisible();
    await page.getByRole('link', { name: `„${PLAN}“ im Unterricht beginnen` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: `Unterrichtsablauf „${PLAN}“` })).toBeVisible();
    const groupChoice = page.getByRole('combobox', { name: 'Gruppierung auswählen' });
    await groupChoice.focus();
    await groupChoice.selectOption(String(groupId));
    await expect(page.getByText('Alle 10 VR-Brillen sind startklar.')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Beginnen' }).focus();
    await page.keyboard.press('Enter');

    const plan = page.getByRole('region', { name: `Unterrichtsablauf „${PLAN}“` });
    await expect(plan.getByText('Schritt 1 von 3')).toBeVisible({ timeout: 20_000 });
    await expect(plan.getByText('Notiz: Vorher die Laborregeln an der Tafel wiederholen.')).toBeVisible();
    await expect.poll(playingOnGroup, { timeout: 30_000 }).toEqual(group.map(() => uuids[0]));

    await plan.getByRole('button', { name: 'Weiter' }).focus();
    await page.keyboard.press('Enter');
    await expect(plan.getByText('Schritt 2 von 3')).toBeVisible({ timeout: 20_000 });
    await expect.poll(playingOnGroup, { timeout: 30_000 }).toEqual(group.map(() => uuids[1]));

    // A reload in step 2: the page knows the place from the server's lesson.
    await page.reload();
    await expect(plan.getByText('Schritt 2 von 3')).toBeVisible({ timeout: 20_000 });
    await expect(
      plan.getByText('Notiz: Die Gruppen notieren, wie sich der Strahl an der Linse bricht.'),
    ).toBeVisible();
    await expect(plan.getByText('geplant 15 Minuten')).toBeVisible();
    expect(await axeViolations(page), 'a running lesson plan').toEqual([]);

    await plan.getByRole('button', { name: 'Weiter' }).focus();
    await page.keyboard.press('Enter');
    await expect(plan.getByText('Schritt 3 von 3')).toBeVisible({ timeout: 20_000 });
    await expect(plan.getByText('Das ist der letzte Schritt.')).toBeVisible();
    await expect(plan.getByRole('button', { name: 'Weiter' })).toBeDisabled();
    await expect.poll(playingOnGroup, { timeout: 30_000 }).toEqual(group.map(() => uuids[2]));

    // 'Zurück' goes to step 2 again on the same headsets.
    await plan.getByRole('button', { name: 'Zurück' }).focus();
    await page.keyboard.press('Enter');
    await expect(plan.getByText('Schritt 2 von 3')).toBeVisible({ timeout: 20_000 });
    await expect.poll(playingOnGroup, { timeout: 30_000 }).toEqual(group.map(() => uuids[1]));
  } finally {
    await stopPlayback(page.request, group);
    await page.request.delete(`/api/v3/mdm/device-groups/${groupId}/`, { headers });
  }
});
