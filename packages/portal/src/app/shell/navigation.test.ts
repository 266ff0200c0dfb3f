import type { DomainUser } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { activeEntry, helpLinkFor, initialsOf, navigationFor, userMenuFor } from './navigation.ts';

function user(overrides: Partial<DomainUser> & { administrator?: boolean; organisationType?: number } = {}) {
  const { administrator = false, organisationType = 2, ...rest } = overrides;
  const email = 'erika@schule.example';
  return {
    email,
    organisations: [
      { id: 1, organisationType, memberships: [{ isAdministrator: administrator, user: { email } }] },
    ],
    ...rest,
  } satisfies DomainUser;
}

const labels = (signedIn: boolean) => navigationFor(signedIn).map((entry) => entry.label);
const menu = (who?: DomainUser) => userMenuFor(who).map((entry) => entry.label);

describe('main navigation by the spec’s areas (spec §2, §6)', () => {
  it('offers visitors the Mediathek and Support', () => {
    expect(labels(false)).toEqual(['nav.library', 'nav.support']);
  });

  it('offers signed-in users playlists, lesson plans, headsets, groups and the dashboard too', () => {
    expect(labels(true)).toEqual([
      'nav.library',
      'nav.configurations',
      'nav.lessonPlans',
      'nav.devices',
      'nav.groups',
      'nav.dashboard',
      'nav.support',
    ]);
  });

  it('offers the Protokoll to administrators of any organisation and to staff, not to members', () => {
    const protocol = (who: DomainUser) =>
      navigationFor(true, who).some((entry) => entry.href === '/dashboard/protocol');
    expect(protocol(user())).toBe(false);
    expect(protocol(user({ isContentAdmin: true }))).toBe(false);
    expect(protocol(user({ administrator: true }))).toBe(true);
    expect(protocol({ email: 'staff@vr-portal.example', isStaff: true, organisations: [] })).toBe(true);
    expect(navigationFor(false, user({ administrator: true })).map((entry) => entry.label)).toEqual([
      'nav.library',
      'nav.support',
    ]);
    const entries = navigationFor(true, user({ administrator: true }));
    expect(activeEntry(entries, '/dashboard/protocol')?.label).toBe('nav.protocol');
  });

  it('marks the deepest entry the path lies in; the dashboard only on its own page', () => {
    const entries = navigationFor(true);
    expect(activeEntry(entries, '/library')?.label).toBe('nav.library');
    expect(activeEntry(entries, '/library/12/edit')?.label).toBe('nav.library');
    expect(activeEntry(entries, '/dashboard/devices/3')?.label).toBe('nav.devices');
    expect(activeEntry(entries, '/dashboard/configurations')?.label).toBe('nav.configurations');
    expect(activeEntry(entries, '/dashboard')?.label).toBe('nav.dashboard');
    expect(activeEntry(entries, '/groups/7/edit')?.label).toBe('nav.groups');
    expect(activeEntry(entries, '/dashboard/profile')).toBeUndefined();
    expect(activeEntry(entries, '/login')).toBeUndefined();
    expect(activeEntry(entries, '/libraryx')).toBeUndefined();
  });
});

describe('user menu', () => {
  it('offers a member the profile and the logout, no settings', () => {
    expect(menu(user())).toEqual(['nav.profile', 'nav.logout']);
  });

  it('adds the settings for the administrator of the first organisation, of any type', () => {
    for (const organisationType of [2, 4, 5]) {
      expect(menu(user({ administrator: true, organisationType }))).toEqual([
        'nav.profile',
        'nav.settings',
        'nav.logout',
      ]);
    }
  });

  it('gives staff without an organisation the profile (where they publish terms) and the logout', () => {
    expect(menu({ email: 'staff@vr-portal.example', isStaff: true, organisations: [] })).toEqual([
      'nav.profile',
      'nav.logout',
    ]);
  });

  it('draws the avatar from the name, else from the address', () => {
    expect(initialsOf({ firstName: 'Erika', lastName: 'Muster', email: 'e@x.de' })).toBe('EM');
    expect(initialsOf({ firstName: '', lastName: '', email: 'staff@x.de' })).toBe('S');
  });
});

describe('help link (spec §2 support-helper mapping)', () => {
  it('opens the support page on the topic of the page', () => {
    expect(helpLinkFor('/library', undefined)).toEqual({ key: 'library', href: '/support?thema=library' });
    expect(helpLinkFor('/library/12/edit', user()).href).toBe('/support?thema=library-edit');
    expect(helpLinkFor('/library/new', user()).key).toBe('library-new');
    expect(helpLinkFor('/dashboard/configurations/4', user()).key).toBe('configuration-detail');
    expect(helpLinkFor('/login', undefined).key).toBe('portal');
  });

  it('names the administrators’ help for administrators only', () => {
    expect(helpLinkFor('/library', user({ administrator: true })).href).toBe(
      '/support?thema=library&fuer=administratoren',
    );
    expect(helpLinkFor('/library', user({ administrator: false })).href).toBe('/support?thema=library');
  });

  it('gives KMZ users their help on the dashboard, where /products leads (spec §2)', () => {
    expect(helpLinkFor('/dashboard', user({ organisationType: 4 })).href).toBe(
      '/support?thema=products&fuer=kmz',
    );
    expect(helpLinkFor('/dashboard', user({ organisationType: 4, administrator: true })).href).toBe(
      '/support?thema=products&fuer=kmz',
    );
    expect(helpLinkFor('/dashboard', user({ administrator: true })).href).toBe(
      '/support?thema=products&fuer=administratoren',
    );
    expect(helpLinkFor('/library', user({ organisationType: 4 })).href).toBe('/support?thema=library');
  });
});
