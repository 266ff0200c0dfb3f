import type { HelpTopicKey } from '@portal/domain';
import type { LoadedArticle } from './articles.ts';
import { parseArticle, sectionsOf, spellOutGerman } from './markdown.ts';

/**
 * A small full-text index of the help articles, built in the browser when the reader first searches: every section
 * (a heading and its text) is one entry. A query's words must all occur in the entry, anywhere inside a word, so
 * 'speicher' finds 'Speicherplatz' and 'offline' the section 'Eine VR-Brille ist offline'. Case, umlauts and accents
 * do not matter ('geraet', 'Gerät' and 'gerat' find each other).
 */

export interface HelpSearchHit {
  topic: HelpTopicKey;
  topicTitle: string;
  section: string;
  title: string;
  /** Up to about 160 characters of the section's text around the first match. */
  excerpt: string;
}

interface Searchable {
  text: string;
  /** The same with 'ae', 'oe', 'ue' folded to 'a', 'o', 'u', for the typist who leaves the umlaut out. */
  folded: string;
  words: Set<string>;
}

interface Entry extends HelpSearchHit {
  order: number;
  title: string;
  text: string;
  searchTitle: Searchable;
  searchText: Searchable;
}

/** Lower case, umlauts and ß spelt out, accents dropped: both the index and the query go through this. */
export function normaliseForSearch(text: string): string {
  return spellOutGerman(text).replace(/\p{M}/gu, '');
}

const WORD_SPLIT = /[^\p{L}\p{N}]+/u;

/** Words of at least two characters; 'ae' for 'ä' also matches the plain 'a' a hurried typist writes. */
function queryTerms(query: string): string[] {
  return normaliseForSearch(query)
    .split(WORD_SPLIT)
    .filter((term) => term.length >= 2);
}

function searchable(text: string): Searchable {
  const normalised = normaliseForSearch(text);
  const folded = normalised.replace(/([aou])e/g, '$1');
  return {
    text: normalised,
    folded,
    words: new Set([...normalised.split(WORD_SPLIT), ...folded.split(WORD_SPLIT)]),
  };
}

/** How well a term fits: 3 a whole word, 2 the start of a word, 1 inside a word ('platz' in 'speicherplatz'), 0 not. */
function fit(haystack: Searchable, term: string): number {
  if (haystack.words.has(term)) return 3;
  if ([...haystack.words].some((word) => word.startsWith(term))) return 2;
  return haystack.text.includes(term) || haystack.folded.includes(term) ? 1 : 0;
}

const EXCERPT_LENGTH = 160;

function excerptOf(text: string, normalisedText: string, term: string | undefined): string {
  if (text.length <= EXCERPT_LENGTH) return text;
  // Normalising keeps the length of every character but ä, ö, ü and ß: close enough to place the excerpt.
  const at = term ? Math.max(0, normalisedText.indexOf(term)) : 0;
  const near = Math.max(0, Math.min(at - 40, text.length - EXCERPT_LENGTH));
  // Whole words only: from the word after the cut to the last word before it.
  const start = near === 0 ? 0 : text.indexOf(' ', near) + 1 || near;
  const end = start + EXCERPT_LENGTH;
  const slice = end < text.length ? text.slice(start, text.lastIndexOf(' ', end)) : text.slice(start);
  return `${start > 0 ? '… ' : ''}${slice.trim()}${end < text.length ? ' …' : ''}`;
}

export interface HelpIndex {
  search(query: string, limit?: number): HelpSearchHit[];
}

export function createHelpIndex(articles: readonly LoadedArticle[]): HelpIndex {
  const entries: Entry[] = [];
  for (const article of articles) {
    for (const section of sectionsOf(parseArticle(article.source))) {
      entries.push({
        topic: article.key,
        topicTitle: article.title,
        section: section.id,
        title: section.title,
        excerpt: '',
        text: section.text,
        order: entries.length,
        searchTitle: searchable(`${section.title} ${article.title}`),
        searchText: searchable(section.text),
      });
    }
  }
  return {
    search(query, limit = 20) {
      const terms = queryTerms(query);
      if (terms.length === 0) return [];
      return entries
        .flatMap((entry) => {
          let score = 0;
          for (const term of terms) {
            // A word of the heading weighs more than any number of mentions in the text.
            const points = 10 * fit(entry.searchTitle, term) || fit(entry.searchText, term);
            if (points === 0) return [];
            score += points;
          }
          return [{ entry, score }];
        })
        .sort((a, b) => b.score - a.score || a.entry.order - b.entry.order)
        .slice(0, limit)
        .map(({ entry }) => ({
          topic: entry.topic,
          topicTitle: entry.topicTitle,
          section: entry.section,
          title: entry.title,
          excerpt: excerptOf(entry.text, entry.searchText.text, terms[0]),
        }));
    },
  };
}
