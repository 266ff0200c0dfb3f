import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { fleetControlURL, test } from './suiteServer.ts';
import { DEMO_PASSWORD, signIn, toast, users } from './support.ts';

// Issue 13: the VR-Brillen pages against the demo fleet the e2e server simulates (the Gymnasium's class set of 30,
// the KMZ's lending case of 6). The simulator's control port switches a headset off and on as a person would.

/** A bearer header for the API, as the portal sends it. */
async function bearer(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const login = await request.post('/api/v1/sessions/', {
    data: { username: email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(201);
  return { Authorization: `Bearer ${(await login.json()).access}` };
}

interface ListedDevice {
  id: number;
  name: string;
  serialNumber: string;
  guidedMode: boolean;
  isOnline: boolean;
  muted: boolean;
}

async function deviceBySerial(
  request: APIRequestContext,
  email: string,
  serial: string,
): Promise<ListedDevice> {
  const response = await request.get(`/api/v3/mdm/devices/?search=${serial}`, {
    headers: await bearer(request, email),
  });
  const [device] = ((await response.json()) as { results: ListedDevice[] }).results;
  if (!device) throw new Error(`no headset ${serial} for ${email}`);
  return device;
}

/** The table row of one headset, by its serial number (shown under its name). */
const row = (page: Page, serial: string) => page.getByRole('row').filter({ hasText: serial });

/** Switches a simulated headset off or on (what a teacher does at the headset itself). */
async function power(request: APIRequestContext, serial: string, state: 'on' | 'off'): Promise<void> {
  const response = await request.post(`${fleetControlURL()}/headsets/${serial}/${state}`);
  expect(response.status()).toBe(200);
}

test.describe.configure({ mode: 'serial' });

test('the fleet page lists the class set and follows it live, without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, users.lehrer);
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'VR-Brillen' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/devices$/);
  await expect(page.getByRole('heading', { level: 1, name: 'VR-Brillen' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Brotkrümelnavigation' })).toContainText('Dashboard');
  await expect(page.getByRole('navigation', { name: 'Brotkrümelnavigation' })).toContainText('Geräte');
  await expect(page.getByText('30 VR-Brillen')).toBeVisible();
  // Sorted by name, the first of the class set; its model, software and storage against the model's capacity (the
  // seeded playlist's content is on the whole class set, issue 14's seed).
  const achernar = row(page, 'PA7GY0007');
  await expect(achernar).toContainText('Achernar');
  await expect(achernar).toContainText('Pico G3');
  await expect(achernar).toContainText('4.7.0');
  await expect(achernar.getByRole('meter', { name: 'Speicher' })).toHaveAttribute(
    'aria-valuetext',
    '17,51 GB von 128,00 GB',
  );
  await expect(achernar).toContainText('Online', { timeout: 30_000 });

  // The search goes to the server and into the URL; the KMZ's headsets are not the school's.
  await page.getByLabel('VR-Brillen durchsuchen').fill('PA7KM');
  await expect(page).toHaveURL(/search=PA7KM/);
  await expect(page.getByRole('main').getByText('Keine VR-Brillen gefunden')).toBeVisible();

  await page.getByLabel('VR-Brillen durchsuchen').fill('PA7GY0020');
  const vega = row(page, 'PA7GY0020');
  await expect(vega).toContainText('Vega');
  await expect(vega).toContainText('Online', { timeout: 30_000 });
  // A mark on the window: a reload would lose it.
  await page.evaluate(() => Reflect.set(window, 'fleetMark', 'still here'));
  await power(request, 'PA7GY0020', 'off');
  await expect(vega).toContainText('Offline', { timeout: 20_000 });
  await expect(vega).toContainText('zuletzt gesehen');
  await power(request, 'PA7GY0020', 'on');
  await expect(vega).toContainText('Online', { timeout: 30_000 });
  expect(await page.evaluate(() => Reflect.get(window, 'fleetMark'))).toBe('still here');
});

test('the portal shows nothing until the device types are there; a failed load says so and is tried again', async ({
  page,
}) => {
  await signIn(page, users.lehrer);
  const deviceTypes = '**/api/v2/mdm/device-type/';
  await page.route(deviceTypes, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"busy"}' }),
  );
  const reports: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('[portal]')) reports.push(message.text());
  });
  await page.goto('/dashboard/devices');
  const failed = page
    .getByRole('alert')
    .filter({ hasText: 'Die Modelle der VR-Brillen konnten nicht geladen werden' });
  await expect(failed).toBeVisible();
  // Nothing of the page renders without them, and the failure went through the error-reporting hook.
  await expect(page.getByRole('heading', { level: 1, name: 'VR-Brillen' })).toHaveCount(0);
  await expect.poll(() => reports.some((report) => report.includes('loading the device types'))).toBe(true);

  await page.unroute(deviceTypes);
  await failed.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'VR-Brillen' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Modell' })).toContainText('Pico G2 4K');
});

