import { describe, expect, expectTypeOf, it } from 'vitest';
import { createPortalClient, type PortalClientOptions } from './client.ts';
import type { UnauthorizedEvent } from './middleware/unauthorized.ts';
import type { Content, PaginatedContentList, TokenPair, User } from './types.ts';

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that records every Request it is handed and answers from `respond`. */
function recordingFetch(respond: (request: Request) => Response = () => json(200, {})) {
  const requests: Request[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    requests.push(request);
    return respond(request);
  };
  return { requests, fetch };
}

function setup(respond?: (request: Request) => Response, overrides: Partial<PortalClientOptions> = {}) {
  const { requests, fetch } = recordingFetch(respond);
  const unauthorized: UnauthorizedEvent[] = [];
  const client = createPortalClient({
    baseUrl: 'http://portal.test',
    getToken: () => null,
    onUnauthorized: (event) => unauthorized.push(event),
    fetch,
    ...overrides,
  });
  return { client, requests, unauthorized };
}

const onlyRequest = (requests: Request[]): Request => {
  expect(requests).toHaveLength(1);
  return requests[0]!;
};

const emptyPage: PaginatedContentList = { count: 0, next: null, previous: null, results: [] };

describe('createPortalClient request headers', () => {
  it('sends the bearer token when getToken returns one', async () => {
    const { client, requests } = setup(undefined, { getToken: () => 'access-123' });
    await client.GET('/api/v1/users/me/');
    const request = onlyRequest(requests);
    expect(request.headers.get('Authorization')).toBe('Bearer access-123');
    expect(request.url).toBe('http://portal.test/api/v1/users/me/');
  });

  it('awaits an async token provider', async () => {
    const { client, requests } = setup(undefined, { getToken: async () => 'renewed' });
    await client.GET('/api/v1/users/me/');
    expect(onlyRequest(requests).headers.get('Authorization')).toBe('Bearer renewed');
  });

  it('sends no Authorization header when signed out', async () => {
    for (const token of [null, undefined, '']) {
      const { client, requests } = setup(() => json(200, emptyPage), { getToken: () => token });
      await client.GET('/api/v2/cms/content/');
      expect(onlyRequest(requests).headers.has('Authorization')).toBe(false);
    }
  });

  it('reads the token per call, so a login in between takes effect', async () => {
    let token: string | null = null;
    const { client, requests } = setup(undefined, { getToken: () => token });
    await client.GET('/api/v1/users/me/');
    token = 'fresh';
    await client.GET('/api/v1/users/me/');
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual([null, 'Bearer fresh']);
  });

  it('asks every intermediary not to cache', async () => {
    const { client, requests } = setup();
    await client.GET('/api/v1/users/me/');
    const headers = onlyRequest(requests).headers;
    expect(headers.get('Cache-Control')).toBe('no-cache, no-store, must-revalidate');
    expect(headers.get('Pragma')).toBe('no-cache');
    expect(headers.get('Expires')).toBe('0');
  });

  it('sends a fresh UUID X-Request-ID with every call', async () => {
    const { client, requests } = setup();
    await client.GET('/api/v1/users/me/');
    await client.GET('/api/v1/users/me/');
    await client.POST('/api/v1/sessions/', { body: { username: 'a@b.example', password: 'x' } });
    const ids = requests.map((r) => r.headers.get('X-Request-ID'));
    expect(ids).toHaveLength(3);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(ids).size).toBe(3);
  });

  it('sends cookies along', async () => {
    const { client, requests } = setup();
    await client.GET('/api/v1/users/me/');
    expect(onlyRequest(requests).credentials).toBe('include');
  });

  it('sends the JSON body of a POST', async () => {
    const { client, requests } = setup(() => json(201, { access: 'a', refresh: 'r' }));
    await client.POST('/api/v1/sessions/', {
      body: { username: 'lehrer@schule.example', password: 'portal2026' },
    });
    const request = onlyRequest(requests);
    expect(request.method).toBe('POST');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(await request.json()).toEqual({ username: 'lehrer@schule.example', password: 'portal2026' });
  });
});

