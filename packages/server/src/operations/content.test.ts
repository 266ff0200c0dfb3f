import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_FACTS } from '../db/seed.ts';
import { bearer, createTestServer, login, type TestServer } from '../test/testServer.ts';

interface ContentItem {
  id: number;
  title: string;
  contentType: string;
  owner: { id: number; name: string };
  sharedWith: number[];
  isPublic: boolean;
  created_at: string;
}
interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: ContentItem[];
}

let server: TestServer;
let tokens: Record<'lehrer' | 'zfsl', string>;

beforeAll(async () => {
  server = await createTestServer();
  tokens = {
    lehrer: (await login(server.app, 'lehrer@schule.example')).access,
    zfsl: (await login(server.app, 'zfsl@zfsl.example')).access,
  };
});
afterAll(() => server?.close());

async function list(query: string, token?: string): Promise<Page> {
  const response = await server.app.inject({
    url: `/api/v2/cms/content/${query}`,
    headers: token ? bearer(token) : {},
  });
  expect(response.statusCode).toBe(200);
  return response.json<Page>();
}

const titles = (page: Page) => page.results.map((c) => c.title);

describe('listContent', () => {
  it('shows anonymous callers public content only, newest first, 24 per page', async () => {
    const page = await list('');
    expect(page.count).toBe(SEED_FACTS.publicContentCount);
    expect(page.results).toHaveLength(Math.min(24, SEED_FACTS.publicContentCount));
    expect(page.results.every((c) => c.isPublic)).toBe(true);
    expect(page.results.every((c) => c.owner.name === 'Kreismedienzentrum Demo')).toBe(true);
    const dates = page.results.map((c) => c.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(page.previous).toBeNull();
  });

  it('shows the teacher the Gymnasium’s private content and content shared with it, but not other private content', async () => {
    const page = await list('?page_size=100', tokens.lehrer);
    expect(titles(page)).toContain(SEED_FACTS.gymnasiumPrivateTitle);
    expect(titles(page)).toContain(SEED_FACTS.zfslSharedWithGymnasiumTitle);
    expect(titles(page)).not.toContain(SEED_FACTS.zfslPrivateTitle);
    expect(page.count).toBeGreaterThan(SEED_FACTS.publicContentCount);
  });

  it('does not show the ZfsL the Gymnasium’s private content, only what the Gymnasium shared with it', async () => {
    const page = await list('?page_size=100', tokens.zfsl);
    expect(titles(page)).not.toContain(SEED_FACTS.gymnasiumPrivateTitle);
    expect(titles(page)).toContain(SEED_FACTS.gymnasiumSharedWithZfslTitle);
    expect(titles(page)).toContain(SEED_FACTS.zfslPrivateTitle);
    const shared = page.results.find((c) => c.title === SEED_FACTS.gymnasiumSharedWithZfslTitle);
    expect(shared?.owner.name).toBe('Gymnasium Demo');
    expect(shared?.sharedWith).toHaveLength(1);
  });

  it('pages with next/previous links that walk the whole list without overlap', async () => {
    const seen: string[] = [];
    let url: string | null = '?page_size=7&ordering=title';
    let pages = 0;
    while (url) {
      const page: Page = await list(url.includes('?') ? url.slice(url.indexOf('?')) : url, tokens.lehrer);
      seen.push(...titles(page));
      url = page.next;
      pages += 1;
      if (pages === 2) expect(page.previous).not.toBeNull();
    }
    const all = await list('?page_size=100&ordering=title', tokens.lehrer);
    expect(seen).toEqual(titles(all));
    expect(pages).toBe(Math.ceil(all.count / 7));
    const collator = new Intl.Collator('de', { sensitivity: 'base' });
    expect(seen).toEqual([...seen].sort((a, b) => collator.compare(a, b)));
  });

  it('filters by search (case-insensitive) and content type', async () => {
    const search = await list('?search=KORALLEN');
    expect(titles(search)).toEqual(['Korallenriff']);
    const webApps = await list('?content_type=webApp&page_size=100', tokens.lehrer);
    expect(webApps.count).toBeGreaterThan(0);
    expect(webApps.results.every((c) => c.contentType === 'webApp')).toBe(true);
    const wildcard = await list('?search=%25');
    expect(wildcard.count).toBe(0);
  });

  it('answers 404 beyond the last page', async () => {
    const response = await server.app.inject({ url: '/api/v2/cms/content/?page=99' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Ungültige Seite.' });
  });
});
