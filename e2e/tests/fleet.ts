import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { fleetControlURL } from './suiteServer.ts';
import { DEMO_PASSWORD, users } from './support.ts';

/**
 * The demo fleet of the worker's e2e server (suiteServer.ts) as the tests of issue 14 drive it: the Gymnasium's class
 * set through the API (to compare with what the page shows, and to leave the fleet as it was found) and the
 * simulator's control port (what a person does to a headset: switch it off, run its battery down, delete content
 * from it).
 */

export interface Headset {
  id: number;
  name: string;
  serialNumber: string;
  isOnline: boolean;
  batteryLevel: number | null;
  playbackState: 'playing' | 'paused' | 'stopped';
  currentContentUuid: string | null;
  syncStatus: string;
  syncQueued: boolean;
  missingContent: number[];
  softwareVersion: string | null;
}

/** The title of the video the class set holds (it is on the Gymnasium's active playlist) and that runs 12 minutes. */
export const CLASS_VIDEO = 'Unterwegs im Sonnensystem';

/** The Gymnasium's playlist active on its whole class set. */
export const CLASS_PLAYLIST = 'Projektwoche Naturwissenschaften';

/** The class set's four headsets below 4.5.0: they play, but cannot pause. */
export const CANNOT_PAUSE = ['Rigel', 'Deneb', 'Altair', 'VR-Brille 25'] as const;

export async function bearerFor(request: APIRequestContext, email: string = users.lehrer) {
  const login = await request.post('/api/v1/sessions/', {
    data: { username: email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(201);
  return { Authorization: `Bearer ${(await login.json()).access}` };
}

/** The teacher's class set, by name, as the server sees it now. */
export async function classSet(request: APIRequestContext, query = ''): Promise<Headset[]> {
  const response = await request.get(`/api/v3/mdm/devices/?page_size=1000&${query}`, {
    headers: await bearerFor(request),
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: Headset[] }).results;
}

export async function headsetNamed(request: APIRequestContext, name: string): Promise<Headset> {
  const found = (await classSet(request)).find((h) => h.name === name);
  if (!found) throw new Error(`no headset ${name}`);
  return found;
}

/** Waits until the whole class set is online (the demo fleet pairs and polls a few seconds after the start). */
export async function classSetOnline(request: APIRequestContext): Promise<Headset[]> {
  let headsets: Headset[] = [];
  await expect
    .poll(
      async () => {
        headsets = await classSet(request);
        return headsets.filter((h) => h.isOnline).length;
      },
      { timeout: 30_000 },
    )
    .toBe(30);
  return headsets;
}

/** A content item of the Mediathek as the teacher sees it. */
export async function contentNamed(request: APIRequestContext, title: string) {
  const response = await request.get(`/api/v2/cms/content/?search=${encodeURIComponent(title)}`, {
    headers: await bearerFor(request),
  });
  const item = (
    (await response.json()) as { results: { id: number; uuid: string; title: string }[] }
  ).results.find((c) => c.title === title);
  if (!item) throw new Error(`no content ${title}`);
  return item;
}

/** A playlist of the teacher's organisation with its headsets and items, as the server sees it now. */
export async function playlistNamed(request: APIRequestContext, name: string) {
  const response = await request.get(
    `/api/v2/mdm/device-configurations/?page_size=100&search=${encodeURIComponent(name)}`,
    {
      headers: await bearerFor(request),
    },
  );
  const found = (
    (await response.json()) as {
      results: { id: number; name: string; sdmDevices: number[]; contentIds: number[] }[];
    }
  ).results.find((p) => p.name === name);
  if (!found) throw new Error(`no playlist ${name}`);
  return found;
}

/**
 * Waits until every headset of the class set reports its playlist synchronised and has no synchronisation queued (after
 * a test changed it): a sync queued for a headset that already has everything is still carried out later, and would
 * start loading what the next test has just removed.
 */
export async function classSetSynced(request: APIRequestContext) {
  await expect
    .poll(
      async () =>
        (await classSet(request)).filter(
          (h) => h.syncStatus === 'synced' && h.missingContent.length === 0 && !h.syncQueued,
        ).length,
      { timeout: 90_000 },
    )
    .toBe(30);
}

/** The simulator's control port: `off`, `on`, `battery/<percent>`, `forget/<uuid>`, `software/<version>`. */
export async function control(
  request: APIRequestContext,
  headset: Pick<Headset, 'serialNumber'>,
  action: string,
) {
  const response = await request.post(`${fleetControlURL()}/headsets/${headset.serialNumber}/${action}`);
  expect(response.status(), await response.text()).toBe(200);
}

/** Stops whatever runs on these headsets (a worker's specs share one fleet: each test leaves it as it found it). */
export async function stopPlayback(
  request: APIRequestContext,
  headsets: readonly Pick<Headset, 'serialNumber'>[],
) {
  const headers = await bearerFor(request);
  for (const headset of headsets) {
    await request.post(`/api/v1/mdm/devices/${headset.serialNumber}/command/`, {
      headers,
      data: { command: 'CMD.STOP.RUNNING', extras: { guidedModeState: false, manufacturerModeState: false } },
    });
  }
  await expect
    .poll(async () => {
      const now = await classSet(request);
      const names = new Set(headsets.map((h) => h.serialNumber));
      return now.filter((h) => names.has(h.serialNumber) && h.playbackState !== 'stopped').length;
    })
    .toBe(0);
}

/** One headset's receipt line on the playback page ('Sirius läuft'). */
export function receipt(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Rückmeldungen der VR-Brillen' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });
}
