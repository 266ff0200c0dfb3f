import MarkdownIt, { type Token } from 'markdown-it';

/**
 * The help articles' Markdown parser: markdown-it with raw HTML off (an article is text, never markup), no
 * autolinking, and ids on headings so that pages link to the section that fixes a problem
 * ('/support?thema=products-devices#offline'). A heading names its id at its end, `### Eine VR-Brille ist offline
 * {#offline}`, so the address survives a reworded heading; without one the id is made from the heading's words.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

const EXPLICIT_ID = /\s*\{#([a-z0-9-]+)\}\s*$/;

/**
 * Lower case with umlauts and ß spelt out ('Gerät' → 'geraet'), as German addresses write them, then decomposed
 * (NFKD), so an accent is a mark of its own after its letter. Heading ids and the search index both start here.
 */
export function spellOutGerman(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .normalize('NFKD');
}

/** 'Software zu alt – was nun?' → 'software-zu-alt-was-nun' (umlauts spelt out, as in German addresses). */
export function slugOf(text: string): string {
  return spellOutGerman(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

markdown.core.ruler.push('heading_ids', (state) => {
  const taken = new Set<string>();
  state.tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const inline = state.tokens[index + 1];
    if (inline?.type !== 'inline') return;
    const explicit = EXPLICIT_ID.exec(inline.content);
    if (explicit) {
      inline.content = inline.content.replace(EXPLICIT_ID, '');
      const last = inline.children?.at(-1);
      if (last?.type === 'text') last.content = last.content.replace(EXPLICIT_ID, '');
    }
    const base = explicit?.[1] ?? (slugOf(inline.content) || 'abschnitt');
    let id = base;
    for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
    taken.add(id);
    token.attrSet('id', id);
  });
});

export type { Token };

/** The article's tokens (block tokens; each `inline` token carries its children). */
export function parseArticle(source: string): Token[] {
  return markdown.parse(source, {});
}

/** The plain text of an inline token: what a reader sees, without the Markdown. */
export function plainText(inline: Token): string {
  return (inline.children ?? [])
    .map((child) => {
      if (child.type === 'text' || child.type === 'code_inline') return child.content;
      if (child.type === 'softbreak' || child.type === 'hardbreak') return ' ';
      return '';
    })
    .join('');
}

/** A section of an article: a heading and the text up to the next heading, for search and for links. */
export interface ArticleSection {
  id: string;
  title: string;
  level: number;
  text: string;
}

/** Every heading of the article with the text below it (the part before the first heading has no section). */
export function sectionsOf(tokens: readonly Token[]): ArticleSection[] {
  const sections: ArticleSection[] = [];
  tokens.forEach((token, index) => {
    if (token.type === 'heading_open') {
      const inline = tokens[index + 1];
      sections.push({
        id: String(token.attrGet('id') ?? ''),
        title: inline ? plainText(inline) : '',
        level: Number(token.tag.slice(1)),
        text: '',
      });
      return;
    }
    const current = sections.at(-1);
    if (token.type === 'inline' && current && tokens[index - 1]?.type !== 'heading_open') {
      current.text = current.text ? `${current.text} ${plainText(token)}` : plainText(token);
    }
  });
  return sections;
}
