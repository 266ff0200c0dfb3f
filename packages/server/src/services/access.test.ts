import { describe, expect, it } from 'vitest';
import { Forbidden, InvalidFields, NotAuthenticated, NotFound } from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import {
  type Caller,
  type CallerOrganisation,
  callerFrom,
  duplicatingOrganisation,
  enrolmentOrganisation,
  hasAcceptedTerms,
  mayMakeContentPublic,
  ownerOfNewItem,
  requireAdministrator,
  requireDeviceAdministrator,
  requireDeviceMember,
  requireFileOwner,
  requireListedOrganisation,
  requireOrganisation,
  requireOwner,
  requireStaffForOperatingSystems,
  requireStaffToPublishTerms,
  signedIn,
  uploadingOrganisation,
} from './access.ts';

/**
 * The access policy, rule by rule, as tables: every role of the README's role table against every rule, with the
 * answer each one gets. Pure functions, no database.
 */

const KMZ = 1;
const SCHOOL = 2;
const ZFSL = 3;
const OTHER = 9;

const organisation = (
  id: number,
  organisationType: number,
  isAdministrator = false,
  msb: string | null = null,
) => ({ id, organisationType, msbSchoolNumber: msb, isAdministrator }) satisfies CallerOrganisation;

function caller(
  organisations: CallerOrganisation[],
  flags: {
    isStaff?: boolean;
    isContentAdmin?: boolean;
    isSocialUser?: boolean;
    accepted?: number | null;
  } = {},
): Caller {
  return callerFrom(
    {
      id: 7,
      email: 'person@vr-portal.example',
      isStaff: flags.isStaff ?? false,
      isContentAdmin: flags.isContentAdmin ?? false,
      isSocialUser: flags.isSocialUser ?? false,
      acceptedTosVersion: flags.accepted === undefined ? 1 : flags.accepted,
      currentTosVersion: 1,
      organisations,
    },
    'session-1',
  );
}

const ROLES = {
  kmzAdmin: caller([organisation(KMZ, 4, true)], { isContentAdmin: true }),
  schoolAdmin: caller([organisation(SCHOOL, 2, true, '123456')]),
  msbMember: caller([organisation(SCHOOL, 2, false, '123456')]),
  zfslMember: caller([organisation(ZFSL, 5)]),
  twoOrganisations: caller([organisation(ZFSL, 5), organisation(SCHOOL, 2, true, '123456')]),
  staff: caller([], { isStaff: true }),
} as const;
type Role = keyof typeof ROLES;

/** What a rule did: 'ok' (with its answer, if any) or the status of the domain error it threw. */
function outcome(run: () => unknown): unknown {
  try {
    const answer = run();
    return answer === undefined ? 'ok' : answer;
  } catch (error) {
    if (error instanceof NotAuthenticated) return 401;
    if (error instanceof Forbidden) return 403;
    if (error instanceof NotFound) return 404;
    if (error instanceof InvalidFields) return { 400: error.fields };
    throw error;
  }
}

describe('the caller', () => {
  it.each<[Role, Partial<Caller['roles']>]>([
    ['kmzAdmin', { isAdministrator: true, isKmzUser: true, isInMsbGroup: true, isContentAdmin: true }],
    ['schoolAdmin', { isAdministrator: true, isMsbUser: true, isInMsbGroup: true }],
    ['msbMember', { isAdministrator: false, isMsbUser: true, isInMsbGroup: true }],
    ['zfslMember', { isAdministrator: false, isZfslUser: true, isInMsbGroup: true }],
    // Spec §6 reads the first organisation only: an administrator of the second one is no administrator there.
    ['twoOrganisations', { isAdministrator: false, isZfslUser: true, isMsbUser: false }],
    ['staff', { isAdministrator: false, isStaff: true, isInMsbGroup: false }],
  ])('%s carries the role flags of @portal/domain', (role, flags) => {
    expect(ROLES[role].roles).toMatchObject(flags);
  });

  it.each([
    [1, 1, true],
    [1, 2, false],
    [null, 1, false],
    [null, null, true],
    [3, 2, true],
  ])('accepted version %j of current %j: accepted %j', (accepted, current, expected) => {
    expect(hasAcceptedTerms(accepted, current)).toBe(expected);
  });

  it('is refused when anonymous where a signed-in caller is needed', () => {
    expect(outcome(() => signedIn(null))).toBe(401);
    expect(signedIn(ROLES.msbMember)).toBe(ROLES.msbMember);
  });
});

