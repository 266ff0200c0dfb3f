import { describe, expect, it } from 'vitest';
import { organisationRows, portalRoles } from './profileRoles.ts';

const email = 'Anna@KMZ.example';
const member = (address: string, isAdministrator: boolean) => ({ isAdministrator, user: { email: address } });

describe('organisations and roles on the profile', () => {
  it('names each organisation with its type and whether the user administers it', () => {
    const user = {
      email,
      organisations: [
        {
          id: 4,
          name: 'Kreismedienzentrum Demo',
          organisationType: 4,
          memberships: [member('anna@kmz.example', true)],
        },
        {
          id: 2,
          name: 'Gymnasium Demo',
          organisationType: 2,
          msbSchoolNumber: '123456',
          memberships: [member('anna@kmz.example', false), member('lars@schule.example', true)],
        },
        { id: 5, name: 'ZfsL Demo', organisationType: 5 },
      ],
    };
    expect(organisationRows(user)).toEqual([
      { id: 4, name: 'Kreismedienzentrum Demo', type: 'common:organisationType.kmz', administrator: true },
      { id: 2, name: 'Gymnasium Demo', type: 'common:organisationType.school', administrator: false },
      { id: 5, name: 'ZfsL Demo', type: 'common:organisationType.zfsl', administrator: false },
    ]);
  });

  it('lists the portal-wide roles staff and content administrator', () => {
    expect(portalRoles({ email, organisations: [] })).toEqual([]);
    expect(portalRoles({ email, organisations: [], isStaff: true, isContentAdmin: true })).toEqual([
      'organisations.role.staff',
      'organisations.role.contentAdmin',
    ]);
  });
});
