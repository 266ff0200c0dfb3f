import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { bearerFor, control, headsetNamed } from './fleet.ts';
import { test } from './suiteServer.ts';
import { contentIdOf, signInQuietly, submitLogin, toast, users } from './support.ts';

// Issue 22 item 6: the smaller points a teacher meets in front of the class, each as she would see it. Tests that
// change the demo data (a share, a member, an item, a headset) put it back, as the worker's other specs rely on it.

interface PlaylistDetail {
  id: number;
  name: string;
  contentIds: number[];
  contents: { id: number; title: string }[];
}

async function playlistNamed(request: APIRequestContext, name: string): Promise<PlaylistDetail> {
  const headers = await bearerFor(request);
  const list = await request.get('/api/v2/mdm/device-configurations/?page_size=100', { headers });
  const found = ((await list.json()) as { results: { id: number; name: string }[] }).results.find(
    (playlist) => playlist.name === name,
  );
  if (!found) throw new Error(`no playlist ${name}`);
  const detail = await request.get(`/api/v3/mdm/device-configurations/${found.id}/`, { headers });
  expect(detail.ok()).toBe(true);
  return detail.json();
}

/**
 * Every toast on the page as it stands, by the Toaster's own mark: also one under a modal dialog, which hides it from
 * the accessibility tree (and so from getByRole) but not from the eye.
 */
const toasts = (page: Page) => page.locator('li[data-tone]');

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a toast does not cover the page heading: it sits at the bottom of the window', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, users.lehrer, 'portal2026');
    const heading = page.getByRole('heading', { level: 1, name: 'Mediathek' });
    await expect(heading).toBeVisible();
    const signedIn = toast(page, 'Erfolgreich eingeloggt.');
    await expect(signedIn).toBeVisible();
    // Once it has risen in: its box stays put.
    await expect
      .poll(async () => (await signedIn.boundingBox())?.y)
      .toBe(await signedIn.boundingBox().then((box) => box?.y));
    const toastBox = await signedIn.boundingBox();
    const headingBox = await heading.boundingBox();
    if (!toastBox || !headingBox) throw new Error('no box');
    const overlaps =
      toastBox.x < headingBox.x + headingBox.width &&
      headingBox.x < toastBox.x + toastBox.width &&
      toastBox.y < headingBox.y + headingBox.height &&
      headingBox.y < toastBox.y + toastBox.height;
    expect(overlaps, `toast ${JSON.stringify(toastBox)}, heading ${JSON.stringify(headingBox)}`).toBe(false);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(740);
    expect(toastBox.y).toBeGreaterThan(740 / 2);
  });

  test('a toast waits while the navigation drawer is open, and comes back when it closes', async ({
    page,
  }) => {
    await page.goto('/login');
    await submitLogin(page, users.lehrer, 'portal2026');
    await expect(toast(page, 'Erfolgreich eingeloggt.')).toBeVisible();
    await page.getByRole('button', { name: 'Menü', exact: true }).click();
    const drawer = page.getByRole('dialog');
    const entries = drawer.getByRole('link');
    await expect(entries.first()).toBeVisible();
    // No toast on the page while the drawer is open: none covers any of its entries.
    await expect(toasts(page)).toHaveCount(0);
    for (const entry of await entries.all()) {
      const box = await entry.boundingBox();
      if (!box) continue;
      const onTop = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="dialog"]') !== null,
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      );
      if (box.y + box.height <= 740) expect(onTop, (await entry.textContent()) ?? '').toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(toast(page, 'Erfolgreich eingeloggt.')).toBeVisible();
  });
});

