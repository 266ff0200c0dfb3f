import {
  type DomainUser,
  deriveRoleFlags,
  type HelpTopicKey,
  helpAudienceFor,
  helpHref,
  helpTopicForPath,
  mayAdministerPortal,
  mayModerateContent,
  mayReadAuditLog,
} from '@portal/domain';

/** One entry of the main navigation: target and label key (namespace common). */
export interface NavEntry {
  href: string;
  label:
    | 'nav.library'
    | 'nav.configurations'
    | 'nav.lessonPlans'
    | 'nav.devices'
    | 'nav.groups'
    | 'nav.dashboard'
    | 'nav.protocol'
    | 'nav.moderate'
    | 'nav.administration'
    | 'nav.support';
  /** Current only on its own path: the Dashboard is no section of the profile or the settings. */
  exact?: boolean;
}

/**
 * The main navigation by the spec's areas: the Mediathek and Support for everybody; Wiedergabelisten,
 * Unterrichtsabläufe (issue 26), VR-Brillen,
 * Gruppierungen and the Dashboard for signed-in users (those routes need a session, spec §6); the Protokoll for those
 * who may read it (administrators, staff: `mayReadAuditLog`); Moderieren for content administrators and staff
 * (`mayModerateContent`); the Adminbereich for portal staff (`mayAdministerPortal`). Account pages (Profil, Einstellungen) live in the user
 * menu, the call to create content on the Mediathek page.
 */
export function navigationFor(signedIn: boolean, user?: DomainUser): NavEntry[] {
  const entries: (NavEntry | false)[] = [
    { href: '/library', label: 'nav.library' },
    signedIn && { href: '/dashboard/configurations', label: 'nav.configurations' },
    signedIn && { href: '/dashboard/lesson-plans', label: 'nav.lessonPlans' },
    signedIn && { href: '/dashboard/devices', label: 'nav.devices' },
    signedIn && { href: '/groups', label: 'nav.groups' },
    signedIn && { href: '/dashboard', label: 'nav.dashboard', exact: true },
    signedIn && mayReadAuditLog(user) && { href: '/dashboard/protocol', label: 'nav.protocol' },
    signedIn && mayModerateContent(user) && { href: '/moderate', label: 'nav.moderate' },
    signedIn && mayAdministerPortal(user) && { href: '/administration', label: 'nav.administration' },
    { href: '/support', label: 'nav.support' },
  ];
  return entries.filter((entry): entry is NavEntry => entry !== false);
}

/** One entry of the user menu: a page of the account, or the logout. */
export type UserMenuEntry =
  | { href: string; label: 'nav.profile' | 'nav.settings' }
  | { action: 'logout'; label: 'nav.logout' };

/**
 * The user menu (issue 12): Profil for everybody signed in, Einstellungen
 * for administrators of the first organisation (spec §6), Abmelden.
 */
export function userMenuFor(user: DomainUser | undefined): UserMenuEntry[] {
  const entries: (UserMenuEntry | false)[] = [
    { href: '/dashboard/profile', label: 'nav.profile' },
    deriveRoleFlags(user).isAdministrator && { href: '/dashboard/settings', label: 'nav.settings' },
    { action: 'logout', label: 'nav.logout' },
  ];
  return entries.filter((entry): entry is UserMenuEntry => entry !== false);
}

/**
 * Pages a later issue builds, named in the footer and marked as coming (spec §2: placeholder entries). Products are
 * no longer among them: /products leads to the dashboard, the portal's 'Produktverwaltung'.
 */
export const COMING_PAGES = [
  { href: '/about', label: 'pages.about' },
  { href: '/contact', label: 'pages.contact' },
] as const;

/** The footer's links on every page: the legal pages of spec §2 and the support. */
export const FOOTER_LINKS = [
  { href: '/impressum', label: 'pages.impressum' },
  { href: '/datenschutzerklaerung', label: 'pages.privacy' },
  { href: '/agbs', label: 'pages.terms' },
  { href: '/support', label: 'pages.support' },
] as const;

/** Two letters for the avatar: first and last name, else the address's first letter. */
export function initialsOf(user: { firstName: string; lastName: string; email: string }): string {
  const letters = [user.firstName, user.lastName].map((part) => part.trim().charAt(0)).join('');
  return (letters || user.email.charAt(0)).toUpperCase();
}

function isWithin(pathname: string, section: string): boolean {
  return pathname === section || pathname.startsWith(`${section}/`);
}

/**
 * The entry to mark as current: the deepest one the path lies in, so /dashboard/devices/3 marks 'VR-Brillen'
 * and not 'Dashboard'.
 */
export function activeEntry(entries: readonly NavEntry[], pathname: string): NavEntry | undefined {
  return entries
    .filter((entry) => (entry.exact ? pathname === entry.href : isWithin(pathname, entry.href)))
    .reduce<NavEntry | undefined>(
      (best, entry) => (!best || entry.href.length > best.href.length ? entry : best),
      undefined,
    );
}

/**
 * The help link of a page: the support page with the page's topic (spec §2), for administrators their help and for
 * KMZ users theirs where it differs (helpAudienceFor of @portal/domain).
 */
export function helpLinkFor(
  pathname: string,
  user: DomainUser | undefined,
): { key: HelpTopicKey; href: string } {
  const key = helpTopicForPath(pathname);
  return { key, href: helpHref(key, helpAudienceFor(key, deriveRoleFlags(user))) };
}