describe('rules', () => {
  const table: [string, (who: Caller) => unknown, Record<Role, unknown>][] = [
    [
      'publish terms',
      requireStaffToPublishTerms,
      {
        kmzAdmin: 403,
        schoolAdmin: 403,
        msbMember: 403,
        zfslMember: 403,
        twoOrganisations: 403,
        staff: 'ok',
      },
    ],
    [
      'manage operating systems',
      requireStaffForOperatingSystems,
      {
        kmzAdmin: 403,
        schoolAdmin: 403,
        msbMember: 403,
        zfslMember: 403,
        twoOrganisations: 403,
        staff: 'ok',
      },
    ],
    [
      'make content public',
      (who) => mayMakeContentPublic(who),
      {
        kmzAdmin: true,
        schoolAdmin: false,
        msbMember: false,
        zfslMember: false,
        twoOrganisations: false,
        staff: true,
      },
    ],
    [
      'upload previews and documents (for the first organisation)',
      uploadingOrganisation,
      {
        kmzAdmin: KMZ,
        schoolAdmin: SCHOOL,
        msbMember: SCHOOL,
        zfslMember: ZFSL,
        twoOrganisations: ZFSL,
        staff: 403,
      },
    ],
    [
      'duplicate a playlist (into the first organisation)',
      duplicatingOrganisation,
      {
        kmzAdmin: KMZ,
        schoolAdmin: SCHOOL,
        msbMember: SCHOOL,
        zfslMember: ZFSL,
        twoOrganisations: ZFSL,
        staff: 404,
      },
    ],
    [
      'create content without naming the owner',
      (who) => ownerOfNewItem(who, undefined, MESSAGES.content.noOrganisation),
      {
        kmzAdmin: KMZ,
        schoolAdmin: SCHOOL,
        msbMember: SCHOOL,
        zfslMember: ZFSL,
        twoOrganisations: ZFSL,
        staff: 403,
      },
    ],
    [
      'create content for the school',
      (who) => ownerOfNewItem(who, SCHOOL, MESSAGES.content.noOrganisation),
      {
        kmzAdmin: { 400: { ownerId: [MESSAGES.content.notMember] } },
        schoolAdmin: SCHOOL,
        msbMember: SCHOOL,
        zfslMember: { 400: { ownerId: [MESSAGES.content.notMember] } },
        twoOrganisations: SCHOOL,
        staff: { 400: { ownerId: [MESSAGES.content.notMember] } },
      },
    ],
    [
      'create a playlist at all',
      (who) => requireOrganisation(who, MESSAGES.configurations.noOrganisation),
      {
        kmzAdmin: KMZ,
        schoolAdmin: SCHOOL,
        msbMember: SCHOOL,
        zfslMember: ZFSL,
        twoOrganisations: ZFSL,
        staff: 403,
      },
    ],
    [
      "delete the school's preview file of an item the caller sees",
      (who) => requireFileOwner(who, { organisationId: SCHOOL, itemVisible: true }),
      {
        kmzAdmin: 403,
        schoolAdmin: 'ok',
        msbMember: 'ok',
        zfslMember: 403,
        twoOrganisations: 'ok',
        staff: 403,
      },
    ],
    [
      "delete the school's preview file the caller cannot see (its own upload, or of an item invisible to the caller)",
      (who) => requireFileOwner(who, { organisationId: SCHOOL, itemVisible: false }),
      {
        kmzAdmin: 404,
        schoolAdmin: 'ok',
        msbMember: 'ok',
        zfslMember: 404,
        twoOrganisations: 'ok',
        staff: 404,
      },
    ],
    [
      "change the school's content, which the caller sees",
      (who) => requireOwner(who, { visible: true, ownerId: SCHOOL }, MESSAGES.content),
      {
        kmzAdmin: 403,
        schoolAdmin: { visible: true, ownerId: SCHOOL },
        msbMember: { visible: true, ownerId: SCHOOL },
        zfslMember: 403,
        twoOrganisations: { visible: true, ownerId: SCHOOL },
        staff: 403,
      },
    ],
    [
      "change another organisation's playlist the caller cannot see",
      (who) => requireOwner(who, { visible: false, ownerId: OTHER }, MESSAGES.configurations),
      { kmzAdmin: 404, schoolAdmin: 404, msbMember: 404, zfslMember: 404, twoOrganisations: 404, staff: 404 },
    ],
    [
      'change an item that does not exist',
      (who) => requireOwner(who, undefined, MESSAGES.content),
      { kmzAdmin: 404, schoolAdmin: 404, msbMember: 404, zfslMember: 404, twoOrganisations: 404, staff: 404 },
    ],
    [
      'administer the school (with their own membership of it)',
      (who) => requireAdministrator(who.organisations.find((o) => o.id === SCHOOL)),
      {
        kmzAdmin: 404,
        schoolAdmin: 'ok',
        msbMember: 403,
        zfslMember: 404,
        twoOrganisations: 'ok',
        staff: 404,
      },
    ],
    [
      "see and command the school's headset",
      (who) => requireDeviceMember(who, { organisationId: SCHOOL }),
      {
        kmzAdmin: 404,
        schoolAdmin: { organisationId: SCHOOL },
        msbMember: { organisationId: SCHOOL },
        zfslMember: 404,
        twoOrganisations: { organisationId: SCHOOL },
        staff: 404,
      },
    ],
    [
      'see or command a headset that does not exist',
      (who) => requireDeviceMember(who, undefined),
      { kmzAdmin: 404, schoolAdmin: 404, msbMember: 404, zfslMember: 404, twoOrganisations: 404, staff: 404 },
    ],
    [
      "pair, unpair or remove the school's headset",
      (who) => requireDeviceAdministrator(who, { organisationId: SCHOOL }),
      {
        kmzAdmin: 404,
        schoolAdmin: 'ok',
        msbMember: 403,
        zfslMember: 404,
        twoOrganisations: 'ok',
        staff: 404,
      },
    ],
    [
      'add a headset without naming the organisation (the first one administered)',
      (who) => enrolmentOrganisation(who, undefined),
      {
        kmzAdmin: KMZ,
        schoolAdmin: SCHOOL,
        msbMember: 403,
        zfslMember: 403,
        twoOrganisations: SCHOOL,
        staff: 403,
      },
    ],
    [
      'add a headset to the school',
      (who) => enrolmentOrganisation(who, SCHOOL),
      {
        kmzAdmin: 403,
        schoolAdmin: SCHOOL,
        msbMember: 403,
        zfslMember: 403,
        twoOrganisations: SCHOOL,
        staff: 403,
      },
    ],
    [
      "list the school's headsets (organisation filter)",
      (who) => requireListedOrganisation(who, SCHOOL),
      {
        kmzAdmin: 404,
        schoolAdmin: 'ok',
        msbMember: 'ok',
        zfslMember: 404,
        twoOrganisations: 'ok',
        staff: 404,
      },
    ],
  ];

  describe.each(table)('%s', (_name, rule, expected) => {
    it.each(Object.entries(expected))('%s → %j', (role, answer) => {
      expect(outcome(() => rule(ROLES[role as Role]))).toEqual(answer);
    });
  });

  it('names the resource in its refusals', () => {
    expect(() =>
      requireOwner(ROLES.zfslMember, { visible: true, ownerId: SCHOOL }, MESSAGES.content),
    ).toThrow(MESSAGES.content.notOwner);
    expect(() => requireOwner(ROLES.zfslMember, undefined, MESSAGES.configurations)).toThrow(
      MESSAGES.configurations.notFound,
    );
    expect(() => requireAdministrator({ isAdministrator: false })).toThrow(MESSAGES.auth.administratorsOnly);
    expect(() => requireDeviceMember(ROLES.kmzAdmin, { organisationId: SCHOOL })).toThrow(
      MESSAGES.devices.notFound,
    );
    expect(() => requireDeviceAdministrator(ROLES.msbMember, { organisationId: SCHOOL })).toThrow(
      MESSAGES.enrolment.notAdministrator,
    );
    expect(() => enrolmentOrganisation(ROLES.schoolAdmin, KMZ)).toThrow(
      MESSAGES.enrolment.notAdministratorOf,
    );
    expect(() => enrolmentOrganisation(ROLES.msbMember, undefined)).toThrow(
      MESSAGES.enrolment.notAdministrator,
    );
  });
});