test("removing a playlist item offers 'Rückgängig', which puts it back at its place", async ({ page }) => {
  const before = await playlistNamed(page.request, 'Erdkunde 8b');
  expect(before.contents.length).toBeGreaterThanOrEqual(3);
  const [, second] = before.contents;
  if (!second) throw new Error('no second item');
  const items = page
    .getByRole('list', { name: 'Inhalte in der Reihenfolge der Wiedergabeliste' })
    .getByRole('listitem');
  try {
    await signInQuietly(page, users.lehrer);
    await page.goto(`/dashboard/configurations/${before.id}`);
    await expect(items).toHaveCount(before.contents.length);
    await page.getByRole('button', { name: `„${second.title}“ entfernen` }).click();
    const removed = toast(page, 'Inhalt entfernt.');
    await expect(removed).toContainText(`„${second.title}“ ist nicht mehr in der Wiedergabeliste.`);
    await expect(items).toHaveCount(before.contents.length - 1);

    await removed.getByRole('button', { name: 'Rückgängig' }).click();
    await expect(toast(page, 'Inhalt wieder hinzugefügt.')).toContainText(
      `„${second.title}“ steht jetzt an Position 2.`,
    );
    await expect(items).toHaveCount(before.contents.length);
    await expect(items.nth(1)).toContainText(second.title);
    expect((await playlistNamed(page.request, 'Erdkunde 8b')).contentIds).toEqual(before.contentIds);
  } finally {
    const after = await playlistNamed(page.request, 'Erdkunde 8b');
    if (after.contentIds.join() !== before.contentIds.join()) {
      const headers = await bearerFor(page.request);
      const path = `/api/v2/mdm/device-configurations/${before.id}`;
      const item = { contentId: second.id, contentOrigin: 'cms' };
      if (!after.contentIds.includes(second.id))
        await page.request.post(`${path}/content/`, { headers, data: item });
      await page.request.post(`${path}/move-content/`, { headers, data: { ...item, positionNumber: 2 } });
    }
  }
});

test("a public item says 'Öffentlich – für alle Schulen sichtbar', not how many organisations it is shared with", async ({
  page,
}) => {
  const headers = await bearerFor(page.request, users.admin);
  const id = await contentIdOf(page, 'Korallenriff');
  const organisations = await page.request.get('/api/v1/organisations/', { headers });
  const gymnasium = ((await organisations.json()) as { id: number; name: string }[]).find(
    (organisation) => organisation.name === 'Gymnasium Demo',
  );
  if (!gymnasium) throw new Error('no Gymnasium');
  const share = (action: 'add-share' | 'remove-share') =>
    page.request.post(`/api/v1/cms/content/${id}/${action}/`, {
      headers,
      data: { organisation_ids: [gymnasium.id] },
    });
  expect((await share('add-share')).ok()).toBe(true);
  try {
    await signInQuietly(page, users.admin);
    await page.goto(`/library/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Korallenriff' })).toBeVisible();
    await expect(page.getByText('Öffentlich – für alle Schulen sichtbar')).toBeVisible();
    await expect(page.getByText(/Geteilt mit \d+ Organisation/)).toHaveCount(0);
  } finally {
    expect((await share('remove-share')).ok()).toBe(true);
  }
});

test("the administrator switch says what it switches: 'Administrator', whether on or off", async ({
  page,
}) => {
  const headers = await bearerFor(page.request, users.admin);
  const me = (await (await page.request.get('/api/v1/users/me/', { headers })).json()) as {
    organisations: { id: number; name: string }[];
  };
  const kmz = me.organisations[0];
  if (!kmz) throw new Error('no organisation');
  // Lars Lehrer joins the KMZ as a member for the test (an address with an account is added at once).
  const invited = await page.request.post(`/api/v1/organisations/${kmz.id}/invitations/`, {
    headers,
    data: { email: users.lehrer },
  });
  expect(invited.status(), await invited.text()).toBeLessThan(300);
  try {
    await signInQuietly(page, users.admin);
    await page.goto('/dashboard/settings');
    const lars = page.getByRole('switch', { name: 'Administrator: Lars Lehrer' });
    await expect(lars).toBeVisible();
    await expect(lars).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Administrator: Anna Admin' })).toBeChecked();
    // The words on screen beside each switch name the role, never a claim about the person.
    await expect(page.getByText('ist Administrator')).toHaveCount(0);
    await expect(page.locator(`label[for="${await lars.getAttribute('id')}"]`)).toHaveText('Administrator');
  } finally {
    const organisation = (await (await page.request.get(`/api/v1/users/me/`, { headers })).json()) as {
      organisations: { id: number; memberships: { id: number; user: { email: string } }[] }[];
    };
    const membership = organisation.organisations
      .find((o) => o.id === kmz.id)
      ?.memberships.find((m) => m.user.email === users.lehrer);
    if (membership) {
      const removed = await page.request.delete(
        `/api/v1/organisations/${kmz.id}/memberships/${membership.id}/`,
        {
          headers,
        },
      );
      expect(removed.ok()).toBe(true);
    }
  }
});

test("the preview's ▶ opens playback for that item", async ({ page }) => {
  const id = await contentIdOf(page, 'Unterwegs im Sonnensystem');
  await signInQuietly(page, users.lehrer);
  await page.goto(`/library/${id}`);
  await page.getByRole('link', { name: '„Unterwegs im Sonnensystem“ abspielen' }).click();
  await expect(page).toHaveURL(`/dashboard/playback?content=${id}`);
  await expect(page.getByRole('main')).toContainText('Unterwegs im Sonnensystem');
});

test('the playlist picker marks the active list, can be cancelled, and its toast names the list', async ({
  page,
}) => {
  const title = 'Vulkane hautnah';
  const target = await playlistNamed(page.request, 'Tag der offenen Tür');
  const id = await contentIdOf(page, title);
  expect(target.contentIds).not.toContain(id);
  try {
    await signInQuietly(page, users.lehrer);
    await page.goto(`/library/${id}`);
    const open = page.getByRole('button', { name: 'Zu Wiedergabeliste hinzufügen' });
    await open.click();
    const picker = page.getByRole('combobox', { name: 'Wiedergabeliste' });
    await expect(
      picker.getByRole('option', { name: 'Projektwoche Naturwissenschaften (aktiv auf VR-Brillen)' }),
    ).toHaveCount(1);
    await expect(picker.getByRole('option', { name: 'Tag der offenen Tür', exact: true })).toHaveCount(1);

    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(picker).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await picker.selectOption({ label: 'Tag der offenen Tür' });
    await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
    await expect(toast(page, 'Zur Wiedergabeliste hinzugefügt.')).toContainText(
      `„${title}“ ist jetzt in „Tag der offenen Tür“.`,
    );
  } finally {
    const after = await playlistNamed(page.request, 'Tag der offenen Tür');
    if (after.contentIds.includes(id)) {
      await page.request.post(`/api/v2/mdm/device-configurations/${after.id}/remove-content/`, {
        headers: await bearerFor(page.request),
        data: { contentId: id, contentOrigin: 'cms' },
      });
    }
  }
});

test("a headset at 7 % battery is flagged on its page ('Schwach', a warning to charge it)", async ({
  page,
}) => {
  const vega = await headsetNamed(page.request, 'Vega');
  await control(page.request, vega, 'battery/7');
  try {
    await signInQuietly(page, users.lehrer);
    await page.goto(`/dashboard/devices/${vega.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Vega' })).toBeVisible();
    await expect(
      page.getByText('Der Akku ist fast leer (7 %). Laden Sie die VR-Brille vor dem Unterricht auf.'),
    ).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '7 %' })).toContainText('Schwach');
  } finally {
    await control(page.request, vega, `battery/${vega.batteryLevel ?? 80}`);
  }
});

