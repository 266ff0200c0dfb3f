import { type APIRequestContext, expect } from '@playwright/test';
import { test } from './suiteServer.ts';
import { DEMO_PASSWORD, signIn, toast, users } from './support.ts';

/** Demo playlists of the seed (packages/server/src/db/seed.ts), in their default order. */
const GYMNASIUM_PLAYLISTS = ['Projektwoche Naturwissenschaften', 'Tag der offenen Tür', 'Erdkunde 8b'];
/** Other organisations' playlists; the last one is shared with the Gymnasium, but only its owner adds items. */
const OTHER_PLAYLISTS = [
  'Naturwissenschaften Klasse 7',
  'Geschichte erleben',
  'Berufsorientierung',
  'Seminar Unterrichtsbeobachtung',
  'Fortbildung Klassenführung',
];
/** A public item that no Gymnasium playlist holds yet. */
const TITLE = 'Klimawandel in der Arktis';

interface Playlist {
  id: number;
  name: string;
  owner: { name: string };
  contentIds: number[];
  contents: { title: string }[];
}

async function bearerFor(request: APIRequestContext, email: string) {
  const login = await request.post('/api/v1/sessions/', {
    data: { username: email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(201);
  return { Authorization: `Bearer ${(await login.json()).access}` };
}

test('a teacher adds a content item to a playlist of the school; adding it again is refused with a reason', async ({
  page,
  request,
}) => {
  const auth = await bearerFor(request, users.lehrer);
  const search = await request.get(`/api/v2/cms/content/?search=${encodeURIComponent(TITLE)}`, {
    headers: auth,
  });
  const [item] = ((await search.json()) as { results: { id: number; title: string }[] }).results;
  expect(item?.title).toBe(TITLE);
  const contentId = item?.id ?? 0;
  const lists = await request.get('/api/v2/mdm/device-configurations/?page_size=100', { headers: auth });
  const visible = ((await lists.json()) as { results: Playlist[] }).results;
  const own = visible.filter((p) => p.owner.name === 'Gymnasium Demo');
  expect(own.map((p) => p.name)).toEqual(GYMNASIUM_PLAYLISTS);
  const idOf = (name: string) => own.find((p) => p.name === name)?.id ?? 0;
  const playlist = async (name: string): Promise<Playlist> => {
    const response = await request.get(`/api/v3/mdm/device-configurations/${idOf(name)}/`, { headers: auth });
    expect(response.ok()).toBe(true);
    return response.json();
  };
  expect((await playlist('Erdkunde 8b')).contentIds).not.toContain(contentId);

  await signIn(page, users.lehrer);
  // Through the URL rather than typing: a debounced search would navigate back to the list after the click.
  await page.goto(`/library?search=${encodeURIComponent(TITLE)}`);
  await page.getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Zu Wiedergabeliste hinzufügen' }).click();

  // The school's playlists, and no other organisation's (not even one shared with the school).
  const picker = page.getByRole('combobox', { name: 'Wiedergabeliste' });
  await expect(picker).toBeVisible();
  // A list active on headsets is marked (its headsets load what is added); the names stand first.
  const offered = (await picker.getByRole('option').allTextContents()).map((text) =>
    text.replace(' (aktiv auf VR-Brillen)', ''),
  );
  expect(offered).toEqual(expect.arrayContaining(GYMNASIUM_PLAYLISTS));
  for (const name of OTHER_PLAYLISTS) expect(offered).not.toContain(name);

  await picker.selectOption({ label: 'Erdkunde 8b' });
  await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(toast(page, 'Zur Wiedergabeliste hinzugefügt.')).toContainText(
    `„${TITLE}“ ist jetzt in „Erdkunde 8b“.`,
  );
  const erdkunde = await playlist('Erdkunde 8b');
  expect(erdkunde.contentIds.at(-1)).toBe(contentId);
  expect(erdkunde.contents.at(-1)?.title).toBe(TITLE);

  // Opened again, the picker marks that playlist and does not offer it.
  await page.getByRole('button', { name: 'Zu Wiedergabeliste hinzufügen' }).click();
  await expect(
    picker.getByRole('option', { name: 'Erdkunde 8b (enthält den Inhalt bereits)' }),
  ).toBeDisabled();

  // While the picker is open, a colleague adds the item to 'Tag der offenen Tür': the server refuses the
  // second addition and the page shows its reason.
  await picker.selectOption({ label: 'Tag der offenen Tür' });
  const colleague = await request.post(
    `/api/v2/mdm/device-configurations/${idOf('Tag der offenen Tür')}/content/`,
    {
      headers: auth,
      data: { contentId, contentOrigin: 'cms' },
    },
  );
  expect(colleague.status()).toBe(200);
  await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Dieser Inhalt ist bereits in der Wiedergabeliste „Tag der offenen Tür“.' }),
  ).toBeVisible();

  const again = await request.post(`/api/v2/mdm/device-configurations/${idOf('Erdkunde 8b')}/content/`, {
    headers: auth,
    data: { contentId, contentOrigin: 'cms' },
  });
  expect(again.status()).toBe(409);
  expect(await again.json()).toEqual({
    detail: 'Dieser Inhalt ist bereits in der Wiedergabeliste „Erdkunde 8b“.',
  });
  expect((await playlist('Erdkunde 8b')).contentIds.filter((id) => id === contentId)).toHaveLength(1);
  expect((await playlist('Tag der offenen Tür')).contentIds.filter((id) => id === contentId)).toHaveLength(1);
});
