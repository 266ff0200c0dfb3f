import { readFileSync } from 'node:fs';
import { createPortalClient } from '@portal/api';
import { contentOrderingFor } from '@portal/domain';
import { describe, expect, it, vi } from 'vitest';
import { libraryListQuery } from './contentQueries.ts';
import {
  adoptPrefetched,
  arrivedAsInitialData,
  createPrefetchRegistry,
  type PortalPrefetch,
  type PrefetchedResponse,
} from './prefetch.ts';
import { memoryStorage, storageKeys } from './storage.ts';

const scriptSource = readFileSync(new URL('./prefetchScript.js', import.meta.url), 'utf8');

interface Captured {
  url: string;
  headers: Record<string, string>;
  credentials: string | undefined;
}

type FakeLink = { rel?: string; as?: string; href?: string; fetchPriority?: string };

/** Just what the script uses of a document: the links it appends to the head. */
function fakeDocument() {
  const head: FakeLink[] = [];
  return {
    head: { append: (link: FakeLink) => head.push(link) },
    createElement: (): FakeLink => ({}),
    appended: head,
  };
}
type FakeDocument = ReturnType<typeof fakeDocument>;

/** Runs the inline script of index.html against a fake window and records what it fetched. */
function runInlineScript(options: {
  path: string;
  search?: string;
  storage?: Record<string, string>;
  apiBase?: string;
  /** The body every request answers with (default: the request's own URL). */
  body?: (url: string) => unknown;
  document?: FakeDocument;
}) {
  const captured: Captured[] = [];
  const fakeWindow = {
    localStorage: memoryStorage(options.storage),
    location: { pathname: options.path, search: options.search ?? '' },
    crypto: globalThis.crypto,
    fetch: (url: string, init: RequestInit) => {
      captured.push({
        url,
        headers: { ...(init.headers as Record<string, string>) },
        credentials: init.credentials,
      });
      return Promise.resolve(new Response(JSON.stringify(options.body?.(url) ?? { url }), { status: 200 }));
    },
    document: options.document,
    __portalPrefetch: undefined as PortalPrefetch | undefined,
  };
  const code = scriptSource.replace('__PORTAL_API_BASE__', JSON.stringify(options.apiBase ?? ''));
  new Function('window', code)(fakeWindow);
  return { captured, prefetch: fakeWindow.__portalPrefetch };
}

