import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { useIsolatedServer } from './isolatedServer.ts';
import { DEMO_PASSWORD, submitLogin, users } from './support.ts';

// Issue 20: a name or a reported value with a right-to-left override (U+202E) must not reorder the portal's words
// around it. The headset added here would change the counts other specs rely on, so the file has a server of its own.

test.describe.configure({ mode: 'serial' });

const server = useIsolatedServer();

const RLO = '\u202E';
const SERIAL = 'E2E-RTL-1';
const HEADSET = `${RLO}Leihbrille`;
const APP = `${RLO}Korallenriff`;

async function bearer(request: APIRequestContext, email: string) {
  const login = await request.post(`${server().baseURL}/api/v1/sessions/`, {
    data: { username: email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(201);
  return { Authorization: `Bearer ${(await login.json()).access}` };
}

/** The KMZ administrator adds the headset, it pairs, and it reports that an app with an override in its name runs. */
async function headsetPlayingAnOverriddenApp(request: APIRequestContext): Promise<void> {
  const admin = await bearer(request, users.admin);
  const types = await request.get(`${server().baseURL}/api/v2/mdm/device-type/`, { headers: admin });
  const pico4 = ((await types.json()) as { id: number; name: string }[]).find(
    (type) => type.name === 'Pico 4',
  );
  const enrolled = await request.post(`${server().baseURL}/api/v3/mdm/devices/`, {
    headers: admin,
    data: { serialNumber: SERIAL, deviceTypeId: pico4?.id, name: HEADSET },
  });
  expect(enrolled.status()).toBe(201);
  const { enrolmentCode } = (await enrolled.json()) as { enrolmentCode: string };
  const paired = await request.post(`${server().baseURL}/api/v1/headset/enrol/`, {
    data: { enrolmentCode, serialNumber: SERIAL },
  });
  expect(paired.status()).toBe(201);
  const { deviceToken } = (await paired.json()) as { deviceToken: string };
  const reported = await request.put(`${server().baseURL}/api/v1/headset/state/`, {
    headers: { 'X-Device-Token': deviceToken },
    data: {
      softwareVersion: '4.9.4',
      batteryLevel: 80,
      storageTotal: 128 * 1024 ** 3,
      storageUsed: 20 * 1024 ** 3,
      currentApp: APP,
      playbackState: 'playing',
      syncStatus: 'synced',
    },
  });
  expect(reported.ok()).toBe(true);
}

/**
 * Where the eye finds each part of an element's text: the left and right edge of the characters of `before` and of
 * `after` (each the first occurrence, across the element's text nodes). In reading order `after` starts to the right
 * of where `before` ends; an override that leaked out of `before` would draw `after` reversed to its left.
 */
async function edges(element: Locator, before: string, after: string) {
  return element.evaluate(
    (root, parts) => {
      const nodes: { node: Text; start: number }[] = [];
      let text = '';
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        nodes.push({ node: node as Text, start: text.length });
        text += node.nodeValue ?? '';
      }
      const at = (offset: number): [Text, number] => {
        const entry = nodes.findLast((candidate) => candidate.start <= offset);
        if (!entry) throw new Error(`no text at ${offset}`);
        return [entry.node, offset - entry.start];
      };
      return parts.map((part) => {
        const index = text.indexOf(part);
        if (index < 0) throw new Error(`'${part}' is not in '${text}'`);
        const range = document.createRange();
        range.setStart(...at(index));
        range.setEnd(...at(index + part.length));
        const box = range.getBoundingClientRect();
        return { left: box.left, right: box.right, top: box.top };
      });
    },
    [before, after],
  );
}

async function expectReadingOrder(element: Locator, before: string, after: string) {
  const [first, second] = await edges(element, before, after);
  expect(first && second, `'${before}' and '${after}' in one line`).toBeTruthy();
  if (!first || !second) return;
  expect(Math.abs(second.top - first.top)).toBeLessThan(2);
  expect(second.left).toBeGreaterThanOrEqual(first.right - 1);
}

async function signInAt(page: Page, email: string): Promise<void> {
  await page.goto(`${server().baseURL}/login`);
  await submitLogin(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/library$/);
}

test('a headset and its reported app named with a right-to-left override leave the words around them in place', async ({
  page,
  request,
}) => {
  await headsetPlayingAnOverriddenApp(request);
  await signInAt(page, users.admin);
  await page.goto(`${server().baseURL}/dashboard/devices?search=${SERIAL}`);
  const row = page.getByRole('row').filter({ hasText: SERIAL });

  // The name sits in a <bdi>: its override ends there.
  await expect(row.getByRole('link').locator('bdi')).toHaveText(HEADSET);
  // The reported app name is isolated inside the sentence ('{{what}} (läuft)'), and '(läuft)' follows it on screen.
  const running = row.locator('[data-live]').filter({ hasText: 'läuft' });
  await expect(running).toHaveText(`\u2068${APP}\u2069 (läuft)`);
  await expectReadingOrder(running, 'Korallenriff', '(läuft)');

  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 }).locator('bdi')).toHaveText(HEADSET);
  // The tab title cannot isolate: it carries the name without the override, then ' – Portal'.
  await expect(page).toHaveTitle('Leihbrille – Portal');

  // A dialog that names the headset: the closing quote and ' entfernen?' stay after the name.
  await page.getByRole('button', { name: 'Entfernen' }).click();
  const confirm = page.getByRole('alertdialog');
  const title = confirm.getByRole('heading');
  await expect(title).toHaveText(`„\u2068${HEADSET}\u2069“ entfernen?`);
  await expectReadingOrder(title, 'Leihbrille', '“ entfernen?');
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();
});
