import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_FACTS } from '../db/seed.ts';
import { bearer, createTestServer, login, type TestServer } from '../test/testServer.ts';

interface Content {
  id: number;
  title: string;
  contentType: string;
  format: string | null;
  minAge: number | null;
  maxAge: number | null;
  languages: string[];
  category: { id: number; name: string } | null;
  owner: { id: number; name: string };
  sharedWith: number[];
  previewImage: string | null;
  documentFiles?: { id: number; fileName: string }[];
}
interface Page {
  count: number;
  results: Content[];
}

let server: TestServer;
let uploadDir: string;
let tokens: Record<'admin' | 'lehrer' | 'zfsl', string>;
let orgIds: Record<'kmz' | 'gymnasium' | 'zfsl', number>;

beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'portal-uploads-'));
  process.env.UPLOAD_DIR = uploadDir;
  server = await createTestServer();
  tokens = {
    admin: (await login(server.app, 'admin@kmz.example')).access,
    lehrer: (await login(server.app, 'lehrer@schule.example')).access,
    zfsl: (await login(server.app, 'zfsl@zfsl.example')).access,
  };
  const me = async (token: string) =>
    (await server.app.inject({ url: '/api/v1/users/me/', headers: bearer(token) })).json<{
      organisations: { id: number }[];
    }>().organisations[0]?.id ?? 0;
  orgIds = { kmz: await me(tokens.admin), gymnasium: await me(tokens.lehrer), zfsl: await me(tokens.zfsl) };
});
afterAll(async () => {
  await server?.close();
  rmSync(uploadDir, { recursive: true, force: true });
  delete process.env.UPLOAD_DIR;
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  server.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function list(query: string, token?: string): Promise<Page> {
  const response = await call('GET', `/api/v2/cms/content/${query}`, token);
  expect(response.statusCode).toBe(200);
  return response.json<Page>();
}
const titles = (page: Page) => page.results.map((c) => c.title);

async function create(token: string, fields: object): Promise<Content> {
  const response = await call('POST', '/api/v1/cms/content/', token, fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Content>();
}

describe('listContent filters', () => {
  it('filters by format with the 180°/360° rule of spec §3', async () => {
    const all = await list('?page_size=100', tokens.lehrer);
    const is180 = (f: string | null) => f === '180' || f === '3D180_LR' || f === '3D180_TB';
    const p180 = await list('?format=180&page_size=100', tokens.lehrer);
    const p360 = await list('?format=360&page_size=100', tokens.lehrer);
    expect(p180.count).toBe(all.results.filter((c) => is180(c.format)).length);
    expect(p180.results.every((c) => is180(c.format))).toBe(true);
    expect(p360.results.every((c) => c.format !== null && !is180(c.format))).toBe(true);
    // Items without a projection (apps, web apps) carry no 180°/360° label, so neither filter lists them.
    expect(p180.count + p360.count).toBe(all.results.filter((c) => c.format !== null).length);
    expect(all.results.some((c) => c.format === null)).toBe(true);
    expect(titles(p180)).toContain('Korallenriff'); // 3D180_LR
  });

  it('filters by an age that must lie in the item’s range', async () => {
    const page = await list('?age=9&page_size=100');
    expect(page.count).toBeGreaterThan(0);
    for (const c of page.results) {
      expect(c.minAge === null && c.maxAge === null).toBe(false);
      expect(c.minAge ?? 0).toBeLessThanOrEqual(9);
      expect(c.maxAge ?? 99).toBeGreaterThanOrEqual(9);
    }
    expect(titles(page)).toContain('Korallenriff'); // 8–14
    expect(titles(page)).not.toContain('Unterwegs im Sonnensystem'); // 10–16
  });

  it('filters by category and language', async () => {
    const categories = (await call('GET', '/api/v2/cms/content-category/')).json<
      { id: number; name: string }[]
    >();
    const history = categories.find((c) => c.name === 'Geschichte');
    expect(history).toBeDefined();
    const page = await list(`?category=${history?.id}&page_size=100`);
    expect(page.count).toBeGreaterThan(0);
    expect(page.results.every((c) => c.category?.name === 'Geschichte')).toBe(true);
    const english = await list('?language=en&page_size=100');
    expect(english.count).toBeGreaterThan(0);
    expect(english.results.every((c) => c.languages.includes('en'))).toBe(true);
    expect(titles(english)).not.toContain('Korallenriff');
  });

  it('scope=own lists the teacher’s organisation’s content, scope=shared what others share with it', async () => {
    const own = await list('?scope=own&page_size=100', tokens.lehrer);
    expect(own.count).toBeGreaterThan(0);
    expect(own.results.every((c) => c.owner.name === 'Gymnasium Demo')).toBe(true);
    expect(titles(own)).toContain(SEED_FACTS.gymnasiumPrivateTitle);
    const shared = await list('?scope=shared&page_size=100', tokens.lehrer);
    expect(titles(shared)).toEqual([SEED_FACTS.zfslSharedWithGymnasiumTitle]);
    expect(shared.results[0]?.sharedWith).toContain(orgIds.gymnasium);
  });

  it('refuses invalid filter values with German field errors, not 500', async () => {
    const response = await call('GET', '/api/v2/cms/content/?format=90&age=abc');
    expect(response.statusCode).toBe(400);
    const body = response.json<Record<string, string[]>>();
    expect(body.format?.[0]).toMatch(/Ungültige Auswahl/);
    expect(body.age?.[0]).toBe('Bitte geben Sie eine ganze Zahl ein.');
  });
});

describe('lookup lists', () => {
  it('lists languages with German names, sorted', async () => {
    const response = await call('GET', '/api/v2/cms/languages/');
    expect(response.statusCode).toBe(200);
    const languages = response.json<{ code: string; name: string }[]>();
    expect(languages).toContainEqual({ code: 'de', name: 'Deutsch' });
    expect(languages).toContainEqual({ code: 'en', name: 'Englisch' });
    const names = languages.map((l) => l.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
  });

  it('lists the seeded categories', async () => {
    const categories = (await call('GET', '/api/v2/cms/content-category/')).json<{ name: string }[]>();
    expect(categories.map((c) => c.name)).toContain('Naturwissenschaften');
  });
});

describe('getContent', () => {
  it('shows visible items and answers 404 for invisible ones', async () => {
    const all = await list('?page_size=100', tokens.lehrer);
    const privateItem = all.results.find((c) => c.title === SEED_FACTS.gymnasiumPrivateTitle);
    expect(privateItem).toBeDefined();
    const asTeacher = await call('GET', `/api/v2/cms/content/${privateItem?.id}/`, tokens.lehrer);
    expect(asTeacher.statusCode).toBe(200);
    expect(asTeacher.json<Content>().title).toBe(SEED_FACTS.gymnasiumPrivateTitle);
    expect(asTeacher.json<Content>().documentFiles).toEqual([]);
    expect((await call('GET', `/api/v2/cms/content/${privateItem?.id}/`)).statusCode).toBe(404);
    expect((await call('GET', `/api/v2/cms/content/${privateItem?.id}/`, tokens.zfsl)).statusCode).toBe(404);
    expect((await call('GET', '/api/v2/cms/content/999999/')).statusCode).toBe(404);
  });
});

describe('createContent / updateContent / deleteContent', () => {
  it('creates a video owned by the caller’s organisation, visible to it but not to others', async () => {
    const created = await create(tokens.lehrer, {
      title: '  Geysire in Island ',
      contentType: 'video',
      format: '3D180_TB',
      minAge: 10,
      maxAge: 14,
      languages: ['de'],
    });
    expect(created.title).toBe('Geysire in Island');
    expect(created.owner.name).toBe('Gymnasium Demo');
    expect(titles(await list('?search=Geysire', tokens.lehrer))).toEqual(['Geysire in Island']);
    expect((await list('?search=Geysire', tokens.zfsl)).count).toBe(0);
    expect((await list('?search=Geysire')).count).toBe(0);
  });

  it('refuses invalid items with German field errors', async () => {
    const app = await call('POST', '/api/v1/cms/content/', tokens.lehrer, {
      title: 'App ohne Paket',
      contentType: 'app',
      minAge: 12,
      maxAge: 8,
    });
    expect(app.statusCode).toBe(400);
    expect(app.json()).toEqual({
      maxAge: ['Das Höchstalter darf nicht kleiner als das Mindestalter sein.'],
      packageName: ['Für Apps ist ein Paketname erforderlich.'],
    });
    const webApp = await call('POST', '/api/v1/cms/content/', tokens.lehrer, {
      title: 'Web',
      contentType: 'webApp',
    });
    expect(webApp.json()).toEqual({ url: ['Für Web-Apps ist eine URL erforderlich.'] });
    const missing = await call('POST', '/api/v1/cms/content/', tokens.lehrer, { contentType: 'video' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ title: ['Dieses Feld ist erforderlich.'] });
    const blank = await call('POST', '/api/v1/cms/content/', tokens.lehrer, {
      title: '   ',
      contentType: 'video',
    });
    expect(blank.json()).toEqual({ title: ['Dieses Feld darf nicht leer sein.'] });
    const unknown = await call('POST', '/api/v1/cms/content/', tokens.lehrer, {
      title: 'X',
      contentType: 'video',
      languages: ['xx'],
      categoryId: 9999,
      isPublic: true,
      ownerId: orgIds.zfsl,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ ownerId: ['Sie gehören dieser Organisation nicht an.'] });
    const unknown2 = await call('POST', '/api/v1/cms/content/', tokens.lehrer, {
      title: 'X',
      contentType: 'video',
      languages: ['xx'],
      categoryId: 9999,
      isPublic: true,
    });
    expect(unknown2.json()).toEqual({
      categoryId: ['Diese Kategorie gibt es nicht.'],
      languages: ['Die Sprache „xx“ gibt es nicht.'],
      isPublic: ['Nur Inhalts-Administratoren dürfen Inhalte für alle sichtbar machen.'],
    });
    expect(
      (await call('POST', '/api/v1/cms/content/', undefined, { title: 'X', contentType: 'video' }))
        .statusCode,
    ).toBe(401);
  });

  it('lets only the owner change, share and delete (403 when visible, 404 when not)', async () => {
    const item = await create(tokens.lehrer, { title: 'Nur für uns', contentType: 'video' });
    const url = `/api/v1/cms/content/${item.id}/`;
    // Invisible to the ZfsL: 404 so ids cannot be probed.
    expect((await call('PATCH', url, tokens.zfsl, { title: 'Übernommen' })).statusCode).toBe(404);
    expect((await call('DELETE', url, tokens.zfsl)).statusCode).toBe(404);
    const share = await call('POST', `${url}add-share/`, tokens.lehrer, { organisation_ids: [orgIds.zfsl] });
    expect(share.statusCode).toBe(200);
    expect(share.json<Content>().sharedWith).toEqual([orgIds.zfsl]);
    // Shared with the ZfsL: visible there, read-only.
    expect(titles(await list('?scope=shared&page_size=100', tokens.zfsl))).toContain('Nur für uns');
    const patch = await call('PATCH', url, tokens.zfsl, { title: 'Übernommen' });
    expect(patch.statusCode).toBe(403);
    expect(patch.json().detail).toBe('Nur die Organisation, der dieser Inhalt gehört, darf ihn ändern.');
    expect((await call('DELETE', url, tokens.zfsl)).statusCode).toBe(403);
    expect(
      (await call('POST', `${url}add-share/`, tokens.zfsl, { organisation_ids: [orgIds.kmz] })).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/v2/cms/content/${item.id}/`, tokens.lehrer)).json<Content>().title).toBe(
      'Nur für uns',
    );

    const changed = await call('PATCH', url, tokens.lehrer, {
      title: 'Für uns und andere',
      minAge: 6,
      maxAge: 9,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Content>()).toMatchObject({ title: 'Für uns und andere', minAge: 6, maxAge: 9 });
    const badAge = await call('PATCH', url, tokens.lehrer, { minAge: 12 });
    expect(badAge.json()).toEqual({
      maxAge: ['Das Höchstalter darf nicht kleiner als das Mindestalter sein.'],
    });

    const unshare = await call('POST', `${url}remove-share/`, tokens.lehrer, {
      organisation_ids: [orgIds.zfsl],
    });
    expect(unshare.json<Content>().sharedWith).toEqual([]);
    expect((await call('GET', `/api/v2/cms/content/${item.id}/`, tokens.zfsl)).statusCode).toBe(404);

    expect((await call('DELETE', url, tokens.lehrer)).statusCode).toBe(204);
    expect((await call('GET', `/api/v2/cms/content/${item.id}/`, tokens.lehrer)).statusCode).toBe(404);
  });

  it('lets a member who is no content administrator edit an item that is public already', async () => {
    const item = await create(tokens.lehrer, { title: 'Schon öffentlich', contentType: 'video' });
    await server.database.pool.query('update contents set is_public = true where id = $1', [item.id]);
    const edit = await call('PATCH', `/api/v1/cms/content/${item.id}/`, tokens.lehrer, {
      title: 'Schon öffentlich (neu)',
      isPublic: true,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const hide = await call('PATCH', `/api/v1/cms/content/${item.id}/`, tokens.lehrer, { isPublic: false });
    expect(hide.json().isPublic).toBe(false);
    const again = await call('PATCH', `/api/v1/cms/content/${item.id}/`, tokens.lehrer, { isPublic: true });
    expect(again.statusCode).toBe(400);
  });

  it('refuses shares with unknown organisations or the owner itself', async () => {
    const item = await create(tokens.lehrer, { title: 'Teilbar', contentType: 'video' });
    const unknown = await call('POST', `/api/v1/cms/content/${item.id}/add-share/`, tokens.lehrer, {
      organisation_ids: [orgIds.zfsl, 9999],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ organisation_ids: ['Diese Organisationen gibt es nicht: 9999.'] });
    const own = await call('POST', `/api/v1/cms/content/${item.id}/add-share/`, tokens.lehrer, {
      organisation_ids: [orgIds.gymnasium],
    });
    expect(own.statusCode).toBe(400);
    const after = await call('GET', `/api/v2/cms/content/${item.id}/`, tokens.lehrer);
    expect(after.json<Content>().sharedWith).toEqual([]);
  });
});
