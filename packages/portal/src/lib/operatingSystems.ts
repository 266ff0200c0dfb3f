import { administeredOrganisations, type DomainUser, deriveRoleFlags } from '@portal/domain';

/**
 * The operating system images (issue 23) as other pages link to them: where they live (the support area) and who may
 * see them, so the support page and the headset pages offer the link only to those the server lets in.
 */
export const OPERATING_SYSTEMS_PATH = '/support/operating-systems';

/** One image: its facts and, for administrators, the rollout. */
export const operatingSystemHref = (id: number): string => `${OPERATING_SYSTEMS_PATH}/${id}`;

/**
 * What a person may do with the images, as the server decides it (listOperatingSystems): portal staff manage them
 * (`manage`), administrators of an organisation read the published ones of their models and roll them out
 * (`rollout`), everybody else sees none (null; the server answers 403).
 */
export type OperatingSystemRole = 'manage' | 'rollout' | null;

export function operatingSystemRole(user: DomainUser | undefined): OperatingSystemRole {
  if (deriveRoleFlags(user).isStaff) return 'manage';
  return user && administeredOrganisations(user).length > 0 ? 'rollout' : null;
}
