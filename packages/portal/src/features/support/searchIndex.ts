import type { HelpTopicKey } from '@portal/domain';
import type { LoadedArticle } from './articles.ts';
import { parseArticle, sectionsOf } from './markdown.ts';

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

interface Entry extends HelpSearchHit {
  order: number;
  normalisedTitle: string;
  normalisedText: string;
  text: string;
}

/** Lower case, umlauts and ß spelt out, accents dropped: both the index and the query go through this. */
export function normaliseForSearch(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
}

/** Words of at least two characters; 'ae' for 'ä' also matches the plain 'a' a hurried typist writes. */
function queryTerms(query: string): string[] {
  return normaliseForSearch(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((term) => term.length >= 2);
}

function occurs(haystack: string, term: string): boolean {
  return haystack.includes(term) || haystack.replace(/([aou])e/g, '$1').includes(term);
}

const EXCERPT_LENGTH = 160;

function excerptOf(text: string, normalisedText: string, term: string | undefined): string {
  if (text.length <= EXCERPT_LENGTH) return text;
  // Normalising keeps the length of every character but ä, ö, ü and ß: close enough to place the excerpt.
  const at = term ? Math.max(0, normalisedText.indexOf(term)) : 0;
  const start = Math.max(0, Math.min(at - 40, text.length - EXCERPT_LENGTH));
  const end = start + EXCERPT_LENGTH;
  return `${start > 0 ? '… ' : ''}${text.slice(start, end).trim()}${end < text.length ? ' …' : ''}`;
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
        normalisedTitle: normaliseForSearch(`${section.title} ${article.title}`),
        normalisedText: normaliseForSearch(section.text),
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
            const inTitle = occurs(entry.normalisedTitle, term);
            if (!inTitle && !occurs(entry.normalisedText, term)) return [];
            score += inTitle ? 10 : 1;
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
          excerpt: excerptOf(entry.text, entry.normalisedText, terms[0]),
        }));
    },
  };
}
