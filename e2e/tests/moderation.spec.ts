import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { useIsolatedServer } from './isolatedServer.ts';
import { newestMailTo } from './outbox.ts';
import { axeViolations, DEMO_PASSWORD, submitLogin, toast, users } from './support.ts';

// Issue 24, item 1 (Moderieren): a teacher proposes an item for every school, a content administrator or staff
// decide in the review queue at /moderate, the proposer reads the decision on the item and by mail. Approving makes
// an item public, which changes what every other spec sees, so the file runs against a server of its own.

// Three people in browsers of their own per test, and an accessibility check: more than the default 30 s.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const server = useIsolatedServer();
const url = (path: string) => `${server().baseURL}${path}`;
const STAFF = 'staff@vr-portal.example';

async function signInAt(page: Page, email: string): Promise<void> {
  await page.goto(url('/login'));
  await submitLogin(page, email, DEMO_PASSWORD);
  // A sign-in hashes the password at full cost: on a busy machine that takes longer than the usual wait.
  await expect(page).toHaveURL(/\/library$/, { timeout: 20_000 });
}

/** A person's own browser, signed in. */
async function personAt(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, email);
  return page;
}

/** The id of an item the person sees, and whether they see it, straight from the API. */
async function itemAs(request: APIRequestContext, email: string, title: string): Promise<number | undefined> {
  const session = await request.post(url('/api/v1/sessions/'), {
    data: { username: email, password: DEMO_PASSWORD },
  });
  const { access } = (await session.json()) as { access: string };
  const response = await request.get(url(`/api/v2/cms/content/?search=${encodeURIComponent(title)}`), {
    headers: { Authorization: `Bearer ${access}` },
  });
  const { results } = (await response.json()) as { results: { id: number; title: string }[] };
  return results.find((item) => item.title === title)?.id;
}

async function propose(page: Page, id: number, note: string): Promise<void> {
  await page.goto(url(`/library/${id}`));
  await page.getByRole('button', { name: 'Für alle Schulen freigeben beantragen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Für alle Schulen freigeben beantragen' });
  await dialog.getByRole('button', { name: 'Beantragen' }).click();
  await expect(
    dialog.getByText('Bitte schreiben Sie kurz, warum dieser Inhalt für alle Schulen nützlich ist.'),
  ).toBeVisible();
  await dialog.getByLabel('Notiz für die Prüfung').fill(note);
  await dialog.getByRole('button', { name: 'Beantragen' }).click();
  await expect(toast(page, 'Antrag gestellt')).toBeVisible();
  await expect(page.getByText('Freigabe beantragt', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Für alle Schulen freigeben beantragen' })).toHaveCount(0);
}

const requestCard = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, level: 2 }) });

test('a teacher proposes, the KMZ content administrator approves, and the ZfsL member then sees the item', async ({
  browser,
  request,
}) => {
  const title = 'Schulhausrundgang';
  const id = await itemAs(request, users.lehrer, title);
  if (id === undefined) throw new Error(`${title} is no item of the Gymnasium`);
  expect(await itemAs(request, users.zfsl, title)).toBeUndefined();

  const teacher = await personAt(browser, users.lehrer);
  await propose(
    teacher,
    id,
    'Zeigt neuen Schülerinnen und Schülern das Gebäude – passt für jede Schule als Vorlage.',
  );

  const since = new Date(Date.now() - 1000);
  const moderator = await personAt(browser, users.admin);
  await moderator
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Moderieren' })
    .click();
  await expect(moderator).toHaveURL(/\/moderate$/);
  await expect(moderator.getByRole('heading', { name: 'Moderieren', level: 1 })).toBeVisible();
  // The demo's waiting proposal and the new one, with what the moderator decides on.
  await expect(requestCard(moderator, 'Projektwoche Theater')).toBeVisible();
  const card = requestCard(moderator, title);
  await expect(card).toContainText('Lars Lehrer (lehrer@schule.example)');
  await expect(card).toContainText('Gymnasium Demo (Schule)');
  await expect(card).toContainText('passt für jede Schule als Vorlage');
  expect(await axeViolations(moderator)).toEqual([]);
  await card.getByRole('button', { name: 'Freigeben' }).click();
  await expect(toast(moderator, 'Für alle Schulen freigegeben')).toBeVisible();
  await expect(card).toHaveCount(0);

  const zfsl = await personAt(browser, users.zfsl);
  await zfsl.goto(url(`/library?search=${title}`));
  await expect(zfsl.getByRole('heading', { name: title })).toBeVisible();

  await teacher.reload();
  await expect(teacher.getByText('Für alle Schulen freigegeben', { exact: true })).toBeVisible();
  const mail = await newestMailTo(teacher.request, users.lehrer, { since, baseURL: server().baseURL });
  expect(mail.subject).toBe(`VR-Portal: „${title}“ ist für alle Schulen freigegeben`);
});

test('a rejection reaches the proposer with its reason, on the item and by mail', async ({
  browser,
  request,
}) => {
  const title = 'Chemielabor Sicherheitseinweisung';
  const id = await itemAs(request, users.lehrer, title);
  if (id === undefined) throw new Error(`${title} is no item of the Gymnasium`);
  const teacher = await personAt(browser, users.lehrer);
  await propose(teacher, id, 'Sicherheit geht alle an.');

  const since = new Date(Date.now() - 1000);
  const staff = await personAt(browser, STAFF);
  await staff.goto(url('/moderate'));
  const card = requestCard(staff, title);
  await card.getByRole('button', { name: 'Ablehnen' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Antrag ablehnen' });
  const reason = 'Das Video zeigt die Fluchtwege Ihrer Schule; bitte schneiden Sie diese Stellen heraus.';
  await dialog.getByLabel('Begründung').fill(reason);
  await dialog.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(toast(staff, 'Antrag abgelehnt')).toBeVisible();
  await expect(card).toHaveCount(0);
  await staff.getByLabel('Anzeigen').selectOption({ label: 'Abgelehnt' });
  await expect(staff).toHaveURL(/\/moderate\?state=rejected$/);
  await expect(requestCard(staff, title)).toContainText(reason);

  await teacher.reload();
  await expect(teacher.getByText('Antrag auf Freigabe abgelehnt')).toBeVisible();
  await expect(teacher.getByText(`Begründung: ${reason}`)).toBeVisible();
  await expect(teacher.getByRole('button', { name: 'Für alle Schulen freigeben beantragen' })).toBeVisible();
  const mail = await newestMailTo(teacher.request, users.lehrer, { since, baseURL: server().baseURL });
  expect(mail.subject).toBe(`VR-Portal: „${title}“ wurde nicht für alle Schulen freigegeben`);
  expect(mail.text).toContain(`Begründung: ${reason}`);
  expect(await itemAs(request, users.zfsl, title)).toBeUndefined();
});

test("a member gets 'Keine Berechtigung' on /moderate and no such navigation entry", async ({ page }) => {
  await signInAt(page, users.lehrer);
  await expect(
    page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Moderieren' }),
  ).toHaveCount(0);
  await page.goto(url('/moderate'));
  await expect(page.getByRole('heading', { name: 'Keine Berechtigung', level: 1 })).toBeVisible();
  await expect(
    page.getByText('Anträge auf Freigabe prüfen nur Inhalts-Administratoren und das Portal-Team.'),
  ).toBeVisible();
});
