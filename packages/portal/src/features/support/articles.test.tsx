import { readdirSync, readFileSync } from 'node:fs';
import { HELP_TOPICS, type HelpAudience, type HelpTopicKey, KMZ_HELP_TOPICS } from '@portal/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HELP_FIXES } from '../../lib/HelpFixLink.tsx';
import { loadAllArticles, loadArticle } from './articles.ts';
import { MarkdownArticle } from './MarkdownArticle.tsx';
import { parseArticle, sectionsOf, type Token } from './markdown.ts';
import { createHelpIndex } from './searchIndex.ts';

/** Every article a reader can get: each topic for administrators and the others, /products for KMZ users too. */
const ARTICLES: [HelpTopicKey, HelpAudience][] = HELP_TOPICS.flatMap((topic) => [
  [topic.key, 'mitglieder'] as [HelpTopicKey, HelpAudience],
  [topic.key, 'administratoren'] as [HelpTopicKey, HelpAudience],
  ...(KMZ_HELP_TOPICS.includes(topic.key) ? [[topic.key, 'kmz'] as [HelpTopicKey, HelpAudience]] : []),
]);

async function tokensOf(topic: HelpTopicKey, audience: HelpAudience): Promise<Token[]> {
  return parseArticle(await loadArticle(topic, audience));
}

const inlineTokens = (tokens: readonly Token[]) => tokens.flatMap((token) => token.children ?? []);

/** Every German text of the portal's pages: a button or field an article names must be one of them. */
const UI_TEXTS: RegExp[] = (() => {
  const directory = new URL('../../../public/locales/de/', import.meta.url);
  const texts: string[] = [];
  const collect = (node: unknown) => {
    if (typeof node === 'string') texts.push(node);
    else if (node && typeof node === 'object') Object.values(node).forEach(collect);
  };
  for (const file of readdirSync(directory))
    collect(JSON.parse(readFileSync(new URL(file, directory), 'utf8')));
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return texts.map(
    (text) =>
      new RegExp(
        `^${text
          .split(/\{\{\w+\}\}/)
          .map(literal)
          .join('.+')}$`,
        'u',
      ),
  );
})();