test('a bulk reboot is asked first, naming the count; the headsets go offline and return', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1400 });
  await signIn(page, users.lehrer);
  await page.goto('/dashboard/devices?search=VR-Brille');
  await expect(page.getByText('10 VR-Brillen')).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: 'Online' })).toHaveCount(10, { timeout: 30_000 });

  await page.getByRole('checkbox', { name: 'Alle VR-Brillen dieser Seite auswählen' }).check();
  const actions = page.getByRole('group', { name: 'Befehle für die ausgewählten VR-Brillen' });
  await expect(actions).toContainText('10 VR-Brillen ausgewählt');
  await actions.getByRole('button', { name: 'Neu starten' }).click();
  const dialog = page.getByRole('alertdialog', { name: '10 VR-Brillen neu starten?' });
  await expect(dialog).toBeVisible();
  // Cancelling sends nothing.
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await actions.getByRole('button', { name: 'Neu starten' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Neu starten' }).click();
  await expect(toast(page, 'Befehl gesendet')).toContainText('„Neu starten“ an 10 VR-Brillen gesendet.');

  // The list follows without a reload: each of the ten is seen offline while it restarts, then all come back. Each
  // headset's offline moment is recorded on its own: on a loaded machine the first may be back before the last goes.
  const seenOffline = new Set<string>();
  await expect
    .poll(
      async () => {
        for (const row of await table.getByRole('row').filter({ hasText: 'Offline' }).all()) {
          const name = await row
            .getByRole('rowheader')
            .textContent()
            .catch(() => null);
          if (name) seenOffline.add(name);
        }
        return seenOffline.size;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(10);
  await expect(table.getByRole('row').filter({ hasText: 'Online' })).toHaveCount(10, { timeout: 60_000 });
});

test('muting the selection is one request for all of them; those too old for it are left out and named', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const lehrer = await bearer(request, users.lehrer);
  const classSet = async () =>
    (
      (await (await request.get('/api/v3/mdm/devices/?search=VR-Brille', { headers: lehrer })).json()) as {
        results: ListedDevice[];
      }
    ).results;
  await signIn(page, users.lehrer);
  await page.goto('/dashboard/devices?search=VR-Brille');
  await expect(page.getByText('10 VR-Brillen')).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'Online' })).toHaveCount(10, {
    timeout: 30_000,
  });
  const commandCalls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/mdm\/devices\/.*command/.test(r.url()))
      commandCalls.push(new URL(r.url()).pathname);
  });

  await page.getByRole('checkbox', { name: 'Alle VR-Brillen dieser Seite auswählen' }).check();
  const actions = page.getByRole('group', { name: 'Befehle für die ausgewählten VR-Brillen' });
  await actions.getByRole('button', { name: 'Stummschalten' }).click();
  await expect(toast(page, 'Befehl gesendet')).toContainText(
    '„Stummschalten“ an 7 VR-Brillen gesendet. ' +
      'Ausgelassen, weil ihre Software zu alt ist (benötigt 4.9.4): VR-Brille 25, VR-Brille 27, VR-Brille 28.',
  );
  expect(commandCalls).toEqual(['/api/v3/mdm/devices/command-queue/']);
  const muted = () => classSet().then((all) => all.filter((d) => d.muted).map((d) => d.name));
  const mutedNames = ['21', '22', '23', '24', '26', '29', '30'].map((n) => `VR-Brille ${n}`);
  await expect.poll(muted, { timeout: 20_000 }).toEqual(mutedNames);

  // Their sound back, as the other specs expect the class set: CMD.MUTE toggles.
  const ids = (await classSet()).filter((d) => d.muted).map((d) => d.id);
  const unmute = await request.post('/api/v3/mdm/devices/command-queue/', {
    headers: lehrer,
    data: { devices: ids, command: 'CMD.MUTE', extras: {} },
  });
  expect(unmute.status()).toBe(200);
  await expect.poll(muted, { timeout: 20_000 }).toEqual([]);
});