/** What @portal/api's client really sends for the same call. */
async function clientRequest(
  path: '/api/v2/cms/content/' | '/api/v1/users/me/',
  token: string | null,
  ordering?: string,
) {
  let request: Request | undefined;
  const client = createPortalClient({
    baseUrl: 'http://portal.test',
    getToken: () => token,
    onUnauthorized: () => {},
    fetch: async (r) => {
      request = r;
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
  });
  if (path === '/api/v1/users/me/') await client.GET(path);
  else await client.GET(path, { params: { query: libraryListQuery(ordering as 'title' | '-created_at') } });
  if (!request) throw new Error('the client sent nothing');
  return request;
}

describe('inline prefetch script', () => {
  it('asks an anonymous visitor of /library for the public list in the anonymous order, and nothing else', () => {
    const { captured, prefetch } = runInlineScript({ path: '/library' });
    expect(captured).toHaveLength(1);
    const url = new URL(captured[0]!.url, 'http://portal.test');
    expect(url.pathname).toBe('/api/v2/cms/content/');
    expect(url.searchParams.get('ordering')).toBe(contentOrderingFor(null));
    expect(captured[0]!.headers.Authorization).toBeUndefined();
    expect(prefetch?.me).toBeUndefined();
    expect(prefetch?.content).toMatchObject({ token: null, ordering: contentOrderingFor(null) });
  });

  it('sends the same query and headers as the API client would', async () => {
    const storage = { [storageKeys.accessToken]: 'abc', [storageKeys.contentOrdering]: 'title' };
    const { captured } = runInlineScript({ path: '/library', storage });
    const content = captured.find((c) => c.url.startsWith('/api/v2/cms/content/'))!;
    const real = await clientRequest('/api/v2/cms/content/', 'abc', 'title');
    const realUrl = new URL(real.url);
    const prefetchUrl = new URL(content.url, 'http://portal.test');
    expect(Object.fromEntries(prefetchUrl.searchParams)).toEqual(Object.fromEntries(realUrl.searchParams));
    expect(prefetchUrl.pathname).toBe(realUrl.pathname);
    const realHeaders = Object.fromEntries(real.headers);
    const sent = Object.fromEntries(Object.entries(content.headers).map(([k, v]) => [k.toLowerCase(), v]));
    expect(Object.keys(sent).sort()).toEqual(Object.keys(realHeaders).sort());
    for (const name of ['authorization', 'cache-control', 'pragma', 'expires']) {
      expect(sent[name]).toBe(realHeaders[name]);
    }
    expect(content.credentials).toBe(real.credentials);
  });

  it('loads the signed-in user and the device types beside the list, with the token and the remembered order', () => {
    const storage = { [storageKeys.accessToken]: 'abc', [storageKeys.contentOrdering]: 'title' };
    const { captured, prefetch } = runInlineScript({
      path: '/library',
      storage,
      apiBase: 'https://api.example.org',
    });
    expect(captured.map((c) => c.url).sort()).toEqual([
      'https://api.example.org/api/v1/users/me/',
      'https://api.example.org/api/v2/cms/content/?ordering=title&page_size=24',
      'https://api.example.org/api/v2/mdm/device-type/',
    ]);
    expect(captured.every((c) => c.headers.Authorization === 'Bearer abc')).toBe(true);
    expect(prefetch?.content?.ordering).toBe('title');
    expect(prefetch?.me?.token).toBe('abc');
    expect(prefetch?.deviceTypes?.token).toBe('abc');
  });

  it('asks a signed-in user on any page for the user and the device types', () => {
    const { captured } = runInlineScript({
      path: '/dashboard/playback',
      storage: { [storageKeys.accessToken]: 'abc' },
    });
    expect(captured.map((c) => c.url).sort()).toEqual(['/api/v1/users/me/', '/api/v2/mdm/device-type/']);
  });

  it("asks a signed-in user on the fleet page for its first page (fleetView.test.ts: the app's query)", () => {
    const storage = { [storageKeys.accessToken]: 'abc' };
    const { captured, prefetch } = runInlineScript({ path: '/dashboard/devices', storage });
    expect(captured.map((c) => c.url)).toContain('/api/v3/mdm/devices/?page_size=50&ordering=name');
    expect(prefetch?.fleet?.token).toBe('abc');
    // Another page, order or filter of the fleet is the app's to ask for; an anonymous visitor goes to /login.
    expect(
      runInlineScript({ path: '/dashboard/devices', search: '?page=2', storage }).prefetch?.fleet,
    ).toBeUndefined();
    expect(runInlineScript({ path: '/dashboard/devices' }).captured).toEqual([]);
  });

  it('fetches no list on pages that do not show it', () => {
    expect(runInlineScript({ path: '/login' }).captured).toEqual([]);
    // The index page names the Mediathek, it does not show it (issue 23).
    expect(runInlineScript({ path: '/' }).captured).toEqual([]);
  });

  it("preloads the first row's previews as soon as the list is here", async () => {
    const document = fakeDocument();
    const results = [
      { previewImage: '/media/previews/a.png' },
      { previewImage: null },
      ...['b', 'c', 'd', 'e'].map((name) => ({ previewImage: `/media/previews/${name}.png` })),
    ];
    const { prefetch } = runInlineScript({ path: '/library', document, body: () => ({ results }) });
    await prefetch?.content?.response;
    expect(prefetch?.content?.arrived?.answer).toEqual({ ok: true, status: 200, data: { results } });
    // The first four cards, those without a preview skipped.
    expect(document.appended).toEqual(
      ['a', 'b', 'c'].map((name) => ({
        rel: 'preload',
        as: 'image',
        href: `/media/previews/${name}.png`,
        fetchPriority: 'high',
      })),
    );
  });

  it('leaves a searched, filtered or later page of the Mediathek to the app', () => {
    for (const search of ['?search=Mars', '?type=video', '?page=2']) {
      const { captured, prefetch } = runInlineScript({ path: '/library', search });
      expect(captured).toEqual([]);
      expect(prefetch?.content).toBeUndefined();
    }
  });
});

describe('adopting prefetched responses', () => {
  const ok = (data: unknown): Promise<PrefetchedResponse> => Promise.resolve({ ok: true, status: 200, data });

  it('hands out a matching response once', async () => {
    const registry = createPrefetchRegistry({
      me: { token: 't', response: ok({ id: 1 }) },
      deviceTypes: { token: 't', response: ok([]) },
      content: { token: 't', ordering: 'title', response: ok({ results: [] }) },
      fleet: { token: 't', response: ok({ results: [] }) },
    });
    expect(await registry.takeCurrentUser('t')).toEqual({ ok: true, status: 200, data: { id: 1 } });
    expect(registry.takeCurrentUser('t')).toBeUndefined();
    expect(registry.takeDeviceTypes('t')).toBeDefined();
    expect(registry.takeDeviceTypes('t')).toBeUndefined();
    expect(registry.takeContentList('t', 'title')).toBeDefined();
    expect(registry.takeContentList('t', 'title')).toBeUndefined();
    expect(registry.takeFleet('t')).toBeDefined();
    expect(registry.takeFleet('t')).toBeUndefined();
  });

  it('hands out an answer that has already come, once, only for its token (and order) and when it succeeded', () => {
    const arrived = { answer: { ok: true, status: 200, data: { results: [] } }, at: 1000 };
    const registry = createPrefetchRegistry({
      content: { token: 't', ordering: 'title', response: ok({ results: [] }), arrived },
    });
    expect(registry.takeArrivedContentList('t', '-created_at')).toBeUndefined();
    expect(registry.takeArrivedContentList('t', 'title')).toEqual({ data: { results: [] }, at: 1000 });
    expect(registry.takeArrivedContentList('t', 'title')).toBeUndefined();
    expect(registry.takeContentList('t', 'title')).toBeUndefined();

    const user = createPrefetchRegistry({
      me: {
        token: 't',
        response: ok({ id: 1 }),
        arrived: { ...arrived, answer: { ok: true, status: 200, data: { id: 1 } } },
      },
    });
    expect(user.takeArrivedCurrentUser('other')).toBeUndefined();
    expect(user.takeArrivedCurrentUser('t')).toEqual({ data: { id: 1 }, at: 1000 });
    expect(user.takeCurrentUser('t')).toBeUndefined();

    const refused = { answer: { ok: false, status: 401 }, at: 1000 };
    const failed = createPrefetchRegistry({
      content: { token: 't', ordering: 'title', response: Promise.resolve(refused.answer), arrived: refused },
    });
    expect(failed.takeArrivedContentList('t', 'title')).toBeUndefined();
    // The 401 still reaches the query function, which asks the server itself.
    expect(failed.takeContentList('t', 'title')).toBeDefined();
  });

  it('makes an answer that has come the initial data, dated when it came, and nothing else', () => {
    const registry = createPrefetchRegistry({
      me: {
        token: 't',
        response: ok({ id: 1 }),
        arrived: { answer: { ok: true, status: 200, data: { id: 1 } }, at: 1000 },
      },
    });
    const user = arrivedAsInitialData(
      () => registry.takeArrivedCurrentUser('t'),
      (data) => ({ ...(data as { id: number }), adopted: true }),
    );
    expect(user.initialData()).toEqual({ id: 1, adopted: true });
    expect(user.initialDataUpdatedAt()).toBe(1000);
    // Read again (another observer of the query), the answer has been handed over: no data, no date.
    expect(user.initialData()).toBeUndefined();
    expect(user.initialDataUpdatedAt()).toBeUndefined();
  });

  it('refuses responses made for another token or order', () => {
    const registry = createPrefetchRegistry({
      me: { token: 'old', response: ok({}) },
      content: { token: null, ordering: '-created_at', response: ok({}) },
      fleet: { token: 'old', response: ok({}) },
    });
    expect(registry.takeCurrentUser('new')).toBeUndefined();
    expect(registry.takeFleet('new')).toBeUndefined();
    expect(registry.takeContentList(null, 'title')).toBeUndefined();
  });

  it('uses the prefetched data instead of fetching', async () => {
    const fetcher = vi.fn(async () => 'network');
    const queryFn = adoptPrefetched(() => ok('prefetched'), fetcher);
    expect(await queryFn({})).toBe('prefetched');
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('fetches for real when the prefetch failed, so 401 handling still happens', async () => {
    const fetcher = vi.fn(async () => 'network');
    const queryFn = adoptPrefetched(() => Promise.resolve({ ok: false, status: 401 }), fetcher);
    expect(await queryFn({})).toBe('network');
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('fetches for real when nothing was prefetched', async () => {
    const registry = createPrefetchRegistry(undefined);
    const queryFn = adoptPrefetched(
      () => registry.takeCurrentUser(null),
      async () => 'network',
    );
    expect(await queryFn({})).toBe('network');
  });
});
