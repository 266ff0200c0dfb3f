import { HELP_TOPIC_TITLES, HELP_TOPICS, type HelpAudience, type HelpTopicKey } from '@portal/domain';
import { articleFor } from './articleSource.ts';

/**
 * The help articles, one Markdown file per topic of spec §2 (`articles/<topic key>.md`). Each file is a chunk of its
 * own, loaded when its article is shown (or when the reader searches): the rest of the portal, /login first of all,
 * pays nothing for them.
 */
const SOURCES = import.meta.glob<string>('./articles/*.md', { query: '?raw', import: 'default' });

function loaderOf(key: HelpTopicKey): () => Promise<string> {
  const loader = SOURCES[`./articles/${key}.md`];
  if (!loader) throw new Error(`no help article for the topic '${key}'`);
  return loader;
}

/** The Markdown of a topic's article for one audience. */
export async function loadArticle(key: HelpTopicKey, audience: HelpAudience): Promise<string> {
  return articleFor(await loaderOf(key)(), audience);
}

export interface LoadedArticle {
  key: HelpTopicKey;
  title: string;
  source: string;
}

/** Every topic's article for one audience (KMZ users read the others' articles where they have none of their own). */
export async function loadAllArticles(
  audienceOf: (key: HelpTopicKey) => HelpAudience,
): Promise<LoadedArticle[]> {
  return Promise.all(
    HELP_TOPICS.map(async (topic) => ({
      key: topic.key,
      title: HELP_TOPIC_TITLES[topic.key],
      source: await loadArticle(topic.key, audienceOf(topic.key)),
    })),
  );
}