test('guided mode is switched and the headset reports it', async ({ page, request }) => {
  test.setTimeout(60_000);
  const canopus = await deviceBySerial(request, users.lehrer, 'PA7GY0002');
  expect(canopus.guidedMode).toBe(true);
  await signIn(page, users.lehrer);
  await page.goto('/dashboard/devices?search=Canopus');
  await row(page, 'PA7GY0002').getByRole('link', { name: 'Canopus' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Canopus' })).toBeVisible();
  const guided = page.getByRole('switch', { name: 'Geführter Modus' });
  await expect(guided).toBeChecked();
  await guided.click();
  await expect(toast(page, 'Befehl gesendet')).toContainText('„Geführter Modus“ an Canopus gesendet.');
  const history = page.getByRole('table', { name: 'Befehlsverlauf' });
  await expect(history.getByRole('row').filter({ hasText: 'Geführter Modus' })).toContainText('Ausgeführt', {
    timeout: 20_000,
  });
  // What the switch shows now is what the headset reported.
  await expect(guided).not.toBeChecked();
  await expect(page.getByText('Wird an die VR-Brille übertragen …')).toHaveCount(0);
  await expect
    .poll(async () => (await deviceBySerial(request, users.lehrer, 'PA7GY0002')).guidedMode)
    .toBe(false);

  await guided.click();
  await expect(guided).toBeChecked();
  await expect
    .poll(async () => (await deviceBySerial(request, users.lehrer, 'PA7GY0002')).guidedMode, {
      timeout: 20_000,
    })
    .toBe(true);
});

test('a control the software is too old for is disabled with a tooltip naming the version', async ({
  page,
  request,
}) => {
  await signIn(page, users.lehrer);
  const altair = await deviceBySerial(request, users.lehrer, 'PA7GY0013');
  await page.goto(`/dashboard/devices/${altair.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Altair' })).toBeVisible();
  await expect(page.getByText('3.9.2').first()).toBeVisible();

  const guided = page.getByRole('switch', { name: 'Geführter Modus' });
  await expect(guided).toHaveAttribute('aria-disabled', 'true');
  // The tip's code loads once the first such control renders; Radix then marks the control as its trigger.
  await expect(guided).toHaveAttribute('data-state', 'closed');
  // On a busy machine the tip's code can arrive just after the first focus: focus again until the tip shows.
  await expect(async () => {
    await guided.blur();
    await guided.focus();
    await expect(page.getByRole('tooltip')).toHaveText(
      'Benötigt Software 4.0.1 oder neuer (installiert: 3.9.2).',
      { timeout: 2_000 },
    );
  }).toPass({ timeout: 20_000 });
  // The reason follows the switch's own hint ('Die VR-Brille zeigt nur, was Sie starten.').
  await expect(guided).toHaveAccessibleDescription(
    /Benötigt Software 4\.0\.1 oder neuer \(installiert: 3\.9\.2\)\.$/,
  );
  // Playwright counts aria-disabled as disabled; a teacher can still press it, and nothing happens.
  await guided.click({ force: true });
  await expect(guided).not.toBeChecked();

  const mute = page.getByRole('button', { name: 'Stummschalten' });
  await mute.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Benötigt Software 4.9.4 oder neuer (installiert: 3.9.2).',
  );
  // Nothing is sent: the server's history of the headset (the demo morning's commands aside) stays as it was.
  const historyCount = async () => {
    const history = await request.get(`/api/v2/mdm/devices/${altair.id}/command/`, {
      headers: await bearer(request, users.lehrer),
    });
    return ((await history.json()) as { count: number }).count;
  };
  const before = await historyCount();
  await mute.click({ force: true });
  await expect(guided).not.toBeChecked();
  expect(await historyCount()).toBe(before);
  // Commands every version has stay available.
  await expect(page.getByRole('button', { name: 'Neu starten' })).not.toHaveAttribute('aria-disabled');
});

test('a headset of another organisation can be neither seen nor commanded', async ({ page, request }) => {
  const kmzHeadset = await deviceBySerial(request, users.admin, 'PA7KM0001');
  await signIn(page, users.lehrer);
  await page.goto(`/dashboard/devices/${kmzHeadset.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'VR-Brille nicht gefunden' })).toBeVisible();
  await expect(page.getByText(kmzHeadset.serialNumber)).toHaveCount(0);

  const lehrer = await bearer(request, users.lehrer);
  const detail = await request.get(`/api/v3/mdm/devices/${kmzHeadset.id}/`, { headers: lehrer });
  expect(detail.status()).toBe(404);
  const command = await request.post(`/api/v1/mdm/devices/${kmzHeadset.serialNumber}/command/`, {
    headers: lehrer,
    data: { command: 'CMD.REBOOT', extras: { guidedModeState: false, manufacturerModeState: false } },
  });
  expect(command.status()).toBe(404);
  const sync = await request.post('/api/v3/mdm/devices/sync-queue/', {
    headers: lehrer,
    data: { devices: [kmzHeadset.id] },
  });
  expect(sync.status()).toBe(400);
  const history = await request.get(`/api/v2/mdm/devices/${kmzHeadset.id}/command/`, { headers: lehrer });
  expect(history.status()).toBe(404);
  // Nothing reached the headset.
  const own = await request.get(`/api/v2/mdm/devices/${kmzHeadset.id}/command/`, {
    headers: await bearer(request, users.admin),
  });
  expect((await own.json()).count).toBe(0);
});

test('an administrator adds a headset, it pairs with the code, and the administrator removes it', async ({
  page,
  request,
}) => {
  await signIn(page, users.admin);
  await page.goto('/dashboard/devices');
  await page.getByRole('main').getByRole('button', { name: 'VR-Brille hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'VR-Brille hinzufügen' });
  await dialog.getByRole('button', { name: 'Code erstellen' }).click();
  await expect(dialog.getByText('Bitte geben Sie die Seriennummer ein.')).toBeVisible();
  await expect(dialog.getByText('Bitte wählen Sie ein Modell.')).toBeVisible();
  // A serial number that is taken is the server's refusal, worded at its field.
  await dialog.getByLabel('Seriennummer').fill('PA7GY0001');
  await dialog.getByLabel('Modell').selectOption({ label: 'Pico 4' });
  await dialog.getByRole('button', { name: 'Code erstellen' }).click();
  await expect(
    dialog.getByText('Eine VR-Brille mit dieser Seriennummer ist bereits registriert.'),
  ).toBeVisible();

  await dialog.getByLabel('Seriennummer').fill('E2E-LEIH-7');
  await dialog.getByRole('button', { name: 'Code erstellen' }).click();
  const codeDialog = page.getByRole('dialog', { name: /^Kopplungscode für „/ });
  await expect(codeDialog).toBeVisible();
  const code = (await codeDialog.getByText(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/).textContent()) ?? '';
  // The headset enters the code (headset side of the contract) and is paired.
  const paired = await request.post('/api/v1/headset/enrol/', {
    data: { enrolmentCode: code.toLowerCase(), serialNumber: 'E2E-LEIH-7' },
  });
  expect(paired.status()).toBe(201);
  await codeDialog.getByRole('button', { name: 'Fertig' }).click();

  await page.getByLabel('VR-Brillen durchsuchen').fill('E2E-LEIH-7');
  // The search reaches the URL once typing pauses; a click before that would race its navigation.
  await expect(page).toHaveURL(/search=E2E-LEIH-7/);
  const added = row(page, 'E2E-LEIH-7');
  await expect(added).toContainText('Pico 4');
  await added.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Verwaltung' })).toBeVisible();
  await page.getByRole('button', { name: 'Entfernen' }).click();
  const confirm = page.getByRole('alertdialog', { name: /entfernen\?$/ });
  await confirm.getByRole('button', { name: 'Entfernen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/devices$/);
  await expect(toast(page, 'VR-Brille entfernt')).toBeVisible();
  // Gone for the server too, and the headset's token with it.
  const token = ((await paired.json()) as { deviceToken: string }).deviceToken;
  const poll = await request.get('/api/v1/headset/commands/', { headers: { 'X-Device-Token': token } });
  expect(poll.status()).toBe(401);
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the seven filters fold into one 'Filter' section; a filter link opens it, naming the count", async ({
    page,
  }) => {
    await signIn(page, users.lehrer);
    await page.goto('/dashboard/devices');
    const toggle = page.getByRole('button', { name: 'Filter', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('combobox', { name: 'Status' })).toBeHidden();
    // The first headset is in sight right below the search and the folded filters.
    const firstHeadset = page.getByRole('main').getByRole('link').filter({ hasText: /./ }).first();
    await expect(firstHeadset).toBeInViewport();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Offline' });
    await expect(page).toHaveURL(/is_online=false/);

    // The dashboard's count of low batteries leads to the fleet narrowed to it: the panel is open and says so.
    await page.goto('/dashboard/devices?low_battery=true');
    const narrowed = page.getByRole('button', { name: 'Filter (1)' });
    await expect(narrowed).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('combobox', { name: 'Akku' })).toBeVisible();
  });
});