describe('the help articles (spec §2)', () => {
  it('are one file per topic, and every file is a topic', () => {
    const files = readdirSync(new URL('./articles/', import.meta.url)).map((file) =>
      file.replace(/\.md$/, ''),
    );
    expect(files.sort()).toEqual(HELP_TOPICS.map((topic) => topic.key).sort());
  });

  it.each(ARTICLES)(
    '%s for %s says what the page is for, then has sections, and renders',
    async (topic, audience) => {
      const tokens = await tokensOf(topic, audience);
      expect(tokens[0]?.type, 'an introduction before the first heading').toBe('paragraph_open');
      expect(sectionsOf(tokens).length).toBeGreaterThan(0);
      const html = renderToStaticMarkup(
        <MemoryRouter>
          <MarkdownArticle tokens={tokens} />
        </MemoryRouter>,
      );
      expect(html).not.toMatch(/:::|\{#/);
    },
  );

  it.each(ARTICLES)(
    '%s for %s names only buttons and fields the portal has (bold = a UI text)',
    async (topic, audience) => {
      const children = inlineTokens(await tokensOf(topic, audience));
      const bold: string[] = [];
      children.forEach((child, index) => {
        if (child.type !== 'strong_open') return;
        const text = children[index + 1];
        if (text?.type === 'text') bold.push(text.content);
      });
      for (const text of bold)
        expect(
          UI_TEXTS.some((ui) => ui.test(text)),
          `**${text}**`,
        ).toBe(true);
    },
  );

  it.each(ARTICLES)('%s for %s links only to sections that exist', async (topic, audience) => {
    const own = new Set(sectionsOf(await tokensOf(topic, audience)).map((s) => s.id));
    const links = inlineTokens(await tokensOf(topic, audience))
      .filter((token) => token.type === 'link_open')
      .map((token) => String(token.attrGet('href')));
    for (const href of links) {
      if (href.startsWith('#')) {
        expect(own.has(href.slice(1)), href).toBe(true);
        continue;
      }
      const url = new URL(href, 'http://portal.test');
      if (url.pathname !== '/support') continue;
      const target = HELP_TOPICS.find((t) => t.key === url.searchParams.get('thema'))?.key;
      expect(target, href).toBeDefined();
      if (!target || !url.hash) continue;
      // A link without `fuer` opens the reader's own article: the section must be in every one of them.
      for (const reader of ['mitglieder', 'administratoren'] as const) {
        const ids = sectionsOf(await tokensOf(target, reader)).map((s) => s.id);
        expect(ids, `${href} for ${reader}`).toContain(url.hash.slice(1));
      }
    }
  });

  it('explain every problem the portal links to, for every audience, under the spec’s names', async () => {
    const titles: Record<string, string> = {
      offline: 'Eine VR-Brille ist offline',
      contentMissing: 'Inhalt fehlt auf der VR-Brille',
      softwareTooOld: 'Software zu alt',
      storageExceeded: 'Speicher reicht nicht',
      loginLocked: 'Login gesperrt',
    };
    for (const [fix, { topic, section }] of Object.entries(HELP_FIXES)) {
      for (const [key, audience] of ARTICLES.filter(([key]) => key === topic)) {
        const found = sectionsOf(await tokensOf(key, audience)).find((s) => s.id === section);
        expect(found, `${fix}: ${topic}#${section} for ${audience}`).toBeDefined();
        if (titles[fix]) expect(found?.title).toBe(titles[fix]);
      }
    }
  });

  it('differ by audience: administrators read what only they can do, KMZ users their own /products', async () => {
    const text = async (topic: HelpTopicKey, audience: HelpAudience) => loadArticle(topic, audience);
    expect(await text('products-devices', 'administratoren')).toContain('**VR-Brille hinzufügen**');
    expect(await text('products-devices', 'mitglieder')).not.toContain('**VR-Brille hinzufügen**');
    expect(await text('portal', 'administratoren')).toContain('**Mitglieder einladen**');
    expect(await text('portal', 'mitglieder')).not.toContain('**Mitglieder einladen**');
    expect(await text('products', 'kmz')).toContain('Als Kreismedienzentrum VR-Brillen verleihen');
    expect(await text('products', 'administratoren')).not.toContain('Als Kreismedienzentrum');
    for (const topic of HELP_TOPICS) {
      expect(await text(topic.key, 'administratoren'), topic.key).not.toBe(
        await text(topic.key, 'mitglieder'),
      );
    }
  });
});

describe('searching the help', () => {
  it('finds the offline fix for "offline", and words inside compounds, whatever the umlauts', async () => {
    const index = createHelpIndex(await loadAllArticles(() => 'mitglieder'));
    const [first] = index.search('offline');
    expect(first).toMatchObject({
      topic: 'products-devices',
      section: 'offline',
      title: 'Eine VR-Brille ist offline',
    });
    expect(index.search('speicher')[0]).toMatchObject({
      topic: 'configuration-detail',
      section: 'speicher-reicht-nicht',
    });
    expect(index.search('Login gesperrt')[0]).toMatchObject({ topic: 'portal', section: 'login-gesperrt' });
    expect(index.search('kopplungscode').length).toBeGreaterThan(0);
    expect(index.search('Speicherplatz').map((hit) => hit.topic)).toContain('library-new');
    expect(index.search('gerat').length).toBe(index.search('gerät').length);
    expect(index.search('qwertzuiop')).toEqual([]);
    expect(index.search(' ')).toEqual([]);
  });

  it('searches the reader’s articles: administrators find what only they do', async () => {
    const members = createHelpIndex(await loadAllArticles(() => 'mitglieder'));
    const administrators = createHelpIndex(await loadAllArticles(() => 'administratoren'));
    expect(members.search('Mitglieder einladen').some((hit) => hit.topic === 'portal')).toBe(false);
    expect(administrators.search('Mitglieder einladen').some((hit) => hit.topic === 'portal')).toBe(true);
  });
});
