import type { DomainUser } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { activeEntry, helpLinkFor, navigationFor } from './navigation.ts';

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

const labels = (signedIn: boolean, who?: DomainUser) =>
  navigationFor(signedIn, who).map((entry) => entry.label);

describe('main navigation by role (spec §6)', () => {
  it('offers visitors the Mediathek and Support', () => {
    expect(labels(false, undefined)).toEqual(['nav.library', 'nav.support']);
  });

  it('offers a member creating content, dashboard and profile, but no settings', () => {
    expect(labels(true, user())).toEqual([
      'nav.library',
      'nav.create',
      'nav.support',
      'nav.dashboard',
      'nav.profile',
    ]);
  });

  it('adds the settings for the administrator of the first organisation, of any type', () => {
    for (const organisationType of [2, 4, 5]) {
      expect(labels(true, user({ administrator: true, organisationType }))).toContain('nav.settings');
    }
  });

  it('gives staff without an organisation no create entry (their content would belong to nobody)', () => {
    expect(labels(true, { email: 'staff@vr-portal.example', isStaff: true, organisations: [] })).toEqual([
      'nav.library',
      'nav.support',
      'nav.dashboard',
      'nav.profile',
    ]);
  });

  it('waits for the user before showing entries that depend on it', () => {
    expect(labels(true, undefined)).toEqual(['nav.library', 'nav.support', 'nav.dashboard', 'nav.profile']);
  });

  it('marks the deepest entry the path lies in', () => {
    const entries = navigationFor(true, user({ administrator: true }));
    expect(activeEntry(entries, '/library')?.label).toBe('nav.library');
    expect(activeEntry(entries, '/library/12/edit')?.label).toBe('nav.library');
    expect(activeEntry(entries, '/library/new')?.label).toBe('nav.create');
    expect(activeEntry(entries, '/dashboard/devices/3')?.label).toBe('nav.dashboard');
    expect(activeEntry(entries, '/dashboard/profile')?.label).toBe('nav.profile');
    expect(activeEntry(entries, '/dashboard/settings')?.label).toBe('nav.settings');
    expect(activeEntry(entries, '/login')).toBeUndefined();
    expect(activeEntry(entries, '/libraryx')).toBeUndefined();
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
});