describe('createPortalClient responses', () => {
  it('hands back data on 201', async () => {
    const { client } = setup(() => json(201, { access: 'acc', refresh: 'ref' }));
    const { data, error, response } = await client.POST('/api/v1/sessions/', {
      body: { username: 'lehrer@schule.example', password: 'portal2026' },
    });
    expect(error).toBeUndefined();
    expect(response.status).toBe(201);
    expect(data).toEqual({ access: 'acc', refresh: 'ref' });
  });

  it('hands back the error body and no data on 4xx', async () => {
    const { client } = setup(() => json(400, { username: ['Dieses Feld ist erforderlich.'] }));
    const { data, error, response } = await client.POST('/api/v1/sessions/', {
      body: { username: '', password: 'x' },
    });
    expect(data).toBeUndefined();
    expect(response.status).toBe(400);
    expect(error).toEqual({ username: ['Dieses Feld ist erforderlich.'] });
  });

  it('treats a non-2xx answer without a body as an error, never as success', async () => {
    const { client } = setup(() => new Response(null, { status: 502, statusText: 'Bad Gateway' }));
    const { data, error } = await client.GET('/api/v1/users/me/');
    expect(data).toBeUndefined();
    expect(error).toEqual({ detail: 'HTTP 502 Bad Gateway' });
  });

  it('hands back a non-JSON error body as text', async () => {
    const { client } = setup(() => new Response('upstream down', { status: 503 }));
    const { data, error } = await client.GET('/api/v1/users/me/');
    expect(data).toBeUndefined();
    expect(error).toBe('upstream down');
  });

  it('calls onUnauthorized on a 401 and still returns the error body', async () => {
    const { client, unauthorized } = setup(() => json(401, { detail: 'Token ungültig' }));
    const { data, error } = await client.GET('/api/v1/users/me/');
    expect(data).toBeUndefined();
    expect(error).toEqual({ detail: 'Token ungültig' });
    expect(unauthorized).toHaveLength(1);
    expect(unauthorized[0]?.schemaPath).toBe('/api/v1/users/me/');
    expect(unauthorized[0]?.response.status).toBe(401);
  });

  it('calls onUnauthorized for a 401 without a body as well', async () => {
    const { client, unauthorized } = setup(() => new Response(null, { status: 401 }));
    const { error } = await client.GET('/api/v1/users/me/');
    expect(error).toEqual({ detail: 'HTTP 401' });
    expect(unauthorized).toHaveLength(1);
  });

  it.each([200, 201, 400, 403, 404, 429, 500])('does not call onUnauthorized on %i', async (status) => {
    const { client, unauthorized } = setup(() => json(status, { detail: 'x' }));
    await client.GET('/api/v1/users/me/');
    expect(unauthorized).toHaveLength(0);
  });

  it('uses the global fetch when none is injected', async () => {
    const original = globalThis.fetch;
    const { requests, fetch } = recordingFetch(() => json(200, emptyPage));
    globalThis.fetch = fetch as typeof globalThis.fetch;
    try {
      const client = createPortalClient({
        baseUrl: 'http://portal.test',
        getToken: () => 't',
        onUnauthorized: () => {},
      });
      const { data } = await client.GET('/api/v2/cms/content/', { params: { query: { page: 2 } } });
      expect(data).toEqual(emptyPage);
      expect(onlyRequest(requests).url).toBe('http://portal.test/api/v2/cms/content/?page=2');
    } finally {
      globalThis.fetch = original;
    }
  });
});

// The client's response types are mapped (openapi-fetch's Readable), which turns the contract's
// `Pagination & { results }` into one object type; equal in shape, but not to expectTypeOf.
type Flat<T> = { [K in keyof T]: T[K] };

describe('types', () => {
  it('derives entity types from the contract', async () => {
    const { client } = setup(() => json(200, emptyPage));
    const list = await client.GET('/api/v2/cms/content/');
    expectTypeOf(list.data).toEqualTypeOf<Flat<PaginatedContentList> | undefined>();
    expectTypeOf<NonNullable<typeof list.data>['results'][number]>().toEqualTypeOf<Content>();

    const me = await client.GET('/api/v1/users/me/');
    expectTypeOf(me.data).toEqualTypeOf<User | undefined>();

    const login = client.POST('/api/v1/sessions/', { body: { username: 'u', password: 'p' } });
    expectTypeOf<Awaited<typeof login>['data']>().toEqualTypeOf<TokenPair | undefined>();
  });
});
