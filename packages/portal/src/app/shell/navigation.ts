import {
  type DomainUser,
  deriveRoleFlags,
  HELP_LINK_PARAMS,
  type HelpTopicKey,
  helpTopicForPath,
} from '@portal/domain';

/** One entry of the main navigation: target and label key (namespace common). */
export interface NavEntry {
  href: string;
  label: 'nav.library' | 'nav.create' | 'nav.support' | 'nav.dashboard' | 'nav.profile' | 'nav.settings';
}

/**
 * The main navigation for a visitor (spec §6 derived flags): the Mediathek and Support for everybody;
 * 'Inhalt erstellen' for signed-in users with an organisation (new content belongs to one: staff without an
 * organisation could not save it); Dashboard and Profil for every signed-in user (staff publish terms versions
 * on their profile page); 'Einstellungen' for administrators of the first organisation.
 * `user` is undefined while it loads: entries that depend on it wait for it.
 */
export function navigationFor(signedIn: boolean, user: DomainUser | undefined): NavEntry[] {
  const roles = deriveRoleFlags(user);
  const entries: (NavEntry | false)[] = [
    { href: '/library', label: 'nav.library' },
    signedIn && (user?.organisations.length ?? 0) > 0 && { href: '/library/new', label: 'nav.create' },
    { href: '/support', label: 'nav.support' },
    signedIn && { href: '/dashboard', label: 'nav.dashboard' },
    signedIn && { href: '/dashboard/profile', label: 'nav.profile' },
    signedIn && roles.isAdministrator && { href: '/dashboard/settings', label: 'nav.settings' },
  ];
  return entries.filter((entry): entry is NavEntry => entry !== false);
}

function isWithin(pathname: string, section: string): boolean {
  return pathname === section || pathname.startsWith(`${section}/`);
}

/**
 * The entry to mark as current: the deepest one the path lies in, so /dashboard/profile marks 'Profil' and not
 * 'Dashboard', and /library/new 'Inhalt erstellen' and not 'Mediathek'.
 */
export function activeEntry(entries: readonly NavEntry[], pathname: string): NavEntry | undefined {
  return entries
    .filter((entry) => isWithin(pathname, entry.href))
    .reduce<NavEntry | undefined>(
      (best, entry) => (!best || entry.href.length > best.href.length ? entry : best),
      undefined,
    );
}

/**
 * The help link of a page: the support page with the page's topic (spec §2), for administrators their help
 * (HELP_LINK_PARAMS of @portal/domain).
 */
export function helpLinkFor(
  pathname: string,
  user: DomainUser | undefined,
): { key: HelpTopicKey; href: string } {
  const { key } = helpTopicForPath(pathname);
  const query = new URLSearchParams({ [HELP_LINK_PARAMS.topic]: key });
  if (deriveRoleFlags(user).isAdministrator) {
    query.set(HELP_LINK_PARAMS.audience, HELP_LINK_PARAMS.administrators);
  }
  return { key, href: `/support?${query}` };
}
