import { describe, expect, it } from 'vitest';
import {
  administeredOrganisations,
  type DomainOrganisation,
  type DomainUser,
  deriveRoleFlags,
  isAdministrator,
  isContentOwner,
  isInMsbGroup,
  isKmzUser,
  isMsbUser,
  isZfslUser,
  mayAdministerPortal,
  mayModerateContent,
  ORGANISATION_TYPE,
} from './roles.ts';

const kmz: DomainOrganisation = {
  id: 1,
  organisationType: 4,
  msbSchoolNumber: null,
  memberships: [
    { isAdministrator: true, user: { email: 'admin@kmz.example' } },
    { isAdministrator: false, user: { email: 'mitglied@kmz.example' } },
  ],
};
const school: DomainOrganisation = {
  id: 2,
  organisationType: 2,
  msbSchoolNumber: '123456',
  memberships: [{ isAdministrator: false, user: { email: 'lehrer@schule.example' } }],
};
const zfsl: DomainOrganisation = { id: 3, organisationType: 5, msbSchoolNumber: null, memberships: [] };

function user(
  email: string,
  organisations: DomainOrganisation[],
  extra: Partial<DomainUser> = {},
): DomainUser {
  return { email, isSocialUser: false, organisations, ...extra };
}

describe('ORGANISATION_TYPE', () => {
  it('uses the numbers of spec §3', () => {
    expect(ORGANISATION_TYPE).toEqual({ school: 2, kmz: 4, zfsl: 5 });
  });
});

describe('isAdministrator', () => {
  it('is true for a flagged membership with the own email in the first organisation', () => {
    expect(isAdministrator(user('admin@kmz.example', [kmz]))).toBe(true);
  });

  it('compares emails ignoring case and surrounding blanks', () => {
    expect(isAdministrator(user(' Admin@KMZ.example', [kmz]))).toBe(true);
  });

  it('is false for an unflagged member', () => {
    expect(isAdministrator(user('mitglied@kmz.example', [kmz]))).toBe(false);
  });

  it('is false when someone else is the flagged member', () => {
    expect(isAdministrator(user('lehrer@schule.example', [kmz]))).toBe(false);
  });

  it('only looks at the first organisation', () => {
    expect(isAdministrator(user('admin@kmz.example', [school, kmz]))).toBe(false);
  });

  it('is false without organisations, without memberships or without a user', () => {
    expect(isAdministrator(user('admin@kmz.example', []))).toBe(false);
    expect(isAdministrator(user('admin@kmz.example', [{ id: 9, organisationType: 4 }]))).toBe(false);
    expect(isAdministrator(null)).toBe(false);
    expect(isAdministrator(undefined)).toBe(false);
  });
});

describe('organisation-type flags', () => {
  it('detects MSB users by school number in the first organisation', () => {
    expect(isMsbUser(user('lehrer@schule.example', [school]))).toBe(true);
    expect(isMsbUser(user('x@y.de', [{ ...school, msbSchoolNumber: null }]))).toBe(false);
    expect(isMsbUser(user('x@y.de', [{ ...school, msbSchoolNumber: '  ' }]))).toBe(false);
    expect(isMsbUser(user('x@y.de', [{ ...school, msbSchoolNumber: undefined }]))).toBe(false);
    expect(isMsbUser(user('x@y.de', [kmz, school]))).toBe(false);
  });

  it('counts every social user as MSB, even without organisations', () => {
    expect(isMsbUser(user('sozial@example.de', [], { isSocialUser: true }))).toBe(true);
  });

  it('needs type 2 for MSB: a school number on another type does not count', () => {
    expect(isMsbUser(user('x@y.de', [{ ...kmz, msbSchoolNumber: '123' }]))).toBe(false);
  });

  it('detects KMZ and ZfsL by the first organisation', () => {
    expect(isKmzUser(user('a@b.de', [kmz]))).toBe(true);
    expect(isKmzUser(user('a@b.de', [school, kmz]))).toBe(false);
    expect(isZfslUser(user('a@b.de', [zfsl]))).toBe(true);
    expect(isZfslUser(user('a@b.de', [kmz]))).toBe(false);
    expect(isKmzUser(user('a@b.de', []))).toBe(false);
    expect(isZfslUser(null)).toBe(false);
  });

  it('puts MSB, KMZ and ZfsL users in the MSB group, others not', () => {
    expect(isInMsbGroup(user('a@b.de', [school]))).toBe(true);
    expect(isInMsbGroup(user('a@b.de', [kmz]))).toBe(true);
    expect(isInMsbGroup(user('a@b.de', [zfsl]))).toBe(true);
    expect(isInMsbGroup(user('a@b.de', [{ id: 7, organisationType: 1 }]))).toBe(false);
    expect(isInMsbGroup(user('a@b.de', []))).toBe(false);
    expect(isInMsbGroup(null)).toBe(false);
  });
});

