import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MarkdownArticle, UnsupportedMarkdown } from './MarkdownArticle.tsx';
import { parseArticle, sectionsOf, slugOf } from './markdown.ts';

function html(source: string): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <MarkdownArticle tokens={parseArticle(source)} />
    </MemoryRouter>,
  );
}

describe('help article Markdown', () => {
  it('gives headings the id they name, or one made of their words', () => {
    const tokens = parseArticle(
      '## Schritt für Schritt\n\n### Eine VR-Brille ist offline {#offline}\n\nText.',
    );
    expect(sectionsOf(tokens)).toEqual([
      { id: 'schritt-fuer-schritt', title: 'Schritt für Schritt', level: 2, text: '' },
      { id: 'offline', title: 'Eine VR-Brille ist offline', level: 3, text: 'Text.' },
    ]);
    expect(html('## Häufige Probleme\n\n### Eine VR-Brille ist offline {#offline}')).toContain(
      '<h3 id="offline" tabindex="-1"',
    );
    expect(slugOf('Größe & Speicher – zu wenig?')).toBe('groesse-speicher-zu-wenig');
  });

  it('numbers headings that would share an id', () => {
    const ids = sectionsOf(parseArticle('## Probleme\n\n## Probleme')).map((s) => s.id);
    expect(ids).toEqual(['probleme', 'probleme-2']);
  });

  it('shows raw HTML as text and makes no link of a script address', () => {
    const out = html('Vorsicht <script>alert(1)</script> und <b>fett</b>.\n\n[Klick](javascript:alert(1))');
    expect(out).not.toContain('<script>');
    expect(out).not.toContain('<b>');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).not.toContain('href="javascript:');
  });

  it('links the portal’s own addresses through the router and others to a new tab', () => {
    const out = html('[Hilfe](/support?thema=library) und [extern](https://example.org/)');
    expect(out).toContain('href="/support?thema=library"');
    expect(out).toMatch(/href="https:\/\/example.org\/" target="_blank" rel="noopener noreferrer"/);
  });

  it('refuses what articles do not use: a first-level heading, tables, images', () => {
    expect(() => html('# Titel')).toThrow(UnsupportedMarkdown);
    expect(() => html('| a | b |\n|---|---|\n| 1 | 2 |')).toThrow(UnsupportedMarkdown);
    expect(() => html('![Bild](/bild.png)')).toThrow(UnsupportedMarkdown);
  });
});
