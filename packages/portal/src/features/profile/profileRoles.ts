import { type DomainOrganisation, type DomainUser, deriveRoleFlags } from '@portal/domain';
import { type OrganisationTypeKey, organisationTypeKey } from '../../lib/organisationType.ts';

export interface OrganisationRow {
  id: number;
  name: string;
  /** 'Schule', 'Kreismedienzentrum', 'ZfsL' (namespace common). */
  type: OrganisationTypeKey;
  /** The membership of this user in this organisation carries the administrator flag. */
  administrator: boolean;
}

interface ProfileUser {
  email: string;
  organisations: readonly (DomainOrganisation & { name: string })[];
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The user's organisations in their order (the first one decides the roles of spec §6), with type and flag. */
export function organisationRows(user: ProfileUser): OrganisationRow[] {
  return user.organisations.map((organisation) => ({
    id: organisation.id,
    name: organisation.name,
    type: organisationTypeKey(organisation.organisationType),
    administrator: (organisation.memberships ?? []).some(
      (membership) => membership.isAdministrator && sameEmail(membership.user.email, user.email),
    ),
  }));
}

/** Portal-wide roles beyond the organisations' (spec §3 flags), as labels of namespace profile. */
export function portalRoles(
  user: DomainUser,
): ('organisations.role.staff' | 'organisations.role.contentAdmin')[] {
  const flags = deriveRoleFlags(user);
  const roles: ('organisations.role.staff' | 'organisations.role.contentAdmin')[] = [];
  if (flags.isStaff) roles.push('organisations.role.staff');
  if (flags.isContentAdmin) roles.push('organisations.role.contentAdmin');
  return roles;
}
