/**
 * Help topics of spec §2: which support topic the help button opens on a page. The spec gives titles but no
 * topic ids (those also vary by administrator and, under /products, by KMZ users), so each topic gets a stable
 * key of ours. The titles are in helpTitles.ts: every page's help link needs the patterns, only the support page the
 * titles (the portal shows them from its translations).
 */

export const HELP_TOPICS = [
  { pattern: '/', key: 'portal' },
  { pattern: '/library', key: 'library' },
  { pattern: '/library/new', key: 'library-new' },
  { pattern: '/library/{id}', key: 'library-detail' },
  { pattern: '/library/{id}/edit', key: 'library-edit' },
  { pattern: '/products/devices', key: 'products-devices' },
  { pattern: '/products', key: 'products' },
  { pattern: '/configurations', key: 'configurations' },
  { pattern: '/configurations/{id}', key: 'configuration-detail' },
  { pattern: '/moderate', key: 'moderate' },
  { pattern: '/administration', key: 'administration' },
  { pattern: '/support', key: 'support' },
  { pattern: '/groups', key: 'groups' },
  { pattern: '/groups/new', key: 'groups-new' },
  { pattern: '/groups/{id}', key: 'group-detail' },
  { pattern: '/groups/{id}/edit', key: 'group-edit' },
] as const;

export type HelpTopicKey = (typeof HELP_TOPICS)[number]['key'];

/**
 * Ours, not the spec's: the portal's routes (spec §2) keep headsets and playlists under /dashboard, while the
 * help mapping names /products/devices and /configurations. These send the portal's pages to those topics.
 */
export const HELP_TOPIC_ALIASES: readonly { pattern: string; key: HelpTopicKey }[] = [
  // The overview of headsets and playlists is the portal's 'Produktverwaltung - Allgemein' (/products leads there);
  // the account pages below it are the portal's own business.
  { pattern: '/dashboard', key: 'products' },
  { pattern: '/dashboard/profile', key: 'portal' },
  { pattern: '/dashboard/settings', key: 'portal' },
  { pattern: '/dashboard/devices', key: 'products-devices' },
  { pattern: '/dashboard/configurations', key: 'configurations' },
  { pattern: '/dashboard/configurations/{id}', key: 'configuration-detail' },
];

function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/** Null when the pattern is no prefix of the path; else how well it fits: more segments, then more literals. */
function fit(pattern: string[], path: string[]): [number, number] | null {
  if (pattern.length > path.length) return null;
  let literals = 0;
  for (let i = 0; i < pattern.length; i += 1) {
    const want = pattern[i];
    if (want === '{id}') continue;
    if (want !== path[i]) return null;
    literals += 1;
  }
  return [pattern.length, literals];
}

/**
 * The topic for a pathname (query and hash are ignored). The most specific match wins: the pattern covering
 * the most path segments, and among those the one with the most literal segments ('/library/new' beats
 * '/library/{id}'). Deeper unknown paths fall back to their closest parent ('/library/5/preview' →
 * 'Mediathek - Details'); everything else is 'Portal'.
 */
export function helpTopicForPath(pathname: string): HelpTopicKey {
  const path = segments(pathname.split(/[?#]/)[0] ?? '');
  const candidates = [...HELP_TOPICS, ...HELP_TOPIC_ALIASES];
  let best: { key: HelpTopicKey; score: [number, number] } = { key: 'portal', score: [0, 0] };
  for (const candidate of candidates) {
    const score = fit(segments(candidate.pattern), path);
    if (!score) continue;
    const [length, literals] = score;
    if (length > best.score[0] || (length === best.score[0] && literals > best.score[1])) {
      best = { key: candidate.key, score };
    }
  }
  return best.key;
}

/**
 * Query of the support page a help link opens (ours: the spec names no ids): `thema` = the topic key, and
 * `fuer=administratoren` for administrators, whose help differs (spec §2), or `fuer=kmz` for KMZ users on the
 * topic whose help differs for them.
 */
export const HELP_LINK_PARAMS = {
  topic: 'thema',
  audience: 'fuer',
  administrators: 'administratoren',
  kmz: 'kmz',
} as const;

/**
 * Whom a help article is written for: administrators, KMZ users (only for 'Produktverwaltung - Allgemein') and
 * everybody else ('mitglieder': members and visitors), the one article without a `fuer` parameter.
 */
export type HelpAudience =
  | 'mitglieder'
  | (typeof HELP_LINK_PARAMS)['administrators']
  | (typeof HELP_LINK_PARAMS)['kmz'];

/** The topics whose help differs for KMZ users (spec §2: /products). */
export const KMZ_HELP_TOPICS: readonly HelpTopicKey[] = ['products'];

/**
 * Spec §2: the help depends on whether the reader is an administrator, and for /products on whether they are a KMZ
 * user. A KMZ user's article there serves KMZ administrators too (their media centre is what it is about).
 */
export function helpAudienceFor(
  key: HelpTopicKey,
  reader: { isAdministrator: boolean; isKmzUser: boolean },
): HelpAudience {
  if (reader.isKmzUser && KMZ_HELP_TOPICS.includes(key)) return 'kmz';
  return reader.isAdministrator ? 'administratoren' : 'mitglieder';
}

/**
 * The support page's address for a topic and audience, optionally at one section of the article
 * ('/support?thema=products-devices&fuer=administratoren#offline').
 */
export function helpHref(key: HelpTopicKey, audience: HelpAudience, section?: string): string {
  const query = new URLSearchParams({ [HELP_LINK_PARAMS.topic]: key });
  // The audiences' names are the parameter's values ('administratoren', 'kmz'); everybody else's article has none.
  if (audience !== 'mitglieder') query.set(HELP_LINK_PARAMS.audience, audience);
  return `/support?${query}${section ? `#${section}` : ''}`;
}