test('an unpaired headset shows its pairing first, with its code at the top, and no power commands', async ({
  page,
}) => {
  const headers = await bearerFor(page.request, users.admin);
  const enrolled = await page.request.post('/api/v3/mdm/devices/', {
    headers,
    data: { serialNumber: 'PA7E2E22001', deviceTypeId: 3, name: 'Nova' },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const { device } = (await enrolled.json()) as { device: { id: number } };
  try {
    await signInQuietly(page, users.admin);
    await page.goto(`/dashboard/devices/${device.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Nova' })).toBeVisible();
    // Pairing is the first section; nothing that needs a paired headset is offered.
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText('Kopplung');
    for (const name of [
      'Ausschalten',
      'Neu starten',
      'Software aktualisieren',
      'Synchronisieren',
      'Entkoppeln',
    ]) {
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole('switch')).toHaveCount(0);

    await page.getByRole('button', { name: 'Kopplungscode erstellen' }).click();
    // The server's codes read like 'K7QP-2MXD' (the serial number does not).
    const code = page
      .getByRole('main')
      .getByRole('definition')
      .filter({ hasText: /^[A-Z0-9]{4}-[A-Z0-9]{4,}$/ });
    await expect(code).toBeVisible();
    // The code sits above the headset's state, at the top of the page.
    const codeBox = await code.boundingBox();
    const stateBox = await page.getByRole('heading', { level: 2, name: 'Zustand' }).boundingBox();
    expect(codeBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(stateBox?.y ?? 0);
  } finally {
    await page.request.delete(`/api/v3/mdm/devices/${device.id}/`, { headers });
  }
});