describe('isContentOwner', () => {
  it('is true when any of the user organisations owns the content', () => {
    expect(isContentOwner(user('a@b.de', [kmz, school]), { owner: { id: 2 } })).toBe(true);
  });

  it('is false for other owners, missing owner, missing user or no organisations', () => {
    expect(isContentOwner(user('a@b.de', [kmz]), { owner: { id: 2 } })).toBe(false);
    expect(isContentOwner(user('a@b.de', [kmz]), { owner: null })).toBe(false);
    expect(isContentOwner(null, { owner: { id: 1 } })).toBe(false);
    expect(isContentOwner(user('a@b.de', []), { owner: { id: 1 } })).toBe(false);
    expect(isContentOwner(user('a@b.de', [kmz]), null)).toBe(false);
  });
});

describe('deriveRoleFlags', () => {
  it('returns all flags of a KMZ administrator', () => {
    expect(deriveRoleFlags(user('admin@kmz.example', [kmz], { isStaff: true }))).toEqual({
      isAdministrator: true,
      isMsbUser: false,
      isKmzUser: true,
      isZfslUser: false,
      isInMsbGroup: true,
      isStaff: true,
      isContentAdmin: false,
    });
  });

  it('returns all flags of a teacher', () => {
    expect(deriveRoleFlags(user('lehrer@schule.example', [school], { isContentAdmin: true }))).toEqual({
      isAdministrator: false,
      isMsbUser: true,
      isKmzUser: false,
      isZfslUser: false,
      isInMsbGroup: true,
      isStaff: false,
      isContentAdmin: true,
    });
  });

  it('returns no flags without a user', () => {
    expect(Object.values(deriveRoleFlags(null)).every((flag) => flag === false)).toBe(true);
  });
});

describe('mayCreateContent (the server gives new content to an organisation of the caller)', () => {
  it('allows a member of an organisation and refuses staff without one and visitors', async () => {
    const { mayCreateContent } = await import('./roles.ts');
    expect(mayCreateContent({ email: 'a@b.de', organisations: [{ id: 1, organisationType: 2 }] })).toBe(true);
    expect(mayCreateContent({ email: 'staff@vr-portal.example', isStaff: true, organisations: [] })).toBe(
      false,
    );
    expect(mayCreateContent(undefined)).toBe(false);
  });
});

describe('playlists follow the content rules', () => {
  it('a member of an organisation creates them; its owner organisation’s members change one', async () => {
    const { isPlaylistOwner, mayCreatePlaylist } = await import('./roles.ts');
    const teacher: DomainUser = { email: 'a@b.de', organisations: [{ id: 7, organisationType: 2 }] };
    expect(mayCreatePlaylist(teacher)).toBe(true);
    expect(mayCreatePlaylist({ email: 'staff@vr-portal.example', organisations: [] })).toBe(false);
    expect(isPlaylistOwner(teacher, { owner: { id: 7 } })).toBe(true);
    expect(isPlaylistOwner(teacher, { owner: { id: 8 } })).toBe(false);
  });
});

describe('administeredOrganisations (who adds and removes headsets)', () => {
  it('lists every organisation the own membership administers, not only the first', () => {
    const secondAdmin: DomainOrganisation = {
      ...zfsl,
      memberships: [{ isAdministrator: true, user: { email: 'Lehrer@Schule.example' } }],
    };
    expect(
      administeredOrganisations(user('lehrer@schule.example', [school, secondAdmin])).map((o) => o.id),
    ).toEqual([3]);
    expect(administeredOrganisations(user('admin@kmz.example', [kmz, school])).map((o) => o.id)).toEqual([1]);
    expect(administeredOrganisations(user('mitglied@kmz.example', [kmz]))).toEqual([]);
    expect(administeredOrganisations(null)).toEqual([]);
  });
});

describe('Moderieren and Adminbereich (issue 24)', () => {
  it.each([
    ['a member', user('lehrer@schule.example', [school]), false, false],
    ['an administrator', user('admin@kmz.example', [kmz]), false, false],
    ['a content administrator', { ...user('admin@kmz.example', [kmz]), isContentAdmin: true }, true, false],
    ['portal staff', { email: 'staff@vr-portal.example', isStaff: true, organisations: [] }, true, true],
    ['nobody signed in', null, false, false],
  ])('%s: moderates %s, administers the portal %s', (_who, person, moderates, administers) => {
    expect(mayModerateContent(person)).toBe(moderates);
    expect(mayAdministerPortal(person)).toBe(administers);
  });
});
