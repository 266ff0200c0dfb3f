import {
  HELP_LINK_PARAMS,
  HELP_TOPICS,
  type HelpAudience,
  type HelpTopicKey,
  KMZ_HELP_TOPICS,
} from './help.ts';

/**
 * Reading a support address (`/support?thema=…&fuer=…`), the other way of `helpHref` in help.ts: only the support
 * page reads one, so these live apart from the help link every page carries (the portal's first screen loads help.ts).
 */

/** The audience a support address asks for (`fuer`), when it is one the topic has; else null. */
export function helpAudienceOf(key: HelpTopicKey, value: string | null): HelpAudience | null {
  if (value === HELP_LINK_PARAMS.administrators) return 'administratoren';
  if (value === HELP_LINK_PARAMS.kmz && KMZ_HELP_TOPICS.includes(key)) return 'kmz';
  return null;
}

/** The topic a support address names (`thema`), or null when it names none of spec §2. */
export function helpTopicOf(value: string | null): HelpTopicKey | null {
  return HELP_TOPICS.find((topic) => topic.key === value)?.key ?? null;
}
